//===-- NeuronISAPreciseSync.h - Barrier-free precise sync ------*- C++ -*-===//
//
// The precise algorithm (-neuronisa-sync=precise): every consumer waits for
// exactly the latest earlier instance, in program order, of each conflicting
// producer on every other agent, with thresholds computed at run time from
// counters in reserved registers. No barriers. docs/Synchronization.md gives
// the algorithm and the argument that it is exact. In four steps:
//  1. counters (this file's computeCounters): N_F(x) = C_F + off_F(x);
//  2. thresholds (computeThresholds): one solve of ThresholdState over the
//     CFG for every group at once; each consumer's waits;
//  3. registers (NeuronISAPreciseSyncRegisters.cpp): counters, snapshots,
//     their live ranges, sharing and fallbacks; then loop-invariant waits
//     move to preheaders (NeuronISAPreciseSyncHoist.cpp);
//  4. emission (emit), through the SyncGenerator.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAPRECISESYNC_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAPRECISESYNC_H

#include "NeuronISADependenceAnalysis.h"
#include "NeuronISASyncDataflow.h"
#include "NeuronISASyncGenerator.h"
#include "NeuronISASyncOccupancy.h"
#include "NeuronISASyncRegisters.h"
#include "NeuronISASyncState.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace llvm {
class MachineLoop;

namespace NeuronISA {

/// -neuronisa-sync-entry-bookkeeping-at-end: are counters seeded and
/// snapshots initialized at the end of the entry block instead of its start?
bool isEntryBookkeepingAtEnd();

class PreciseSync {
public:
  explicit PreciseSync(SyncGenerator &Gen);

  /// Inserts the synchronization. Returns false, having changed nothing,
  /// when the agents' counters alone do not fit in the free registers
  /// (the caller then falls back to the barrier algorithm).
  bool run() {
    if (!plan())
      return false;
    emitPlan();
    return true;
  }
  /// What a plan with split agents takes from the plain plan instead of
  /// computing it again (defined below).
  struct PlainFacts;

  /// Steps 1-3 and the wait order and hoisting, without changing the
  /// function (the report gets the plan's fallbacks). Returns false when
  /// the counters do not fit. CountersFirst: give up where a lower bound of
  /// the counters already exceeds the free registers (the fallback then
  /// says "at least"), before the snapshot and register work that would
  /// find the same (a plan with split agents, which is dropped when its
  /// counters do not fit): with Plain (the plain plan's facts), before the
  /// thresholds are solved for more than the sub-agents' groups
  /// (countersFitBeforeThresholds), else right after them. Record: where to
  /// keep this plan's facts (the plain plan, when split plans may follow).
  bool plan(bool CountersFirst = false, const PlainFacts *Plain = nullptr,
            PlainFacts *Record = nullptr);
  /// Step 4: emits what plan() decided.
  void emitPlan();
  /// What -neuronisa-sync-explain-snapshots says of the plan, one line
  /// each (emitted as analysis remarks).
  ArrayRef<std::string> getExplanation() const { return Explanation; }

private:
  SyncGenerator &Gen;
  const EngineDependences &Deps;
  ArrayRef<MachineBasicBlock *> RPO;
  /// -neuronisa-sync-earlier-waits-cover: a snapshot wait is left out where
  /// earlier waits of its engine cover it (before registers and in
  /// emission).
  const bool EarlierWaitsCover;
  /// The analysis' groups, then the unions made by waitForKnownUnions and
  /// mergeSnapshots.
  std::vector<DependenceGroup> Groups;

  //===--- 1. Counters ----------------------------------------------------===//
  /// Per (block number, agent): off_F at block entry, and the correction
  /// d (addi C_F, C_F, d before the terminators).
  /// Per (block number, slot of a producing agent: SyncGenerator::getSlot);
  /// 0 for the agents that produce nowhere.
  std::vector<int64_t> EntryOffset, Correction;
  int64_t entryOffset(const MachineBasicBlock &B, AgentId F) const {
    int S = Gen.getSlot(F);
    return S < 0 ? 0 : EntryOffset[size_t(B.getNumber()) * Gen.numSlots() + S];
  }
  int64_t correction(const MachineBasicBlock &B, AgentId F) const {
    int S = Gen.getSlot(F);
    return S < 0 ? 0 : Correction[size_t(B.getNumber()) * Gen.numSlots() + S];
  }
  /// B's corrections, per slot (SyncGenerator::getProducingAgents).
  ArrayRef<int64_t> corrections(const MachineBasicBlock &B) const {
    return ArrayRef<int64_t>(Correction)
        .slice(size_t(B.getNumber()) * Gen.numSlots(), Gen.numSlots());
  }
  void computeCounters();
  int64_t offsetBefore(unsigned Site, AgentId F) const;

  //===--- 2. Thresholds --------------------------------------------------===//
  WaitRequests Waits;          // per consumer site
  /// The thresholds at block entries (kept for rematerialization).
  std::unique_ptr<SyncDataflow<ThresholdState>> Thresholds;
  std::vector<AgentId> ThresholdGroupAgents; // the states point into it
  std::vector<std::string> Explanation;
  std::vector<bool> NeedsSnapshot; // per group
  /// What a block produces: per group with a site in it (ascending), the
  /// count right after the group's last site there.
  using BlockProduction = SmallVector<std::pair<unsigned, int64_t>, 4>;
  /// Solves the thresholds of the groups of GroupAgents (which must outlive
  /// Solver's states), each block producing Produced[its RPO index] and then
  /// correcting the counters; the number of block evaluations.
  unsigned solveThresholds(SyncDataflow<ThresholdState> &Solver,
                           ArrayRef<AgentId> GroupAgents,
                           ArrayRef<BlockProduction> Produced);
  /// What each block produces for groups 0..N-1 (ProducersOf(I): group
  /// I's sites, ascending; sites are numbered block by block): per RPO
  /// index, the count after each group's last site there, by group.
  std::vector<BlockProduction>
  productionOf(unsigned N,
               function_ref<ArrayRef<unsigned>(unsigned)> ProducersOf) const;
  void computeThresholds();
  /// The counter-relative waits, as (consumer site, agent).
  using CounterReads = std::vector<std::pair<unsigned, AgentId>>;
  void recordCounterReads(CounterReads &Reads) const;
  bool countersFitBeforeThresholds(const CounterReads &Plain);
  void checkPredictedCounterReads(CounterReads &Predicted) const;
  std::vector<int> singleBlockAgents() const;
  void reachableFrom(unsigned From, BitVector &Reached) const;
  void dropImpliedSnapshotWaits();
  void waitForKnownUnions();
  void dropBoundedSnapshotWaits();
  /// Snapshot waits left out by dropBoundedSnapshotWaits (Empty bound;
  /// bound covered by another wait), for -neuronisa-sync-explain-snapshots.
  unsigned NeverRunWaitsDropped = 0, CoveredWaitsDropped = 0;
  std::unique_ptr<SyncDataflow<ThresholdBoundState>>
  solveThresholdBounds(ArrayRef<unsigned> Groups,
                       std::vector<AgentId> &BoundAgents) const;
  /// The bounds dropBoundedSnapshotWaits solved, kept for the groups that
  /// then find no register (boundFallbackWaits): a group's bound depends on
  /// its own sites and its agent's corrections only, which do not change
  /// in between. BoundSlot: per group, its index in that solve (~0u: not
  /// solved there, e.g. a union made later). BoundAgents: the agents of
  /// its groups, which its states point to (declared first, so that it is
  /// destroyed after them).
  std::vector<AgentId> BoundAgents;
  std::unique_ptr<SyncDataflow<ThresholdBoundState>> SolvedBounds;
  std::vector<unsigned> BoundSlot;
  /// Sorts groups by their first producer site, the order in which to give
  /// them to solveThresholdBounds (see there).
  void sortByFirstProducer(MutableArrayRef<unsigned> Gs) const;
  void mergeSnapshots();
  void combineWaits();
  void orderWaitsByRelease();
  unsigned blocksAround(unsigned P, unsigned C);
  unsigned loopEnd(const MachineLoop &L);
  std::pair<unsigned, int>
  nearestEarlierProducer(unsigned G, unsigned C,
                         std::optional<unsigned> OuterEnd, int &Before);

  //===--- Wait order: expected release (NeuronISAPreciseSyncRelease.cpp) -===//
  /// Per reverse post-order index: the cycle the block is expected to start
  /// and end at.
  std::vector<uint64_t> BlockStart, BlockEnd;
  /// Per site: latency and cycles it occupies its engine (machine model);
  /// expected completion, from its block's start.
  std::vector<uint64_t> SiteLatency, SiteOccupancy, SiteFinish;
  uint64_t StreamClock[NumStreams] = {}; // in the block being scheduled
  void computeReleaseCycles();
  void startReleaseBlock(const MachineBasicBlock &B);
  uint64_t releaseInBlock(unsigned P) const { return SiteFinish[P]; }
  uint64_t releaseFromEarlierBlock(unsigned P, unsigned CI) const;
  void issueRelease(unsigned C, uint64_t Release);
  void endReleaseBlock(const MachineBasicBlock &B);
  std::vector<SmallVector<std::pair<unsigned, unsigned>, 4>> ProducerBlocks;
  ArrayRef<std::pair<unsigned, unsigned>> producerBlocks(unsigned G);
  /// Per loop, by its header's reverse post-order index: the largest
  /// reverse post-order index of its blocks (0: not computed yet).
  std::vector<unsigned> LoopEnd;
  /// Per reverse post-order index: the innermost loop of the block and its
  /// depth (blocksAround runs for most waits; MachineLoopInfo's lookup and
  /// depth walk were most of it).
  std::vector<std::pair<const MachineLoop *, unsigned>> LoopOfBlock;

  //===--- 3. Registers ---------------------------------------------------===//
  SyncRegisterPool Pool; // the registers the function leaves free
  unsigned CounterReg[MaxSyncAgents] = {};
  AgentId CounterOwner[MaxSyncAgents] = {}; // agent whose addi updates the reg
  bool OwnsCounter[MaxSyncAgents] = {};      // CounterOwner[F] == F, F counts
  std::vector<unsigned> SnapshotReg; // per group; 0: none
  DenseMap<unsigned, bool> SnapshotLiveAtEntry; // per group: reads the init
  /// Per group: the blocks (RPO indices, ascending) whose snapshot write is
  /// read later; empty for groups without a register.
  std::vector<SmallVector<unsigned, 4>> SnapshotLiveOut;
  std::vector<BitVector> CounterLiveOut; // per owner agent, by RPO index
  /// Per owner agent, by RPO index: the blocks where C_F may differ from 0
  /// (some correction of F can run before them), and loops around the edges
  /// into them (see seededCounterBlocks). Elsewhere C_F = 0: its reads there
  /// use r0, and the counter is seeded (li) at the end of the blocks that
  /// enter them.
  std::vector<BitVector> CounterSeeded;
  /// Per owner agent, by RPO index: the blocks some correction of it can
  /// run before (N_F is not a compile-time constant there).
  std::vector<BitVector> CountVaries;
  /// A snapshot written at a block's end with the value its group's
  /// threshold has there: li R_G, T.
  struct RematWrite {
    unsigned Index; // the group (SnapshotRemat) or the block (PendingRemat)
    int64_t T;
  };
  /// Per RPO index: snapshots rematerialized at the block's end: see
  /// snapshotRange.
  std::vector<SmallVector<RematWrite, 2>> SnapshotRemat;
  /// The rematerializations of the group snapshotRange last computed.
  SmallVector<RematWrite, 8> PendingRemat;
  /// Per RPO index: the block can get a rematerialized snapshot write (it
  /// is outside loops and has successors); see snapshotRange.
  BitVector RematCandidate;
  std::optional<int64_t> constantThresholdAtEnd(unsigned Group,
                                                const MachineBasicBlock &B) const;
  void seededCounterBlocks(AgentId Owner, BitVector &Seeded);
  bool isCounterSeededIn(AgentId F, const MachineBasicBlock &B) const;
  /// The register that holds C_F in block B: r0 where C_F = 0.
  unsigned counterRegIn(AgentId F, const MachineBasicBlock &B) const;
  /// Does B's end write F's counter register (a correction or a seed)?
  bool writesCounterAt(const MachineBasicBlock &B, AgentId Owner) const;
  std::vector<unsigned> SitePos;         // per site: index in its block

  /// Backward liveness of one value over the blocks (by RPO index), sparse:
  /// its cost is the size of the live region, not of the function.
  class BlockLiveness {
  public:
    void init(ArrayRef<MachineBasicBlock *> RPO, const SyncGenerator &Gen);
    /// Starts a new value: no uses, no definitions.
    void clear();
    /// A read at position Pos of block B.
    void addUse(unsigned B, int Pos);
    /// A write at position Pos of block B.
    void addDef(unsigned B, int Pos);
    /// Live-in = used | (live-out and, if DefsKill, not defined).
    void solve(bool DefsKill);
    bool isLiveIn(unsigned B) const { return LiveInMark[B] == Epoch; }
    bool isLiveOut(unsigned B) const { return LiveOutMark[B] == Epoch; }
    bool isUsed(unsigned B) const { return UseMark[B] == Epoch; }
    bool isDefined(unsigned B) const { return DefMark[B] == Epoch; }
    int getLastUse(unsigned B) const { return isUsed(B) ? LastUse[B] : -1; }
    int getLastDef(unsigned B) const { return isDefined(B) ? LastDef[B] : -1; }
    /// Blocks used, defined or live in, ascending.
    void getBlocks(SmallVectorImpl<unsigned> &Blocks) const;
    /// Blocks live out, ascending.
    void getLiveOutBlocks(SmallVectorImpl<unsigned> &Blocks) const;
    /// B's reachable predecessors (RPO indices).
    ArrayRef<unsigned> preds(unsigned B) const {
      return ArrayRef<unsigned>(Preds).slice(PredBegin[B],
                                             PredBegin[B + 1] - PredBegin[B]);
    }

  private:
    /// Records position Pos in B in one of the use or def tables.
    void mark(std::vector<unsigned> &Mark, std::vector<int> &Last, unsigned B,
              int Pos);

    std::vector<unsigned> PredBegin, Preds;
    std::vector<unsigned> LiveInMark, LiveOutMark, UseMark, DefMark;
    std::vector<int> LastUse, LastDef;
    unsigned Epoch = 0;
    SmallVector<unsigned, 32> Touched, LiveOutList;
  };
  BlockLiveness Liveness;

  /// Live spans and register occupancy: NeuronISASyncOccupancy.h.
  using LiveSpan = NeuronISA::LiveSpan;
  using LiveSpans = NeuronISA::LiveSpans;
  using RegisterOccupancy = NeuronISA::RegisterOccupancy;
  /// The last position of a block: the counter updates before its
  /// terminators.
  static constexpr int End = std::numeric_limits<int>::max();

  bool allocateRegisters();
  /// The function's own values in the pool's registers (computed once,
  /// before anything is emitted).
  const std::vector<RegisterOccupancy> &programOccupancy();
  std::vector<RegisterOccupancy> ProgramOccupied;
  void assignCounterOwners();
  void initRegisterState();
  /// Is block I (RPO index) outside Seeded with a successor in it (it
  /// ends with a seed of the counter)?
  bool entersSeeded(unsigned I, const BitVector &Seeded) const;
  void addCounterSeeds(const BitVector &Seeded);
  std::vector<unsigned> countersLiveOutAtLeast();
  bool countersMayFit();
  bool assignCounters(std::vector<RegisterOccupancy> &Occupied,
                      BitVector &CounterUsed);
  void shareSnapshots();
  bool canShareSnapshot(unsigned Group, unsigned Holder, int64_t Delta) const;
  bool offsetWaitUnchecked(unsigned Consumer, unsigned Holder) const;
  void shareSnapshot(unsigned Group, unsigned Holder, int64_t Delta);
  bool assignSnapshots(const BitVector &CounterUsed,
                       std::vector<RegisterOccupancy> &Occupied);
  SmallVector<std::pair<uint64_t, unsigned>, 8> snapshotPriorities();
  void explainSnapshotDemand(ArrayRef<std::pair<uint64_t, unsigned>> Want,
                             const BitVector &CounterUsed);
  void boundFallbackWaits(ArrayRef<unsigned> Fallen);
  std::vector<SmallVector<ThresholdBoundState::Bound, 4>>
  consumerBounds(ArrayRef<unsigned> Fallen);
  /// Every: offsetBefore(Consumer, R.F).
  int64_t fallbackThreshold(ThresholdBoundState::Bound V, int64_t Every,
                            const WaitRequest &R) const;
  StringRef snapshotShape(unsigned Group) const;
  LiveSpans snapshotRange(unsigned Group, bool Rematerialize);
  bool snapshotMayFit(unsigned Group, ArrayRef<std::pair<unsigned, int>> Uses,
                      ArrayRef<unsigned> Order,
                      const std::vector<RegisterOccupancy> &Occupied) const;
  /// Per counter owner, the sites whose waits read its counter (once per
  /// such request, in site order; snapshot waits too if SnapshotsToo: they
  /// may become C_F + k), so that a per-owner step does not scan every
  /// site's waits (assignCounterOwners first).
  using SitesByOwner = std::vector<SmallVector<unsigned, 4>>;
  SitesByOwner counterReaders(bool SnapshotsToo) const;
  LiveSpans counterRange(AgentId Owner, ArrayRef<unsigned> Readers,
                         ArrayRef<unsigned> SnapshotGroups);
  /// The sites after which Group's snapshot is written: its last site in
  /// each block.
  void lastProducersPerBlock(unsigned Group,
                             SmallVectorImpl<unsigned> &Sites) const;

  //===--- Loop-invariant waits (NeuronISAPreciseSyncHoist.cpp) -----------===//
  /// A wait of consumer Consumer, run at the end of a loop preheader
  /// instead (R.K relative to the counter before the block's update).
  struct HoistedWait {
    WaitRequest R;
    unsigned Consumer;
  };
  std::vector<SmallVector<HoistedWait, 1>> HoistedWaits; // per RPO index
  void hoistInvariantWaits();
  void waitOnProducingPaths();
  void dropUnreadCounters();
  bool nothingRanAtEnd(const MachineBasicBlock &P, unsigned C,
                       AgentId F) const;
  bool isFirstIssuedBy(Engine E, unsigned C, MachineBasicBlock &Start) const;
  int64_t emittedCorrection(const MachineBasicBlock &B, AgentId F) const;
  bool writesRegisterIn(const MachineLoop &L, unsigned Reg) const;
  void computeRegisterWrites();
  /// Per register: the blocks (by number) that write it, while the
  /// registers stay as allocated (hoistInvariantWaits).
  DenseMap<unsigned, BitVector> RegisterWrites;
  /// writesRegisterIn's answers, per (loop, register).
  mutable DenseMap<std::pair<const MachineLoop *, unsigned>, bool>
      WritesRegisterCache;

  //===--- 4. Emission ----------------------------------------------------===//
  /// A snapshot wait some engine has run: E waited on Group's register + K
  /// (Wait: the instruction, or null when it ran in a predecessor block).
  struct SnapshotWaitDone {
    Engine E;
    unsigned Group;
    int64_t K;
    const MachineInstr *Wait;
    bool sameWait(const SnapshotWaitDone &O) const {
      return E == O.E && Group == O.Group && K == O.K;
    }
  };
  using SnapshotWaitsDone = SmallVector<SnapshotWaitDone, 4>;
  void emit();
  void emitBlock(MachineBasicBlock &B,
                 ArrayRef<SmallVector<unsigned, 1>> SnapshotsAfter,
                 SnapshotWaitsDone &SnapshotWaited);
  bool isSnapshotWaitImplied(unsigned S, const WaitRequest &R,
                             const WaitedState &Waited,
                             ArrayRef<SnapshotWaitDone> Done) const;
  SnapshotWaitsDone snapshotWaitsAtEntry(const MachineBasicBlock &B,
                                         ArrayRef<SnapshotWaitsDone> AtEnd,
                                         const BitVector &Emitted) const;
  void keepSnapshotWaitsToEnd(const MachineBasicBlock &B,
                              SnapshotWaitsDone &Done) const;
  void emitEntryInitialization();
  struct KnownConstants;
  struct BlockConstants;
  /// The constants the pass wrote (li R, k), by role: a counter's seed (its
  /// owner agent F), a snapshot's (MaxSyncAgents + its group).
  DenseMap<const MachineInstr *, unsigned> ConstantRoles;
  void dropRepeatedConstants();
};

struct PreciseSync::PlainFacts {
  /// The plain plan's waits on C_F + k as computeThresholds leaves them: a
  /// plan with split agents has the same for the agents it does not split.
  CounterReads Reads;
  /// The function's own values in the pool's registers (programOccupancy):
  /// the same for every plan of the function.
  std::vector<RegisterOccupancy> ProgramOccupied;
};

} // namespace NeuronISA
} // namespace llvm

#endif
