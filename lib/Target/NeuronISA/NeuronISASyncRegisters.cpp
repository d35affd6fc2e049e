//===-- NeuronISASyncRegisters.cpp - Registers of the sync passes ---------===//

#include "NeuronISASyncRegisters.h"
#include "NeuronISAInstrInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/CommandLine.h"
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;

static constexpr unsigned NumGPRs = 32;

static cl::opt<bool> ProgramRegisters(
    "neuronisa-sync-program-registers", cl::Hidden, cl::init(true),
    cl::desc("Let counters and snapshots also take registers the function "
             "uses, where its values in them are dead (false: only the "
             "registers no instruction names)"));

SyncRegisterPool::SyncRegisterPool(const MachineFunction &MF) {
  // A register is taken if any instruction names it (defs, uses, implicit
  // operands, inline assembly) or may clobber it (a register mask). Debug
  // values do not count: they do not change what runs.
  bool Taken[NumGPRs] = {}, Clobbered[NumGPRs] = {};
  Taken[0] = Clobbered[0] = true; // r0 reads as zero
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      if (MI.isDebugInstr())
        continue;
      for (const MachineOperand &MO : MI.operands()) {
        if (MO.isRegMask()) {
          for (unsigned I = 1; I < NumGPRs; ++I)
            Clobbered[I] |= MO.clobbersPhysReg(getGPR(I));
          continue;
        }
        if (!MO.isReg() || !MO.getReg().isPhysical())
          continue;
        int I = getGPRIndex(MO.getReg());
        if (I >= 0)
          Taken[I] = true;
      }
    }
  for (unsigned I = 0; I < NumGPRs; ++I)
    Taken[I] |= Clobbered[I];
  using namespace SyncRegs;
  for (unsigned I = FirstPreferredIndex; I < FirstPreferredIndex + NumPreferred;
       ++I)
    if (!Taken[I])
      Regs.push_back(getGPR(I));
  NumPreferredFree = Regs.size();
  for (unsigned I = FirstPreferredIndex; I-- > 1;)
    if (!Taken[I])
      Regs.push_back(getGPR(I));
  NumFree = Regs.size();
  if (!ProgramRegisters)
    return;
  for (unsigned I = NumGPRs; I-- > 1;)
    if (Taken[I] && !Clobbered[I])
      Regs.push_back(getGPR(I));
}

void SyncRegisterPool::snapshotOrder(SmallVectorImpl<unsigned> &Order) const {
  Order.clear();
  for (unsigned I = NumPreferredFree; I-- > 0;)
    Order.push_back(I);
  for (unsigned I = NumPreferredFree; I < Regs.size(); ++I)
    Order.push_back(I);
}

std::vector<uint32_t> NeuronISA::gprLiveIns(const MachineFunction &MF) {
  // LiveIn = Exposed | (LiveOut & ~Defined), over every instruction (kill
  // flags are not trusted), the blocks' recorded live-ins counted as reads.
  unsigned NB = MF.getNumBlockIDs();
  std::vector<uint32_t> Exposed(NB, 0), Defined(NB, 0), LiveIn(NB, 0);
  auto BitOf = [](Register R) {
    int I = getGPRIndex(R);
    return I > 0 ? uint32_t(1) << I : 0;
  };
  for (const MachineBasicBlock &MBB : MF) {
    uint32_t Live = 0, Defs = 0;
    for (const MachineInstr &MI : llvm::reverse(MBB)) {
      if (MI.isDebugInstr())
        continue;
      for (const MachineOperand &MO : MI.operands())
        if (MO.isReg() && MO.isDef()) {
          Live &= ~BitOf(MO.getReg());
          Defs |= BitOf(MO.getReg());
        }
      for (const MachineOperand &MO : MI.operands())
        if (MO.isReg() && MO.readsReg())
          Live |= BitOf(MO.getReg());
    }
    for (const MachineBasicBlock::RegisterMaskPair &P : MBB.liveins())
      Live |= BitOf(P.PhysReg);
    Exposed[MBB.getNumber()] = Live;
    Defined[MBB.getNumber()] = Defs;
    LiveIn[MBB.getNumber()] = Live;
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const MachineBasicBlock &MBB : llvm::reverse(MF)) {
      uint32_t Out = 0;
      for (const MachineBasicBlock *S : MBB.successors())
        Out |= LiveIn[S->getNumber()];
      unsigned N = MBB.getNumber();
      uint32_t In = Exposed[N] | (Out & ~Defined[N]);
      if (In != LiveIn[N]) {
        LiveIn[N] = In;
        Changed = true;
      }
    }
  }
  return LiveIn;
}

void NeuronISA::addSyncRegisterLiveIns(MachineFunction &MF,
                                       ArrayRef<unsigned> Regs) {
  // The pass's registers are read by its own counter updates, snapshot
  // writes and waits, and, where it shares a register with the function's
  // values, by the function's instructions: full liveness of the GPRs.
  if (Regs.empty())
    return;
  std::vector<uint32_t> LiveIn = gprLiveIns(MF);
  uint32_t Mine = 0;
  for (unsigned Reg : Regs)
    Mine |= uint32_t(1) << getGPRIndex(Reg);
  for (MachineBasicBlock &MBB : MF) {
    uint32_t Missing = LiveIn[MBB.getNumber()] & Mine;
    if (!Missing)
      continue;
    // One walk of the recorded live-ins per block, not one per register
    // (MachineBasicBlock::isLiveIn is a linear search).
    for (const MachineBasicBlock::RegisterMaskPair &P : MBB.liveins()) {
      int I = getGPRIndex(P.PhysReg);
      if (I > 0)
        Missing &= ~(uint32_t(1) << I);
    }
    if (!Missing)
      continue;
    for (; Missing; Missing &= Missing - 1)
      MBB.addLiveIn(getGPR(llvm::countr_zero(Missing)));
    MBB.sortUniqueLiveIns();
  }
}
