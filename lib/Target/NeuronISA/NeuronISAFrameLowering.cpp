//===-- NeuronISAFrameLowering.cpp - NeuronISA frames ---------------------===//

#include "NeuronISAFrameLowering.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"

using namespace llvm;

void NeuronISAFrameLowering::emitPrologue(MachineFunction &MF,
                                          MachineBasicBlock &MBB) const {
  const MachineFrameInfo &MFI = MF.getFrameInfo();
  if (MFI.getStackSize() == 0 && !MFI.hasVarSizedObjects() &&
      MFI.getNumObjects() == 0)
    return;
  const Function &F = MF.getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F,
      "needs a stack (register spills or stack objects), which NeuronISA "
      "engines do not have; reduce the number of live scalar values"));
}

void NeuronISAFrameLowering::emitEpilogue(MachineFunction &MF,
                                          MachineBasicBlock &MBB) const {}
