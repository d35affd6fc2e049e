//===--- NeuronISA.h - NeuronISA target feature support ---------*- C++ -*-===//
//
// clang's description of the NeuronISA kernel target: 32-bit int, long and
// pointers in every address space, no thread-local storage, no variable
// length arrays (engines have no stack), and the predefined macro
// __neuronisa__. The same source is compiled into clang when NeuronISA is
// built in tree (llvm-project-overlay) and into the out-of-tree driver
// tools/neuronisa-clang.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_CLANG_LIB_BASIC_TARGETS_NEURONISA_H
#define LLVM_CLANG_LIB_BASIC_TARGETS_NEURONISA_H

#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/TargetOptions.h"
#include "llvm/Support/Compiler.h"
#include "llvm/TargetParser/Triple.h"

namespace clang {
namespace targets {

class LLVM_LIBRARY_VISIBILITY NeuronISATargetInfo : public TargetInfo {
public:
  NeuronISATargetInfo(const llvm::Triple &Triple, const TargetOptions &);

  void getTargetDefines(const LangOptions &Opts,
                        MacroBuilder &Builder) const override;

  llvm::SmallVector<Builtin::InfosShard> getTargetBuiltins() const override {
    // Builtins are ordinary declarations (neuronisa.h) named after the
    // instructions, so clang needs no table of its own.
    return {};
  }

  BuiltinVaListKind getBuiltinVaListKind() const override {
    return TargetInfo::VoidPtrBuiltinVaList;
  }

  // Kernels have no inline assembly: the engines' streams are scheduled and
  // synchronized by the backend, which could not see into an asm statement.
  ArrayRef<const char *> getGCCRegNames() const override { return {}; }
  ArrayRef<TargetInfo::GCCRegAlias> getGCCRegAliases() const override {
    return {};
  }
  bool validateAsmConstraint(const char *&Name,
                             TargetInfo::ConstraintInfo &Info) const override {
    return false;
  }
  std::string_view getClobbers() const override { return ""; }

  bool hasFeature(StringRef Feature) const override {
    return Feature == "neuronisa";
  }
};

} // namespace targets
} // namespace clang

#endif // LLVM_CLANG_LIB_BASIC_TARGETS_NEURONISA_H
