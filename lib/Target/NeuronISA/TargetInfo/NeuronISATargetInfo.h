//===-- NeuronISATargetInfo.h - NeuronISA target info -----------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_TARGETINFO_NEURONISATARGETINFO_H
#define LLVM_LIB_TARGET_NEURONISA_TARGETINFO_NEURONISATARGETINFO_H

namespace llvm {
class Target;
Target &getTheNeuronISATarget();
} // namespace llvm

extern "C" {
void LLVMInitializeNeuronISATargetInfo();
void LLVMInitializeNeuronISATargetMC();
void LLVMInitializeNeuronISAAsmParser();
void LLVMInitializeNeuronISADisassembler();
void LLVMInitializeNeuronISAAsmPrinter();
void LLVMInitializeNeuronISATarget();
}

#endif
