//===-- neuronisa-host-run.cpp - Run a C kernel natively ------------------===//
//
// The host oracle's runner: loads a kernel that a host C compiler built
// against the host neuronisa.h (a shared object with DWARF, -g), calls the
// kernel function on the simulator's kind of arguments (INT, in:FILE,
// out:SHAPE[:FILE][:expect=REF]) and writes and compares the outputs as
// neuronisa-sim does. The builtins run one at a time in program order, with
// the simulator's arithmetic (lib/Host). docs/HostOracle.md is the manual.
//
//===----------------------------------------------------------------------===//

#include "HBMArena.h"
#include "HostRuntime.h"
#include "KernelArgs.h"
#include "KernelDebugInfo.h"
#include "Memory.h"
#include "NativeKernel.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "ToolCommandLine.h"
#include "Views/OutputView.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <climits>
#include <csignal>

using namespace llvm;
using namespace llvm::neuronisa_host;
using namespace llvm::neuronisa_sim;

static cl::OptionCategory RunCat("neuronisa-host-run options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<kernel.so>"),
                                      cl::cat(RunCat));
static cl::list<std::string>
    PosArgs(cl::Positional, cl::desc("[kernel arguments...]"), cl::cat(RunCat));
static cl::list<std::string>
    ArgList("arg",
            cl::desc("Kernel argument (after positional ones): INT | "
                     "in:FILE[:expect=REF] | out:SHAPE[:FILE][:expect=REF]"),
            cl::value_desc("ARG"), cl::cat(RunCat));
static cl::opt<std::string>
    KernelName("kernel",
               cl::desc("Kernel function (default: the first function with "
                        "external linkage, in source order)"),
               cl::value_desc("NAME"), cl::cat(RunCat));
static cl::opt<std::string>
    ReportFormat("report", cl::desc("Report format: text, json or none"),
                 cl::init("text"), cl::value_desc("FORMAT"), cl::cat(RunCat));
static cl::opt<unsigned long long, false, UIntParser>
    Timeout("timeout",
            cl::desc("Stop the kernel with an error after this many seconds "
                     "(0: no limit; default 60)"),
            cl::init(60), cl::cat(RunCat));
static cl::opt<bool, false, BoolParser>
    PrintInfo("print-kernel-info",
              cl::desc("Print the kernel's functions and tiles (from its "
                       "DWARF) and exit"),
              cl::cat(RunCat));
static cl::opt<double, false, DoubleParser>
    RTol("rtol",
         cl::desc("Compare expect= within this relative tolerance (and "
                  "--atol) instead of bit for bit"),
         cl::init(0), cl::cat(RunCat));
static cl::opt<double, false, DoubleParser>
    ATol("atol",
         cl::desc("Compare expect= within this absolute tolerance (and "
                  "--rtol) instead of bit for bit"),
         cl::init(0), cl::cat(RunCat));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "neuronisa-host-run") << Msg << "\n";
  return 1;
}

static void printKernelInfo(const KernelDebugInfo &Info, raw_ostream &OS) {
  for (const KernelFunction &F : Info.functions()) {
    OS << "function " << F.Name << " (" << F.File << ":" << F.Line << "):";
    for (const KernelParam &P : F.Params)
      OS << " "
         << (P.Kind == KernelParam::Pointer ? "pointer"
             : P.Kind == KernelParam::Int   ? (P.Signed ? "int" : "unsigned")
                                            : "unsupported '" + P.TypeName +
                                                  "'");
    if (F.Variadic)
      OS << " ...";
    OS << "\n";
  }
  for (const StaticTile &T : Info.tiles())
    OS << "tile " << T.Name << " [" << T.Partitions << " x " << T.Columns
       << "] at " << format_hex(T.Address, 2) << "\n";
}

/// The kernel function: --kernel, else the first with external linkage.
static Expected<const KernelFunction *>
chooseKernel(const KernelDebugInfo &Info) {
  ArrayRef<KernelFunction> Fns = Info.functions();
  if (Fns.empty())
    return createStringError(
        "'" + InputFile + "' has no DWARF description of a function with "
        "external linkage: build the kernel with -g (not -g1 or "
        "-gline-tables-only)");
  if (KernelName.empty())
    return &Fns.front();
  for (const KernelFunction &F : Fns)
    if (F.Name == KernelName)
      return &F;
  std::string Names;
  for (const KernelFunction &F : Fns)
    Names += (Names.empty() ? "" : ", ") + F.Name;
  return createStringError("no kernel function '" + KernelName + "' in '" +
                           InputFile + "' (it has: " + Names + ")");
}

/// The runner's arguments against the kernel's parameters.
static Error checkArgs(const KernelFunction &F, ArrayRef<KernelArg> Args) {
  auto Bad = [&](const Twine &Msg) {
    return createStringError("kernel '" + F.Name + "': " + Msg);
  };
  if (F.Variadic)
    return Bad("a kernel cannot be variadic");
  if (F.ReturnsValue && !F.ReturnOK)
    return Bad("returns a value that is not a 32-bit integer");
  for (auto [I, P] : enumerate(F.Params))
    if (P.Kind == KernelParam::Other)
      return Bad("parameter " + Twine(I + 1) + " (" + P.Name + ") has type '" +
                 P.TypeName +
                 "': kernel parameters are 32-bit integers and HBM pointers");
  if (Args.size() != F.Params.size())
    return Bad("takes " + Twine(F.Params.size()) + " argument(s), " +
               Twine(Args.size()) + " given");
  for (auto [I, P] : enumerate(F.Params)) {
    bool Buffer = Args[I].K != KernelArg::Kind::Scalar;
    if (P.Kind == KernelParam::Pointer && !Buffer)
      return Bad("parameter " + Twine(I + 1) + " (" + P.Name +
                 ") is a pointer: argument '" + Args[I].Text +
                 "' must be in:FILE or out:SHAPE");
    if (P.Kind == KernelParam::Int && Buffer)
      return Bad("parameter " + Twine(I + 1) + " (" + P.Name +
                 ") is an integer: argument '" + Args[I].Text +
                 "' must be an integer");
  }
  return Error::success();
}

/// The tiles at their run-time addresses, each within the machine.
static Expected<TileTable> loadTiles(const KernelDebugInfo &Info,
                                     uintptr_t Bias,
                                     const NeuronISA::MachineParams &MP) {
  std::vector<HostTile> Tiles;
  for (const StaticTile &T : Info.tiles()) {
    HostTile H{T.Name, static_cast<uintptr_t>(T.Address + Bias), T.Partitions,
               T.Columns};
    if (T.Partitions > MP.NumPartitions)
      return createStringError("tile " + H.describe() +
                               " has more partitions than the machine's " +
                               Twine(MP.NumPartitions));
    if (H.rowBytes() > MP.SBUFBytesPerPartition)
      return createStringError("tile " + H.describe() +
                               " has partitions larger than SBUF's (" +
                               Twine(MP.SBUFBytesPerPartition) + " bytes)");
    Tiles.push_back(std::move(H));
  }
  return TileTable(std::move(Tiles));
}

/// "FILE:LINE:COL: error: " (or the tool's name) and the message.
static void printError(StringRef Location, const Twine &Msg) {
  outs().flush();
  WithColor::error(errs(), Location.empty() ? "neuronisa-host-run" : Location)
      << Msg << "\n";
}

static std::string describeSignal(const CallOutcome &O, const HBMArena &Arena,
                                  StringRef Kernel) {
  std::string S = "kernel '" + Kernel.str() + "' stopped by " +
                  signalName(O.SignalNumber);
  auto *Fault = reinterpret_cast<const void *>(O.FaultAddress);
  switch (O.SignalNumber) {
  case SIGSEGV:
  case SIGBUS:
    if (std::optional<uint32_t> A = Arena.address(Fault))
      return S + ": it read or wrote HBM address 0x" +
             utohexstr(*A, /*LowerCase=*/true) +
             " directly (kernels pass HBM pointers to builtins only)";
    return S + ": it read or wrote memory directly (a tile or a bad pointer; "
               "kernels pass tiles to builtins only)";
  case SIGFPE:
    return S + ": an integer division by zero or overflow";
  default:
    return S;
  }
}

static void printReport(const KernelFunction &F, const HostRuntime &RT,
                        const std::vector<Comparison> &Comparisons,
                        const std::vector<KernelArg> &Args) {
  OutputView Outputs(Comparisons, Args);
  if (ReportFormat == "text") {
    outs() << "kernel: " << F.Name << "\nstatus: finished\nbuiltin calls: "
           << RT.numCalls() << "\n";
    Outputs.printView(outs());
  } else if (ReportFormat == "json") {
    json::OStream J(outs(), 2);
    J.object([&] {
      J.attribute("kernel", F.Name);
      J.attribute("status", "finished");
      J.attribute("builtin_calls", int64_t(RT.numCalls()));
      Outputs.toJSON(J);
    });
    outs() << "\n";
  }
  outs().flush();
}

/// The kernel's arguments: buffers as host pointers into the arena.
static std::vector<NativeArg> nativeArgs(const KernelFunction &F,
                                         ArrayRef<KernelArg> Args,
                                         const HBMArena &Arena) {
  std::vector<NativeArg> Values;
  for (auto [I, A] : enumerate(Args)) {
    const KernelParam &P = F.Params[I];
    if (P.Kind == KernelParam::Pointer)
      Values.push_back({NativeArg::Pointer,
                        reinterpret_cast<uintptr_t>(Arena.pointer(
                            static_cast<uint32_t>(A.Value)))});
    else
      Values.push_back({P.Signed ? NativeArg::Signed : NativeArg::Unsigned,
                        static_cast<uint32_t>(A.Value)});
  }
  return Values;
}

/// Loads the kernel, calls it with Args (their buffers set up in HBM),
/// writes and compares the outputs and reports; the exit status.
static int runKernel(const KernelDebugInfo &DI, const KernelFunction &F,
                     std::vector<KernelArg> &Args,
                     const NeuronISA::MachineParams &MP, Memory &HBM,
                     const HBMArena &Arena) {
  Expected<NativeKernel> Kernel = NativeKernel::load(InputFile);
  if (!Kernel)
    return fail(toString(Kernel.takeError()));
  Expected<void *> Fn = Kernel->function(F.Name);
  if (!Fn)
    return fail(toString(Fn.takeError()));
  uintptr_t Bias = Kernel->bias();
  Expected<TileTable> Tiles = loadTiles(DI, Bias, MP);
  if (!Tiles)
    return fail(toString(Tiles.takeError()));

  LLVMInitializeNeuronISATargetInfo();
  LLVMInitializeNeuronISATargetMC();
  std::unique_ptr<MCInstrInfo> MII(
      getTheNeuronISATarget().createMCInstrInfo());
  HostRuntime RT(MP, *MII, std::move(*Tiles), HBM, Arena,
                 [&](const void *ReturnAddress, const std::string &Msg) {
                   // The call instruction ends just before its return
                   // address.
                   printError(DI.sourceLocation(
                                  reinterpret_cast<uintptr_t>(ReturnAddress) -
                                  Bias - 1),
                              Msg);
                   std::_Exit(1);
                 });
  HostRuntime::setActive(&RT);
  Expected<CallOutcome> O = callKernel(*Fn, nativeArgs(F, Args, Arena),
                                       F.ReturnsValue, Timeout);
  HostRuntime::setActive(nullptr);
  if (!O)
    return fail(toString(O.takeError()));
  if (O->Kind == CallOutcome::Timeout) {
    printError("", "kernel '" + F.Name + "' did not finish within " +
                       Twine(Timeout) + " s (--timeout)");
    return 1;
  }
  if (O->Kind == CallOutcome::Signal) {
    printError(O->PC ? DI.sourceLocation(O->PC - Bias) : "",
               describeSignal(*O, Arena, F.Name));
    return 1;
  }

  std::vector<Comparison> Comparisons;
  bool Bitwise = !RTol.getNumOccurrences() && !ATol.getNumOccurrences();
  if (Error E = finishArgs(Args, HBM, RTol, ATol, Comparisons, Bitwise))
    return fail(toString(std::move(E)));
  printReport(F, RT, Comparisons, Args);
  int Exit = 0;
  for (const Comparison &C : Comparisons)
    if (!C.Ok) {
      errs() << "error: output arg" << C.ArgIdx + 1 << " does not match '"
             << Args[C.ArgIdx].Expect << "': " << C.Message << "\n";
      Exit = 1;
    }
  return Exit;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(RunCat);
  if (!parseToolCommandLine(
          argc, argv,
      "Runs a NeuronISA C kernel built by a host C compiler\n\n"
      "  cc -g -shared -fPIC -I build/include/host kernel.c -o kernel.so\n"
      "  neuronisa-host-run kernel.so [ARG...] [options]\n\n"
      "Exit status: 0 ok; 1 on an error or an output mismatch. A negative\n"
      "scalar argument: --arg=-5.\n"))
    return 1;
  // alarm() takes an unsigned int.
  if (Timeout > UINT_MAX)
    return fail("--timeout must be at most " + Twine(UINT_MAX) + " seconds");
  if (Error E = checkTolerances(RTol, ATol))
    return fail(toString(std::move(E)));
  if (InputFile.empty())
    return fail("no kernel file given (see --help)");
  if (ReportFormat != "text" && ReportFormat != "json" &&
      ReportFormat != "none")
    return fail("--report must be text, json or none");

  std::vector<KernelArg> Args;
  std::vector<std::string> ArgTexts(PosArgs.begin(), PosArgs.end());
  ArgTexts.insert(ArgTexts.end(), ArgList.begin(), ArgList.end());
  for (const std::string &T : ArgTexts) {
    Expected<KernelArg> A = parseKernelArg(T);
    if (!A)
      return fail(toString(A.takeError()));
    Args.push_back(std::move(*A));
  }

  Expected<std::unique_ptr<KernelDebugInfo>> Info =
      KernelDebugInfo::read(InputFile);
  if (!Info)
    return fail(toString(Info.takeError()));
  if (PrintInfo) {
    printKernelInfo(**Info, outs());
    return 0;
  }
  Expected<const KernelFunction *> F = chooseKernel(**Info);
  if (!F)
    return fail(toString(F.takeError()));
  if (Error E = checkArgs(**F, Args))
    return fail(toString(std::move(E)));

  // The buffers, where the simulator would place them.
  NeuronISA::MachineParams MP;
  Memory HBM(MP);
  if (Error E = setUpArgs(Args, HBM))
    return fail(toString(std::move(E)));
  Expected<HBMArena> Arena = HBMArena::reserve();
  if (!Arena)
    return fail(toString(Arena.takeError()));
  return runKernel(**Info, **F, Args, MP, HBM, *Arena);
}
