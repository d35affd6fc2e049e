//===-- NeuronISASyncRemarks.cpp - What the sync pass reports -------------===//
//
// The optimization remarks of neuronisa-sync, from the SyncReport of the
// algorithm that ran: totals and resources, one per loop, the split of
// agents, fallbacks, and the waits that may hold their consumer longer than
// its dependences require.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncRemarks.h"
#include "NeuronISASyncGenerator.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include <string>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

static unsigned countBarriersAvoided(const MachineLoopInfo &MLI) {
  unsigned N = 0;
  SmallVector<const MachineLoop *, 8> Work(MLI.begin(), MLI.end());
  while (!Work.empty()) {
    const MachineLoop *L = Work.pop_back_val();
    N += getLoopBarrierCount(*L);
    Work.append(L->begin(), L->end());
  }
  return N;
}

/// "ACT_EXP (data-path instruction 2 of %bb.3 'loop')": where site S is,
/// as the assembly shows it (the block's label .LBB<f>_<n> or comment
/// %bb.<n>) and as the IR names its block.
static std::string describeSite(const EngineDependences &Deps, unsigned S) {
  const SyncSite &Site = Deps.sites()[S];
  const MachineFunction &MF = *Site.MBB->getParent();
  std::string Out =
      MF.getSubtarget().getInstrInfo()->getName(Site.MI->getOpcode()).str();
  Out += " (data-path instruction " +
         std::to_string(S - *Deps.blockSites(*Site.MBB).begin()) + " of %bb." +
         std::to_string(Site.MBB->getNumber());
  if (const BasicBlock *BB = Site.MBB->getBasicBlock())
    if (BB->hasName())
      Out += " '" + BB->getName().str() + "'";
  return Out + ")";
}

/// A missed remark on the wait of consumer C for agent F that may hold C
/// longer than its dependences require: it names the waiting instruction
/// (its block, its index among the block's data-path instructions, its
/// debug location), the agent, the producer P whose conflict is coarse
/// (-1: none in particular) and why. The YAML arguments Block and Index are
/// what utils/kernelgen/differential.py matches against the simulator's
/// over-synchronized waits.
static void emitWaitRemark(MachineOptimizationRemarkEmitter &ORE,
                           const EngineDependences &Deps, StringRef Name,
                           unsigned C, AgentId F, int P, StringRef Why) {
  const SyncSite &Site = Deps.sites()[C];
  ORE.emit([&]() {
    MachineOptimizationRemarkMissed Rem(
        DEBUG_TYPE, Name, DiagnosticLocation(Site.MI->getDebugLoc()),
        Site.MBB);
    Rem << "wait of " << ore::NV("Consumer", describeSite(Deps, C))
        << " for " << ore::NV("Agent", Deps.syncAgentName(F));
    if (P >= 0)
      Rem << " (producer " << ore::NV("Producer", describeSite(Deps, P))
          << ")";
    Rem << " may be over-synchronized: " << ore::NV("Reason", Why)
        << "; block " << ore::NV("Block", Site.MBB->getNumber()) << " index "
        << ore::NV("Index",
                   unsigned(C - *Deps.blockSites(*Site.MBB).begin()));
    return Rem;
  });
}

/// One remark per (consumer, agent) whose dependence groups hold a producer
/// whose conflict with the consumer is coarser than the instance waited for
/// (EngineDependences::explainConflict). Only when the remarks are wanted:
/// the explanations ask ScalarEvolution for every such pair.
static void emitImpreciseWaitRemarks(MachineOptimizationRemarkEmitter &ORE,
                                     const EngineDependences &Deps) {
  if (!ORE.allowExtraAnalysis(DEBUG_TYPE))
    return;
  ArrayRef<DependenceGroup> Groups = Deps.groups();
  for (unsigned C = 0; C < Deps.sites().size(); ++C) {
    SyncAgentMask Remarked = 0;
    for (unsigned GI : Deps.consumerGroups(C)) {
      const DependenceGroup &G = Groups[GI];
      if (Remarked & syncAgentBit(G.Producer))
        continue;
      for (unsigned P : G.Producers) {
        ConflictExplanation E = Deps.explainConflict(P, C);
        if (E.Kind == ConflictImprecision::None)
          continue;
        emitWaitRemark(ORE, Deps, "ImpreciseDependence", C, G.Producer,
                       int(P), describeImprecision(E));
        Remarked |= syncAgentBit(G.Producer);
        break;
      }
    }
  }
}

/// The function's totals (SyncInserted) and resources (SyncResources).
static void emitTotalRemarks(const MachineFunction &MF,
                             const MachineLoopInfo &MLI,
                             const EngineDependences &Deps,
                             const SyncReport &R, bool Precise,
                             MachineOptimizationRemarkEmitter &ORE) {
  const MachineBasicBlock *Entry = &MF.front();
  DiagnosticLocation Loc(MF.getFunction().getSubprogram());
  const SyncReport::Counts &T = R.Total;
  ORE.emit([&]() {
    MachineOptimizationRemark Rem(DEBUG_TYPE, "SyncInserted", Loc, Entry);
    Rem << (Precise ? "precise" : "barrier") << " synchronization: "
        << ore::NV("Waits", T.WaitsConst + T.WaitsDynamic) << " waits ("
        << ore::NV("DynamicWaits", T.WaitsDynamic) << " with a dynamic "
        << "threshold), " << ore::NV("ImpliedWaits", T.WaitsRedundant)
        << " implied waits dropped, " << ore::NV("IncSites", T.IncSites)
        << " increment sites, " << ore::NV("Bookkeeping", T.Bookkeeping)
        << " bookkeeping instructions, " << ore::NV("Barriers", T.Barriers)
        << " barriers, " << ore::NV("PadIncs", T.PadIncs)
        << " padding increments";
    if (Precise)
      Rem << "; barriers avoided: "
          << ore::NV("BarriersAvoided", countBarriersAvoided(MLI))
          << "; loop-invariant waits hoisted to preheaders: "
          << ore::NV("WaitsHoisted", R.WaitsHoisted);
    return Rem;
  });
  ORE.emit([&]() {
    return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "SyncResources", Loc,
                                             Entry)
           << ore::NV("Semaphores", R.Semaphores) << " semaphores, "
           << ore::NV("CounterRegs", R.CounterRegs) << " counter and "
           << ore::NV("SnapshotRegs", R.SnapshotRegs)
           << " snapshot registers of "
           << ore::NV("FreeRegs", R.FreeRegs) << " free, "
           << ore::NV("Sites", unsigned(Deps.sites().size()))
           << " data-path instructions, "
           << ore::NV("Groups", unsigned(Deps.groups().size()))
           << " dependence groups";
  });
}

/// Per loop, outermost first: what its own blocks (not its subloops) got
/// (LoopSync).
static void emitLoopRemarks(const MachineLoopInfo &MLI, const SyncReport &R,
                            bool Precise,
                            MachineOptimizationRemarkEmitter &ORE) {
  SmallVector<const MachineLoop *, 8> Work(MLI.begin(), MLI.end());
  while (!Work.empty()) {
    const MachineLoop *L = Work.pop_back_val();
    SyncReport::Counts C = R.PerLoop.lookup(L);
    const MachineBasicBlock *H = L->getHeader();
    ORE.emit([&]() {
      MachineOptimizationRemarkAnalysis Rem(DEBUG_TYPE, "LoopSync",
                                            L->getStartLoc(), H);
      Rem << "loop " << ore::NV("Header", H->getFullName()) << " (depth "
          << ore::NV("Depth", L->getLoopDepth()) << "): "
          << ore::NV("Waits", C.WaitsConst + C.WaitsDynamic) << " waits ("
          << ore::NV("DynamicWaits", C.WaitsDynamic) << " dynamic), "
          << ore::NV("IncSites", C.IncSites) << " increment sites, "
          << ore::NV("Bookkeeping", C.Bookkeeping)
          << " bookkeeping instructions, " << ore::NV("Barriers", C.Barriers)
          << " barriers";
      if (Precise)
        Rem << "; barriers avoided: "
            << ore::NV("BarriersAvoided", getLoopBarrierCount(*L));
      return Rem;
    });
    for (auto SI = L->rbegin(); SI != L->rend(); ++SI)
      Work.push_back(*SI);
  }
}

/// What became of the agents split into sub-agents (AgentsSplit, or
/// AgentsNotSplit when the split was not kept or not tried).
static void emitSplitRemark(const SyncReport::AgentSplit &S,
                            const DiagnosticLocation &Loc,
                            const MachineBasicBlock *Entry,
                            MachineOptimizationRemarkEmitter &ORE) {
  auto Names = [&]() {
    std::string N;
    for (AgentId F : S.Split)
      N += (N.empty() ? "" : ", ") + agentName(F);
    return N;
  };
  if (S.TooManySites)
    ORE.emit([&]() {
      return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "AgentsNotSplit",
                                               Loc, Entry)
             << "agents not split into sub-agents: "
             << ore::NV("Sites", S.TooManySites)
             << " synchronization sites, more than "
                "-neuronisa-sync-split-site-budget (compile time); waits "
                "falling back for lack of registers "
             << ore::NV("Before", S.FallbackWaitsBefore);
    });
  else if (S.Kept)
    ORE.emit([&]() {
      return MachineOptimizationRemark(DEBUG_TYPE, "AgentsSplit", Loc, Entry)
             << "agents " << ore::NV("Agents", Names())
             << " split by producer block"
             << (S.SiteAgents ? " and, in loops, by producer site" : "")
             << " into sub-agents with semaphores of their own ("
             << ore::NV("SyncAgents", S.SyncAgents) << " semaphores"
             << (S.SiteAgents ? ", " + std::to_string(S.SiteAgents) +
                                    " of them for single sites"
                              : std::string())
             << "): waits falling back for lack of registers "
             << ore::NV("Before", S.FallbackWaitsBefore) << " -> "
             << ore::NV("After", S.FallbackWaitsAfter);
    });
  else
    ORE.emit([&]() {
      return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "AgentsNotSplit",
                                               Loc, Entry)
             << "splitting agents " << ore::NV("Agents", Names())
             << " by producer block was tried and not kept: waits falling "
                "back for lack of registers "
             << ore::NV("Before", S.FallbackWaitsBefore)
             << ", with the split "
             << (S.FallbackWaitsAfter == ~0u
                     ? std::string("no room for the counters")
                     : std::to_string(S.FallbackWaitsAfter));
    });
}

/// The lines of the measurement aids (-neuronisa-sync-explain-splits and
/// -explain-snapshots), one analysis remark each.
static void emitExplainRemarks(ArrayRef<std::string> Lines, StringRef Name,
                               const DiagnosticLocation &Loc,
                               const MachineBasicBlock *Entry,
                               MachineOptimizationRemarkEmitter &ORE) {
  for (const std::string &Line : Lines)
    ORE.emit([&]() {
      return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, Name, Loc, Entry)
             << Line;
    });
}

void NeuronISA::emitSyncRemarks(MachineFunction &MF,
                                const MachineLoopInfo &MLI,
                                const EngineDependences &Deps,
                                const SyncReport &R, bool Precise,
                                MachineOptimizationRemarkEmitter &ORE) {
  const MachineBasicBlock *Entry = &MF.front();
  DiagnosticLocation Loc(MF.getFunction().getSubprogram());
  emitTotalRemarks(MF, MLI, Deps, R, Precise, ORE);
  emitLoopRemarks(MLI, R, Precise, ORE);
  if (R.Split) {
    emitExplainRemarks(R.Split->PlanLines, "ExplainSplits", Loc, Entry, ORE);
    emitSplitRemark(*R.Split, Loc, Entry, ORE);
  }
  emitExplainRemarks(R.Explained, "ExplainSnapshots", Loc, Entry, ORE);
  for (const SyncReport::Fallback &FB : R.Fallbacks) {
    ORE.emit([&]() {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "SyncFallback", Loc,
                                             FB.MBB ? FB.MBB : Entry)
             << ore::NV("Reason", FB.Why);
    });
    if (Precise)
      for (unsigned C : FB.Consumers)
        emitWaitRemark(ORE, Deps, "FallbackWait", C, FB.Agent, -1, FB.Why);
  }
  if (Precise)
    emitImpreciseWaitRemarks(ORE, Deps);
  if (Deps.NumOpaqueSites)
    ORE.emit([&]() {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "OpaqueAccess", Loc,
                                             Entry)
             << ore::NV("Count", Deps.NumOpaqueSites)
             << " data-path instructions have no memory operands and are "
                "treated as touching all memory";
    });
}
