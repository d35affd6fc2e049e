//===-- NeuronISAPreciseSync.cpp - Barrier-free precise sync --------------===//
//
// 1. Counts. Agent F's producer sites increment S_F ($sem). For every
//    program point x, the number of producer instances of F executed so far
//    in program order is N_F(x) = C_F + off_F(x): C_F a register (or the
//    constant 0, r0), off_F(x) a compile-time constant. off_F grows by one
//    after each producer of F in a block. Blocks are grouped into classes
//    (all successors of one block share a class); every block of a class
//    starts with the same off_F, chosen by the first block (in reverse post
//    order) that branches into the class; a block whose exit offset differs
//    corrects C_F before its terminators (addi C_F, C_F, d). A loop whose
//    body has producers of F thus costs one addi per latch; straight-line
//    code and loops without producers of F cost nothing.
// 2. Thresholds. For a consumer c and a group G = (F, P), the threshold is
//    T = N_F right after the latest executed instance of a site of P before
//    c, or 0 if none ran. ThresholdState tracks, per block entry and for
//    every group at once, whether T is C_F + k for a constant k on every
//    path ("known"); where it is, c waits on C_F + k. Elsewhere the value
//    lives in a snapshot register R_G: li R_G, 0 at entry, addi R_G, C_F,
//    off after the last site of P in each block, and c waits on R_G.
//    Where the union of c's groups of F is Known although some of the
//    groups are not, c waits once, on C_F + k (waitForKnownUnions).
// 3. Registers (NeuronISAPreciseSyncRegisters.cpp).
// 4. Waits already implied by an earlier wait of the same engine on the same
//    semaphore (a larger or equal threshold, relative to C_F) are dropped.
// 5. Emission (NeuronISAPreciseSyncEmit.cpp).
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "NeuronISASyncState.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/bit.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/ErrorHandling.h"
#include <algorithm>
#include <deque>
#include <map>
#include <optional>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

static cl::opt<unsigned> BoundedDropLimit(
    "neuronisa-sync-bounded-drop-limit", cl::Hidden, cl::init(1u << 20),
    cl::desc("Largest number of (snapshot group, block) pairs for which the "
             "precise pass bounds every snapshot threshold to leave out "
             "unnecessary snapshot waits (compile time)"));

static cl::opt<bool> EarlierCounterWaitsCover(
    "neuronisa-sync-earlier-waits-cover", cl::Hidden, cl::init(true),
    cl::desc("Leave out a snapshot wait whose threshold's bound (or every "
             "earlier instance of its producer) a counter-relative wait of "
             "the same engine before it reaches, in its block or on every "
             "path to it (false: only the consumer's own waits)"));

static cl::opt<bool> KnownUnionWaits(
    "neuronisa-sync-known-unions", cl::Hidden, cl::init(true),
    cl::desc("Replace a consumer's waits on one agent, some of them on "
             "snapshots, by one counter-relative wait where the union of "
             "its groups of that agent has a Known threshold (false: keep "
             "them)"));

static cl::opt<bool> WaitOrderLatency(
    "neuronisa-sync-wait-order-latency", cl::Hidden, cl::init(true),
    cl::desc("Order a consumer's waits first by when the nearest producer "
             "of each is expected to complete (the machine model's "
             "latencies, in a schedule of each block), then by how many "
             "blocks back it lies (false: by blocks back only)"));

static cl::opt<uint64_t> KnownUnionBudget(
    "neuronisa-sync-known-unions-budget", cl::Hidden, cl::init(1u << 20),
    cl::desc("Known unions only where unions x blocks is at most this "
             "(compile time: one threshold solve over the unions)"));

static cl::opt<bool> VerifyCountersFirst(
    "neuronisa-sync-verify-counters-first", cl::Hidden, cl::init(false),
    cl::desc("Check that the waits on C_F + k of each plan with split agents "
             "are those countersFitBeforeThresholds predicted from the plain "
             "plan and the sub-agents' blocks (a fatal error otherwise; a "
             "test of the pass)"));

STATISTIC(NumKnownUnionsSkipped,
          "Functions whose known unions were left out (over the budget)");
STATISTIC(NumKnownUnions, "Consumers whose waits on an agent became one "
                          "counter-relative wait for a Known union");
STATISTIC(NumBoundEmpty, "Snapshot waits left out: no site can have run");
STATISTIC(NumBoundCovered,
          "Snapshot waits left out: implied by a bound of the threshold");

PreciseSync::PreciseSync(SyncGenerator &Gen)
    : Gen(Gen), Deps(Gen.getDependences()), RPO(Gen.getRPO()),
      EarlierWaitsCover(EarlierCounterWaitsCover), Pool(Gen.getFunction()) {}

//===----------------------------------------------------------------------===//
// 1. Counters
//===----------------------------------------------------------------------===//

void PreciseSync::computeCounters() {
  const MachineFunction &MF = Gen.getFunction();
  unsigned NB = MF.getNumBlockIDs();
  // Only the producing agents: the others' offsets and corrections are 0.
  ArrayRef<AgentId> Agents = Gen.getProducingAgents();
  unsigned NS = Agents.size();
  EntryOffset.assign(size_t(NB) * NS, 0);
  Correction.assign(size_t(NB) * NS, 0);

  // Union-find: the successors of one block form (part of) one class.
  std::vector<unsigned> Parent(NB);
  for (unsigned I = 0; I < NB; ++I)
    Parent[I] = I;
  auto Find = [&](unsigned X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  };
  for (MachineBasicBlock *B : RPO) {
    if (B->succ_empty())
      continue;
    unsigned First = Find((*B->succ_begin())->getNumber());
    for (MachineBasicBlock *S : B->successors())
      Parent[Find(S->getNumber())] = First;
  }
  // The first block in reverse post-order that branches into a class fixes
  // the class's entry offsets to its own exit offsets.
  std::vector<bool> Decided(NB, false);
  std::vector<int64_t> ClassOffset(size_t(NB) * NS, 0);
  Decided[Find(RPO.front()->getNumber())] = true; // entry: N_F = 0, C_F = 0
  for (MachineBasicBlock *B : RPO) {
    unsigned Class = Find(B->getNumber());
    assert(Decided[Class] && "a block's class is decided by an earlier pred");
    int64_t *Entry = &EntryOffset[size_t(B->getNumber()) * NS];
    std::copy_n(&ClassOffset[size_t(Class) * NS], NS, Entry);
    if (B->succ_empty())
      continue;
    unsigned SuccClass = Find((*B->succ_begin())->getNumber());
    for (unsigned I = 0; I < NS; ++I) {
      int64_t Exit = Entry[I] + Gen.getProducerCount(*B, Agents[I]);
      int64_t &Offset = ClassOffset[size_t(SuccClass) * NS + I];
      if (!Decided[SuccClass])
        Offset = Exit;
      else
        Correction[size_t(B->getNumber()) * NS + I] = Exit - Offset;
    }
    Decided[SuccClass] = true;
  }
  Gen.computeCountsAfter([&](const MachineBasicBlock &B, AgentId F) {
    return entryOffset(B, F);
  });
}

int64_t PreciseSync::offsetBefore(unsigned Site, AgentId F) const {
  const SyncSite &C = Deps.sites()[Site];
  int64_t Off = entryOffset(*C.MBB, F);
  for (unsigned S : Deps.blockSites(*C.MBB)) {
    if (S == Site)
      break;
    if (Deps.isProducer(S) && Deps.sites()[S].Agent == F)
      ++Off;
  }
  return Off;
}

//===----------------------------------------------------------------------===//
// 2. Thresholds
//===----------------------------------------------------------------------===//

unsigned PreciseSync::solveThresholds(SyncDataflow<ThresholdState> &Solver,
                                      ArrayRef<AgentId> GroupAgents,
                                      ArrayRef<BlockProduction> Produced) {
  Solver.setBoundary(*RPO.front(), ThresholdState(GroupAgents));
  return Solver.solve(
      [&](const MachineBasicBlock &B, const ThresholdState &In) {
        ThresholdState Out = In;
        Out.produceAll(Produced[Gen.getRPOIndex(B)]);
        Out.correctCounters(Gen.getProducingAgents(), corrections(B));
        return Out;
      });
}

std::vector<PreciseSync::BlockProduction> PreciseSync::productionOf(
    unsigned N, function_ref<ArrayRef<unsigned>(unsigned)> ProducersOf) const {
  ArrayRef<SyncSite> Sites = Deps.sites();
  std::vector<BlockProduction> Produced(RPO.size());
  for (unsigned I = 0; I < N; ++I) {
    ArrayRef<unsigned> P = ProducersOf(I);
    for (unsigned J = 0; J < P.size(); ++J)
      if (J + 1 == P.size() || Sites[P[J + 1]].MBB != Sites[P[J]].MBB)
        Produced[Gen.getRPOIndex(*Sites[P[J]].MBB)].push_back(
            {I, Gen.getCountAfter(P[J])});
  }
  return Produced;
}

void PreciseSync::computeThresholds() {
  ArrayRef<SyncSite> Sites = Deps.sites();
  Waits.assign(Sites.size(), {});
  NeedsSnapshot.assign(Groups.size(), false);

  std::vector<BlockProduction> Produced =
      productionOf(Groups.size(), [&](unsigned I) -> ArrayRef<unsigned> {
        return Groups[I].Producers;
      });
  std::vector<AgentId> &GroupAgents = ThresholdGroupAgents;
  GroupAgents.clear();
  for (const DependenceGroup &G : Groups)
    GroupAgents.push_back(G.Producer);

  Thresholds = std::make_unique<SyncDataflow<ThresholdState>>(RPO);
  SyncDataflow<ThresholdState> &Solver = *Thresholds;
  unsigned Evaluations = solveThresholds(Solver, GroupAgents, Produced);
  (void)Evaluations;
  LLVM_DEBUG(dbgs() << "neuronisa-sync: thresholds of " << Groups.size()
                    << " groups in " << Evaluations
                    << " block evaluations\n";
             Solver.dump());

  for (unsigned C = 0; C < Sites.size(); ++C) {
    const ThresholdState *In = Solver.incoming(*Sites[C].MBB);
    // At most one wait per group (a consumer may have hundreds): sized
    // once instead of grown.
    Waits[C].reserve(Deps.consumerGroups(C).size());
    for (unsigned GI : Deps.consumerGroups(C)) {
      const DependenceGroup &G = Groups[GI];
      ThresholdState::GroupThreshold V;
      int Latest = Gen.getLatestProducerInBlock(G, C);
      if (Latest >= 0)
        V = {ThresholdState::Kind::Known, Gen.getCountAfter(Latest)};
      else
        V = In->get(GI);
      if (V.K == ThresholdState::Kind::Empty)
        continue; // no producer of G can have run before C
      bool Known = V.K == ThresholdState::Kind::Known;
      Waits[C].push_back(
          {Sites[C].WaitEngine, G.Producer, GI, !Known, Known ? V.Off : 0});
      NeedsSnapshot[GI] = NeedsSnapshot[GI] || !Known;
    }
  }
}

void PreciseSync::recordCounterReads(CounterReads &Reads) const {
  Reads.clear();
  for (unsigned C = 0; C < Waits.size(); ++C)
    for (const WaitRequest &R : Waits[C])
      if (!R.Snapshot)
        Reads.push_back({C, R.F});
}

/// countersMayFit on the waits on C_F + k that computeThresholds will give
/// this plan, with the thresholds solved for the sub-agents' groups alone.
/// An agent this plan does not split keeps the plain plan's groups (regroup
/// gives each of its groups one part, itself), sites, counts and counter
/// corrections, and a group's threshold depends on nothing else (its sites'
/// counts, and its agent's corrections and Empty bound in ThresholdState):
/// its waits are the plain plan's. Where the counters do not fit, the
/// solve of every group and the rest of the plan are saved.
///
/// Most sub-agents need no solve either: one whose sites all lie in one
/// block B (splitAgents makes one per producer block, or per site in
/// loops) counts B's executions, so after B's latest execution each of its
/// groups is C_F + k with one k; where B has not run, C_F = 0 and nothing of
/// it is waited for (Empty(u) with k <= u); and no cycle can run its
/// producers without its group's sites, so u is never widened. Its groups
/// are Known exactly in the blocks B reaches by at least one edge
/// (singleBlockAgents, reachableFrom); only the other sub-agents' groups
/// are solved.
bool PreciseSync::countersFitBeforeThresholds(const CounterReads &Plain) {
  SyncPhaseTimer T("precise-counters-first", "Precise: counters first");
  ArrayRef<SyncSite> Sites = Deps.sites();
  Waits.assign(Sites.size(), {});
  for (auto [C, F] : Plain)
    if (!Deps.isSubAgent(F))
      Waits[C].push_back({Sites[C].WaitEngine, F, 0, false, 0});
  // The sub-agents' groups to solve, renumbered from 0.
  std::vector<int> SingleBlock = singleBlockAgents();
  std::vector<int> Local(Groups.size(), -1);
  std::vector<AgentId> Agents;
  std::vector<unsigned> SubAgentGroups;
  for (unsigned GI = 0; GI < Groups.size(); ++GI)
    if (Deps.isSubAgent(Groups[GI].Producer) &&
        SingleBlock[Groups[GI].Producer] < 0) {
      Local[GI] = Agents.size();
      Agents.push_back(Groups[GI].Producer);
      SubAgentGroups.push_back(GI);
    }
  std::optional<SyncDataflow<ThresholdState>> Solver;
  if (!Agents.empty()) {
    std::vector<BlockProduction> Produced =
        productionOf(Agents.size(), [&](unsigned I) -> ArrayRef<unsigned> {
          return Groups[SubAgentGroups[I]].Producers;
        });
    Solver.emplace(RPO);
    solveThresholds(*Solver, Agents, Produced);
  }
  DenseMap<unsigned, BitVector> Reach; // per block of a sub-agent
  for (unsigned C = 0; C < Sites.size(); ++C) {
    unsigned X = Gen.getRPOIndex(*Sites[C].MBB);
    for (unsigned GI : Deps.consumerGroups(C)) {
      const DependenceGroup &G = Groups[GI];
      if (!Deps.isSubAgent(G.Producer))
        continue;
      bool Known;
      int B = SingleBlock[G.Producer];
      if (B >= 0) {
        auto [It, New] = Reach.try_emplace(B);
        if (New)
          reachableFrom(B, It->second);
        Known = It->second.test(X);
      } else {
        Known = Solver->incoming(*Sites[C].MBB)->get(Local[GI]).K ==
                ThresholdState::Kind::Known;
      }
      // A group of a single-block sub-agent has no producer in another
      // block than B.
      if (Known || ((B < 0 || unsigned(B) == X) &&
                    Gen.getLatestProducerInBlock(G, C) >= 0))
        Waits[C].push_back({Sites[C].WaitEngine, G.Producer, GI, false, 0});
    }
  }
  return countersMayFit();
}

/// -neuronisa-sync-verify-counters-first: the counter-relative waits of
/// computeThresholds, as (consumer, agent) pairs, are those that
/// countersFitBeforeThresholds gave (Predicted).
void PreciseSync::checkPredictedCounterReads(CounterReads &Predicted) const {
  CounterReads Actual;
  recordCounterReads(Actual);
  for (CounterReads *R : {&Predicted, &Actual}) {
    llvm::sort(*R);
    R->erase(llvm::unique(*R), R->end());
  }
  if (Predicted != Actual)
    report_fatal_error(Twine("neuronisa-sync: ") +
                       Gen.getFunction().getName() + ": " +
                       Twine(Predicted.size()) +
                       " counter reads predicted before the thresholds, " +
                       Twine(Actual.size()) + " after them");
}

/// Per sync agent: the RPO index of the one block holding all its producer
/// sites; -1 where it has none, -2 where they lie in several blocks.
std::vector<int> PreciseSync::singleBlockAgents() const {
  std::vector<int> Block(MaxSyncAgents, -1);
  ArrayRef<SyncSite> Sites = Deps.sites();
  for (unsigned S = 0; S < Sites.size(); ++S) {
    if (!Deps.isProducer(S))
      continue;
    int &B = Block[Sites[S].Agent];
    int I = Gen.getRPOIndex(*Sites[S].MBB);
    B = B == -1 || B == I ? I : -2;
  }
  return Block;
}

/// The blocks (RPO indices) reachable from block From by at least one edge
/// (From itself only if it lies on a cycle).
void PreciseSync::reachableFrom(unsigned From, BitVector &Reached) const {
  Reached.clear();
  Reached.resize(RPO.size());
  SmallVector<unsigned, 32> Work{From};
  while (!Work.empty()) {
    const MachineBasicBlock &B = *RPO[Work.pop_back_val()];
    for (const MachineBasicBlock *S : B.successors()) {
      if (!Deps.isReachable(*S))
        continue;
      unsigned I = Gen.getRPOIndex(*S);
      if (!Reached.test(I)) {
        Reached.set(I);
        Work.push_back(I);
      }
    }
  }
}

/// A snapshot wait of consumer C on agent F is implied by a counter-relative
/// wait of C on F whose threshold is at least N_F at the start of C's block:
/// a group is Unknown at C only if none of its sites precedes C in C's
/// block, so its threshold T_G was fixed before the block started and
/// T_G <= N_F(block entry) = C_F + off_F(entry) (C_F does not change inside
/// a block). C waits for the largest of its thresholds, which the
/// counter-relative wait (a Known group's) already reaches: the snapshot
/// wait is left out, and a group none of whose snapshot waits is left needs
/// no register. (Only C's own waits count: the translation validator does
/// not relate a snapshot to a wait of an earlier consumer.)
void PreciseSync::dropImpliedSnapshotWaits() {
  for (unsigned C = 0; C < Waits.size(); ++C) {
    auto &WS = Waits[C];
    if (WS.size() < 2)
      continue;
    const MachineBasicBlock &B = *Deps.sites()[C].MBB;
    bool Covered[MaxSyncAgents] = {};
    for (const WaitRequest &R : WS)
      if (!R.Snapshot && R.K >= entryOffset(B, R.F))
        Covered[R.F] = true;
    llvm::erase_if(WS, [&](const WaitRequest &R) {
      return R.Snapshot && Covered[R.F];
    });
  }
  NeedsSnapshot.assign(Groups.size(), false);
  for (const auto &WS : Waits)
    for (const WaitRequest &R : WS)
      if (R.Snapshot)
        NeedsSnapshot[R.Group] = true;
}

/// A consumer c waits on agent F for T(c, F), the largest threshold of its
/// groups of F, which is the threshold of the union of their producers:
/// N_F right after the latest instance of any of them (N_F only grows along
/// a path). Each group may depend on the path (a snapshot) where the union
/// does not: an if/else whose arms each run one of the groups' sites (one
/// writes the tile that c reads, the other the tile that c writes) leaves
/// every group Unknown after the join and the union Known. There, c's
/// waits on F (a snapshot wait per group, a counter-relative one for the
/// Known groups) become one counter-relative wait for the union's
/// threshold: the same value, T(c, F), on every path, so still sound and
/// precise, with one wait instead of several and no snapshot register for
/// the groups that no other consumer waits on (no li or addi on every
/// engine). The union is that of all of c's groups of F, which the
/// translation validator tracks for c (proofs/README.md, tracked sets).
void PreciseSync::waitForKnownUnions() {
  if (!KnownUnionWaits)
    return;
  ArrayRef<SyncSite> Sites = Deps.sites();
  // (agent, member groups) -> union: hashed, the members in Members (a
  // deque: its elements stay where they are). A std::map keyed by the
  // member lists was half of this function on large functions (a
  // comparison of lists per tree level, each a cache miss).
  DenseMap<std::pair<AgentId, ArrayRef<unsigned>>, unsigned> UnionOf;
  std::vector<DependenceGroup> Unions;
  std::deque<SmallVector<unsigned, 4>> Members; // per union: its groups
  SmallVector<std::pair<unsigned, unsigned>, 8> Uses; // (consumer, union)
  for (unsigned C = 0; C < Waits.size(); ++C) {
    SmallVector<AgentId, 4> Agents;
    for (const WaitRequest &R : Waits[C])
      if (R.Snapshot && !llvm::is_contained(Agents, R.F))
        Agents.push_back(R.F);
    for (AgentId F : Agents) {
      SmallVector<unsigned, 4> U;
      for (unsigned GI : Deps.consumerGroups(C))
        if (Groups[GI].Producer == F)
          U.push_back(GI);
      if (U.size() < 2)
        continue; // the group's own threshold: Unknown
      std::sort(U.begin(), U.end());
      auto It = UnionOf.find({F, ArrayRef<unsigned>(U)});
      if (It == UnionOf.end()) {
        // The producers are joined below, once the budget is checked.
        Unions.emplace_back().Producer = F;
        Members.push_back(U);
        It = UnionOf
                 .try_emplace({F, ArrayRef<unsigned>(Members.back())},
                              Unions.size() - 1)
                 .first;
      }
      Unions[It->second].Consumers.push_back(C);
      Uses.push_back({C, It->second});
    }
  }
  if (Uses.empty())
    return;
  // One more threshold solve, over the unions: in a function with many
  // large groups (tens of thousands of sites) the unions outnumber the
  // groups many times, and the solve's states grow with them. Their waits
  // are exact without it (only more of them), so large ones go without.
  if (uint64_t(Unions.size()) * RPO.size() > KnownUnionBudget) {
    ++NumKnownUnionsSkipped;
    return;
  }
  for (unsigned I = 0; I < Unions.size(); ++I) {
    auto &P = Unions[I].Producers;
    for (unsigned GI : Members[I])
      P.append(Groups[GI].Producers.begin(), Groups[GI].Producers.end());
    std::sort(P.begin(), P.end());
    P.erase(llvm::unique(P), P.end());
  }
  // The unions' thresholds at block entries, as computeThresholds solves
  // the groups' (per block: the count after each union's last site there;
  // sites are numbered block by block).
  std::vector<AgentId> Agents;
  for (const DependenceGroup &U : Unions)
    Agents.push_back(U.Producer);
  std::vector<BlockProduction> Produced =
      productionOf(Unions.size(), [&](unsigned I) -> ArrayRef<unsigned> {
        return Unions[I].Producers;
      });
  SyncDataflow<ThresholdState> Solver(RPO);
  solveThresholds(Solver, Agents, Produced);
  std::vector<unsigned> GroupOfUnion(Unions.size(), ~0u);
  for (const auto &[C, I] : Uses) {
    ThresholdState::GroupThreshold V;
    int Latest = Gen.getLatestProducerInBlock(Unions[I], C);
    if (Latest >= 0)
      V = {ThresholdState::Kind::Known, Gen.getCountAfter(Latest)};
    else
      V = Solver.incoming(*Sites[C].MBB)->get(I);
    if (V.K != ThresholdState::Kind::Known)
      continue;
    if (GroupOfUnion[I] == ~0u) {
      GroupOfUnion[I] = Groups.size();
      Groups.push_back(Unions[I]);
    }
    AgentId F = Unions[I].Producer;
    auto &WS = Waits[C];
    llvm::erase_if(WS, [&](const WaitRequest &R) { return R.F == F; });
    WS.push_back({Sites[C].WaitEngine, F, GroupOfUnion[I], false, V.Off});
    ++NumKnownUnions;
  }
  NeedsSnapshot.assign(Groups.size(), false);
  for (const auto &WS : Waits)
    for (const WaitRequest &R : WS)
      if (R.Snapshot)
        NeedsSnapshot[R.Group] = true;
}

/// A group's bounds do not depend on where it lies in the state (the
/// solver only sees whether some value changed), so the order of the
/// groups is free: by first producer site, the groups a block produces for lie in
/// few of the state's chunks, which its transfer copies and the meets
/// after it compare (in another order, a block of a large function writes
/// about one chunk per group it produces for).
void PreciseSync::sortByFirstProducer(MutableArrayRef<unsigned> Gs) const {
  llvm::stable_sort(Gs, [&](unsigned A, unsigned B) {
    const auto &PA = Groups[A].Producers, &PB = Groups[B].Producers;
    return (PA.empty() ? ~0u : PA.front()) < (PB.empty() ? ~0u : PB.front());
  });
}

/// Upper bounds of the thresholds of Gs (state index I: group Gs[I]) at
/// every block entry (ThresholdBoundState). BoundAgents must outlive the
/// result: the states point into it.
std::unique_ptr<SyncDataflow<ThresholdBoundState>>
PreciseSync::solveThresholdBounds(ArrayRef<unsigned> Gs,
                                  std::vector<AgentId> &BoundAgents) const {
  // Per block (RPO index): (index in Gs, count after the group's last site
  // in the block).
  std::vector<SmallVector<std::pair<unsigned, int64_t>, 2>> Produced(
      RPO.size());
  BoundAgents.clear();
  SmallVector<unsigned, 8> Last;
  for (unsigned I = 0; I < Gs.size(); ++I) {
    BoundAgents.push_back(Groups[Gs[I]].Producer);
    Last.clear();
    lastProducersPerBlock(Gs[I], Last);
    for (unsigned S : Last)
      Produced[Gen.getRPOIndex(*Deps.sites()[S].MBB)].push_back(
          {I, Gen.getCountAfter(S)});
  }
  auto Bounds = std::make_unique<SyncDataflow<ThresholdBoundState>>(RPO);
  Bounds->setBoundary(*RPO.front(), ThresholdBoundState(BoundAgents));
  Bounds->solve(
      [&](const MachineBasicBlock &B, const ThresholdBoundState &In) {
        ThresholdBoundState Out = In;
        for (const auto &[I, Count] : Produced[Gen.getRPOIndex(B)])
          Out.produce(I, Count);
        Out.correctCounters(Gen.getProducingAgents(), corrections(B));
        return Out;
      });
  LLVM_DEBUG(dbgs() << "neuronisa-sync: bounds of " << Gs.size()
                    << " groups\n";
             Bounds->dump());
  return Bounds;
}

/// A snapshot wait that an upper bound of its threshold makes unnecessary
/// needs no register. At a snapshot consumer c of group G (no site of G
/// precedes c in its block, and C_F does not change inside a block), the
/// bound at the block's entry (ThresholdBoundState) is:
///  - Empty: no site of G can have run: T_G = 0, nothing to wait for (the
///    threshold state's Empty(u) turns Unknown where a loop producing on F
///    lowers u forever; the bound needs no u);
///  - Upper(k) with k <= K for a counter-relative wait of c on C_F + K: that
///    wait is the exact threshold of another group of c, so c's threshold
///    for F, the largest of its groups', is at least C_F + K >= C_F + k >=
///    T_G: the other wait alone reaches it. The same holds for the waits
///    of earlier consumers of c's engine, in c's block and (WaitedState)
///    on every path to it.
/// Whatever the bound, a wait of c's engine for C_F + K with K >= off_F(c)
/// (every earlier instance of F) covers it. (dropImpliedSnapshotWaits is
/// the case of c's own waits.)
void PreciseSync::dropBoundedSnapshotWaits() {
  SolvedBounds.reset();
  BoundSlot.clear();
  SmallVector<unsigned, 32> Snap;
  std::vector<unsigned> Index(Groups.size(), ~0u);
  for (unsigned GI = 0; GI < Groups.size(); ++GI)
    if (NeedsSnapshot[GI]) {
      Index[GI] = Snap.size();
      Snap.push_back(GI);
    }
  // The bound's state is dense (every group at every block entry): past
  // the limit the waits stay (sound; they may take registers).
  if (Snap.empty() || uint64_t(Snap.size()) * RPO.size() > BoundedDropLimit)
    return;
  sortByFirstProducer(Snap);
  for (unsigned I = 0; I < Snap.size(); ++I)
    Index[Snap[I]] = I;
  auto Bounds = solveThresholdBounds(Snap, BoundAgents);
  // The largest counter-relative wait per (engine, agent) of the consumers
  // of the block so far, c's own included: C_F does not change inside a
  // block and S_F only grows, so each is a wait that c's engine has run
  // when c starts (an earlier one that emission leaves out as implied is
  // implied by a wait at least as large).
  struct CounterWait {
    Engine E;
    AgentId F;
    int64_t K;
  };
  SmallVector<CounterWait, 8> CounterWaits;
  // And what each engine has waited for on every path to the block
  // (WaitedState: the counter-relative waits that emission runs or finds
  // implied; later phases only add, raise or hoist such waits).
  if (EarlierWaitsCover)
    Gen.solveWaited(Waits, [&](const MachineBasicBlock &B, AgentId F) {
      return correction(B, F);
    });
  std::optional<WaitedState> Entry;
  auto WaitedFor = [&](Engine E, AgentId F) {
    int Pair = Entry ? Gen.getWaitedPair(E, F) : -1;
    int64_t K = Pair >= 0 ? Entry->get(Pair) : WaitedState::Nothing;
    for (const CounterWait &P : CounterWaits)
      if (P.E == E && P.F == F)
        K = std::max(K, P.K);
    return K;
  };
  const MachineBasicBlock *Block = nullptr;
  for (unsigned C = 0; C < Waits.size(); ++C) {
    auto &WS = Waits[C];
    if (Deps.sites()[C].MBB != Block || !EarlierWaitsCover) {
      CounterWaits.clear();
      if (Deps.sites()[C].MBB != Block && EarlierWaitsCover)
        Entry = Gen.getWaitedAtEntry(*Deps.sites()[C].MBB);
      Block = Deps.sites()[C].MBB;
    }
    const ThresholdBoundState *In = Bounds->incoming(*Block);
    // Read before erasing (the predicate must not look at the vector it
    // compacts).
    for (const WaitRequest &O : WS) {
      if (O.Snapshot)
        continue;
      auto It = llvm::find_if(CounterWaits, [&](const CounterWait &P) {
        return P.E == O.E && P.F == O.F;
      });
      if (It == CounterWaits.end())
        CounterWaits.push_back({O.E, O.F, O.K});
      else
        It->K = std::max(It->K, O.K);
    }
    llvm::erase_if(WS, [&](const WaitRequest &R) {
      if (!R.Snapshot)
        return false;
      ThresholdBoundState::Bound V = In->get(Index[R.Group]);
      if (V.K == ThresholdBoundState::Kind::Empty) {
        ++NumBoundEmpty;
        ++NeverRunWaitsDropped;
        return true;
      }
      // Waited for every earlier instance of F (which T_G never exceeds),
      // or for the bound.
      int64_t K = WaitedFor(R.E, R.F);
      bool Covered = (V.K == ThresholdBoundState::Kind::Upper && K >= V.Off) ||
                     K >= offsetBefore(C, R.F);
      NumBoundCovered += Covered;
      CoveredWaitsDropped += Covered;
      return Covered;
    });
  }
  NeedsSnapshot.assign(Groups.size(), false);
  for (const auto &WS : Waits)
    for (const WaitRequest &R : WS)
      if (R.Snapshot)
        NeedsSnapshot[R.Group] = true;
  SolvedBounds = std::move(Bounds);
  BoundSlot = std::move(Index);
}

/// A consumer's threshold for agent F is the largest of its groups' (all
/// exact lower bounds): keep the largest counter-relative one, and every
/// snapshot, counter-relative ones first.
void PreciseSync::combineWaits() {
  auto Before = [](const WaitRequest &A, const WaitRequest &B) {
    if (A.Snapshot != B.Snapshot)
      return !A.Snapshot;
    if (A.F != B.F)
      return A.F < B.F;
    return !A.Snapshot && A.K > B.K;
  };
  for (auto &WS : Waits) {
    if (WS.size() < 2)
      continue;
    // A consumer mostly has a few waits: an insertion sort (stable) in
    // place, where std::stable_sort would allocate a buffer per consumer.
    if (WS.size() > 32)
      llvm::stable_sort(WS, Before);
    for (unsigned I = 1; I < WS.size(); ++I)
      for (unsigned J = I; J > 0 && Before(WS[J], WS[J - 1]); --J)
        std::swap(WS[J], WS[J - 1]);
    // The largest counter-relative wait per agent, in place.
    auto Kept = WS.begin();
    for (const WaitRequest &R : WS)
      if (R.Snapshot || Kept == WS.begin() || std::prev(Kept)->Snapshot ||
          std::prev(Kept)->F != R.F)
        *Kept++ = R;
    WS.erase(Kept, WS.end());
  }
}

/// How far back the latest instance of producer site P lies before
/// consumer site C, in blocks of reverse post-order, for a site after C (in
/// its block or a later one): its latest instance before C ran in an earlier
/// iteration of a loop that contains both, so the way from the site to the
/// loop's end, around the back edge and from the loop's header to C. (A site
/// before C is CI - PI blocks back; orderWaitsByRelease finds the nearest
/// one by binary search.)
unsigned PreciseSync::blocksAround(unsigned P, unsigned C) {
  ArrayRef<SyncSite> Sites = Deps.sites();
  const MachineBasicBlock &PB = *Sites[P].MBB, &CB = *Sites[C].MBB;
  unsigned PI = Gen.getRPOIndex(PB), CI = Gen.getRPOIndex(CB);
  assert((PI > CI || (PI == CI && P > C)) && "producer before the consumer");
  // The innermost loop that contains both: the loops of CB and PB, each
  // taken up to the other's depth, then up together until they meet (a
  // walk of the loop tree, cheaper than asking each loop of CB whether it
  // holds PB; this runs for most waits).
  auto [L, LD] = LoopOfBlock[CI];
  auto [PL, PD] = LoopOfBlock[PI];
  for (; LD > PD; --LD)
    L = L->getParentLoop();
  for (; PD > LD; --PD)
    PL = PL->getParentLoop();
  while (L != PL) {
    L = L->getParentLoop();
    PL = PL->getParentLoop();
  }
  if (!L) // not reachable from P without leaving a loop: the farthest
    return RPO.size();
  unsigned HI = Gen.getRPOIndex(*L->getHeader());
  return (CI - HI) + (loopEnd(*L) - PI) + 1;
}

/// The largest reverse post-order index of L's blocks (cached by header).
unsigned PreciseSync::loopEnd(const MachineLoop &L) {
  unsigned &End = LoopEnd[Gen.getRPOIndex(*L.getHeader())];
  if (!End)
    for (const MachineBasicBlock *B : L.blocks())
      End = std::max(End, Gen.getRPOIndex(*B));
  return End;
}

/// Producer blocks after index OuterEnd (the end of the outermost loop
/// around the consumer; with no loop there, every block at or after the
/// consumer's) share no loop with the consumer: blocksAround gives them
/// the farthest distance, RPO.size(). Blocks (sorted) from It on are
/// those at or after the consumer's block; returns where the ones that
/// share no loop with it begin.
static ArrayRef<std::pair<unsigned, unsigned>>::iterator
firstOutside(ArrayRef<std::pair<unsigned, unsigned>> Blocks,
             ArrayRef<std::pair<unsigned, unsigned>>::iterator It,
             std::optional<unsigned> OuterEnd) {
  if (!OuterEnd)
    return It;
  return std::upper_bound(It, Blocks.end(), std::make_pair(*OuterEnd, ~0u));
}

/// Per group: (reverse post-order index, last producer site) of each block
/// holding a producer, by index; filled on first use.
ArrayRef<std::pair<unsigned, unsigned>>
PreciseSync::producerBlocks(unsigned G) {
  auto &Blocks = ProducerBlocks[G];
  if (!Blocks.empty())
    return Blocks;
  ArrayRef<SyncSite> Sites = Deps.sites();
  const MachineBasicBlock *Seen = nullptr;
  for (unsigned P : Groups[G].Producers) {
    // Sites are numbered block by block: one per block will do, the last
    // (the latest instance, whose latency the order estimates).
    if (Sites[P].MBB == Seen) {
      Blocks.back().second = P;
      continue;
    }
    Seen = Sites[P].MBB;
    Blocks.push_back({Gen.getRPOIndex(*Seen), P});
  }
  llvm::sort(Blocks);
  return Blocks;
}

/// The (blocks back, 0) of group G's nearest producer block before
/// consumer C (in C's block: none, that is getLatestProducerInBlock's),
/// and in Before its last site, or -1 where the nearest lies around a back
/// edge or there is none. OuterEnd: where the blocks of C's outermost loop
/// end (firstOutside).
std::pair<unsigned, int> PreciseSync::nearestEarlierProducer(
    unsigned G, unsigned C, std::optional<unsigned> OuterEnd, int &Before) {
  // How many of a group's producer blocks at or after the consumer (in
  // reverse post-order) are measured around the back edge, the last ones
  // first: enough for loop bodies as written, and it keeps the cost per
  // wait independent of the size of the function.
  constexpr unsigned MaxBackwardBlocks = 8;
  unsigned CI = Gen.getRPOIndex(*Deps.sites()[C].MBB);
  ArrayRef<std::pair<unsigned, unsigned>> Blocks = producerBlocks(G);
  std::pair<unsigned, int> Nearest{~0u, 0};
  // The first block at or after C's (C's own holds no producer before C
  // here).
  auto It = llvm::lower_bound(Blocks, std::make_pair(CI, 0u));
  Before = -1;
  if (It != Blocks.begin()) {
    Nearest = {CI - std::prev(It)->first, 0};
    Before = int(std::prev(It)->second);
  }
  // The last MaxBackwardBlocks blocks are measured; those outside the
  // consumer's outermost loop all come out farthest, without their loops
  // walked.
  auto Outside = firstOutside(Blocks, It, OuterEnd);
  unsigned Looked = std::min<size_t>(Blocks.end() - Outside, MaxBackwardBlocks);
  if (Looked && std::make_pair(unsigned(RPO.size()), 0) < Nearest) {
    Nearest = {RPO.size(), 0};
    Before = -1;
  }
  for (auto J = Outside; J != It && Looked != MaxBackwardBlocks; ++Looked) {
    --J;
    unsigned Around = blocksAround(J->second, C);
    if (std::make_pair(Around, 0) < Nearest) {
      Nearest = {Around, 0};
      Before = -1;
    }
  }
  return Nearest;
}

/// An engine runs a consumer's waits one after the other, each costing
/// WaitCycles once it is satisfied: a wait that is released early and
/// checked after the last one to be released costs WaitCycles on the
/// critical path, one checked before it costs nothing there. So the wait
/// expected to be released last goes last. Expected release: the nearer a
/// group's latest producer instance lies before the consumer, in blocks of
/// reverse post-order, the later it was issued and is expected to complete;
/// of two in the consumer's block, the later one. Before that, with
/// -neuronisa-sync-wait-order-latency, the cycle the nearest producer
/// instance is expected to complete at, from the start of the consumer's
/// block (NeuronISAPreciseSyncRelease.cpp): the latest goes last. Ties
/// keep their order. (Which waits run does not change, only their order.)
void PreciseSync::orderWaitsByRelease() {
  ProducerBlocks.assign(Groups.size(), {});
  LoopEnd.assign(RPO.size(), 0);
  LoopOfBlock.clear();
  for (const MachineBasicBlock *B : RPO) {
    const MachineLoop *L = Gen.getLoopInfo().getLoopFor(B);
    LoopOfBlock.push_back({L, L ? L->getLoopDepth() : 0});
  }
  ArrayRef<SyncSite> Sites = Deps.sites();
  // The estimate follows every site (a single wait delays its consumer,
  // and so what waits for that), so it runs only where some order is to
  // choose.
  bool ByLatency =
      WaitOrderLatency &&
      llvm::any_of(Waits, [](const auto &WS) { return WS.size() > 1; });
  if (ByLatency)
    computeReleaseCycles();
  // Consumers block by block in reverse post-order: a block's estimate
  // starts from those of the blocks before it.
  for (const MachineBasicBlock *B : RPO) {
    unsigned CI = Gen.getRPOIndex(*B);
    const MachineLoop *CL = Gen.getLoopInfo().getLoopFor(B);
    std::optional<unsigned> OuterEnd;
    if (CL)
      OuterEnd = loopEnd(*CL->getOutermostLoop());
    if (ByLatency)
      startReleaseBlock(*B);
    for (unsigned C : Deps.blockSites(*B)) {
      auto &WS = Waits[C];
      if (WS.size() < 2 && !ByLatency)
        continue;
      // Per wait: (expected release, blocks back, -(site index) in C's
      // block) of the group's nearest producer; the last to be released
      // goes last.
      struct Key {
        uint64_t Release = 0;
        std::pair<unsigned, int> Nearest{~0u, 0};
      };
      SmallVector<std::pair<Key, WaitRequest>, 4> Keyed;
      uint64_t LatestRelease = 0;
      for (const WaitRequest &R : WS) {
        Key K;
        int InBlock = Gen.getLatestProducerInBlock(Groups[R.Group], C);
        if (InBlock >= 0) {
          K.Nearest = {0, -InBlock};
          if (ByLatency)
            K.Release = releaseInBlock(unsigned(InBlock));
        } else {
          int Before = -1;
          K.Nearest = nearestEarlierProducer(R.Group, C, OuterEnd, Before);
          // A producer reached around a back edge, or outside the loop
          // that runs C (its wait is satisfied from C's second iteration
          // on), is taken as done.
          if (ByLatency && Before >= 0 &&
              (!CL || CL->contains(Sites[Before].MBB)))
            K.Release = releaseFromEarlierBlock(unsigned(Before), CI);
        }
        LatestRelease = std::max(LatestRelease, K.Release);
        Keyed.push_back({K, R});
      }
      if (ByLatency)
        issueRelease(C, LatestRelease);
      if (WS.size() < 2)
        continue;
      llvm::stable_sort(Keyed, [](const auto &A, const auto &B) {
        if (A.first.Release != B.first.Release)
          return A.first.Release < B.first.Release;
        return A.first.Nearest > B.first.Nearest;
      });
      for (unsigned I = 0; I != WS.size(); ++I)
        WS[I] = Keyed[I].second;
    }
    if (ByLatency)
      endReleaseBlock(*B);
  }
}

/// A consumer with several Unknown groups of one agent waits for the largest
/// of their thresholds, which is the threshold of the union of their
/// producers: one snapshot register for the union instead of one per group.
/// (No site of the union precedes such a consumer in its block, since each of
/// the groups is Unknown there, so the union's snapshot, taken after the last
/// union site of each block, is what the consumer needs.)
void PreciseSync::mergeSnapshots() {
  // Candidate unions: (agent, Unknown groups of one consumer) -> consumers.
  std::map<std::pair<AgentId, SmallVector<unsigned, 4>>,
           SmallVector<unsigned, 4>>
      Unions;
  std::vector<unsigned> UnknownUses(Groups.size(), 0);
  for (unsigned C = 0; C < Waits.size(); ++C) {
    // The agents of C's snapshot waits, ascending (the others have none).
    SyncAgentMask Agents = 0;
    for (const WaitRequest &R : Waits[C])
      if (R.Snapshot)
        Agents |= syncAgentBit(R.F);
    for (; Agents; Agents &= Agents - 1) {
      AgentId F = llvm::countr_zero(Agents);
      SmallVector<unsigned, 4> U;
      for (const WaitRequest &R : Waits[C])
        if (R.Snapshot && R.F == F)
          U.push_back(R.Group);
      for (unsigned GI : U)
        ++UnknownUses[GI];
      if (U.size() < 2)
        continue;
      std::sort(U.begin(), U.end());
      Unions[{F, U}].push_back(C);
    }
  }
  // Merge only where it frees every member group (all of their snapshot
  // waits are in the union): then it saves registers, never costs one.
  for (auto &[Key, Consumers] : Unions) {
    const auto &[F, U] = Key;
    if (llvm::any_of(U, [&, &Consumers = Consumers](unsigned GI) {
          return UnknownUses[GI] != Consumers.size();
        }))
      continue;
    DependenceGroup G;
    G.Producer = F;
    for (unsigned GI : U) {
      G.Producers.append(Groups[GI].Producers.begin(),
                         Groups[GI].Producers.end());
      NeedsSnapshot[GI] = false;
    }
    std::sort(G.Producers.begin(), G.Producers.end());
    G.Producers.erase(llvm::unique(G.Producers), G.Producers.end());
    G.Consumers = Consumers;
    unsigned Union = Groups.size();
    Groups.push_back(std::move(G));
    NeedsSnapshot.push_back(true);
    for (unsigned C : Consumers) {
      auto &WS = Waits[C];
      auto IsMember = [&, F = F](const WaitRequest &R) {
        return R.Snapshot && R.F == F;
      };
      WaitRequest Merged = *llvm::find_if(WS, IsMember);
      Merged.Group = Union;
      llvm::erase_if(WS, IsMember);
      WS.push_back(Merged);
    }
  }
}

bool PreciseSync::plan(bool CountersFirst, const PlainFacts *Plain,
                       PlainFacts *Record) {
  {
    SyncPhaseTimer T("precise-counters", "Precise: counters");
    computeCounters();
  }
  Groups.assign(Deps.groups().begin(), Deps.groups().end());
  if (Plain)
    ProgramOccupied = Plain->ProgramOccupied;
  if (CountersFirst && Plain && !countersFitBeforeThresholds(Plain->Reads))
    return false;
  CounterReads Predicted;
  if (VerifyCountersFirst && CountersFirst && Plain)
    recordCounterReads(Predicted);
  {
    SyncPhaseTimer T("precise-thresholds", "Precise: thresholds");
    computeThresholds();
  }
  if (VerifyCountersFirst && CountersFirst && Plain)
    checkPredictedCounterReads(Predicted);
  if (Record)
    recordCounterReads(Record->Reads);
  // With Plain, countersFitBeforeThresholds had these very waits.
  if (CountersFirst && !Plain && !countersMayFit())
    return false;
  {
    SyncPhaseTimer T("precise-snapshot-unions", "Precise: snapshot unions");
    dropImpliedSnapshotWaits();
    waitForKnownUnions();
    dropBoundedSnapshotWaits();
    mergeSnapshots();
    combineWaits();
  }
  {
    SyncPhaseTimer T("precise-registers", "Precise: registers");
    if (!allocateRegisters())
      return false;
  }
  if (Record)
    Record->ProgramOccupied = ProgramOccupied;
  {
    SyncPhaseTimer T("precise-hoist", "Precise: wait order, hoisting");
    orderWaitsByRelease();
    hoistInvariantWaits();
    waitOnProducingPaths();
  }
  Gen.getReport().DependenceGroups = Groups.size();
  return true;
}

void PreciseSync::emitPlan() {
  SyncPhaseTimer T("precise-emission", "Precise: emission");
  emit();
  dropRepeatedConstants();
  SmallVector<unsigned, 32> Used;
  for (AgentId F = 0; F < MaxSyncAgents; ++F)
    if (CounterReg[F] != SyncRegs::zeroReg())
      Used.push_back(CounterReg[F]);
  for (unsigned GI = 0; GI < Groups.size(); ++GI)
    if (NeedsSnapshot[GI] && SnapshotReg[GI])
      Used.push_back(SnapshotReg[GI]);
  std::sort(Used.begin(), Used.end());
  Used.erase(llvm::unique(Used), Used.end());
  addSyncRegisterLiveIns(Gen.getFunction(), Used);
}
