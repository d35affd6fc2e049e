//===-- NeuronISATargetInfo.cpp - NeuronISA target implementation ---------===//

#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

Target &llvm::getTheNeuronISATarget() {
  static Target TheNeuronISATarget;
  return TheNeuronISATarget;
}

extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY void LLVMInitializeNeuronISATargetInfo() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
#ifdef NEURONISA_IN_TREE
  // Built into LLVM (llvm-project-overlay): Triple knows the architecture.
  constexpr Triple::ArchType Arch = Triple::neuronisa;
#else
  // A plugin of the stock LLVM: "neuronisa" is no architecture Triple knows,
  // so -mtriple=neuronisa parses as UnknownArch, which this matches.
  constexpr Triple::ArchType Arch = Triple::UnknownArch;
#endif
  RegisterTarget<Arch, /*HasJIT=*/false> X(
      getTheNeuronISATarget(), "neuronisa",
      "NeuronISA multi-engine tensor accelerator", "NeuronISA");
}
