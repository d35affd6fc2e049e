//===-- neuronisa-clang.cpp - C compiler driver for NeuronISA kernels -----===//
//
// Compiles C kernels to NeuronISA assembly with Debian's clang 22 libraries:
//
//   neuronisa-clang -O2 -S kernel.c -o kernel.s
//
// It is clang's own driver (every option clang accepts: -I, -D, -g, -O,
// -emit-llvm, -mllvm, -E, ...) fixed to the triple `neuronisa`, with
// defaults that keep the generated IR inside the kernel subset
// (docs/KernelInterface.md). The frontend jobs run in this process with
// clang's NeuronISA TargetInfo (FrontendJob.h); the backend is the NeuronISA
// plugin, loaded from ../lib next to this executable unless the target is
// already built in.
//
//===----------------------------------------------------------------------===//

#include "FrontendJob.h"
#include <cstring>
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang;
using namespace llvm;

static constexpr const char *KernelTriple = "neuronisa";

/// Options every kernel compilation starts with (the in-tree toolchain's
/// list); the user's own options come after them and override them.
static const char *const KernelDefaults[] = {
#define NEURONISA_FLAG(ID, SPELLING) SPELLING,
#define NEURONISA_JOINED(ID, SPELLING, VALUE) SPELLING VALUE,
#define NEURONISA_SEPARATE(ID, SPELLING, VALUE) SPELLING, VALUE,
#include "NeuronISAKernelDefaults.def"
};

static void error(const Twine &Msg) {
  WithColor::error(errs(), "neuronisa-clang") << Msg << "\n";
}

/// <prefix>/bin/neuronisa-clang -> <prefix>/<Sub...>
static std::string besideExecutable(StringRef Exe, StringRef Dir,
                                    StringRef File = "") {
  SmallString<256> P(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(P, Dir);
  if (!File.empty())
    sys::path::append(P, File);
  return std::string(P);
}

/// The NeuronISA backend: built in, or the plugin installed beside this
/// executable (<prefix>/lib/libNeuronISA.so, where the build also puts it).
static const Target *loadBackend(StringRef Exe) {
  std::string Err;
  if (const Target *T = TargetRegistry::lookupTarget(Triple(KernelTriple), Err))
    return T;
  std::string Plugin = besideExecutable(Exe, "lib", "libNeuronISA.so");
  if (sys::DynamicLibrary::LoadLibraryPermanently(Plugin.c_str(), &Err)) {
    error("cannot load the NeuronISA backend '" + Plugin + "': " + Err);
    return nullptr;
  }
  const Target *T = TargetRegistry::lookupTarget(Triple(KernelTriple), Err);
  if (!T)
    error("'" + Plugin + "' did not register the NeuronISA target: " + Err);
  return T;
}

/// The backend's data layout, which clang must use unchanged.
static std::string backendDataLayout(const Target &T) {
  Triple TT(KernelTriple);
  std::unique_ptr<TargetMachine> TM(T.createTargetMachine(
      TT, "", "", llvm::TargetOptions(), std::nullopt));
  return TM ? TM->createDataLayout().getStringRepresentation() : "";
}

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  std::string Exe = sys::fs::getMainExecutable(Argv[0], (void *)&main);

  SmallVector<const char *, 64> Args = {Argv[0]};
  Args.append(std::begin(KernelDefaults), std::end(KernelDefaults));
  // neuronisa.h, generated from the instruction definitions.
  std::string KernelIncludes = besideExecutable(Exe, "include");
  Args.push_back("-isystem");
  Args.push_back(KernelIncludes.c_str());
  // -mcpu=NAME selects a machine preset: clang's driver drops -mcpu for a
  // target it does not know, so it goes to the frontend as -target-cpu
  // (checked there against the backend's CPUs).
  for (const char *A : ArrayRef(Argv + 1, Argv + Argc)) {
    if (StringRef(A).starts_with("-mcpu=")) {
      Args.append({"-Xclang", "-target-cpu", "-Xclang",
                   A + strlen("-mcpu=")});
      continue;
    }
    Args.push_back(A);
  }

  std::unique_ptr<DiagnosticOptions> DiagOpts =
      CreateAndPopulateDiagOpts(Args);
  auto *DiagClient = new TextDiagnosticPrinter(errs(), *DiagOpts);
  DiagnosticsEngine Diags(DiagnosticIDs::create(), *DiagOpts, DiagClient);
  DiagClient->setPrefix("neuronisa-clang");

  clang::driver::Driver TheDriver(Exe, KernelTriple, Diags,
                           "NeuronISA kernel compiler (clang)");
  // Headers such as <stdint.h> and <stddef.h> come with the installed clang.
  TheDriver.ResourceDir = NEURONISA_CLANG_RESOURCE_DIR;
  std::unique_ptr<clang::driver::Compilation> C(TheDriver.BuildCompilation(Args));
  if (!C || C->containsError() || Diags.hasErrorOccurred())
    return 1;
  if (C->getArgs().hasArg(options::OPT__HASH_HASH_HASH)) {
    C->getJobs().Print(errs(), "\n", /*Quote=*/true);
    return 0;
  }
  if (C->getJobs().empty())
    return 0; // --version, -help and the like
  const llvm::Triple &JobTriple = C->getDefaultToolChain().getTriple();
  if (JobTriple.str() != KernelTriple) {
    error("neuronisa-clang compiles for the target '" + Twine(KernelTriple) +
          "' only, not '" + JobTriple.str() + "'");
    return 1;
  }

  for (const clang::driver::Command &Job : C->getJobs()) {
    if (StringRef(Job.getCreator().getName()) != "clang") {
      error("cannot link NeuronISA kernels: compile with -S (assembly), "
            "-c (object file) or -emit-llvm");
      return 1;
    }
  }

  const Target *Backend = loadBackend(Exe);
  if (!Backend)
    return 1;
  neuronisa::FrontendJobOptions Opts;
  std::string Layout = backendDataLayout(*Backend);
  Opts.DataLayout = Layout;

  bool OK = true;
  for (const clang::driver::Command &Job : C->getJobs()) {
    const llvm::opt::ArgStringList &JobArgs = Job.getArguments();
    ArrayRef<const char *> CC1Args(JobArgs);
    if (!CC1Args.empty() && StringRef(CC1Args.front()) == "-cc1")
      CC1Args = CC1Args.drop_front();
    if (is_contained(CC1Args, StringRef("-emit-obj")) &&
        !Backend->hasMCAsmBackend()) {
      error("cannot emit NeuronISA object files yet (-c): the backend has "
            "no object writer; compile to assembly with -S");
      return 1;
    }
    OK &= neuronisa::runFrontendJob(CC1Args, Argv[0], Opts);
    Opts.ParseLLVMOptions = false;
    if (!OK)
      break;
  }
  return OK ? 0 : 1;
}
