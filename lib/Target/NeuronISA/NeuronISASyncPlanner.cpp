//===-- NeuronISASyncPlanner.cpp - The search among precise plans ---------===//
//
// planPrecise: the plain plan, then, while waits fall back, plans with the
// agents of the fallen-back waits split into sub-agents (PlanSearch). Each
// plan is a whole run of PreciseSync::plan on a copy of the dependences;
// the options bound how many are tried (compile time).
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncPlanner.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

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
    cl::desc("An analysis remark (ExplainSplits) per plan with split "
             "agents: the agents split, by block or by site, the sync "
             "agents, and the waits falling back or why the counters do not "
             "fit (a measurement aid; shown with "
             "-pass-remarks-analysis=neuronisa-sync)"));

/// How many plans with split agents of each kind the search may make for
/// a function with Deps (0: none).
static unsigned maxSplitPlans(const EngineDependences &Deps) {
  if (!SplitAgentsOpt)
    return 0;
  unsigned NumSites = std::max<size_t>(Deps.sites().size(), 1);
  return std::min<unsigned>(SplitPlans, SplitSiteBudget / NumSites);
}

PrecisePlan::PrecisePlan(MachineFunction &MF,
                         const EngineDependences &FunctionDeps,
                         std::unique_ptr<EngineDependences> Split,
                         const MachineLoopInfo &MLI, unsigned FreeRegs,
                         const PreciseSync::PlainFacts *Plain)
    : SplitDeps(std::move(Split)),
      Deps(SplitDeps ? SplitDeps.get() : &FunctionDeps) {
  Report.FreeRegs = FreeRegs;
  Gen = std::make_unique<SyncGenerator>(MF, *Deps, MLI, Report);
  Sync = std::make_unique<PreciseSync>(*Gen);
  if (SplitDeps)
    Planned = Sync->plan(/*CountersFirst=*/true, Plain);
  else
    Planned = Sync->plan(/*CountersFirst=*/false, nullptr,
                         maxSplitPlans(FunctionDeps) ? &Facts : nullptr);
}

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

namespace {
/// How a plan splits the agents of its mask (EngineDependences::splitAgents).
enum class SplitKind {
  Block, // every producer block of theirs is a sub-agent
  Site   // and, in loops, every producer site (where ids are left)
};
} // namespace

/// One line of -neuronisa-sync-explain-splits, added to Info (an analysis
/// remark ExplainSplits of the plan emitted, emitSyncRemarks).
static void explainSplitPlan(const PrecisePlan &Plan, uint32_t Mask,
                             SplitKind Kind, SyncReport::AgentSplit &Info) {
  const SyncReport &R = Plan.Report;
  raw_string_ostream OS(Info.PlanLines.emplace_back());
  OS << "split-plan: " << Plan.Gen->getFunction().getName() << " agents";
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Mask & (1u << F))
      OS << ' ' << agentName(F);
  OS << " by="
     << (!Mask                     ? "none"
         : Kind == SplitKind::Site ? "site"
                                   : "block")
     << " sync-agents=" << Plan.Deps->numSyncAgents()
     << " site-agents=" << Plan.Deps->numSiteSubAgents()
     << " free=" << R.FreeRegs;
  if (!Plan.Planned) {
    OS << " counters-do-not-fit: "
       << (R.Fallbacks.empty() ? "" : R.Fallbacks.front().Why);
    return;
  }
  OS << " counters=" << R.CounterRegs
     << " fallback-waits=" << R.countFallbackWaits();
}

namespace {

/// The search of planPrecise once the plain plan has waits falling back:
/// each step splits the agents of the waits still falling back in the
/// latest plan that fit (it may have more than the best, and lead to a
/// better one); where their counters do not fit, one agent at a time
/// instead (most fallen-back waits first), each kept if it leaves fewer
/// waits falling back. Each split by block that is not perfect is also
/// tried with the blocks in loops split by site ("Sub-agents by site":
/// fewer counters). At most MaxPlans plans of each kind beside the plain
/// one.
class PlanSearch {
public:
  PlanSearch(MachineFunction &MF, const EngineDependences &Deps,
             const MachineLoopInfo &MLI, std::unique_ptr<PrecisePlan> Plain,
             const SyncReport::AgentSplit &Info, unsigned MaxPlans)
      : MF(MF), Deps(Deps), MLI(MLI), FreeRegs(Plain->Report.FreeRegs),
        MaxPlans(MaxPlans), Info(Info), Best(std::move(Plain)),
        BestWaits(Best->Report.countFallbackWaits()), Last(Best.get()),
        Facts(std::move(Best->Facts)) {}

  /// The best plan found; its report says what was tried.
  std::unique_ptr<PrecisePlan> run();

private:
  MachineFunction &MF;
  const EngineDependences &Deps;
  const MachineLoopInfo &MLI;
  unsigned FreeRegs;
  unsigned MaxPlans;
  SyncReport::AgentSplit Info;
  std::unique_ptr<PrecisePlan> Best;
  unsigned BestWaits;
  uint32_t Split = 0, Tried = 0, BestSplit = 0;
  // Plans of each SplitKind: those by site only add to the search by
  // block, with a budget of their own.
  unsigned Plans[2] = {};
  std::unique_ptr<PrecisePlan> LastOwned; // the latest plan, if not Best
  const PrecisePlan *Last;
  /// The plain plan's facts (Best may change).
  PreciseSync::PlainFacts Facts;

  std::unique_ptr<PrecisePlan> planWith(uint32_t Mask, SplitKind Kind,
                                        unsigned &Made, unsigned MinMade);
  std::unique_ptr<PrecisePlan> planSplit(uint32_t Mask);
  void adopt(std::unique_ptr<PrecisePlan> Plan);
  bool step();
};

} // namespace

// A plan with the agents of Mask split by block (Kind: also the blocks in
// loops by site); null if nothing was
// split (MinMade: no more sub-agents than that) or its counters do not
// fit.
std::unique_ptr<PrecisePlan> PlanSearch::planWith(uint32_t Mask,
                                                  SplitKind Kind,
                                                  unsigned &Made,
                                                  unsigned MinMade) {
  ++Plans[unsigned(Kind)];
  auto SplitDeps = std::make_unique<EngineDependences>(Deps);
  Made = SplitDeps->splitAgents(Mask, Kind == SplitKind::Site ? &MLI : nullptr);
  if (Made <= MinMade)
    return nullptr;
  auto Plan = std::make_unique<PrecisePlan>(MF, Deps, std::move(SplitDeps),
                                            MLI, FreeRegs, &Facts);
  if (ExplainSplitsOpt)
    explainSplitPlan(*Plan, Mask, Kind, Info);
  if (!Plan->Planned)
    return nullptr;
  Info.FallbackWaitsAfter =
      std::min(Info.FallbackWaitsAfter, Plan->Report.countFallbackWaits());
  return Plan;
}

// The split by block; where that leaves waits falling back or its
// counters do not fit, the split by site; the one with the fewest
// fallen-back waits (the earlier on a tie).
std::unique_ptr<PrecisePlan> PlanSearch::planSplit(uint32_t Mask) {
  unsigned ByBlock = 0, Made = 0;
  auto Plan = planWith(Mask, SplitKind::Block, ByBlock, 0);
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
    Better(planWith(Mask, SplitKind::Site, Made, ByBlock));
  return Plan;
}

/// Plan becomes the best if fewer waits fall back in it; the latest
/// either way.
void PlanSearch::adopt(std::unique_ptr<PrecisePlan> Plan) {
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
}

/// One step of the search: the agents of the latest plan's fallen-back
/// waits not tried yet, all together, else one at a time. Returns whether
/// to go on.
bool PlanSearch::step() {
  SmallVector<AgentId, 8> Agents = fallenBackAgents(*Last);
  llvm::erase_if(Agents, [&](AgentId F) { return Tried & (1u << F); });
  if (Agents.empty())
    return false;
  uint32_t All = 0;
  for (AgentId F : Agents)
    All |= 1u << F;
  Tried |= All;
  if (auto Plan = planSplit(Split | All)) {
    Split |= All;
    adopt(std::move(Plan));
    return true;
  }
  bool Improved = false;
  for (AgentId F : Agents) {
    if (Plans[0] >= MaxPlans)
      break;
    auto Plan = planSplit(Split | (1u << F));
    if (Plan && Plan->Report.countFallbackWaits() < BestWaits) {
      Split |= 1u << F;
      adopt(std::move(Plan));
      Improved = true;
    }
  }
  return Improved;
}

std::unique_ptr<PrecisePlan> PlanSearch::run() {
  while (BestWaits && Plans[0] < MaxPlans)
    if (!step())
      break;
  uint32_t Named = BestSplit ? BestSplit : Tried;
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Named & (1u << F))
      Info.Split.push_back(F);
  Info.Kept = BestSplit != 0;
  Info.SyncAgents = Best->Report.Semaphores;
  Info.SiteAgents = Best->Deps->numSiteSubAgents();
  Best->Report.Split = Info;
  return std::move(Best);
}

/// The plain plan; where waits of it fall back for lack of registers and
/// the function is small enough (-neuronisa-sync-split-site-budget), the
/// best of the plans with agents split (PlanSearch) if fewer waits fall
/// back there and its counters fit.
std::unique_ptr<PrecisePlan>
NeuronISA::planPrecise(MachineFunction &MF, const EngineDependences &Deps,
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
  SyncReport::AgentSplit Info;
  if (ExplainSplitsOpt)
    explainSplitPlan(*Best, 0, SplitKind::Block, Info);
  Info.FallbackWaitsBefore = BestWaits;
  Info.FallbackWaitsAfter = ~0u;
  unsigned MaxPlans = maxSplitPlans(Deps);
  if (!MaxPlans) {
    Info.TooManySites = Deps.sites().size();
    Best->Report.Split = Info;
    return Best;
  }
  return PlanSearch(MF, Deps, MLI, std::move(Best), Info, MaxPlans).run();
}
