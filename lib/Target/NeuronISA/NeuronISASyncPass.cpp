//===-- NeuronISASyncPass.cpp - Inter-engine synchronization pass ---------===//
//
// The pass "neuronisa-sync" (addPreEmitPass: after register allocation and
// block placement), in the manner of SIInsertWaitcnts: one class that runs
// on a MachineFunction (NeuronISASync::run), and thin wrappers for both pass
// managers around it:
//   - NeuronISASyncLegacy, the legacy pass of the codegen pipeline and of
//     `llc -run-pass=neuronisa-sync`;
//   - NeuronISASyncPass (NeuronISASyncPass.h), the new pass manager's,
//     `llc -passes=neuronisa-sync` (NeuronISAPassRegistry.def).
// run() checks that a function compiled in precise or barrier mode carries
// no hand-written synchronization, computes the dependences
// (NeuronISADependenceAnalysis), runs NeuronISAPreciseSync or
// NeuronISABarrierSync through one SyncGenerator, emits the remarks, and
// writes the dump for the translation validator (-neuronisa-sync-dump, see
// NeuronISASyncDump.h) once the algorithm ran.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncPass.h"
#include "NeuronISA.h"
#include "NeuronISABarrierSync.h"
#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncDump.h"
#include "NeuronISASyncGenerator.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

namespace {
enum class SyncMode { Precise, Barrier, None };
} // namespace

static cl::opt<SyncMode> SyncModeOpt(
    "neuronisa-sync", cl::Hidden,
    cl::desc("NeuronISA inter-engine synchronization"),
    cl::init(SyncMode::Precise),
    cl::values(clEnumValN(SyncMode::Precise, "precise",
                          "barrier-free, exact dynamic thresholds (default)"),
               clEnumValN(SyncMode::Barrier, "barrier",
                          "baseline: a barrier at every loop iteration "
                          "boundary, constant thresholds between"),
               clEnumValN(SyncMode::None, "none",
                          "insert nothing; keep hand-written "
                          "synchronization")));

static cl::opt<bool> SplitAgentsOpt(
    "neuronisa-sync-split-agents", cl::Hidden, cl::init(true),
    cl::desc("Precise mode: where waits fall back for lack of registers, "
             "retry with the agents concerned split by producer block into "
             "sub-agents with semaphores of their own, and keep the plan "
             "with fewer fallen-back waits"));

static cl::opt<bool> SplitBySiteOpt(
    "neuronisa-sync-split-by-site", cl::Hidden, cl::init(true),
    cl::desc("Precise mode: where a plan with agents split by producer block "
             "still has waits falling back, also try it with the sub-agents "
             "of blocks in loops split by producer site (their counts all "
             "become the block's executions: one counter per block), and "
             "keep the better plan"));

static cl::opt<bool> SplitTargetedOpt(
    "neuronisa-sync-split-targeted", cl::Hidden, cl::init(false),
    cl::desc("Precise mode: where the splits by block and by site of the "
             "agents concerned still have waits falling back (or their "
             "counters do not fit), also try splitting off only the blocks "
             "of the producers whose waits fell back, and keep the better "
             "plan (an experiment: docs/Synchronization.md, 'Sub-agents "
             "by site')"));

static cl::opt<unsigned> SplitPlans(
    "neuronisa-sync-split-plans", cl::Hidden, cl::init(6),
    cl::desc("Precise mode: at most this many plans with split agents per "
             "function (compile time)"));

static cl::opt<unsigned> SplitSiteBudget(
    "neuronisa-sync-split-site-budget", cl::Hidden, cl::init(4096),
    cl::desc("Precise mode: plans with split agents of each kind per "
             "function at most this many sites in all (each plans the whole "
             "function again; compile time): fewer than "
             "-neuronisa-sync-split-plans in functions of more than "
             "budget / split-plans sites, none above the budget"));

static cl::opt<bool> ExplainSplitsOpt(
    "neuronisa-sync-explain-splits", cl::Hidden,
    cl::desc("Print to stderr one line per plan with split agents: the "
             "agents split, by block or by site, the sync agents, and the "
             "waits falling back or why the counters do not fit (a "
             "measurement aid)"));

bool NeuronISA::isPreciseSyncRequested() {
  return SyncModeOpt == SyncMode::Precise;
}

namespace {

/// One plan of the precise algorithm: its dependences (the function's, or a
/// copy with agents split), its report and its generator. Not movable: the
/// generator points at the report.
struct PrecisePlan {
  std::unique_ptr<EngineDependences> SplitDeps; // null: the function's
  const EngineDependences *Deps;
  SyncReport Report;
  std::unique_ptr<SyncGenerator> Gen;
  std::unique_ptr<PreciseSync> Sync;
  bool Planned = false;

  PrecisePlan(MachineFunction &MF, const EngineDependences &FunctionDeps,
              std::unique_ptr<EngineDependences> Split,
              const MachineLoopInfo &MLI, unsigned FreeRegs)
      : SplitDeps(std::move(Split)),
        Deps(SplitDeps ? SplitDeps.get() : &FunctionDeps) {
    Report.FreeRegs = FreeRegs;
    Gen = std::make_unique<SyncGenerator>(MF, *Deps, MLI, Report);
    Sync = std::make_unique<PreciseSync>(*Gen);
    Planned = Sync->plan(/*CountersFirst=*/SplitDeps != nullptr);
  }
  PrecisePlan(const PrecisePlan &) = delete;
  PrecisePlan &operator=(const PrecisePlan &) = delete;
};

/// The hardware agents of the waits that fell back in Plan, those with the
/// most fallen-back waits first.
static SmallVector<AgentId, 8> fallenBackAgents(const PrecisePlan &Plan) {
  unsigned Waits[NumAgents] = {};
  for (const SyncReport::Fallback &FB : Plan.Report.Fallbacks)
    Waits[Plan.Deps->hardwareAgent(FB.Agent)] += FB.Consumers.size();
  SmallVector<AgentId, 8> Agents;
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Waits[F])
      Agents.push_back(F);
  llvm::stable_sort(Agents, [&](AgentId A, AgentId B) {
    return Waits[A] > Waits[B];
  });
  return Agents;
}

/// How a plan splits the agents of its mask (EngineDependences::splitAgents).
enum class SplitKind {
  Block,   // every producer block of theirs is a sub-agent
  Site,    // and, in loops, every producer site (where ids are left)
  Targeted // only the blocks of producers whose waits fell back
};

/// One line of -neuronisa-sync-explain-splits.
static void explainSplitPlan(const PrecisePlan &Plan, uint32_t Mask,
                             SplitKind Kind) {
  const SyncReport &R = Plan.Report;
  errs() << "split-plan: " << Plan.Gen->getFunction().getName() << " agents";
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Mask & (1u << F))
      errs() << ' ' << agentName(F);
  errs() << " by="
         << (!Mask                          ? "none"
             : Kind == SplitKind::Site      ? "site"
             : Kind == SplitKind::Targeted ? "targeted-block"
                                            : "block")
         << " sync-agents=" << Plan.Deps->numSyncAgents()
         << " site-agents=" << Plan.Deps->numSiteSubAgents()
         << " free=" << R.FreeRegs;
  if (!Plan.Planned) {
    errs() << " counters-do-not-fit: "
           << (R.Fallbacks.empty() ? "" : R.Fallbacks.front().Why) << '\n';
    return;
  }
  errs() << " counters=" << R.CounterRegs
         << " fallback-waits=" << R.countFallbackWaits() << '\n';
}

/// Marks in Targets the sites in the blocks of the producers of the groups
/// whose waits fell back in Plan, of the same hardware unit as the
/// producer: splitting off these blocks alone may serve those waits with
/// fewer sub-agents, hence fewer counters, than splitting every block of
/// the unit. (A fallback names its sync agent and consumers; every group of
/// that agent with one of those consumers is taken.)
static void markFallenBackBlocks(const PrecisePlan &Plan, BitVector &Targets) {
  const EngineDependences &D = *Plan.Deps;
  for (const SyncReport::Fallback &FB : Plan.Report.Fallbacks) {
    for (unsigned C : FB.Consumers)
      for (unsigned GI : D.consumerGroups(C)) {
        const DependenceGroup &G = D.groups()[GI];
        if (G.Producer != FB.Agent)
          continue;
        AgentId Unit = D.hardwareAgent(G.Producer);
        for (unsigned P : G.Producers)
          for (unsigned S : D.blockSites(*D.sites()[P].MBB))
            if (D.hardwareAgent(D.sites()[S].Agent) == Unit)
              Targets.set(S);
      }
  }
}

/// The precise plan for MF: the plain one, or, where waits of it fall back
/// for lack of registers, a plan with agents concerned split into
/// sub-agents by producer block (docs/Synchronization.md, "Sub-agents") if
/// fewer waits fall back there and its counters fit. Each step splits the
/// agents of the waits still falling back in the latest plan that fit (it
/// may have more than the best, and lead to a better one); where their
/// counters do not fit, one agent at a time instead (most fallen-back waits
/// first), each kept if it leaves fewer waits falling back. Each split by
/// block that is not perfect is also tried with the blocks in loops split
/// by site ("Sub-agents by site": fewer counters), and, with
/// -neuronisa-sync-split-targeted, with only the blocks of the fallen-back
/// producers split off. At most SplitPlans plans of each kind beside the
/// plain one. Null when the plain plan's counters do not fit (Report then
/// says so).
static std::unique_ptr<PrecisePlan>
planPrecise(MachineFunction &MF, const EngineDependences &Deps,
            const MachineLoopInfo &MLI, SyncReport &Report) {
  auto Best = std::make_unique<PrecisePlan>(MF, Deps, nullptr, MLI,
                                            Report.FreeRegs);
  if (!Best->Planned) {
    Report = Best->Report;
    return nullptr;
  }
  unsigned BestWaits = Best->Report.countFallbackWaits();
  if (!SplitAgentsOpt || !BestWaits)
    return Best;
  if (ExplainSplitsOpt)
    explainSplitPlan(*Best, 0, SplitKind::Block);
  SyncReport::AgentSplit Info;
  Info.FallbackWaitsBefore = BestWaits;
  Info.FallbackWaitsAfter = ~0u;
  unsigned NumSites = std::max<size_t>(Deps.sites().size(), 1);
  unsigned MaxPlans = std::min<unsigned>(SplitPlans, SplitSiteBudget / NumSites);
  if (!MaxPlans) {
    Info.TooManySites = NumSites;
    Best->Report.Split = Info;
    return Best;
  }
  uint32_t Split = 0, Tried = 0, BestSplit = 0;
  // Plans of each SplitKind: those by site and targeted only add to the
  // search by block, each with a budget of its own.
  unsigned Plans[3] = {};
  std::unique_ptr<PrecisePlan> LastOwned; // the latest plan, if not Best
  const PrecisePlan *Last = Best.get();
  // The sites in the blocks of the producers whose waits fell back in some
  // plan so far, of the same hardware unit (the targeted split).
  BitVector Targets(Deps.sites().size());
  // Only with the targeted split: the walk visits every fallen-back wait's
  // groups, which is most of the function where fallbacks are many.
  auto AddTargets = [&](const PrecisePlan &Plan) {
    if (SplitTargetedOpt)
      markFallenBackBlocks(Plan, Targets);
  };
  AddTargets(*Best);
  // A plan with the agents of Mask split by block (Kind: also the blocks in
  // loops by site; or only the blocks of Targets); null if nothing was
  // split (MinMade: no more sub-agents than that) or its counters do not
  // fit.
  auto PlanWith = [&](uint32_t Mask, SplitKind Kind, unsigned &Made,
                      unsigned MinMade) -> std::unique_ptr<PrecisePlan> {
    ++Plans[unsigned(Kind)];
    auto SplitDeps = std::make_unique<EngineDependences>(Deps);
    Made = SplitDeps->splitAgents(Mask, Kind == SplitKind::Site ? &MLI : nullptr,
                                  Kind == SplitKind::Targeted ? &Targets
                                                              : nullptr);
    if (Made <= MinMade)
      return nullptr;
    auto Plan = std::make_unique<PrecisePlan>(MF, Deps, std::move(SplitDeps),
                                              MLI, Report.FreeRegs);
    if (ExplainSplitsOpt)
      explainSplitPlan(*Plan, Mask, Kind);
    if (!Plan->Planned)
      return nullptr;
    Info.FallbackWaitsAfter =
        std::min(Info.FallbackWaitsAfter, Plan->Report.countFallbackWaits());
    return Plan;
  };
  // The split by block; where that leaves waits falling back or its
  // counters do not fit, the split by site, then the split of the blocks
  // whose producers fell back only; the one with the fewest fallen-back
  // waits (the earlier on a tie).
  auto PlanSplit = [&](uint32_t Mask) -> std::unique_ptr<PrecisePlan> {
    unsigned ByBlock = 0, Made = 0;
    auto Plan = PlanWith(Mask, SplitKind::Block, ByBlock, 0);
    auto Better = [&](std::unique_ptr<PrecisePlan> Other) {
      if (Other && (!Plan || Other->Report.countFallbackWaits() <
                                 Plan->Report.countFallbackWaits()))
        Plan = std::move(Other);
    };
    auto Wanted = [&](SplitKind Kind) {
      return (!Plan || Plan->Report.countFallbackWaits()) &&
             Plans[unsigned(Kind)] < MaxPlans;
    };
    if (SplitBySiteOpt && Wanted(SplitKind::Site))
      Better(PlanWith(Mask, SplitKind::Site, Made, ByBlock));
    if (SplitTargetedOpt && Wanted(SplitKind::Targeted))
      Better(PlanWith(Mask, SplitKind::Targeted, Made, 0));
    if (Plan)
      AddTargets(*Plan);
    return Plan;
  };
  auto Adopt = [&](std::unique_ptr<PrecisePlan> Plan) {
    unsigned Waits = Plan->Report.countFallbackWaits();
    if (Waits < BestWaits) {
      Best = std::move(Plan);
      BestWaits = Waits;
      BestSplit = Split;
      LastOwned.reset();
      Last = Best.get();
    } else {
      LastOwned = std::move(Plan);
      Last = LastOwned.get();
    }
  };
  while (BestWaits && Plans[0] < MaxPlans) {
    SmallVector<AgentId, 8> Agents = fallenBackAgents(*Last);
    llvm::erase_if(Agents, [&](AgentId F) { return Tried & (1u << F); });
    if (Agents.empty())
      break;
    uint32_t All = 0;
    for (AgentId F : Agents)
      All |= 1u << F;
    Tried |= All;
    if (auto Plan = PlanSplit(Split | All)) {
      Split |= All;
      Adopt(std::move(Plan));
      continue;
    }
    bool Improved = false;
    for (AgentId F : Agents) {
      if (Plans[0] >= MaxPlans)
        break;
      auto Plan = PlanSplit(Split | (1u << F));
      if (Plan && Plan->Report.countFallbackWaits() < BestWaits) {
        Split |= 1u << F;
        Adopt(std::move(Plan));
        Improved = true;
      }
    }
    if (!Improved)
      break;
  }
  uint32_t Named = BestSplit ? BestSplit : Tried;
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Named & (1u << F))
      Info.Split.push_back(F);
  Info.Kept = BestSplit != 0;
  Info.SyncAgents = Best->Report.Semaphores;
  Info.SiteAgents = Best->Deps->numSiteSubAgents();
  Info.OnlySome = Best->Deps->splitOnlySome();
  Best->Report.Split = Info;
  return Best;
}

/// The pass itself, independent of the pass manager that runs it.
class NeuronISASync {
public:
  NeuronISASync(const MachineLoopInfo &MLI,
                MachineOptimizationRemarkEmitter &ORE, ScalarEvolution *SE,
                AAResults *AA)
      : MLI(MLI), ORE(ORE), SE(SE), AA(AA) {}

  /// Returns whether MF changed; sets CFGChanged when a block was added.
  bool run(MachineFunction &MF, bool &CFGChanged);

private:
  const MachineLoopInfo &MLI;
  MachineOptimizationRemarkEmitter &ORE;
  ScalarEvolution *SE;
  AAResults *AA;

  bool rejectHandWrittenSync(MachineFunction &MF, SyncMode Mode);
};

class NeuronISASyncLegacy : public MachineFunctionPass {
public:
  static char ID;
  NeuronISASyncLegacy() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "NeuronISA inter-engine synchronization";
  }
  // Not setPreservesCFG: a function whose entry block has predecessors
  // (hand-written MIR) gets a new entry block.
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    // The IR still exists: the addresses of HBM accesses at run-time offsets.
    AU.addRequired<ScalarEvolutionWrapperPass>();
    // Scoped-noalias tags of memory operands, at every optimization level
    // (llc's -O0 pipeline has no ScopedNoAliasAA of its own).
    AU.addRequired<ScopedNoAliasAAWrapperPass>();
    AU.addRequired<AAResultsWrapperPass>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  MachineFunctionProperties getRequiredProperties() const override {
    return MachineFunctionProperties().setNoVRegs();
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    bool CFGChanged;
    return NeuronISASync(
               getAnalysis<MachineLoopInfoWrapperPass>().getLI(),
               getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE(),
               &getAnalysis<ScalarEvolutionWrapperPass>().getSE(),
               &getAnalysis<AAResultsWrapperPass>().getAAResults())
        .run(MF, CFGChanged);
  }
};

} // namespace

char NeuronISASyncLegacy::ID = 0;

INITIALIZE_PASS_BEGIN(NeuronISASyncLegacy, DEBUG_TYPE,
                      "NeuronISA inter-engine synchronization", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_DEPENDENCY(ScalarEvolutionWrapperPass)
INITIALIZE_PASS_DEPENDENCY(ScopedNoAliasAAWrapperPass)
INITIALIZE_PASS_DEPENDENCY(AAResultsWrapperPass)
INITIALIZE_PASS_END(NeuronISASyncLegacy, DEBUG_TYPE,
                    "NeuronISA inter-engine synchronization", false, false)

FunctionPass *llvm::createNeuronISASyncPass() {
  return new NeuronISASyncLegacy();
}

PreservedAnalyses NeuronISASyncPass::run(MachineFunction &MF,
                                         MachineFunctionAnalysisManager &MFAM) {
  FunctionAnalysisManager &FAM =
      MFAM.getResult<FunctionAnalysisManagerMachineFunctionProxy>(MF)
          .getManager();
  Function &F = MF.getFunction();
  bool CFGChanged;
  if (!NeuronISASync(MFAM.getResult<MachineLoopAnalysis>(MF),
                     MFAM.getResult<MachineOptimizationRemarkEmitterAnalysis>(MF),
                     &FAM.getResult<ScalarEvolutionAnalysis>(F),
                     &FAM.getResult<AAManager>(F))
           .run(MF, CFGChanged))
    return PreservedAnalyses::all();
  PreservedAnalyses PA = getMachineFunctionPassPreservedAnalyses();
  if (!CFGChanged)
    PA.preserveSet<CFGAnalyses>();
  return PA;
}

/// In precise and barrier modes the pass owns every semaphore: hand-written
/// synchronization would be clobbered or would clobber ours. (Operand
/// ranges, such as a DMA queue's, are NeuronISAInstrInfo::verifyInstruction's
/// job: no instruction that fails it reaches this pass.)
bool NeuronISASync::rejectHandWrittenSync(MachineFunction &MF,
                                          SyncMode Mode) {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  const Function &F = MF.getFunction();
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB) {
      const MCInstrDesc &D = MI.getDesc();
      bool HandWritten = isSync(D);
      if (!HandWritten && isDataPath(D)) {
        const MachineOperand *Sem =
            NeuronISAInstrInfo::getNamedOperand(MI, OpName::sem);
        HandWritten = Sem && Sem->isReg() && Sem->getReg() != NeuronISA::SNONE;
      }
      if (!HandWritten)
        continue;
      F.getContext().diagnose(DiagnosticInfoUnsupported(
          F,
          Twine("hand-written synchronization (") + TII.getName(MI.getOpcode()) +
              (isSync(D) ? "" : " with a completion semaphore") +
              ") in a function compiled with -neuronisa-sync=" +
              (Mode == SyncMode::Precise ? "precise" : "barrier") +
              "; compile with -neuronisa-sync=none to keep it as written",
          MI.getDebugLoc()));
      return true;
    }
  return false;
}

/// The analyses need an entry block without predecessors (the counters are
/// initialized there, once). Returns whether it added one.
static bool ensureEntryHasNoPredecessors(MachineFunction &MF) {
  MachineBasicBlock &Old = MF.front();
  if (Old.pred_empty())
    return false;
  MachineBasicBlock *New = MF.CreateMachineBasicBlock();
  MF.insert(MF.begin(), New);
  New->addSuccessor(&Old);
  for (const auto &LI : Old.liveins())
    New->addLiveIn(LI);
  return true;
}

bool NeuronISASync::run(MachineFunction &MF, bool &CFGChanged) {
  CFGChanged = false;
  SyncMode Mode = SyncModeOpt;
  if (Mode == SyncMode::None || rejectHandWrittenSync(MF, Mode))
    return false;

  EngineDependences Deps;
  {
    SyncPhaseTimer T("dependences", "Dependence analysis");
    Deps.analyze(MF, SE, AA);
  }
  LLVM_DEBUG(dbgs() << "neuronisa-sync: " << MF.getName() << ": "
                    << Deps.sites().size() << " sites, "
                    << Deps.groups().size() << " dependence groups\n");
  SyncReport Report;
  Report.FreeRegs = SyncRegisterPool(MF).size();
  bool Precise = Mode == SyncMode::Precise;
  bool Changed = false;
  std::unique_ptr<PrecisePlan> Plan;
  if (!Deps.groups().empty()) {
    if (ensureEntryHasNoPredecessors(MF)) {
      // Block numbers and sites are unchanged; the new block has none.
      CFGChanged = true;
      Deps.analyze(MF, SE, AA);
    }
    if (Precise) {
      Plan = planPrecise(MF, Deps, MLI, Report);
      if (Plan) {
        Plan->Sync->emitPlan();
        Report = Plan->Report;
        errs() << Plan->Sync->getExplanation();
      } else {
        Precise = false;
      }
    }
    if (!Precise) {
      SyncGenerator Gen(MF, Deps, MLI, Report);
      BarrierSync(Gen).run();
    }
    Changed = true;
  }
  // The agents of the synchronization emitted (sub-agents if split).
  const EngineDependences &Emitted = Plan ? *Plan->Deps : Deps;
  emitSyncRemarks(MF, MLI, Emitted, Report, Precise, ORE);
  if (isSyncDumpRequested()) {
    SmallVector<std::string, 2> Why;
    for (const SyncReport::Fallback &FB : Report.Fallbacks)
      Why.push_back(FB.Why);
    dumpSyncForValidation(MF, Emitted, Precise ? "precise" : "barrier", Why);
  }
  return Changed;
}
