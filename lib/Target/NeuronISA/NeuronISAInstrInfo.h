//===-- NeuronISAInstrInfo.h - NeuronISA instruction info -------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAINSTRINFO_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAINSTRINFO_H

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "NeuronISARegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"

#define GET_INSTRINFO_HEADER
#include "NeuronISAGenInstrInfo.inc"

namespace llvm {
class NeuronISASubtarget;

namespace NeuronISA {
/// The synchronization instructions of one engine.
struct EngineSyncOpcodes {
  unsigned Wait, WaitR, Inc, SemSet;
};
/// Those of the engine that issues data-path instruction DataPathOpcode
/// (SP for a DMA), from the getEngineSyncOpcode relation of the .td files.
EngineSyncOpcodes getEngineSyncOpcodes(unsigned DataPathOpcode);
} // namespace NeuronISA

class NeuronISAInstrInfo : public NeuronISAGenInstrInfo {
  const NeuronISARegisterInfo RI;
  /// The subtarget CPU's machine (NeuronISAMachineModel.h).
  const NeuronISA::MachineParams &MP;
  /// The message verifyInstruction's ErrInfo refers to.
  mutable std::string VerifyError;

public:
  explicit NeuronISAInstrInfo(const NeuronISASubtarget &STI);

  const NeuronISARegisterInfo &getRegisterInfo() const { return RI; }
  const NeuronISA::MachineParams &getMachineParams() const { return MP; }

  /// The operand called Name (NeuronISAInstrInfo.td), or null if MI's
  /// instruction has none.
  static const MachineOperand *getNamedOperand(const MachineInstr &MI,
                                               NeuronISA::OpName Name) {
    int Idx = NeuronISA::getNamedOperandIdx(MI.getOpcode(), Name);
    if (Idx < 0 || unsigned(Idx) >= MI.getNumOperands())
      return nullptr;
    return &MI.getOperand(Idx);
  }

  void copyPhysReg(MachineBasicBlock &MBB, MachineBasicBlock::iterator I,
                   const DebugLoc &DL, Register DestReg, Register SrcReg,
                   bool KillSrc, bool RenamableDest = false,
                   bool RenamableSrc = false) const override;

  void storeRegToStackSlot(
      MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register SrcReg,
      bool IsKill, int FrameIndex, const TargetRegisterClass *RC,
      Register VReg,
      MachineInstr::MIFlag Flags = MachineInstr::NoFlags) const override;
  void loadRegFromStackSlot(
      MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register DestReg,
      int FrameIndex, const TargetRegisterClass *RC, Register VReg,
      unsigned SubReg = 0,
      MachineInstr::MIFlag Flags = MachineInstr::NoFlags) const override;

  bool analyzeBranch(MachineBasicBlock &MBB, MachineBasicBlock *&TBB,
                     MachineBasicBlock *&FBB,
                     SmallVectorImpl<MachineOperand> &Cond,
                     bool AllowModify = false) const override;
  unsigned removeBranch(MachineBasicBlock &MBB,
                        int *BytesRemoved = nullptr) const override;
  unsigned insertBranch(MachineBasicBlock &MBB, MachineBasicBlock *TBB,
                        MachineBasicBlock *FBB, ArrayRef<MachineOperand> Cond,
                        const DebugLoc &DL,
                        int *BytesAdded = nullptr) const override;
  bool
  reverseBranchCondition(SmallVectorImpl<MachineOperand> &Cond) const override;

  /// Every operand has the kind and range its description asks for
  /// (NeuronISAOperandCheck.h, on the default machine).
  bool verifyInstruction(const MachineInstr &MI,
                         StringRef &ErrInfo) const override;
  /// The part of verifyInstruction about MI alone: its operands' kinds and
  /// ranges (NeuronISAOperandCheck.h).
  bool verifyOperands(const MachineInstr &MI, StringRef &ErrInfo) const;
  /// The check's view of MI's operand Idx.
  static NeuronISA::OperandValue getOperandValue(const MachineInstr &MI,
                                                 unsigned Idx);
  /// When MI fails verifyOperands, reports an error naming it and what is
  /// wrong (a diagnostic of its function) and returns true.
  bool diagnoseInvalidInstruction(const MachineInstr &MI) const;

  /// Whether execution can run past the end of MF: its last block in layout
  /// order is empty or ends in an instruction control can pass (anything but
  /// `ret` or an unconditional branch). Engines have nothing after a
  /// function, so every function must end in one of them.
  static bool canRunPastEnd(const MachineFunction &MF);
  /// When MF can run past its end, reports an error naming its last block
  /// and instruction (a diagnostic of its function) and returns true.
  static bool diagnoseRunPastEnd(const MachineFunction &MF);
  /// When MF can run past its end, reports it and ends the function with a
  /// `ret`, so that nothing after the report (the machine verifier, a pass)
  /// trips over it; for functions read from MIR.
  bool diagnoseAndEndFunction(MachineFunction &MF) const;

  /// Cycles from the shared machine model (NeuronISAMachineModel.h).
  unsigned getInstrLatency(const InstrItineraryData *ItinData,
                           const MachineInstr &MI,
                           unsigned *PredCost = nullptr) const override;
};

} // namespace llvm

#endif
