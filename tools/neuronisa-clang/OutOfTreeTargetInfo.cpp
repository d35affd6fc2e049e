//===-- OutOfTreeTargetInfo.cpp - clang's NeuronISA target, out of tree ---===//

#include "OutOfTreeTargetInfo.h"
#include "Targets/NeuronISA.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/TargetOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"

using namespace clang;

namespace {
// TargetInfo keeps a pointer to its options in a private member that only
// CreateTargetInfo writes; a TargetInfo without it fails at the first
// getTargetOpts(). The names used in an explicit instantiation are exempt
// from access checking (C++17 [temp.explicit]p14), so instantiating
// ExposeTargetOpts with the member pointer defines a friend function that
// returns it: no assumption about the class layout, and a compile error (not
// a silent miscompile) if the member is ever renamed or retyped. An in-tree
// clang (llvm-project-overlay) does not need this.
using TargetOptsMember = TargetOptions *TargetInfo::*;
struct TargetOptsTag {
  friend TargetOptsMember targetOptsMember(TargetOptsTag);
};
template <TargetOptsMember M> struct ExposeTargetOpts {
  friend TargetOptsMember targetOptsMember(TargetOptsTag) { return M; }
};
template struct ExposeTargetOpts<&TargetInfo::TargetOpts>;

/// clang's NeuronISA target with the data layout of the loaded backend:
/// Triple::computeDataLayout does not know an out-of-tree architecture.
class PluginTargetInfo : public targets::NeuronISATargetInfo {
public:
  PluginTargetInfo(const llvm::Triple &T, const TargetOptions &Opts,
                   llvm::StringRef DataLayout)
      : NeuronISATargetInfo(T, Opts) {
    resetDataLayout(DataLayout);
  }
};
} // namespace

/// Does the NeuronISA backend (built in or loaded) know CPU?
static bool isBackendCPU(const llvm::Triple &TT, llvm::StringRef CPU) {
  std::string Err;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return false;
  std::unique_ptr<llvm::MCSubtargetInfo> STI(
      T->createMCSubtargetInfo(TT, CPU, ""));
  return STI && STI->isCPUStringValid(CPU);
}

TargetInfo *neuronisa::createTargetInfo(DiagnosticsEngine &Diags,
                                        TargetOptions &Opts,
                                        llvm::StringRef DataLayout) {
  llvm::Triple Triple(llvm::Triple::normalize(Opts.Triple));
  auto Target = std::make_unique<PluginTargetInfo>(Triple, Opts, DataLayout);
  Target.get()->*targetOptsMember(TargetOptsTag()) = &Opts;

  // What CreateTargetInfo does after allocating a target, for the options a
  // NeuronISA compilation can carry: a CPU the backend knows (a machine
  // preset, -mcpu), no ABIs or FP units to choose.
  if (!Opts.CPU.empty() && !isBackendCPU(Triple, Opts.CPU)) {
    Diags.Report(diag::err_target_unknown_cpu) << Opts.CPU;
    return nullptr;
  }
  if (!Opts.ABI.empty()) {
    Diags.Report(diag::err_target_unknown_abi) << Opts.ABI;
    return nullptr;
  }
  if (!Target->initFeatureMap(Opts.FeatureMap, Diags, Opts.CPU,
                              Opts.FeaturesAsWritten))
    return nullptr;
  Opts.Features.clear();
  for (const auto &F : Opts.FeatureMap)
    Opts.Features.push_back((F.getValue() ? "+" : "-") + F.getKey().str());
  llvm::sort(Opts.Features);
  if (!Target->handleTargetFeatures(Opts.Features, Diags))
    return nullptr;
  Target->setSupportedOpenCLOpts();
  Target->setCommandLineOpenCLOpts();
  Target->setDependentOpenCLOpts();
  Target->setMaxAtomicWidth();
  if (!Target->validateTarget(Diags))
    return nullptr;
  return Target.release();
}
