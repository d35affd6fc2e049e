//===-- NeuronISASyncRegisters.h - Registers of the sync passes -*- C++ -*-===//
//
// The scalar registers of the synchronization passes. The pass runs after
// register allocation, so it knows where the function's own values live: it
// takes the registers no instruction names, then those whose values are
// dead where its own are live (SyncRegisterPool, and
// PreciseSync::programOccupancy). Nothing is reserved for it: register
// allocation may use r1..r31 (in that order, so r20..r31 stay free unless
// the function needs more than 19 registers). All 256 semaphores belong to
// the passes in the precise and barrier modes. This header names their
// roles; docs/Synchronization.md explains them.
//
// Roles, assigned per function by the precise pass (NeuronISAPreciseSync):
//  - counter C_F, one per producing agent F whose count needs a register:
//      C_F + off_F(point) = number of S_F increments issued so far in program
//      order, off_F(point) a compile-time constant. Counters take the pool's
//      first registers (r20, r21, ...). An agent whose count is a
//      compile-time constant everywhere (no join needs a correction) gets no
//      register: its counter is r0.
//  - snapshot R_G, one per dependence group G (one producing agent F and one
//      set of producer sites) whose latest producer instance is not a
//      constant offset from C_F at some consumer: R_G = the count right after
//      the latest executed producer of G. Snapshots search the pool in
//      SyncRegisterPool::snapshotOrder (r31, r30, ..., then the free
//      registers below r20), including a counter's register after the
//      counter's last read; values whose live ranges (intervals inside
//      blocks) do not meet share a register.
// A counter is set (li r, d) at the end of the blocks that enter the region
// where it may differ from 0; a snapshot is set at the entry only if read
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
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <vector>

namespace llvm {
class MachineFunction;

namespace NeuronISA {
namespace SyncRegs {

/// The registers the pass prefers, r20..r31: register allocation reaches
/// them last.
constexpr unsigned FirstPreferredIndex = 20;
constexpr unsigned NumPreferred = 12;

/// Register that reads as zero: the "counter" of an agent whose count is a
/// compile-time constant.
inline unsigned zeroReg() { return getGPR(0); }

} // namespace SyncRegs

/// The scalar registers the synchronization pass may use in one function:
/// every GPR but r0 that no register mask clobbers. The free ones (no
/// instruction reads, writes or clobbers them, an argument register whose
/// argument is never used included) come first: the free ones of r20..r31
/// ascending, then the free ones of r19..r1 descending (the allocator hands
/// out r1 upward, so the registers least likely taken come first). Then,
/// unless -neuronisa-sync-program-registers=false, the registers the
/// function names, r31 down: a counter or snapshot may take one where the
/// function's own values are dead (PreciseSync::programOccupancy).
class SyncRegisterPool {
public:
  explicit SyncRegisterPool(const MachineFunction &MF);

  unsigned size() const { return Regs.size(); }
  /// The registers no instruction of the function names: Regs[0, numFree()).
  unsigned numFree() const { return NumFree; }
  /// Does the function read or write the I-th register somewhere?
  bool isNamed(unsigned I) const { return I >= NumFree; }
  /// The I-th register, 0 <= I < size().
  unsigned reg(unsigned I) const { return Regs[I]; }
  /// Indices in the order snapshots search them: the preferred block from
  /// its top down (r31, r30, ...; counters take it from the bottom), then
  /// the free registers below r20, then the named ones.
  void snapshotOrder(SmallVectorImpl<unsigned> &Order) const;

private:
  SmallVector<unsigned, 32> Regs;
  unsigned NumPreferredFree = 0; // Regs[0..NumPreferredFree) are r20..r31
  unsigned NumFree = 0;
};

/// Per block number: the GPRs live into it (bit i: ri), by a backward
/// liveness over every instruction (kill flags are not trusted) that also
/// counts the blocks' recorded live-ins.
std::vector<uint32_t> gprLiveIns(const MachineFunction &MF);

/// Adds Regs, registers of a SyncRegisterPool that the pass wrote and read,
/// to the live-in lists of the blocks they are live into (the machine
/// verifier checks every read of a register that is not reserved).
void addSyncRegisterLiveIns(MachineFunction &MF, ArrayRef<unsigned> Regs);

} // namespace NeuronISA
} // namespace llvm

#endif
