//===-- NeuronISAInstrInfo.cpp - NeuronISA instruction info ---------------===//

#include "NeuronISAInstrInfo.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISASubtarget.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/IR/DiagnosticInfo.h"

using namespace llvm;

#define GET_INSTRINFO_CTOR_DTOR
#define GET_INSTRMAP_INFO
#include "NeuronISAGenInstrInfo.inc"

NeuronISA::EngineSyncOpcodes
NeuronISA::getEngineSyncOpcodes(unsigned DataPathOpcode) {
  auto Get = [&](SyncRole Role) {
    int Opcode = getEngineSyncOpcode(DataPathOpcode, Role);
    assert(Opcode >= 0 && "not a data-path instruction");
    return unsigned(Opcode);
  };
  return {Get(SyncRole_wait), Get(SyncRole_waitr), Get(SyncRole_inc),
          Get(SyncRole_semset)};
}

NeuronISAInstrInfo::NeuronISAInstrInfo(const NeuronISASubtarget &STI)
    : NeuronISAGenInstrInfo(STI, RI), RI(),
      MP(NeuronISA::getMachineParamsOrGeneric(STI.getCPU())) {}

void NeuronISAInstrInfo::copyPhysReg(MachineBasicBlock &MBB,
                                     MachineBasicBlock::iterator I,
                                     const DebugLoc &DL, Register DestReg,
                                     Register SrcReg, bool KillSrc,
                                     bool RenamableDest,
                                     bool RenamableSrc) const {
  BuildMI(MBB, I, DL, get(NeuronISA::MOV), DestReg)
      .addReg(SrcReg, getKillRegState(KillSrc));
}

void NeuronISAInstrInfo::storeRegToStackSlot(
    MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register SrcReg,
    bool IsKill, int FrameIndex, const TargetRegisterClass *RC, Register VReg,
    MachineInstr::MIFlag Flags) const {
  // Diagnosed by NeuronISAFrameLowering::emitPrologue (the frame is not
  // empty); the SPILL keeps the function well formed until then.
  BuildMI(MBB, MI, DebugLoc(), get(NeuronISA::SPILL))
      .addReg(SrcReg, getKillRegState(IsKill))
      .addFrameIndex(FrameIndex)
      .setMIFlags(Flags);
}

void NeuronISAInstrInfo::loadRegFromStackSlot(
    MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register DestReg,
    int FrameIndex, const TargetRegisterClass *RC, Register VReg,
    unsigned SubReg, MachineInstr::MIFlag Flags) const {
  BuildMI(MBB, MI, DebugLoc(), get(NeuronISA::RELOAD), DestReg)
      .addFrameIndex(FrameIndex)
      .setMIFlags(Flags);
}

static bool isCondBranch(unsigned Opc) {
  switch (Opc) {
  case NeuronISA::BEQ:
  case NeuronISA::BNE:
  case NeuronISA::BLT:
  case NeuronISA::BGE:
  case NeuronISA::BLTU:
  case NeuronISA::BGEU:
    return true;
  default:
    return false;
  }
}

static unsigned getOppositeBranch(unsigned Opc) {
  switch (Opc) {
  case NeuronISA::BEQ:
    return NeuronISA::BNE;
  case NeuronISA::BNE:
    return NeuronISA::BEQ;
  case NeuronISA::BLT:
    return NeuronISA::BGE;
  case NeuronISA::BGE:
    return NeuronISA::BLT;
  case NeuronISA::BLTU:
    return NeuronISA::BGEU;
  case NeuronISA::BGEU:
    return NeuronISA::BLTU;
  }
  llvm_unreachable("not a conditional branch");
}

// Cond = {opcode, ra, rb}.
bool NeuronISAInstrInfo::analyzeBranch(MachineBasicBlock &MBB,
                                       MachineBasicBlock *&TBB,
                                       MachineBasicBlock *&FBB,
                                       SmallVectorImpl<MachineOperand> &Cond,
                                       bool AllowModify) const {
  MachineBasicBlock::iterator I = MBB.getLastNonDebugInstr();
  if (I == MBB.end() || !isUnpredicatedTerminator(*I))
    return false; // falls through

  // Collect the terminators, last first.
  SmallVector<MachineInstr *, 2> Terms;
  for (MachineBasicBlock::iterator T = MBB.getFirstTerminator();
       T != MBB.end(); ++T) {
    if (T->isDebugInstr())
      continue;
    Terms.push_back(&*T);
  }
  if (Terms.size() > 2)
    return true;
  MachineInstr *Last = Terms.back();
  using NeuronISA::OpName;
  auto Target = [](const MachineInstr &Br) {
    return getNamedOperand(Br, OpName::t)->getMBB();
  };
  auto AddCond = [&](const MachineInstr &Br) {
    Cond.push_back(MachineOperand::CreateImm(Br.getOpcode()));
    Cond.push_back(*getNamedOperand(Br, OpName::ra));
    Cond.push_back(*getNamedOperand(Br, OpName::rb));
  };
  if (Terms.size() == 1) {
    if (Last->getOpcode() == NeuronISA::B) {
      TBB = Target(*Last);
      return false;
    }
    if (isCondBranch(Last->getOpcode())) {
      TBB = Target(*Last);
      AddCond(*Last);
      return false;
    }
    return true; // ret, or unknown
  }
  MachineInstr *First = Terms.front();
  if (isCondBranch(First->getOpcode()) && Last->getOpcode() == NeuronISA::B) {
    TBB = Target(*First);
    AddCond(*First);
    FBB = Target(*Last);
    return false;
  }
  return true;
}

unsigned NeuronISAInstrInfo::removeBranch(MachineBasicBlock &MBB,
                                          int *BytesRemoved) const {
  unsigned Count = 0;
  MachineBasicBlock::iterator I = MBB.end();
  while (I != MBB.begin()) {
    --I;
    if (I->isDebugInstr())
      continue;
    if (I->getOpcode() != NeuronISA::B && !isCondBranch(I->getOpcode()))
      break;
    I->eraseFromParent();
    I = MBB.end();
    ++Count;
  }
  if (BytesRemoved)
    *BytesRemoved = Count * 4;
  return Count;
}

unsigned NeuronISAInstrInfo::insertBranch(MachineBasicBlock &MBB,
                                          MachineBasicBlock *TBB,
                                          MachineBasicBlock *FBB,
                                          ArrayRef<MachineOperand> Cond,
                                          const DebugLoc &DL,
                                          int *BytesAdded) const {
  assert(TBB && "insertBranch must not be told to insert a fallthrough");
  unsigned Count = 0;
  if (Cond.empty()) {
    BuildMI(&MBB, DL, get(NeuronISA::B)).addMBB(TBB);
    Count = 1;
  } else {
    BuildMI(&MBB, DL, get(Cond[0].getImm()))
        .add(Cond[1])
        .add(Cond[2])
        .addMBB(TBB);
    Count = 1;
    if (FBB) {
      BuildMI(&MBB, DL, get(NeuronISA::B)).addMBB(FBB);
      Count = 2;
    }
  }
  if (BytesAdded)
    *BytesAdded = Count * 4;
  return Count;
}

bool NeuronISAInstrInfo::reverseBranchCondition(
    SmallVectorImpl<MachineOperand> &Cond) const {
  Cond[0].setImm(getOppositeBranch(Cond[0].getImm()));
  return false;
}

NeuronISA::OperandValue
NeuronISAInstrInfo::getOperandValue(const MachineInstr &MI, unsigned Idx) {
  using NeuronISA::OperandValue;
  // Implicit operands follow the explicit ones: reaching one means an
  // explicit operand is missing.
  if (Idx >= MI.getNumOperands())
    return OperandValue();
  const MachineOperand &MO = MI.getOperand(Idx);
  if (MO.isReg() && MO.isImplicit())
    return OperandValue();
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    return MO.getReg().isVirtual() ? OperandValue::virtualReg()
                                   : OperandValue::reg(MO.getReg().id());
  case MachineOperand::MO_Immediate:
    return OperandValue::imm(MO.getImm());
  case MachineOperand::MO_GlobalAddress:
  case MachineOperand::MO_MachineBasicBlock:
  case MachineOperand::MO_MCSymbol:
  case MachineOperand::MO_ExternalSymbol:
    return OperandValue::symbol();
  default:
    return OperandValue::other();
  }
}

bool NeuronISAInstrInfo::canRunPastEnd(const MachineFunction &MF) {
  if (MF.empty())
    return false;
  const MachineBasicBlock &Last = MF.back();
  auto LastInst = Last.getLastNonDebugInstr();
  return LastInst == Last.end() || !LastInst->isBarrier();
}

bool NeuronISAInstrInfo::diagnoseRunPastEnd(const MachineFunction &MF) {
  if (!canRunPastEnd(MF))
    return false;
  const MachineBasicBlock &Last = MF.back();
  auto LastInst = Last.getLastNonDebugInstr();
  std::string Msg;
  raw_string_ostream OS(Msg);
  OS << "execution can run past the end of the function: its last block ("
     << printMBBReference(Last);
  if (!Last.getName().empty())
    OS << ", '" << Last.getName() << "'";
  OS << ") ";
  DebugLoc DL;
  if (LastInst == Last.end()) {
    OS << "is empty";
  } else {
    OS << "ends in '"
       << MF.getSubtarget().getInstrInfo()->getName(LastInst->getOpcode())
       << "', not in ret or an unconditional branch";
    DL = LastInst->getDebugLoc();
  }
  const Function &F = MF.getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(F, Msg, DL));
  return true;
}

bool NeuronISAInstrInfo::diagnoseAndEndFunction(MachineFunction &MF) const {
  if (!diagnoseRunPastEnd(MF))
    return false;
  MachineBasicBlock &Last = MF.back();
  BuildMI(&Last, DebugLoc(), get(NeuronISA::RET));
  return true;
}

bool NeuronISAInstrInfo::verifyInstruction(const MachineInstr &MI,
                                           StringRef &ErrInfo) const {
  // The function's last instruction must not let control run off its end
  // (an empty last block has no instruction to report it: the printer's
  // check, diagnoseRunPastEnd, covers that case too).
  const MachineFunction &MF = *MI.getMF();
  if (MI.getParent() == &MF.back() &&
      MI.getIterator() == MF.back().getLastNonDebugInstr() &&
      canRunPastEnd(MF)) {
    ErrInfo = "the function's last instruction lets control run past the end "
              "of the function (it must be ret or an unconditional branch)";
    return false;
  }
  return verifyOperands(MI, ErrInfo);
}

bool NeuronISAInstrInfo::verifyOperands(const MachineInstr &MI,
                                        StringRef &ErrInfo) const {
  if (!isTargetSpecificOpcode(MI.getOpcode()))
    return true;
  std::optional<NeuronISA::OperandError> E = NeuronISA::checkOperands(
      MP, MI.getDesc(),
      [&](unsigned Idx) { return getOperandValue(MI, Idx); });
  if (!E)
    return true;
  VerifyError = E->OpIdx == ~0u
                    ? E->Msg
                    : ("operand " + Twine(E->OpIdx) + ": " + E->Msg).str();
  ErrInfo = VerifyError;
  return false;
}

bool NeuronISAInstrInfo::diagnoseInvalidInstruction(
    const MachineInstr &MI) const {
  StringRef Err;
  if (verifyOperands(MI, Err))
    return false;
  const Function &F = MI.getMF()->getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F, "invalid " + getName(MI.getOpcode()) + ": " + Err, MI.getDebugLoc()));
  return true;
}

unsigned NeuronISAInstrInfo::getInstrLatency(const InstrItineraryData *,
                                             const MachineInstr &MI,
                                             unsigned *PredCost) const {
  const MCInstrDesc &D = MI.getDesc();
  NeuronISA::TileFormat F = NeuronISA::getTileFormat(D);
  // Control instructions run on every engine: counted at SP's clock.
  if (F == NeuronISA::TileFormat::None)
    return NeuronISA::getControlTicks(MP, D, NeuronISA::Engine::SP);
  auto Imm = [&](unsigned Idx) -> int64_t {
    const MachineOperand &MO = MI.getOperand(Idx);
    return MO.isImm() ? MO.getImm() : 0;
  };
  uint64_t C = NeuronISA::getDataPathCycles(MP, NeuronISA::getEngine(D), F,
                                            Imm);
  if (NeuronISA::isDMA(F))
    C += NeuronISA::getDMATransferCycles(MP, Imm);
  return static_cast<unsigned>(C);
}
