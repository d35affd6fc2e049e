//===-- NeuronISATargetInfo.cpp - NeuronISA target implementation ---------===//

#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

Target &llvm::getTheNeuronISATarget() {
  static Target TheNeuronISATarget;
  return TheNeuronISATarget;
}

extern "C" void LLVMInitializeNeuronISATargetInfo() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  // "neuronisa" is not an architecture Triple knows: -mtriple=neuronisa
  // parses as UnknownArch, which this registration matches.
  RegisterTarget<Triple::UnknownArch, /*HasJIT=*/false> X(
      getTheNeuronISATarget(), "neuronisa",
      "NeuronISA multi-engine tensor accelerator", "NeuronISA");
}
