//===-- NeuronISATargetInfo.h - NeuronISA target info -----------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_TARGETINFO_NEURONISATARGETINFO_H
#define LLVM_LIB_TARGET_NEURONISA_TARGETINFO_NEURONISATARGETINFO_H

#include "llvm/Support/Compiler.h"

namespace llvm {
class Target;
Target &getTheNeuronISATarget();
} // namespace llvm

// The entry points InitializeAllTargets and the C API call, exported from
// libLLVM like every target's (LLVM_ABI, LLVM_EXTERNAL_VISIBILITY). Both
// macros come from llvm/Support/Compiler.h and are empty in a build against
// the installed LLVM that enables neither export annotations nor a dylib
// build, such as the plugin's.
#define NEURONISA_INIT_API extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY
NEURONISA_INIT_API void LLVMInitializeNeuronISATargetInfo();
NEURONISA_INIT_API void LLVMInitializeNeuronISATargetMC();
NEURONISA_INIT_API void LLVMInitializeNeuronISAAsmParser();
NEURONISA_INIT_API void LLVMInitializeNeuronISADisassembler();
NEURONISA_INIT_API void LLVMInitializeNeuronISAAsmPrinter();
NEURONISA_INIT_API void LLVMInitializeNeuronISATarget();

#endif
