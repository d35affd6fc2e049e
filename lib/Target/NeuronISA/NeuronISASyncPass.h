//===-- NeuronISASyncPass.h - The neuronisa-sync pass -----------*- C++ -*-===//
//
// The new pass manager's face of neuronisa-sync (NeuronISAPassRegistry.def:
// `llc -passes=neuronisa-sync`). The legacy pass (createNeuronISASyncPass,
// `-run-pass=neuronisa-sync`, the codegen pipeline) runs the same code.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCPASS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCPASS_H

#include "llvm/CodeGen/MachinePassManager.h"

namespace llvm {

namespace NeuronISA {
/// Is -neuronisa-sync precise (the default)?
bool isPreciseSyncRequested();
} // namespace NeuronISA

class NeuronISASyncPass : public PassInfoMixin<NeuronISASyncPass> {
public:
  PreservedAnalyses run(MachineFunction &MF,
                        MachineFunctionAnalysisManager &MFAM);
  static bool isRequired() { return true; }
  MachineFunctionProperties getRequiredProperties() const {
    return MachineFunctionProperties().setNoVRegs();
  }
};

} // namespace llvm

#endif
