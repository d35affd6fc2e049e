//===-- NeuronISASyncCommon.h - Shared by the sync passes -------*- C++ -*-===//
//
// What the barrier and precise synchronization algorithms share: the
// per-engine synchronization opcodes, instruction builders, and the report
// each algorithm fills for the remarks (NeuronISASyncPass.cpp emits them).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCCOMMON_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCCOMMON_H

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include <string>

namespace llvm {
class MachineLoop;

namespace NeuronISA {

/// Opcodes of engine E's synchronization instructions.
struct EngineSyncOpcodes {
  unsigned Wait, WaitR, Inc, SemSet;
};
inline EngineSyncOpcodes getSyncOpcodes(Engine E) {
  switch (E) {
  case Engine::PE:
    return {PE_WAIT, PE_WAITR, PE_INC, PE_SEMSET};
  case Engine::ACT:
    return {ACT_WAIT, ACT_WAITR, ACT_INC, ACT_SEMSET};
  case Engine::DVE:
    return {DVE_WAIT, DVE_WAITR, DVE_INC, DVE_SEMSET};
  case Engine::POOL:
    return {POOL_WAIT, POOL_WAITR, POOL_INC, POOL_SEMSET};
  case Engine::SP:
  case Engine::Control:
    break;
  }
  return {SP_WAIT, SP_WAITR, SP_INC, SP_SEMSET};
}

/// A wait of engine E before a consumer: S >= Reg + Off (Reg = r0 gives the
/// constant form E.wait S, Off).
inline MachineInstr *buildWait(const TargetInstrInfo &TII,
                               MachineBasicBlock &MBB,
                               MachineBasicBlock::iterator I,
                               const DebugLoc &DL, Engine E, unsigned Sem,
                               unsigned Reg, int64_t Off) {
  EngineSyncOpcodes Ops = getSyncOpcodes(E);
  if (Reg == getGPR(0))
    return BuildMI(MBB, I, DL, TII.get(Ops.Wait)).addReg(Sem).addImm(Off);
  return BuildMI(MBB, I, DL, TII.get(Ops.WaitR))
      .addReg(Sem)
      .addReg(Reg)
      .addImm(Off);
}

/// Dst = Src + Imm (li Dst, Imm when Src is r0).
inline MachineInstr *buildAddImm(const TargetInstrInfo &TII,
                                 MachineBasicBlock &MBB,
                                 MachineBasicBlock::iterator I,
                                 const DebugLoc &DL, unsigned Dst,
                                 unsigned Src, int64_t Imm) {
  if (Src == getGPR(0))
    return BuildMI(MBB, I, DL, TII.get(LI), Dst).addImm(Imm);
  return BuildMI(MBB, I, DL, TII.get(ADDI), Dst).addReg(Src).addImm(Imm);
}

/// What one algorithm did to one function, for the remarks.
struct SyncReport {
  /// Counts for a region (the whole function, or one loop: the instructions
  /// in blocks whose innermost loop is that loop).
  struct Counts {
    unsigned WaitsConst = 0;    // E.wait S, k
    unsigned WaitsDynamic = 0;  // E.waitr S, r, k
    unsigned WaitsRedundant = 0; // needed waits implied by earlier waits
    unsigned IncSites = 0;      // producers whose $sem was set
    unsigned PadIncs = 0;       // E.inc padding (barrier mode)
    unsigned Bookkeeping = 0;   // li / addi on reserved registers
    unsigned Barriers = 0;      // BARRIER instructions inserted
    void add(const Counts &O) {
      WaitsConst += O.WaitsConst;
      WaitsDynamic += O.WaitsDynamic;
      WaitsRedundant += O.WaitsRedundant;
      IncSites += O.IncSites;
      PadIncs += O.PadIncs;
      Bookkeeping += O.Bookkeeping;
      Barriers += O.Barriers;
    }
  };
  Counts Total;
  DenseMap<const MachineLoop *, Counts> PerLoop; // innermost loop of a block
  unsigned Semaphores = 0;
  unsigned CounterRegs = 0;
  unsigned SnapshotRegs = 0;
  unsigned DependenceGroups = 0;
  /// Barriers the barrier baseline places (precise mode: avoided).
  unsigned BaselineBarriers = 0;
  /// Fallbacks, each with the block it concerns and why.
  struct Fallback {
    const MachineBasicBlock *MBB;
    std::string Why;
  };
  SmallVector<Fallback, 2> Fallbacks;
};

} // namespace NeuronISA
} // namespace llvm

#endif
