//===-- NeuronISATargetMachine.h - NeuronISA target machine -----*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISATARGETMACHINE_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISATARGETMACHINE_H

#include "NeuronISASubtarget.h"
#include "llvm/CodeGen/CodeGenTargetMachineImpl.h"
#include "llvm/Target/TargetLoweringObjectFile.h"
#include <memory>
#include <optional>

namespace llvm {

class NeuronISATargetMachine : public CodeGenTargetMachineImpl {
  std::unique_ptr<TargetLoweringObjectFile> TLOF;
  NeuronISASubtarget Subtarget;

public:
  NeuronISATargetMachine(const Target &T, const Triple &TT, StringRef CPU,
                         StringRef FS, const TargetOptions &Options,
                         std::optional<Reloc::Model> RM,
                         std::optional<CodeModel::Model> CM,
                         CodeGenOptLevel OL, bool JIT);
  ~NeuronISATargetMachine() override;

  const NeuronISASubtarget *getSubtargetImpl(const Function &) const override {
    return &Subtarget;
  }
  const NeuronISASubtarget *getSubtargetImpl() const { return &Subtarget; }
  TargetPassConfig *createPassConfig(PassManagerBase &PM) override;
  void registerPassBuilderCallbacks(PassBuilder &PB) override;
  TargetLoweringObjectFile *getObjFileLowering() const override {
    return TLOF.get();
  }
};

} // namespace llvm

#endif
