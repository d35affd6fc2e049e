//===-- neuronisa-sim.cpp - NeuronISA simulator and sync checker ----------===//
//
// Runs a NeuronISA kernel (assembly as llc prints it, or hand-written) on a
// cycle-level model of the five engines and the DMA queues, computes its
// results, reports its timing, and checks its synchronization: races
// (happens-before), over-synchronization (precision) and deadlocks.
// docs/Simulator.md is the manual.
//
//===----------------------------------------------------------------------===//

#include "KernelArgs.h"
#include "Listeners/RaceChecker.h"
#include "Listeners/TraceWriter.h"
#include "Memory.h"
#include "Program.h"
#include "Simulator.h"
#include "ToolCommandLine.h"
#include "Views/CheckViews.h"
#include "Views/OutputView.h"
#include "Views/SummaryView.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

using namespace llvm;
using namespace llvm::neuronisa_sim;

static cl::OptionCategory SimCat("neuronisa-sim options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<kernel.s>"),
                                      cl::cat(SimCat));
static cl::list<std::string>
    PosArgs(cl::Positional, cl::desc("[kernel arguments...]"), cl::cat(SimCat));
static cl::list<std::string>
    ArgList("arg",
            cl::desc("Kernel argument (r1..r8 in order, after positional "
                     "ones): INT | in:FILE[:expect=REF] | "
                     "out:SHAPE[:FILE][:expect=REF]"),
            cl::value_desc("ARG"), cl::cat(SimCat));
static cl::opt<std::string>
    KernelName("kernel",
               cl::desc("Kernel function label (default: the first global "
                        "function)"),
               cl::value_desc("NAME"), cl::cat(SimCat));
static cl::opt<std::string>
    MCPU("mcpu",
         cl::desc("Machine preset: generic, trn1, trn2 (default: the CPU the "
                  "kernel records, else generic); a kernel that records "
                  "another CPU is an error"),
         cl::value_desc("NAME"), cl::cat(SimCat));
static cl::opt<std::string>
    MachineFile("machine", cl::desc("Machine description ('name = value' lines)"),
                cl::value_desc("FILE"), cl::cat(SimCat));
static cl::list<std::string>
    ParamList("param", cl::desc("Override one machine parameter"),
              cl::value_desc("NAME=VALUE"), cl::cat(SimCat));
static cl::opt<bool, false, BoolParser>
    PrintMachine("print-machine",
                 cl::desc("Print the machine parameters in effect and exit"),
                 cl::cat(SimCat));
static cl::opt<std::string>
    ReportFormat("report", cl::desc("Report format: text, json or none"),
                 cl::init("text"), cl::value_desc("FORMAT"), cl::cat(SimCat));
static cl::opt<std::string>
    TraceFile("trace", cl::desc("Write a Chrome trace-event JSON file"),
              cl::value_desc("FILE"), cl::cat(SimCat));
static cl::opt<unsigned long long, false, UIntParser>
    JitterSeed("jitter",
               cl::desc("Randomize data-path, DMA and semaphore latencies "
                        "(x uniform[0.5, 2]), deterministic per seed"),
               cl::value_desc("SEED"), cl::cat(SimCat));
static cl::opt<bool, false, BoolParser>
    Ideal("ideal",
          cl::desc("Ignore synchronization instructions (cost 0); start each "
                   "data-path instruction when its conflicting predecessors "
                   "completed: the dataflow limit"),
          cl::cat(SimCat));
static cl::list<std::string>
    Checks("check", cl::CommaSeparated,
           cl::desc("Checkers to run: races, oversync (or precision), all, "
                    "none (default: all)"),
           cl::value_desc("LIST"), cl::cat(SimCat));
static cl::opt<bool, false, BoolParser>
    NoCheck("no-check", cl::desc("Same as --check=none"), cl::cat(SimCat));
static cl::opt<unsigned long long, false, UIntParser>
    MaxInstructions("max-instructions",
                    cl::desc("Stop with an error after this many dynamic "
                             "instructions (default 1e9)"),
                    cl::init(SimOptions().MaxInstructions), cl::cat(SimCat));
static cl::opt<unsigned long long, false, UIntParser>
    MaxCycles("max-cycles",
              cl::desc("Stop with an error when an engine passes this "
                       "simulated cycle (default 1e10)"),
              cl::init(SimOptions().MaxCycles), cl::cat(SimCat));
static cl::opt<unsigned long long, false, UIntParser>
    Timeout("timeout",
            cl::desc("Stop with an error after this many seconds of "
                     "simulation (default 600)"),
            cl::value_desc("SECONDS"), cl::init(SimOptions().TimeoutSeconds),
            cl::cat(SimCat));
static cl::opt<double, false, DoubleParser>
    RTol("rtol", cl::desc("Relative tolerance of expect="), cl::init(1e-5),
         cl::cat(SimCat));
static cl::opt<double, false, DoubleParser>
    ATol("atol", cl::desc("Absolute tolerance of expect="), cl::init(1e-6),
         cl::cat(SimCat));

/// MP = the preset of CPU with --machine and --param applied, validated.
static Error buildMachine(StringRef CPU, NeuronISA::MachineParams &MP) {
  MP = *NeuronISA::getMachineParams(CPU);
  if (!MachineFile.empty()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(MachineFile, /*IsText=*/true);
    if (!Buf)
      return createStringError("cannot read '" + MachineFile +
                               "': " + Buf.getError().message());
    if (Error E = MP.parse((*Buf)->getBuffer(), MachineFile))
      return E;
  }
  for (const std::string &PV : ParamList) {
    auto [Name, Value] = StringRef(PV).split('=');
    uint64_t V;
    if (Value.trim().getAsInteger(0, V) || V > UINT32_MAX)
      return createStringError("--param " + (PV.empty() ? "''" : PV) +
                               ": expected NAME=UNSIGNED");
    if (!MP.set(Name.trim(), V))
      return createStringError("--param " + PV +
                               ": unknown machine parameter '" + Name + "'");
  }
  // Re-validate the ranges after overrides, before anything is allocated.
  if (!ParamList.empty())
    if (Error E = MP.validate("--param"))
      return E;
  return Error::success();
}

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "neuronisa-sim") << Msg << "\n";
  return 1;
}

/// The ranges of the numeric options (their syntax is the parsers').
static Error validateLimits() {
  if (MaxInstructions == 0)
    return createStringError("--max-instructions must be at least 1");
  if (MaxCycles == 0)
    return createStringError("--max-cycles must be at least 1");
  if (Timeout == 0)
    return createStringError("--timeout must be at least 1 second");
  return checkTolerances(RTol, ATol);
}

/// Flushes OS and reports a write error (a full disk, /dev/full) as an
/// error instead of the fatal "IO failure" of a stream destroyed with one.
static Error checkWritten(raw_fd_ostream &OS, StringRef What) {
  OS.flush();
  if (!OS.has_error())
    return Error::success();
  std::error_code EC = OS.error();
  OS.clear_error();
  return createStringError("cannot write " + What + ": " + EC.message());
}

/// The run's options from the command line (checkers, limits, jitter).
static Expected<SimOptions> simOptions() {
  SimOptions Opts;
  if (NoCheck) {
    Opts.CheckRaces = Opts.CheckOverSync = false;
  } else if (!Checks.empty()) {
    Opts.CheckRaces = Opts.CheckOverSync = false;
    for (const std::string &C : Checks) {
      if (C == "races")
        Opts.CheckRaces = true;
      else if (C == "oversync" || C == "precision")
        Opts.CheckOverSync = true;
      else if (C == "all")
        Opts.CheckRaces = Opts.CheckOverSync = true;
      else if (C != "none")
        return createStringError("--check: unknown checker '" + C +
                                 "' (races, oversync, all, none)");
    }
  }
  Opts.Ideal = Ideal;
  if (JitterSeed.getNumOccurrences())
    Opts.JitterSeed = JitterSeed;
  Opts.MaxInstructions = MaxInstructions;
  Opts.MaxCycles = MaxCycles;
  Opts.TimeoutSeconds = Timeout;
  return Opts;
}

/// Kernel arguments: positional ones first, then --arg, in order.
static Expected<std::vector<KernelArg>> parseKernelArgs() {
  std::vector<KernelArg> Args;
  std::vector<std::string> ArgTexts(PosArgs.begin(), PosArgs.end());
  ArgTexts.insert(ArgTexts.end(), ArgList.begin(), ArgList.end());
  for (const std::string &T : ArgTexts) {
    Expected<KernelArg> A = parseKernelArg(T);
    if (!A)
      return A.takeError();
    Args.push_back(std::move(*A));
  }
  return Args;
}

static Error writeTrace(const TraceWriter &Trace) {
  std::error_code EC;
  raw_fd_ostream OS(TraceFile, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError("cannot write '" + TraceFile +
                             "': " + EC.message());
  Trace.write(OS);
  return checkWritten(OS, "'" + TraceFile + "'");
}

/// The report on stdout, in --report's format.
static Error printReport(const Program &P, const SimResult &R,
                         const NeuronISA::MachineParams &MP,
                         const Simulator &Sim,
                         const std::vector<Comparison> &Comparisons,
                         const std::vector<KernelArg> &Args) {
  SummaryView Summary(P, R, MP, Ideal);
  RaceView Races(Sim.raceChecker());
  OverSyncView OverSync(P, Sim.overSyncTracker());
  OutputView Outputs(Comparisons, Args);
  const View *Views[] = {&Summary, &Races, &OverSync, &Outputs};
  if (ReportFormat == "text")
    printTextReport(outs(), Views);
  else if (ReportFormat == "json")
    printJSONReport(outs(), Views);
  return checkWritten(outs(), "the report");
}

/// The errors the report shows as results (races, output mismatches), on
/// stderr as well; true if there are any.
static bool reportCheckErrors(const Simulator &Sim,
                              ArrayRef<Comparison> Comparisons,
                              ArrayRef<KernelArg> Args) {
  bool Failed = false;
  if (const RaceChecker *RC = Sim.raceChecker(); RC && RC->numRaces()) {
    errs() << "error: " << RC->numRaces() << " race(s) between "
           << RC->races().size() << " instruction pair(s)\n";
    Failed = true;
  }
  for (const Comparison &C : Comparisons)
    if (!C.Ok) {
      errs() << "error: output arg" << C.ArgIdx + 1 << " does not match '"
             << Args[C.ArgIdx].Expect << "': " << C.Message << "\n";
      Failed = true;
    }
  return Failed;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(SimCat);
  if (!parseToolCommandLine(
          argc, argv,
          "NeuronISA cycle-level simulator and synchronization checker\n\n"
          "  neuronisa-sim kernel.s [ARG...] [options]\n\n"
          "Exit status: 0 ok; 1 on an error, a race, a deadlock, the\n"
          "instruction limit or an output mismatch. Over-synchronization is\n"
          "reported, not an error. A negative scalar argument: --arg=-5.\n"))
    return 1;
  if (Error E = validateLimits())
    return fail(toString(std::move(E)));

  if (!MCPU.empty() && !NeuronISA::getMachineParams(MCPU))
    return fail("unknown CPU '" + MCPU + "' (--mcpu: " +
                join(NeuronISA::getCPUNames(), ", ") + ")");
  NeuronISA::MachineParams MP;
  if (PrintMachine) {
    if (Error E = buildMachine(MCPU.empty() ? StringRef("generic")
                                            : StringRef(MCPU),
                               MP))
      return fail(toString(std::move(E)));
    MP.print(outs());
    return 0;
  }
  if (InputFile.empty())
    return fail("no kernel file given (see --help)");
  Expected<SimOptions> Opts = simOptions();
  if (!Opts)
    return fail(toString(Opts.takeError()));
  if (ReportFormat != "text" && ReportFormat != "json" &&
      ReportFormat != "none")
    return fail("--report must be text, json or none");
  Expected<std::vector<KernelArg>> Args = parseKernelArgs();
  if (!Args)
    return fail(toString(Args.takeError()));

  // The machine: the preset the kernel was compiled for (--mcpu must agree),
  // then --machine and --param on top of it.
  auto Choose =
      [&](StringRef CPU) -> Expected<const NeuronISA::MachineParams *> {
    if (!MCPU.empty() && CPU != MCPU)
      return createStringError("'" + InputFile + "' is compiled for CPU '" +
                               CPU + "', not --mcpu=" + MCPU);
    if (Error E = buildMachine(CPU, MP))
      return E;
    return &MP;
  };
  Expected<Program> P = loadProgram(InputFile, KernelName, Choose, errs());
  if (!P)
    return fail(toString(P.takeError()));
  Memory M(MP, P->Tiles);
  M.loadTileInits(P->TileInits);
  if (Error E = setUpArgs(*Args, M))
    return fail(toString(std::move(E)));
  std::vector<int32_t> Values;
  for (const KernelArg &A : *Args)
    Values.push_back(A.Value);

  Simulator Sim(*P, MP, M, *Opts, errs());
  std::unique_ptr<TraceWriter> Trace;
  if (!TraceFile.empty()) {
    Trace = std::make_unique<TraceWriter>(*P, NeuronISA::NumStreams +
                                                  MP.NumDMAQueues);
    Sim.addListener(Trace.get());
  }
  SimResult R = Sim.run(Values);

  std::vector<Comparison> Comparisons;
  int Exit = 0;
  if (R.St == SimResult::Status::Finished) {
    if (Error E = finishArgs(*Args, M, RTol, ATol, Comparisons))
      return fail(toString(std::move(E)));
  } else {
    Exit = 1;
  }
  if (Trace)
    if (Error E = writeTrace(*Trace))
      return fail(toString(std::move(E)));
  if (Error E = printReport(*P, R, MP, Sim, Comparisons, *Args))
    return fail(toString(std::move(E)));
  if (reportCheckErrors(Sim, Comparisons, *Args))
    Exit = 1;
  return Exit;
}
