//===-- NeuronISARegisterInfo.cpp - NeuronISA registers -------------------===//

#include "NeuronISARegisterInfo.h"
#include "NeuronISAFrameLowering.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

#define GET_REGINFO_TARGET_DESC
#include "NeuronISAGenRegisterInfo.inc"

NeuronISARegisterInfo::NeuronISARegisterInfo()
    : NeuronISAGenRegisterInfo(NeuronISA::R0) {}

// Kernels make no calls: nothing is callee-saved.
const MCPhysReg *
NeuronISARegisterInfo::getCalleeSavedRegs(const MachineFunction *MF) const {
  static const MCPhysReg None[] = {0};
  return None;
}

const uint32_t *
NeuronISARegisterInfo::getCallPreservedMask(const MachineFunction &MF,
                                            CallingConv::ID CC) const {
  return nullptr;
}

BitVector
NeuronISARegisterInfo::getReservedRegs(const MachineFunction &MF) const {
  BitVector Reserved(getNumRegs());
  Reserved.set(NeuronISA::R0); // reads as zero
  // Nothing is kept for the synchronization pass: it takes the registers
  // a function leaves free (NeuronISASyncRegisters.h), so its counters
  // never turn a function into one that needs a stack.
  // Semaphores are not values: they are never allocated.
  for (MCPhysReg Sem : NeuronISA::SEMRegClass)
    Reserved.set(Sem);
  Reserved.set(NeuronISA::SNONE);
  return Reserved;
}

bool NeuronISARegisterInfo::eliminateFrameIndex(MachineBasicBlock::iterator II,
                                                int SPAdj,
                                                unsigned FIOperandNum,
                                                RegScavenger *RS) const {
  // NeuronISA has no stack. Frame indices only appear when something needed
  // one; the frame lowering already diagnosed it. Keep the output well formed.
  MachineInstr &MI = *II;
  MI.getOperand(FIOperandNum).ChangeToImmediate(0);
  return false;
}

Register
NeuronISARegisterInfo::getFrameRegister(const MachineFunction &MF) const {
  return NeuronISA::R0;
}
