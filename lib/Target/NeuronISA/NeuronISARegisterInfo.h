//===-- NeuronISARegisterInfo.h - NeuronISA registers -----------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAREGISTERINFO_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAREGISTERINFO_H

#include "llvm/CodeGen/TargetSubtargetInfo.h"

#define GET_REGINFO_HEADER
#include "NeuronISAGenRegisterInfo.inc"

namespace llvm {

struct NeuronISARegisterInfo : public NeuronISAGenRegisterInfo {
  NeuronISARegisterInfo();

  const MCPhysReg *getCalleeSavedRegs(const MachineFunction *MF) const override;
  const uint32_t *getCallPreservedMask(const MachineFunction &MF,
                                       CallingConv::ID CC) const override;
  BitVector getReservedRegs(const MachineFunction &MF) const override;
  bool eliminateFrameIndex(MachineBasicBlock::iterator II, int SPAdj,
                           unsigned FIOperandNum,
                           RegScavenger *RS = nullptr) const override;
  Register getFrameRegister(const MachineFunction &MF) const override;
};

} // namespace llvm

#endif
