//===-- NeuronISAPreciseSyncRegisters.cpp - Registers of precise sync -----===//
//
// Step 3 of the precise algorithm: the registers of SyncRegisterPool, where
// the function's own values are dead (programOccupancy).
//  - Counters first: agents whose counters change alike at every block end
//    share one register, and so do counters whose live ranges do not meet;
//    a counter that no register holds makes the whole function fall back to
//    the barrier algorithm.
//  - Snapshots by priority (their waits weighted by 8^loop depth), in the
//    pool's snapshot order (r31 down, then below r20, then the registers
//    the function names), sharing a register (also a counter's, after its
//    last read) when their live ranges do not meet; groups whose last producer
//    sites lie in the same blocks, at the same distance in every one, share
//    one snapshot (waited on with an offset). A group left without a
//    register waits for an upper bound of its threshold instead (sound, not
//    precise; boundFallbackWaits), with a remark.
//
// Live ranges are closed intervals of positions inside blocks, with sites
// s_0..s_{m-1}: 0 the block start (the entry's initializations), 2i+1 the
// waits before s_i, 2i+2 the snapshot writes after s_i, End the counter
// updates before the terminators. Two values share a register when no
// intervals meet.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <limits>
#include <map>
#include <string>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

STATISTIC(NumSnapshotRegs, "Snapshot registers used");
STATISTIC(NumCounterRegs, "Counter registers used");

static cl::opt<bool> OffsetSnapshots(
    "neuronisa-sync-offset-snapshots", cl::Hidden, cl::init(true),
    cl::desc("Let groups of one agent whose thresholds differ by a constant "
             "share one snapshot register, waited on with an offset (false: "
             "only groups with the same last sites share)"));

static cl::opt<bool> RematerializeFirst(
    "neuronisa-sync-remat-first", cl::Hidden, cl::init(true),
    cl::desc("Try each snapshot's rematerialized live range (li R, T at the "
             "end of the blocks where its value is a constant) before the "
             "one from the entry (false: only when no register holds the "
             "longer one)"));

// A batch's cost beyond its groups' is a walk of the CFG to the fixed
// point: 64M pairs at once (5 batches at 100k instructions and 512 tiles)
// cost under 1% of the pass, and llc's peak there is then set elsewhere
// (docs/SyncCompileTime.md).
static cl::opt<uint64_t> BoundBatchPairs(
    "neuronisa-sync-bound-batch-pairs", cl::Hidden, cl::init(uint64_t(1) << 26),
    cl::desc("Precise mode: at most this many (group, block) pairs in one "
             "solve of the bounds of the waits that fall back for lack of "
             "registers (memory; the bounds do not depend on it)"));

/// How far below the register's value a group's threshold may lie and still
/// share its register. The translation validator's driver proposes the
/// relations between tracked sets up to the same distance
/// (proofs/checker/main.ml), which bounds its cost per site.
static constexpr int64_t MaxSnapshotOffset = 16;

static cl::opt<bool> ExplainSnapshots(
    "neuronisa-sync-explain-snapshots", cl::Hidden,
    cl::desc("Analysis remarks (ExplainSnapshots) naming, for each "
             "dependence group that needs a snapshot register, the shape "
             "that makes its threshold unknown, and per function the "
             "snapshot values wanted and the registers free for them "
             "(bench/sync-fallbacks.sh; shown with "
             "-pass-remarks-analysis=neuronisa-sync)"));

void PreciseSync::seededCounterBlocks(AgentId Owner, BitVector &Seeded) {
  const MachineLoopInfo &MLI = Gen.getLoopInfo();
  Seeded.clear();
  Seeded.resize(RPO.size());
  SmallVector<unsigned, 32> Work;
  auto Seed = [&](const MachineBasicBlock *B) {
    if (!Deps.isReachable(*B))
      return;
    unsigned I = Gen.getRPOIndex(*B);
    if (!Seeded.test(I)) {
      Seeded.set(I);
      Work.push_back(I);
    }
  };
  auto Propagate = [&] {
    while (!Work.empty())
      for (const MachineBasicBlock *S : RPO[Work.pop_back_val()]->successors())
        Seed(S);
  };
  for (MachineBasicBlock *B : RPO)
    if (correction(*B, Owner))
      for (const MachineBasicBlock *S : B->successors())
        Seed(S);
  Propagate();
  CountVaries[Owner] = Seeded;
  // A seed inside a loop that the seeded block is not in would run on every
  // iteration: that loop is seeded too, and the seed moves to its entries.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < RPO.size(); ++I) {
      if (Seeded.test(I))
        continue;
      for (const MachineBasicBlock *S : RPO[I]->successors()) {
        if (!Deps.isReachable(*S) || !Seeded.test(Gen.getRPOIndex(*S)))
          continue;
        const MachineLoop *Outer = nullptr;
        for (const MachineLoop *L = MLI.getLoopFor(RPO[I]); L && !L->contains(S);
             L = L->getParentLoop())
          Outer = L;
        if (!Outer)
          continue;
        for (const MachineBasicBlock *B : Outer->blocks())
          Seed(B);
        Propagate();
        Changed = true;
        break;
      }
    }
  }
}

bool PreciseSync::isCounterSeededIn(AgentId F,
                                    const MachineBasicBlock &B) const {
  AgentId Owner = CounterOwner[F];
  return CounterReg[F] != SyncRegs::zeroReg() &&
         CounterSeeded[Owner].test(Gen.getRPOIndex(B));
}

unsigned PreciseSync::counterRegIn(AgentId F,
                                   const MachineBasicBlock &B) const {
  return isCounterSeededIn(F, B) ? CounterReg[F] : SyncRegs::zeroReg();
}

bool PreciseSync::writesCounterAt(const MachineBasicBlock &B,
                                  AgentId Owner) const {
  // Asked per block and agent: the cheap tests first.
  if (!OwnsCounter[Owner] || CounterReg[Owner] == SyncRegs::zeroReg())
    return false;
  unsigned I = Gen.getRPOIndex(B);
  if (!CounterLiveOut[Owner].test(I))
    return false;
  return !CounterSeeded[Owner].test(I) || correction(B, Owner) != 0;
}

PreciseSync::SitesByOwner
PreciseSync::counterReaders(bool SnapshotsToo) const {
  SitesByOwner Readers(MaxSyncAgents);
  for (unsigned C = 0; C < Waits.size(); ++C)
    for (const WaitRequest &R : Waits[C])
      if (SnapshotsToo || !R.Snapshot)
        Readers[CounterOwner[R.F]].push_back(C);
  return Readers;
}

/// Counter of the agents owned by Owner, where it may differ from 0 (the
/// seeded blocks): read by waits on C_F + k, by snapshot writes of F, and
/// (for a snapshot that may fall back) by the snapshot consumers of F;
/// updated at block ends; written by the seeds at the end of the blocks that
/// enter the seeded ones. It is live from the seeds to its last read;
/// updates after it are dropped. Empty if nothing reads it.
/// Readers: counterReaders(true)[Owner]; SnapshotGroups: the groups of
/// Owner's agents that need a snapshot.
PreciseSync::LiveSpans
PreciseSync::counterRange(AgentId Owner, ArrayRef<unsigned> Readers,
                          ArrayRef<unsigned> SnapshotGroups) {
  BitVector &Seeded = CounterSeeded[Owner];
  seededCounterBlocks(Owner, Seeded);
  Liveness.clear();
  auto Use = [&](unsigned Site, int Pos) {
    unsigned B = Gen.getRPOIndex(*Deps.sites()[Site].MBB);
    if (Seeded.test(B))
      Liveness.addUse(B, Pos);
  };
  for (unsigned C : Readers)
    Use(C, 2 * SitePos[C] + 1); // a snapshot wait may become C_F + k
  SmallVector<unsigned, 8> Last;
  for (unsigned GI : SnapshotGroups) {
    Last.clear();
    lastProducersPerBlock(GI, Last);
    for (unsigned P : Last)
      Use(P, 2 * SitePos[P] + 2);
  }
  addCounterSeeds(Seeded);
  Liveness.solve(/*DefsKill=*/true);
  BitVector &LiveOut = CounterLiveOut[Owner];
  LiveOut.resize(RPO.size());
  SmallVector<unsigned, 32> Blocks;
  Liveness.getLiveOutBlocks(Blocks);
  for (unsigned I : Blocks)
    LiveOut.set(I);
  LiveSpans R;
  Liveness.getBlocks(Blocks); // used, seeding or live in
  for (unsigned I : Blocks) {
    if (!Seeded.test(I)) {
      if (Liveness.isLiveOut(I))
        R.push_back({I, End, End}); // the seed
    } else if (Liveness.isLiveOut(I)) {
      R.push_back({I, 0, End});
    } else if (Liveness.isLiveIn(I)) {
      R.push_back({I, 0, Liveness.getLastUse(I)});
    }
  }
  return R;
}

/// Would the translation validator lose track of consumer C's wait if C
/// waited for Holder's snapshot + an offset instead of its own group's? It
/// relates the two thresholds only while no site of either group runs: so no
/// site of Holder may precede C in its block (the register is not written
/// before the holder's last site there, so it would still hold the right
/// value). C's other groups on the agent need nothing from the register:
/// the validator covers each by C's other waits, by an earlier wait of C's
/// engine for every instance of the agent, or by knowing that none of its
/// sites has run (proofs/README.md), as the pass does.
bool PreciseSync::offsetWaitUnchecked(unsigned C, unsigned Holder) const {
  return Gen.getLatestProducerInBlock(Groups[Holder], C) >= 0;
}

/// Can group GI's snapshot consumers wait for Holder's snapshot + Delta
/// (shareSnapshots)? Delta = 0 means the same last sites: the same value
/// everywhere. Otherwise only within MaxSnapshotOffset, and where the
/// validator can follow (offsetWaitUnchecked). A union (mergeSnapshots) may
/// share too: its sites are a set of the agent's sites like a group's, and
/// the validator tracks the unions of a consumer's groups as sets of their
/// own.
bool PreciseSync::canShareSnapshot(unsigned GI, unsigned Holder,
                                   int64_t Delta) const {
  if (Delta == 0)
    return true;
  if (!OffsetSnapshots || Delta < -MaxSnapshotOffset)
    return false;
  return llvm::none_of(Groups[GI].Consumers, [&](unsigned C) {
    return llvm::any_of(Waits[C],
                        [&](const WaitRequest &R) {
                          return R.Group == GI && R.Snapshot;
                        }) &&
           offsetWaitUnchecked(C, Holder);
  });
}

/// Group GI's snapshot consumers wait on Holder's snapshot + Delta instead.
void PreciseSync::shareSnapshot(unsigned GI, unsigned Holder, int64_t Delta) {
  for (unsigned C : Groups[GI].Consumers)
    for (WaitRequest &W : Waits[C])
      if (W.Group == GI && W.Snapshot) {
        W.Group = Holder;
        W.K = Delta;
      }
  auto &HC = Groups[Holder].Consumers;
  HC.append(Groups[GI].Consumers.begin(), Groups[GI].Consumers.end());
  std::sort(HC.begin(), HC.end());
  HC.erase(llvm::unique(HC), HC.end());
  NeedsSnapshot[GI] = false;
}

/// Two groups G1, G2 of agent F whose last producer sites lie in the same
/// blocks, with off_F after G2's last site = off_F after G1's + Delta in each
/// of them (Delta <= 0), have T_G2 = T_G1 + Delta wherever they have run
/// (the latest block of them that ran is the same, and C_F does not change
/// inside a block), and both are 0 where neither has run. So G1's snapshot
/// serves G2: E.waitr S_F, R_G1, Delta waits for T_G2, or for Delta <= 0
/// where nothing ran, which passes at once (exact: nothing is to be waited
/// for). Groups are classed by agent and by the offsets after their last
/// sites relative to their first block's; in each class, from the highest
/// offset down, a group joins the first holder above it it can share with
/// (canShareSnapshot), or becomes a holder. (Groups with the same last sites
/// are the case Delta = 0.)
void PreciseSync::shareSnapshots() {
  using Shape = SmallVector<std::pair<unsigned, int64_t>, 8>;
  using Members = SmallVector<std::pair<int64_t, unsigned>, 4>;
  // Members: (offset in the first block, group).
  std::map<std::pair<AgentId, Shape>, Members> Classes;
  SmallVector<unsigned, 8> Last;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    Last.clear();
    lastProducersPerBlock(GI, Last);
    Shape Offsets;
    for (unsigned S : Last)
      Offsets.push_back(
          {unsigned(Deps.sites()[S].MBB->getNumber()), Gen.getCountAfter(S)});
    llvm::sort(Offsets);
    int64_t Level = Offsets.front().second;
    for (auto &BlockOffset : Offsets)
      BlockOffset.second -= Level;
    Classes[{Groups[GI].Producer, Offsets}].push_back({Level, GI});
  }
  SmallVector<std::pair<int64_t, unsigned>, 4> Holders;
  for (auto &[Key, Class] : Classes) {
    llvm::stable_sort(Class, [](const auto &A, const auto &B) {
      return A.first > B.first;
    });
    Holders.clear();
    for (const auto &[Level, GI] : Class) {
      auto It = llvm::find_if(Holders, [&, Level = Level,
                                        GI = GI](const auto &H) {
        return canShareSnapshot(GI, H.second, Level - H.first);
      });
      if (It == Holders.end())
        Holders.push_back({Level, GI});
      else
        shareSnapshot(GI, It->second, Level - It->first);
    }
  }
}

/// Agents whose counts change identically at every block end hold equal
/// counters (all start at 0): they share one register and one addi
/// (CounterOwner: the first of them).
void PreciseSync::assignCounterOwners() {
  std::map<std::vector<std::pair<unsigned, int64_t>>, AgentId> ByPattern;
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    OwnsCounter[F] = false;
    CounterReg[F] = SyncRegs::zeroReg();
    CounterOwner[F] = F;
    std::vector<std::pair<unsigned, int64_t>> Pattern;
    for (MachineBasicBlock *B : RPO)
      if (int64_t D = correction(*B, F))
        Pattern.push_back({unsigned(B->getNumber()), D});
    if (Pattern.empty())
      continue;
    auto [It, New] = ByPattern.try_emplace(Pattern, F);
    CounterOwner[F] = It->second;
    OwnsCounter[F] = New;
  }
}

bool PreciseSync::entersSeeded(unsigned I, const BitVector &Seeded) const {
  return !Seeded.test(I) &&
         llvm::any_of(RPO[I]->successors(), [&](const MachineBasicBlock *S) {
           return Deps.isReachable(*S) && Seeded.test(Gen.getRPOIndex(*S));
         });
}

/// The seeds of Owner's counter (li C_F, d): at the end of each block
/// outside Seeded that enters it.
void PreciseSync::addCounterSeeds(const BitVector &Seeded) {
  for (unsigned I = 0; I < RPO.size(); ++I)
    if (entersSeeded(I, Seeded))
      Liveness.addDef(I, End);
}

/// Per RPO index, a lower bound of the counters assignCounters finds live
/// out of the block, from the waits as computeThresholds leaves them. No
/// later step drops a counter-relative wait (they drop snapshot waits, or
/// replace a consumer's waits on an agent by one counter-relative wait), and
/// the seeds do not depend on the waits: the range counterRange gives a
/// counter contains the one its counter-relative reads alone give. Counters
/// live out of one block each take a register of their own there. One
/// liveness solve for every owner at once, a bit each (the blocks live out
/// are what BlockLiveness::solve with DefsKill gives each alone: the seeds
/// are written at block ends, after every read there).
std::vector<unsigned> PreciseSync::countersLiveOutAtLeast() {
  assignCounterOwners();
  unsigned N = RPO.size();
  std::vector<SyncAgentMask> Used(N, 0), Seeds(N, 0), LiveIn(N, 0),
      LiveOut(N, 0);
  ArrayRef<SyncSite> Sites = Deps.sites();
  SitesByOwner Readers = counterReaders(/*SnapshotsToo=*/false);
  for (AgentId Owner = 0; Owner < MaxSyncAgents; ++Owner) {
    if (!OwnsCounter[Owner] || Readers[Owner].empty())
      continue;
    BitVector &Seeded = CounterSeeded[Owner];
    seededCounterBlocks(Owner, Seeded);
    SyncAgentMask Bit = syncAgentBit(Owner);
    bool Read = false;
    for (unsigned C : Readers[Owner]) {
      unsigned B = Gen.getRPOIndex(*Sites[C].MBB);
      if (Seeded.test(B)) { // elsewhere the wait reads r0
        Used[B] |= Bit;
        Read = true;
      }
    }
    if (!Read)
      continue;
    for (unsigned I = 0; I < N; ++I)
      if (entersSeeded(I, Seeded))
        Seeds[I] |= Bit;
  }
  SmallVector<unsigned, 32> Work;
  for (unsigned B = 0; B < N; ++B) {
    LiveIn[B] = Used[B];
    if (Used[B])
      Work.push_back(B);
  }
  while (!Work.empty()) {
    unsigned B = Work.pop_back_val();
    for (unsigned P : Liveness.preds(B)) {
      LiveOut[P] |= LiveIn[B];
      SyncAgentMask In = Used[P] | (LiveOut[P] & ~Seeds[P]);
      if (In != LiveIn[P]) {
        LiveIn[P] = In;
        Work.push_back(P);
      }
    }
  }
  std::vector<unsigned> Count(N);
  for (unsigned I = 0; I < N; ++I)
    Count[I] = llvm::popcount(LiveOut[I]);
  return Count;
}

/// False, with the fallback noted, where countersLiveOutAtLeast exceeds the
/// registers free at some block's end: assignCounters would not fit them
/// either.
bool PreciseSync::countersMayFit() {
  initRegisterState();
  std::vector<unsigned> Needed = countersLiveOutAtLeast();
  const std::vector<RegisterOccupancy> &Program = programOccupancy();
  for (unsigned I = 0; I < RPO.size(); ++I) {
    if (Needed[I] <= Pool.numFree())
      continue;
    unsigned Free = Pool.size();
    for (const RegisterOccupancy &O : Program)
      Free -= O.covers(I, End);
    if (Needed[I] <= Free)
      continue;
    Gen.noteFallback(
        &Gen.getFunction().front(),
        "at least " + std::to_string(Needed[I]) +
            " agents need a counter register, more than the " +
            std::to_string(Free) +
            (Pool.numFree() == Pool.size()
                 ? std::string(" free registers")
                 : " registers free at the end of %bb." +
                       std::to_string(RPO[I]->getNumber())) +
            ": using the barrier algorithm");
    return false;
  }
  return true;
}

/// Agents whose counts change identically at every block end hold equal
/// counters (all start at 0): they share one register and one addi.
/// Counters whose live ranges (from their seeds to their last reads) do not
/// meet share a register too. Returns false if they do not fit.
bool PreciseSync::assignCounters(std::vector<RegisterOccupancy> &Occupied,
                                 BitVector &CounterUsed) {
  unsigned NumCounters = 0, NumUnplaced = 0;
  assignCounterOwners();
  CounterUsed.resize(Pool.size());
  SitesByOwner Readers = counterReaders(/*SnapshotsToo=*/true);
  std::vector<SmallVector<unsigned, 4>> SnapshotGroups(MaxSyncAgents);
  for (unsigned GI = 0; GI < Groups.size(); ++GI)
    if (NeedsSnapshot[GI])
      SnapshotGroups[CounterOwner[Groups[GI].Producer]].push_back(GI);
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    if (!OwnsCounter[F])
      continue;
    LiveSpans R = counterRange(F, Readers[F], SnapshotGroups[F]);
    if (R.empty())
      continue; // nothing reads it where it differs from 0
    ++NumCounters;
    unsigned X = 0;
    while (X < Pool.size() && Occupied[X].interferes(R))
      ++X;
    if (X == Pool.size()) {
      ++NumUnplaced;
      continue;
    }
    Occupied[X].add(R);
    CounterUsed.set(X);
    CounterReg[F] = Pool.reg(X);
  }
  for (AgentId F = 0; F < MaxSyncAgents; ++F)
    CounterReg[F] = CounterReg[CounterOwner[F]];
  if (NumUnplaced) {
    Gen.noteFallback(&Gen.getFunction().front(),
                     std::to_string(NumCounters) +
                         " agents need a counter register, " +
                         std::to_string(NumUnplaced) +
                         " of them do not fit in the " +
                         (Pool.numFree() == Pool.size()
                              ? std::to_string(Pool.size()) + " free registers"
                              : "registers free where they are live (" +
                                    std::to_string(Pool.numFree()) +
                                    " unused by the function)") +
                         ": using the barrier algorithm");
    return false;
  }
  Gen.getReport().CounterRegs = CounterUsed.count();
  NumCounterRegs += CounterUsed.count();
  return true;
}

/// The bound of each group of Fallen at the entry of each of its consumers'
/// blocks (by position in Fallen, then in the group's Consumers). Most
/// groups have their bounds from dropBoundedSnapshotWaits; the others
/// (unions, or all when it solved none) are solved here, in batches: a
/// group's bounds depend only on its own sites and its agent's corrections
/// (ThresholdBoundState), so a batch gives each group what one solve of
/// them all would, and only the dense states of one batch are alive at a
/// time.
std::vector<SmallVector<ThresholdBoundState::Bound, 4>>
PreciseSync::consumerBounds(ArrayRef<unsigned> Fallen) {
  std::vector<SmallVector<ThresholdBoundState::Bound, 4>> Bounds(Fallen.size());
  // The states at each block's entry, by RPO index: one lookup in the
  // solver's map per block instead of one per (group, consumer).
  std::vector<const ThresholdBoundState *> In(RPO.size());
  auto Read = [&](const SyncDataflow<ThresholdBoundState> &Solved) {
    for (unsigned I = 0; I < RPO.size(); ++I)
      In[I] = Solved.incoming(*RPO[I]);
  };
  auto AtConsumers = [&](unsigned GI, unsigned Slot, unsigned FI) {
    for (unsigned C : Groups[GI].Consumers)
      Bounds[FI].push_back(
          In[Gen.getRPOIndex(*Deps.sites()[C].MBB)]->get(Slot));
  };
  SmallVector<unsigned, 32> Unsolved;
  DenseMap<unsigned, unsigned> Pos; // group -> its position in Fallen
  if (SolvedBounds)
    Read(*SolvedBounds);
  for (unsigned FI = 0; FI < Fallen.size(); ++FI) {
    unsigned GI = Fallen[FI];
    if (GI < BoundSlot.size() && BoundSlot[GI] != ~0u) {
      AtConsumers(GI, BoundSlot[GI], FI);
      continue;
    }
    Unsolved.push_back(GI);
    Pos[GI] = FI;
  }
  sortByFirstProducer(Unsolved);
  size_t Batch = std::max<uint64_t>(1, BoundBatchPairs / RPO.size());
  std::vector<AgentId> Agents; // outlives the states, which read it
  for (size_t Start = 0; Start < Unsolved.size(); Start += Batch) {
    ArrayRef<unsigned> Gs = ArrayRef(Unsolved).slice(
        Start, std::min(Batch, Unsolved.size() - Start));
    auto Solved = solveThresholdBounds(Gs, Agents); // In points into it
    Read(*Solved);
    for (unsigned I = 0; I < Gs.size(); ++I)
      AtConsumers(Gs[I], I, Pos[Gs[I]]);
  }
  return Bounds;
}

/// Out of registers: the snapshot consumers of the groups Fallen wait for
/// an upper bound of their threshold instead (sound, not precise). A forward
/// dataflow over the snapshot groups (ThresholdBoundState: that of
/// dropBoundedSnapshotWaits, and one over the unions made since) bounds
/// each threshold at every block entry: Upper(k), T_G <= C_F + k on every
/// path (the largest count after a latest site, paths where none ran
/// contribute nothing), or Unbounded. A consumer c waits for C_F +
/// min(k, off_F(c)), or C_F + off_F(c) (every earlier instance of F, which
/// T_G never exceeds) where Unbounded. A snapshot consumer has no site of
/// its group before it in its block (the group would be Known there), and
/// C_F does not change inside a block: the value at the block's entry is
/// the one at c. The bound is exact on the paths where the latest site
/// gives the largest count: for a loop-carried group (consumer at the top
/// of the body, producer later in it), on every iteration but the first,
/// where every earlier instance would also wait for the producers after
/// the group's site in the previous iteration and before c in this one.
void PreciseSync::boundFallbackWaits(ArrayRef<unsigned> Fallen) {
  if (Fallen.empty())
    return;
  std::vector<SmallVector<ThresholdBoundState::Bound, 4>> Bounds =
      consumerBounds(Fallen);
  // offsetBefore walks the consumer's block: once per (consumer, agent),
  // not once per group that falls back there.
  DenseMap<uint64_t, int64_t> Offsets;
  auto OffsetBefore = [&](unsigned C, AgentId F) {
    auto [It, New] = Offsets.try_emplace(uint64_t(C) * MaxSyncAgents + F, 0);
    if (New)
      It->second = offsetBefore(C, F);
    return It->second;
  };
  for (unsigned FI = 0; FI < Fallen.size(); ++FI) {
    unsigned GI = Fallen[FI];
    const DependenceGroup &G = Groups[GI];
    const MachineBasicBlock *First = nullptr;
    SmallVector<unsigned, 4> Affected;
    unsigned EveryEarlier = 0;
    for (auto [C, V] : zip_equal(G.Consumers, Bounds[FI])) {
      const MachineBasicBlock &CB = *Deps.sites()[C].MBB;
      auto IsSnapshotWait = [&](const WaitRequest &R) {
        return R.Group == GI && R.Snapshot;
      };
      if (V.K == ThresholdBoundState::Kind::Empty) {
        // No site of the group can have run (the threshold state's Empty
        // was widened where a loop produces on F): nothing to wait for.
        llvm::erase_if(Waits[C], IsSnapshotWait);
        continue;
      }
      for (WaitRequest &R : Waits[C]) {
        if (!IsSnapshotWait(R))
          continue;
        int64_t Every = OffsetBefore(C, G.Producer);
        R.K = fallbackThreshold(V, OffsetBefore(C, R.F), R);
        EveryEarlier += R.K == Every;
        R.Snapshot = false;
        if (!First)
          First = &CB;
        Affected.push_back(C);
      }
    }
    NeedsSnapshot[GI] = false;
    if (Affected.empty())
      continue; // exact: no remark
    std::string F = Deps.syncAgentName(G.Producer);
    std::string Reason = "no free register left for the threshold of a "
                         "dependence on " +
                         F + " (" + std::to_string(G.Consumers.size()) +
                         " consumers): they wait for ";
    if (EveryEarlier == Affected.size())
      Reason += "every earlier completion of " + F +
                " instead of the latest conflicting one";
    else
      Reason += "the largest count of " + F +
                " after its latest conflicting instance on any path "
                "instead of the count on the path taken" +
                (EveryEarlier ? " (" + std::to_string(EveryEarlier) +
                                    " of them for every earlier completion)"
                              : std::string());
    Gen.noteFallback(First, Reason, Affected, G.Producer);
  }
}

/// Is there a path from L's header to one of its latches, inside L, that
/// does not pass through PB?
static bool skippedByAnIteration(const MachineLoop &L,
                                 const MachineBasicBlock &PB) {
  const MachineBasicBlock *Header = L.getHeader();
  if (&PB == Header)
    return false;
  SmallVector<const MachineBasicBlock *, 8> Work{Header};
  SmallPtrSet<const MachineBasicBlock *, 16> Seen{Header};
  while (!Work.empty()) {
    const MachineBasicBlock *B = Work.pop_back_val();
    if (L.isLoopLatch(B))
      return true;
    for (const MachineBasicBlock *S : B->successors())
      if (S != &PB && S != Header && L.contains(S) && Seen.insert(S).second)
        Work.push_back(S);
  }
  return false;
}

/// The threshold that snapshot wait R of consumer C asks for if its group
/// falls back, V being the group's bound at C's block entry (not Empty):
/// C_F + min(k, off_F(C)) where Upper(k), C_F + off_F(C) (every earlier
/// instance of F) where Unbounded. R.K: a group sharing the snapshot has
/// T = T_holder + R.K (<= 0).
int64_t PreciseSync::fallbackThreshold(ThresholdBoundState::Bound V,
                                       int64_t Every,
                                       const WaitRequest &R) const {
  return V.K == ThresholdBoundState::Kind::Upper ? std::min(V.Off + R.K, Every)
                                                  : Every;
}

/// Why group GI's threshold is unknown at its snapshot consumers, from the
/// loops of its sites (a measurement aid, -neuronisa-sync-explain-snapshots):
///  - "loop-carried": a producer shares a loop L with a consumer and comes
///    after it in the body: the value comes from the previous iteration, or
///    from before the loop on the first one. Refined by where the producer
///    sits in L's body: "loop-carried/every-iteration" (on every path from
///    L's header to a latch: only the first iteration differs, the shape
///    that peeling one iteration makes Known), "loop-carried/conditional"
///    (some path of an iteration skips it: the value comes from the latest
///    iteration that ran it), "loop-carried/inner-loop" (in a loop nested
///    in L, which may run any number of times per iteration of L);
///  - "after-loop": a producer sits in a loop the consumer is not in: the
///    loop may run zero times, or produce on the agent after it;
///  - "branch": otherwise: some path to the consumer skips the producers
///    (if/else, switch, early exit).
StringRef PreciseSync::snapshotShape(unsigned GI) const {
  const MachineLoopInfo &MLI = Gen.getLoopInfo();
  ArrayRef<SyncSite> Sites = Deps.sites();
  bool AfterLoop = false;
  for (unsigned C : Groups[GI].Consumers) {
    if (llvm::none_of(Waits[C], [&](const WaitRequest &R) {
          return R.Group == GI && R.Snapshot;
        }))
      continue;
    const MachineBasicBlock *CB = Sites[C].MBB;
    for (unsigned P : Groups[GI].Producers) {
      const MachineBasicBlock *PB = Sites[P].MBB;
      const MachineLoop *L = MLI.getLoopFor(PB);
      while (L && !L->contains(CB))
        L = L->getParentLoop();
      if (L && Gen.getRPOIndex(*PB) >= Gen.getRPOIndex(*CB)) {
        if (MLI.getLoopFor(PB) != L)
          return "loop-carried/inner-loop";
        return skippedByAnIteration(*L, *PB) ? "loop-carried/conditional"
                                             : "loop-carried/every-iteration";
      }
      if (MLI.getLoopFor(PB) != L)
        AfterLoop = true;
    }
  }
  return AfterLoop ? "after-loop" : "branch";
}

/// The groups that need a snapshot, by priority (highest first): dynamic
/// waits weighted by 8^loop depth.
SmallVector<std::pair<uint64_t, unsigned>, 8>
PreciseSync::snapshotPriorities() {
  const MachineLoopInfo &MLI = Gen.getLoopInfo();
  SmallVector<std::pair<uint64_t, unsigned>, 8> Want;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    uint64_t W = 0;
    for (unsigned C : Groups[GI].Consumers)
      for (const WaitRequest &R : Waits[C])
        if (R.Group == GI && R.Snapshot) {
          unsigned Depth = 3 * MLI.getLoopDepth(Deps.sites()[C].MBB);
          W += uint64_t(1) << std::min(Depth, 60u);
        }
    Want.push_back({W, GI});
  }
  llvm::stable_sort(Want, [](auto &A, auto &B) { return A.first > B.first; });
  return Want;
}

/// -neuronisa-sync-explain-snapshots: the waits bounded, the groups wanting
/// a snapshot (Want) and why, and the registers free for them (analysis
/// remarks ExplainSnapshots, emitSyncRemarks).
void PreciseSync::explainSnapshotDemand(
    ArrayRef<std::pair<uint64_t, unsigned>> Want,
    const BitVector &CounterUsed) {
  if (!ExplainSnapshots)
    return;
  StringRef Fn = Gen.getFunction().getName();
  auto Line = [&]() -> raw_string_ostream {
    return raw_string_ostream(Explanation.emplace_back());
  };
  Line() << "snapshot-waits-bounded: " << Fn
         << " never-run=" << NeverRunWaitsDropped
         << " covered=" << CoveredWaitsDropped;
  if (Want.empty())
    return;
  for (const auto &[Weight, GI] : Want)
    Line() << "snapshot-group: " << Fn << " group " << GI << " agent "
           << Deps.syncAgentName(Groups[GI].Producer) << " producers "
           << Groups[GI].Producers.size() << " why=" << snapshotShape(GI);
  Line() << "snapshot-demand: " << Fn << " wanted=" << Want.size()
         << " free=" << Pool.size() - CounterUsed.count();
}

/// Snapshots by priority (snapshotPriorities). Returns whether some group
/// fell back.
bool PreciseSync::assignSnapshots(
    const BitVector &CounterUsed, std::vector<RegisterOccupancy> &Occupied) {
  SnapshotReg.assign(Groups.size(), 0);
  SmallVector<std::pair<uint64_t, unsigned>, 8> Want = snapshotPriorities();
  explainSnapshotDemand(Want, CounterUsed);
  SmallVector<unsigned, 8> Fallen; // groups left without a register
  BitVector SnapshotUsed(Pool.size());
  SmallVector<unsigned, 32> Order;
  Pool.snapshotOrder(Order);
  SmallVector<std::pair<unsigned, int>, 8> Uses;
  for (const auto &[Weight, GI] : Want) {
    // Every read of the snapshot lies in its live range: a register that
    // holds another value at one of them cannot take it. When no register
    // is free at all of them, the group falls back without its liveness.
    Uses.clear();
    for (unsigned C : Groups[GI].Consumers)
      for (const WaitRequest &R : Waits[C])
        if (R.Group == GI && R.Snapshot)
          Uses.push_back(
              {Gen.getRPOIndex(*Deps.sites()[C].MBB), 2 * SitePos[C] + 1});
    auto FreeAtUses = [&](const RegisterOccupancy &O) {
      return llvm::none_of(
          Uses, [&](const auto &U) { return O.covers(U.first, U.second); });
    };
    int Reg = -1;
    // r31, r30, ...: snapshots, then counters' dead stretches, then the
    // free registers below r20. The range that rematerializes the constant
    // values before the group's Unknown region (snapshotRange) is tried
    // first (-neuronisa-sync-remat-first; else only when the whole range
    // does not fit). It lies inside the whole range (a rematerialization
    // only ends the range earlier), so where it fits no register, neither
    // does the whole range: that attempt is skipped. Once a group has
    // failed, registers are short, and snapshotMayFit rules most groups out
    // at a fraction of a range's cost; until then most groups fit, and its
    // walk would only add to the range's cost.
    bool MayFit = llvm::any_of(Occupied, FreeAtUses) &&
                  (Fallen.empty() || snapshotMayFit(GI, Uses, Order, Occupied));
    for (bool Remat : {RematerializeFirst.getValue(),
                       !RematerializeFirst.getValue()}) {
      if (!MayFit || (!Remat && RematerializeFirst))
        break;
      LiveSpans R = snapshotRange(GI, Remat);
      for (unsigned X : Order)
        if (!Occupied[X].interferes(R)) {
          Reg = X;
          break;
        }
      if (Reg >= 0) {
        Occupied[Reg].add(R);
        break;
      }
    }
    if (Reg < 0) {
      SnapshotLiveOut[GI].clear();
      Fallen.push_back(GI);
      continue;
    }
    SnapshotReg[GI] = Pool.reg(Reg);
    for (const RematWrite &W : PendingRemat)
      SnapshotRemat[W.Index].push_back({GI, W.T});
    if (!CounterUsed.test(Reg))
      SnapshotUsed.set(Reg);
  }
  boundFallbackWaits(Fallen);
  SolvedBounds.reset();
  Gen.getReport().SnapshotRegs = SnapshotUsed.count();
  NumSnapshotRegs += SnapshotUsed.count();
  return !Fallen.empty();
}

/// Site positions, the liveness solver and the per-agent counter tables,
/// for countersMayFit and allocateRegisters.
void PreciseSync::initRegisterState() {
  SitePos.assign(Deps.sites().size(), 0);
  for (MachineBasicBlock *B : RPO) {
    unsigned I = 0;
    for (unsigned S : Deps.blockSites(*B))
      SitePos[S] = I++;
  }
  Liveness.init(RPO, Gen);
  CounterLiveOut.assign(MaxSyncAgents, BitVector());
  CounterSeeded.assign(MaxSyncAgents, BitVector());
  CountVaries.assign(MaxSyncAgents, BitVector());
}

bool PreciseSync::allocateRegisters() {
  initRegisterState();
  const MachineLoopInfo &MLI = Gen.getLoopInfo();
  RematCandidate.clear();
  RematCandidate.resize(RPO.size());
  for (unsigned I = 0; I < RPO.size(); ++I)
    if (!MLI.getLoopFor(RPO[I]) && !RPO[I]->succ_empty())
      RematCandidate.set(I);
  shareSnapshots();
  SnapshotLiveOut.assign(Groups.size(), {});
  SnapshotRemat.assign(RPO.size(), {});

  // Live ranges per register of the pool (index I: Pool.reg(I)), starting
  // with the function's own values in the registers it names.
  std::vector<RegisterOccupancy> Occupied = programOccupancy();
  BitVector CounterUsed;
  if (!assignCounters(Occupied, CounterUsed))
    return false;
  if (assignSnapshots(CounterUsed, Occupied))
    combineWaits();
  return true;
}
