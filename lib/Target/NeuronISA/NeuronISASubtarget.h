//===-- NeuronISASubtarget.h - NeuronISA subtarget --------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASUBTARGET_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASUBTARGET_H

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISAFrameLowering.h"
#include "NeuronISAISelLowering.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISARegisterInfo.h"
#include "NeuronISASelectionDAGInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DataLayout.h"

#define GET_SUBTARGETINFO_HEADER
#include "NeuronISAGenSubtargetInfo.inc"

namespace llvm {
class NeuronISATargetMachine;

class NeuronISASubtarget : public NeuronISAGenSubtargetInfo {
  NeuronISAInstrInfo InstrInfo;
  NeuronISAFrameLowering FrameLowering;
  NeuronISATargetLowering TLInfo;
  NeuronISASelectionDAGInfo TSInfo;

public:
  /// The machine of this CPU (-mcpu; "generic" by default).
  const NeuronISA::MachineParams &getMachineParams() const {
    return InstrInfo.getMachineParams();
  }

  NeuronISASubtarget(const Triple &TT, StringRef CPU, StringRef FS,
                     const NeuronISATargetMachine &TM);

  void ParseSubtargetFeatures(StringRef CPU, StringRef TuneCPU, StringRef FS);

  const NeuronISAInstrInfo *getInstrInfo() const override { return &InstrInfo; }
  const NeuronISAFrameLowering *getFrameLowering() const override {
    return &FrameLowering;
  }
  const NeuronISATargetLowering *getTargetLowering() const override {
    return &TLInfo;
  }
  const NeuronISARegisterInfo *getRegisterInfo() const override {
    return &InstrInfo.getRegisterInfo();
  }
  const SelectionDAGTargetInfo *getSelectionDAGInfo() const override {
    return &TSInfo;
  }

  /// Hand-written MIR: reports every instruction whose operands are not what
  /// its description asks for, and removes it.
  void mirFileLoaded(MachineFunction &MF) const override;
};
} // namespace llvm

#endif
