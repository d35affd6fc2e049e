//===-- FrontendJob.cpp - Run one clang frontend job for NeuronISA --------===//

#include "FrontendJob.h"
#include "OutOfTreeTargetInfo.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/FrontendTool/Utils.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace clang;
using namespace llvm;

/// Backend errors that are not diagnostics (report_fatal_error) become
/// clang errors and a failing exit, as in clang's own cc1.
static void fatalErrorHandler(void *UserData, const char *Message,
                              bool GenCrashDiag) {
  auto &Diags = *static_cast<DiagnosticsEngine *>(UserData);
  Diags.Report(diag::err_fe_error_backend) << Message;
  sys::RunInterruptHandlers();
  sys::Process::Exit(1);
}

/// What the in-tree toolchain cannot do through options: at -O0 clang keeps
/// every local variable in an alloca, and NeuronISA has no stack; without
/// -g the backend's errors still need the source locations.
static void configureForKernels(CompilerInstance &CI) {
  CodeGenOptions &CG = CI.getCodeGenOpts();
  // Source locations in the IR, no debug information in the output: what
  // clang does for -Rpass without -g. With -g (any kind) the user asked for
  // line tables in the object as well.
  if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
    CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
  // Promote them to registers (SROA, then mem2reg for what SROA leaves), and
  // nothing else; optnone would make both passes skip the functions.
  if (CG.OptimizationLevel == 0) {
    CG.DisableO0ImplyOptNone = true;
    CG.PassBuilderCallbacks.push_back([](PassBuilder &PB) {
      PB.registerPipelineStartEPCallback(
          [](ModulePassManager &MPM, OptimizationLevel Level) {
            if (Level != OptimizationLevel::O0)
              return;
            FunctionPassManager FPM;
            FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
            FPM.addPass(PromotePass());
            MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
          });
    });
  }
}

/// CompilerInstance::ExecuteAction without its createTarget(), which only
/// knows the targets built into clang.
static bool executeAction(CompilerInstance &CI, FrontendAction &Act,
                          StringRef DataLayout) {
  scope_exit FinishDiagnostics([&] { CI.getDiagnosticClient().finish(); });
  if (!Act.PrepareToExecute(CI))
    return false;
  TargetInfo *Target = neuronisa::createTargetInfo(
      CI.getDiagnostics(), CI.getTargetOpts(), DataLayout);
  if (!Target)
    return false;
  CI.setTarget(Target);
  CI.getTarget().adjust(CI.getDiagnostics(), CI.getLangOpts(),
                        /*Aux=*/nullptr);

  for (const FrontendInputFile &Input : CI.getFrontendOpts().Inputs) {
    if (CI.hasSourceManager())
      CI.getSourceManager().clearIDTables();
    if (Act.BeginSourceFile(CI, Input)) {
      if (Error Err = Act.Execute()) {
        CI.getDiagnostics().Report(diag::err_fe_error_backend)
            << toString(std::move(Err));
      }
      Act.EndSourceFile();
    }
  }
  CI.printDiagnosticStats();
  return CI.getDiagnostics().getClient()->getNumErrors() == 0;
}

bool neuronisa::runFrontendJob(ArrayRef<const char *> CC1Args,
                               const char *Argv0,
                               const FrontendJobOptions &Opts) {
  // Buffer the diagnostics of argument parsing until the real engine exists.
  DiagnosticOptions BufferOpts;
  auto *Buffer = new TextDiagnosticBuffer;
  DiagnosticsEngine BufferDiags(DiagnosticIDs::create(), BufferOpts, Buffer);
  auto Invocation = std::make_shared<CompilerInvocation>();
  bool OK =
      CompilerInvocation::CreateFromArgs(*Invocation, CC1Args, BufferDiags,
                                         Argv0);

  auto CI = std::make_unique<CompilerInstance>(std::move(Invocation));
  CI->createVirtualFileSystem(vfs::getRealFileSystem(), Buffer);
  CI->createDiagnostics();
  Buffer->FlushDiagnostics(CI->getDiagnostics());
  if (!OK)
    return false;

  ScopedFatalErrorHandler FatalErrors(fatalErrorHandler,
                                      &CI->getDiagnostics());
  configureForKernels(*CI);

  const std::vector<std::string> &LLVMArgs = CI->getFrontendOpts().LLVMArgs;
  if (Opts.ParseLLVMOptions && !LLVMArgs.empty()) {
    SmallVector<const char *, 8> Argv = {"neuronisa-clang (LLVM option parsing)"};
    for (const std::string &A : LLVMArgs)
      Argv.push_back(A.c_str());
    if (!cl::ParseCommandLineOptions(Argv.size(), Argv.data(), "", &errs()))
      return false;
  }

  std::unique_ptr<FrontendAction> Act = CreateFrontendAction(*CI);
  if (!Act)
    return false;
  return executeAction(*CI, *Act, Opts.DataLayout);
}
