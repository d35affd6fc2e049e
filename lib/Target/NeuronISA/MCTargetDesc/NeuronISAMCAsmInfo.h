//===-- NeuronISAMCAsmInfo.h - NeuronISA asm properties ---------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMCASMINFO_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMCASMINFO_H

#include "llvm/MC/MCAsmInfoELF.h"

namespace llvm {
class Triple;

class NeuronISAMCAsmInfo : public MCAsmInfoELF {
public:
  explicit NeuronISAMCAsmInfo(const Triple &TT);

  /// NeuronISA has no stack, so objects carry no .note.GNU-stack marker.
  MCSection *getStackSection(MCContext &Ctx, bool Exec) const override {
    return nullptr;
  }
};
} // namespace llvm

#endif
