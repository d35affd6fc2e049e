//===-- NeuronISASyncRegisters.h - Registers of the sync passes -*- C++ -*-===//
//
// The scalar registers r20..r31 are reserved for the synchronization passes
// (NeuronISARegisterInfo::getReservedRegs keeps the allocator away from
// them; this header is the one definition of which they are)
// and all 256 semaphores belong to the passes in the precise and barrier
// modes. This header names their roles; docs/Synchronization.md explains
// them.
//
// Roles, assigned per function by the precise pass (NeuronISAPreciseSync):
//  - counter C_F, one per producing agent F whose count needs a register:
//      C_F + off_F(point) = number of S_F increments issued so far in program
//      order, off_F(point) a compile-time constant. Counters take the
//      lowest reserved registers (r20, r21, ...). An agent whose count is a
//      compile-time constant everywhere (no join needs a correction) gets no
//      register: its counter is r0.
//  - snapshot R_G, one per dependence group G (one producing agent F and one
//      set of producer sites) whose latest producer instance is not a
//      constant offset from C_F at some consumer: R_G = the count right after
//      the latest executed producer of G. Snapshots take the remaining
//      registers, highest first (r31, r30, ...), and a counter's register
//      after the counter's last read; values whose live ranges (intervals
//      inside blocks) do not meet share a register.
// Counters are set at function entry (li r, 0); a snapshot only if read
// before written.
// The barrier pass uses no registers.
//
// Semaphores: agent F's semaphore S_F is s<i>, i = the rank of F among the
// function's producing agents; it only ever counts completions of F's
// producer sites (precise mode), or those since the last BARRIER (barrier
// mode). Kernels start with every semaphore at 0 (the launch contract).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCREGISTERS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCREGISTERS_H

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"

namespace llvm {
namespace NeuronISA {
namespace SyncRegs {

/// First reserved scalar register and how many there are (r20..r31).
constexpr unsigned FirstIndex = 20;
constexpr unsigned Count = 12;

/// The I-th reserved register, 0 <= I < Count (r20 + I).
inline unsigned reg(unsigned I) { return getGPR(FirstIndex + I); }

/// Register of the I-th counter (r20, r21, ...).
inline unsigned counterReg(unsigned I) { return reg(I); }
/// Register of the I-th snapshot (r31, r30, ...).
inline unsigned snapshotReg(unsigned I) { return reg(Count - 1 - I); }

/// Register that reads as zero: the "counter" of an agent whose count is a
/// compile-time constant.
inline unsigned zeroReg() { return getGPR(0); }

} // namespace SyncRegs
} // namespace NeuronISA
} // namespace llvm

#endif
