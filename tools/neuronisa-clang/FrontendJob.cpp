//===-- FrontendJob.cpp - Run one clang frontend job for NeuronISA --------===//

#include "FrontendJob.h"
#include "KernelSourceCheck.h"
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
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
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

namespace {
/// A kernel makes no calls: at -O0, where nothing is inlined, every static
/// function that is called is marked to be inlined (the ones clang marked
/// noinline because of -O0 too; a recursive one stays, and the backend
/// reports its calls).
struct InlineStaticHelpersPass : PassInfoMixin<InlineStaticHelpersPass> {
  PreservedAnalyses run(llvm::Module &M, ModuleAnalysisManager &) {
    for (Function &F : M)
      if (F.hasLocalLinkage() && !F.isDeclaration() && !F.use_empty()) {
        F.removeFnAttr(Attribute::NoInline);
        F.removeFnAttr(Attribute::OptimizeNone);
        F.addFnAttr(Attribute::AlwaysInline);
      }
    return PreservedAnalyses::none();
  }
};
} // namespace

/// Registers, promotes and folds: SROA, then mem2reg for what SROA leaves,
/// and InstSimplify for loads of constants (a `const int` of the file).
static FunctionPassManager promotionPasses() {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(PromotePass());
  FPM.addPass(InstSimplifyPass());
  return FPM;
}

/// What the in-tree toolchain cannot do through options: at -O0 clang keeps
/// every local variable in an alloca and calls every helper, and NeuronISA
/// has neither a stack nor calls; without -g the backend's errors still need
/// the source locations.
static void configureForKernels(CompilerInstance &CI) {
  CodeGenOptions &CG = CI.getCodeGenOpts();
  // Source locations in the IR, no debug information in the output: what
  // clang does for -Rpass without -g. With -g (any kind) the user asked for
  // line tables in the object as well.
  if (CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
    CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
  // Promote them to registers and inline static helpers, and nothing else;
  // optnone would make the passes skip the functions.
  if (CG.OptimizationLevel == 0) {
    CG.DisableO0ImplyOptNone = true;
    CG.PassBuilderCallbacks.push_back([](PassBuilder &PB) {
      PB.registerPipelineStartEPCallback(
          [](ModulePassManager &MPM, OptimizationLevel Level) {
            if (Level != OptimizationLevel::O0)
              return;
            MPM.addPass(createModuleToFunctionPassAdaptor(promotionPasses()));
            MPM.addPass(InlineStaticHelpersPass());
            MPM.addPass(AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
            // What inlining exposed (a local whose address a helper took).
            MPM.addPass(createModuleToFunctionPassAdaptor(promotionPasses()));
            // The loops the source asks to unroll (#pragma unroll), and
            // nothing else: a loop over rows needs it at every level.
            FunctionPassManager Unroll;
            Unroll.addPass(LoopUnrollPass(LoopUnrollOptions(
                /*OptLevel=*/2, /*OnlyWhenForced=*/true, /*ForgetSCEV=*/false)));
            Unroll.addPass(InstSimplifyPass());
            // The copies past the trip count are dead (their branches fold).
            Unroll.addPass(SimplifyCFGPass());
            MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Unroll)));
            MPM.addPass(GlobalDCEPass());
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

  std::unique_ptr<FrontendAction> Act =
      withKernelSourceCheck(CreateFrontendAction(*CI));
  if (!Act)
    return false;
  return executeAction(*CI, *Act, Opts.DataLayout);
}
