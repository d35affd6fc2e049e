//===--- NeuronISA.h - NeuronISA ToolChain Implementations ------*- C++ -*-===//
//
// NeuronISA kernels are compiled, never linked: the toolchain starts every
// compilation with the kernel defaults (NeuronISAKernelDefaults.def), adds
// no host include directories (neuronisa.h is one of clang's resource
// headers) and reports an error if asked to link.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_CLANG_LIB_DRIVER_TOOLCHAINS_NEURONISA_H
#define LLVM_CLANG_LIB_DRIVER_TOOLCHAINS_NEURONISA_H

#include "clang/Driver/Tool.h"
#include "clang/Driver/ToolChain.h"

namespace clang {
namespace driver {
namespace tools {
namespace neuronisa {

/// Reports that kernels cannot be linked.
class LLVM_LIBRARY_VISIBILITY Linker final : public Tool {
public:
  Linker(const ToolChain &TC) : Tool("neuronisa::Linker", "ld", TC) {}
  bool hasIntegratedCPP() const override { return false; }
  bool isLinkJob() const override { return true; }
  void ConstructJob(Compilation &C, const JobAction &JA,
                    const InputInfo &Output, const InputInfoList &Inputs,
                    const llvm::opt::ArgList &TCArgs,
                    const char *LinkingOutput) const override;
};

} // namespace neuronisa
} // namespace tools

namespace toolchains {

class LLVM_LIBRARY_VISIBILITY NeuronISAToolChain : public ToolChain {
public:
  NeuronISAToolChain(const Driver &D, const llvm::Triple &Triple,
                     const llvm::opt::ArgList &Args);

  bool isPICDefault() const override { return false; }
  bool isPIEDefault(const llvm::opt::ArgList &Args) const override {
    return false;
  }
  bool isPICDefaultForced() const override { return true; }
  bool IsIntegratedAssemblerDefault() const override { return true; }

  llvm::opt::DerivedArgList *
  TranslateArgs(const llvm::opt::DerivedArgList &Args, StringRef BoundArch,
                Action::OffloadKind DeviceOffloadKind) const override;

protected:
  Tool *buildLinker() const override;
};

} // namespace toolchains
} // namespace driver
} // namespace clang

#endif // LLVM_CLANG_LIB_DRIVER_TOOLCHAINS_NEURONISA_H
