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

void NeuronISA::addSyncRegisterLiveIns(MachineFunction &MF,
                                       ArrayRef<unsigned> Regs) {
  // Backward liveness of the pass's registers only, one bit each, over
  // every instruction: the pass's own counter updates, snapshot writes and
  // waits, and the function's instructions where it shares a register with
  // the function's values.
  assert(Regs.size() <= 32 && "one bit per register");
  if (Regs.empty())
    return;
  // Per physical register number: its bit (looked up for every operand of
  // the function).
  std::vector<uint32_t> Bits(*llvm::max_element(Regs) + 1, 0);
  for (unsigned I = Regs.size(); I-- > 0;) // the first of repeats
    Bits[Regs[I]] = uint32_t(1) << I;
  auto BitOf = [&](Register R) -> uint32_t {
    return R.id() < Bits.size() ? Bits[R.id()] : 0;
  };
  unsigned NB = MF.getNumBlockIDs();
  // LiveIn = Exposed | (LiveOut & ~Defined).
  std::vector<uint32_t> Exposed(NB, 0), Defined(NB, 0), LiveIn(NB, 0);
  for (MachineBasicBlock &MBB : MF) {
    uint32_t Live = 0, Defs = 0;
    for (const MachineInstr &MI : llvm::reverse(MBB)) {
      for (const MachineOperand &MO : MI.operands())
        if (MO.isReg() && MO.isDef()) {
          uint32_t B = BitOf(MO.getReg());
          Live &= ~B;
          Defs |= B;
        }
      for (const MachineOperand &MO : MI.operands())
        if (MO.isReg() && MO.readsReg())
          Live |= BitOf(MO.getReg());
    }
    Exposed[MBB.getNumber()] = Live;
    Defined[MBB.getNumber()] = Defs;
    LiveIn[MBB.getNumber()] = Live;
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (MachineBasicBlock &MBB : llvm::reverse(MF)) {
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
  for (MachineBasicBlock &MBB : MF) {
    uint32_t In = LiveIn[MBB.getNumber()];
    if (!In)
      continue;
    for (unsigned I = 0; I < Regs.size(); ++I)
      if (In & (uint32_t(1) << I) && !MBB.isLiveIn(Regs[I]))
        MBB.addLiveIn(Regs[I]);
    MBB.sortUniqueLiveIns();
  }
}
