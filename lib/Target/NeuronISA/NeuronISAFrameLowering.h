//===-- NeuronISAFrameLowering.h - NeuronISA frames -------------*- C++ -*-===//
//
// NeuronISA engines have no stack: a function whose frame is not empty (a
// register spill, an alloca that survived optimization) is diagnosed.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAFRAMELOWERING_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAFRAMELOWERING_H

#include "llvm/CodeGen/TargetFrameLowering.h"

namespace llvm {

class NeuronISAFrameLowering : public TargetFrameLowering {
public:
  NeuronISAFrameLowering()
      : TargetFrameLowering(StackGrowsDown, Align(4), 0) {}

  void emitPrologue(MachineFunction &MF, MachineBasicBlock &MBB) const override;
  void emitEpilogue(MachineFunction &MF, MachineBasicBlock &MBB) const override;
  bool hasFPImpl(const MachineFunction &MF) const override { return false; }
  MachineBasicBlock::iterator
  eliminateCallFramePseudoInstr(MachineFunction &MF, MachineBasicBlock &MBB,
                                MachineBasicBlock::iterator I) const override {
    return MBB.erase(I);
  }
};

} // namespace llvm

#endif
