//===--- NeuronISA.cpp - NeuronISA ToolChain Implementations ----*- C++ -*-===//

#include "NeuronISA.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Options/Options.h"
#include "llvm/Option/ArgList.h"

using namespace clang;
using namespace clang::driver;
using namespace clang::driver::toolchains;
using namespace llvm::opt;

NeuronISAToolChain::NeuronISAToolChain(const Driver &D,
                                       const llvm::Triple &Triple,
                                       const ArgList &Args)
    : ToolChain(D, Triple, Args) {}

DerivedArgList *
NeuronISAToolChain::TranslateArgs(const DerivedArgList &Args,
                                  StringRef BoundArch,
                                  Action::OffloadKind DeviceOffloadKind) const {
  // The kernel defaults first, then the user's options, which override them.
  auto *DAL = new DerivedArgList(Args.getBaseArgs());
  const OptTable &Opts = getDriver().getOpts();
#define NEURONISA_FLAG(ID, SPELLING)                                           \
  DAL->AddFlagArg(nullptr, Opts.getOption(options::OPT_##ID));
#define NEURONISA_JOINED(ID, SPELLING, VALUE)                                  \
  DAL->AddJoinedArg(nullptr, Opts.getOption(options::OPT_##ID), VALUE);
#define NEURONISA_SEPARATE(ID, SPELLING, VALUE)                                \
  DAL->AddSeparateArg(nullptr, Opts.getOption(options::OPT_##ID), VALUE);
#include "NeuronISAKernelDefaults.def"
  // Source locations for the backend's errors. clang's driver has no option
  // for locations without debug information (tools/neuronisa-clang sets
  // that mode itself), so in tree a kernel compiled without -g gets line
  // tables, and its object their .debug_line.
  if (!Args.hasArg(options::OPT_g_Group))
    DAL->AddFlagArg(nullptr, Opts.getOption(options::OPT_gline_tables_only));
  for (Arg *A : Args)
    DAL->append(A);
  return DAL;
}

Tool *NeuronISAToolChain::buildLinker() const {
  return new tools::neuronisa::Linker(*this);
}

void tools::neuronisa::Linker::ConstructJob(Compilation &C, const JobAction &JA,
                                            const InputInfo &Output,
                                            const InputInfoList &Inputs,
                                            const ArgList &TCArgs,
                                            const char *LinkingOutput) const {
  const Driver &D = getToolChain().getDriver();
  D.Diag(D.getDiags().getCustomDiagID(
      DiagnosticsEngine::Error,
      "cannot link NeuronISA kernels: compile with -S (assembly), -c (object "
      "file) or -emit-llvm"));
}
