//===-- NeuronISASyncState.h - Dataflow states of the sync passes -*- C++ -*-===//
//
// The value classes that NeuronISASyncDataflow.h propagates (each has
// merge(), print() and dump(), like SIInsertWaitcnts' WaitcntBrackets):
//
//  - ThresholdState (precise mode): for every dependence group G = (F, P),
//    the threshold T_G, the count of F's increments right after the latest
//    executed instance of a site of P, relative to the counter C_F;
//  - BarrierThresholdState (barrier mode): the same threshold counted from
//    the last barrier, a constant;
//  - WaitedState (both modes): for every (engine E, agent F), the largest
//    threshold E has already waited for on S_F, to drop implied waits.
//
// docs/Synchronization.md gives the lattices and why they are exact.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCSTATE_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCSTATE_H

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "NeuronISASyncDataflow.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Compiler.h"
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;

namespace NeuronISA {

/// The threshold of every dependence group at a program point (precise
/// mode), as an abstract value relative to the counter C_F of the group's
/// agent F:
///   Known(k):  T_G = C_F + k on every path reaching the point;
///   Empty(u):  no site of P has run on any path, and C_F + u <= 0, so a
///              wait on C_F + b with b <= u passes at once (S_F >= 0);
///   Unknown:   neither (T_G then lives in a snapshot register).
/// Meet: equal Known values stay, Empty(u1) and Empty(u2) give
/// Empty(min(u1, u2)), Known(b) and Empty(u) give Known(b) when b <= u (on
/// the empty paths C_F + b <= 0 <= S_F), anything else Unknown.
///
/// Stored sparsely, so that one state serves every group: a group is
/// *touched* where some path reaching the point has run one of its sites; a
/// touched group is Known (in KnownOffsets) or Unknown (not there). An
/// untouched group's value depends on the paths alone, not on its sites: it
/// is Empty(u_F) with one u_F per agent, or Unknown for all untouched groups
/// of F once u_F was widened. The solve thus costs, per block, the agents
/// plus the groups known there (typically those produced since the last
/// loop that produces on their agent), not all the groups.
///
/// Widening: u_F only decreases, and it decreases along a retreating edge
/// exactly when a cycle with producers of F and none of the group's sites
/// reaches the point (reducible CFGs); it would decrease forever, so it
/// becomes Unknown there. Every other chain is finite (Known values only
/// turn Unknown), so the lattice each block sees has finite height.
class ThresholdState {
public:
  enum class Kind : uint8_t { Known, Empty, Unknown };
  struct GroupThreshold {
    Kind K;
    int64_t Off;
  };
  /// The state at the function entry: every group Empty(0) (C_F = 0).
  /// GroupAgents: the agent of each group (outlives the state).
  explicit ThresholdState(ArrayRef<AgentId> GroupAgents);

  GroupThreshold get(unsigned Group) const;

  /// Meet with Other; true if this state changed.
  bool merge(const ThresholdState &Other, const DataflowEdge &Edge);

  /// A site of Group ran: T_G = C_F + Off.
  void produce(unsigned Group, int64_t Off);
  /// produce() for each (group, offset) of Sorted, whose groups ascend and
  /// differ: one merge of the known offsets instead of an insertion each
  /// (a block may produce for most groups of a large function).
  void produceAll(ArrayRef<std::pair<unsigned, int64_t>> Sorted);
  /// C_F += Correction[F] for every agent (the counter updates at a block's
  /// end): every value relative to C_F drops by it.
  void correctCounters(ArrayRef<int64_t> Correction);
  /// C_F += Correction[I] for each agent F = Agents[I] (the others: 0).
  void correctCounters(ArrayRef<AgentId> Agents, ArrayRef<int64_t> Correction);

  void print(raw_ostream &OS) const;
#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
  LLVM_DUMP_METHOD void dump() const;
#endif

private:
  /// Offsets are counts of one function's instructions: 32 bits suffice,
  /// and keep the state of every block small.
  using Offset = int32_t;
  using KnownEntry = std::pair<uint32_t, Offset>;
  const AgentId *GroupAgents;
  /// Per group; shared between states until one of them adds a group (most
  /// blocks add none).
  std::shared_ptr<const BitVector> Touched;
  /// Known groups, by group, with k + Shift[F] (F: the group's agent), so
  /// that a counter correction is one addition to Shift. Shared between
  /// states until one of them changes it (blocks without producers do not).
  using KnownList = std::vector<KnownEntry>;
  std::shared_ptr<const KnownList> KnownOffsets;
  Offset Shift[MaxSyncAgents];
  Offset EmptyOff[MaxSyncAgents]; // u_F
  SyncAgentMask WidenedAgents = 0; // u_F widened: Unknown

  AgentId agentOf(unsigned Group) const { return GroupAgents[Group]; }
  int64_t knownOffset(const KnownEntry &E) const {
    return int64_t(E.second) - Shift[agentOf(E.first)];
  }
  BitVector &touchedForWrite();
  KnownList &knownForWrite();
  GroupThreshold untouched(AgentId F) const {
    if (WidenedAgents & syncAgentBit(F))
      return {Kind::Unknown, 0};
    return {Kind::Empty, EmptyOff[F]};
  }
};

/// An upper bound of the thresholds of some dependence groups at a program
/// point (precise mode: the groups whose snapshot found no register), each
/// relative to the counter C_F of its agent F:
///   Empty:     no site of the group has run on any path (T_G = 0: nothing
///              is to be waited for);
///   Upper(k):  T_G <= C_F + k on every path where a site of the group has
///              run (on the others T_G = 0 and nothing is to be waited for);
///   Unbounded: neither.
/// After a site, Upper(count after it); a counter correction C_F += d
/// re-expresses Upper(k) as Upper(k - d). Meet: Empty and Upper(k) give
/// Upper(k); Upper(max); Unbounded absorbs. A wait for C_F + k where the
/// value is Upper(k) is sound on every path, and exact on the paths whose
/// latest site gives the largest count.
///
/// Unlike ThresholdState, Empty needs no bound on C_F (a wait passes on
/// its paths whatever it asks for), so it never widens. k only grows at
/// meets, and around a cycle without a site of the group C_F grows by the
/// cycle's producers of F, so k does not grow forever; a value raised
/// MaxRaises times becomes Unbounded all the same.
class ThresholdBoundState {
public:
  enum class Kind : uint8_t { Empty, Upper, Unbounded };
  struct Bound {
    Kind K;
    int64_t Off;
  };
  static constexpr unsigned MaxRaises = 16;

  /// The state at the function entry: every group Empty(0) (C_F = 0).
  /// GroupAgents: the agent of each group, by the state's group index
  /// (outlives the state).
  explicit ThresholdBoundState(ArrayRef<AgentId> GroupAgents);

  Bound get(unsigned Group) const;

  /// Meet with Other; true if this state changed.
  bool merge(const ThresholdBoundState &Other, const DataflowEdge &Edge);

  /// A site of Group ran: T_G = C_F + Off.
  void produce(unsigned Group, int64_t Off);
  /// C_F += Correction[F] for every agent (the counter updates at a block's
  /// end): every value relative to C_F drops by it.
  void correctCounters(ArrayRef<int64_t> Correction);
  /// C_F += Correction[I] for each agent F = Agents[I] (the others: 0).
  void correctCounters(ArrayRef<AgentId> Agents, ArrayRef<int64_t> Correction);

  void print(raw_ostream &OS) const;
#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
  LLVM_DUMP_METHOD void dump() const;
#endif

private:
  struct Entry {
    Kind K;
    uint8_t Raises; // meets that raised an Upper value
    int32_t Off;    // Upper: k + Shift[F]; 32 bits as in ThresholdState
  };
  /// The values of ChunkSize consecutive groups, shared between states
  /// until one of them changes it (copy on write): a block's transfer
  /// copies one pointer per chunk and the chunks of its groups, not one
  /// value per group (the states of the blocks of a large function with
  /// thousands of groups would otherwise be most of the pass's time and
  /// memory).
  static constexpr unsigned ChunkSize = 64;
  struct Chunk : RefCountedBase<Chunk> {
    Entry Values[ChunkSize];
    /// The agents of the chunk's Upper values (a superset): a meet with a
    /// state whose shifts of these agents are not smaller, and whose chunk
    /// is this one, changes nothing.
    SyncAgentMask UpperAgents = 0;
    /// Lineage, so that a meet walks only the entries that may differ: Id
    /// names these values (a new one whenever they change). A copy knows
    /// the values it was copied from (Parent) and those its lineage
    /// started from (Root), each with the entries written since: outside
    /// them it holds those values. 0: none.
    struct Origin {
      uint64_t Id = 0, Written = 0;
    };
    uint64_t Id = 0;
    Origin Parent, Root;
  };
  const AgentId *GroupAgents;
  unsigned NumGroups;
  /// Per chunk; null: every value of the chunk is Empty.
  SmallVector<IntrusiveRefCntPtr<Chunk>, 8> Chunks;
  /// Per agent: what the counter corrections added (an Upper value's k is
  /// its stored Off - Shift[F]).
  int32_t Shift[MaxSyncAgents];

  Chunk &chunkForWrite(unsigned Index);
  /// Entry I of chunk Index, to be written (recorded in the lineage).
  Entry &entryForWrite(unsigned Index, unsigned I);
  /// The entries where Theirs' values may differ from Mine's.
  static uint64_t entriesThatMayDiffer(const Chunk &Mine, const Chunk &Theirs);
  static std::optional<uint64_t> differingEntries(uint64_t IdA,
                                                  const Chunk::Origin &A,
                                                  uint64_t IdB,
                                                  const Chunk::Origin &B);
  /// ShiftsRaise: the agents whose Shift is larger here than in Other.
  bool mergeChunk(unsigned Index, const ThresholdBoundState &Other,
                  SyncAgentMask ShiftsRaise);
};

/// The threshold of every dependence group at a program point (barrier
/// mode): the largest, over the paths from the last barrier, count of F's
/// increments right after the latest site of the group; 0 (nothing to wait
/// for) when none ran since the barrier. Meet: max. The code between
/// barriers is acyclic, so this never widens.
class BarrierThresholdState {
public:
  int64_t get(unsigned Group) const;
  bool merge(const BarrierThresholdState &Other, const DataflowEdge &Edge);
  void produce(unsigned Group, int64_t Count);

  void print(raw_ostream &OS) const;
#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
  LLVM_DUMP_METHOD void dump() const;
#endif

private:
  SmallVector<std::pair<unsigned, int64_t>, 8> Counts; // by group, > 0
};

/// Where the waits of each tracked (engine, agent) pair are, for
/// WaitedState's widening; shared by the states of one analysis.
class WaitedLimits {
public:
  explicit WaitedLimits(unsigned NumPairs) : WaitBlocks(NumPairs) {}
  /// A wait of Pair in the block of reverse post-order index Block (call in
  /// ascending Block order).
  void addWait(unsigned Pair, unsigned Block) {
    auto &V = WaitBlocks[Pair];
    if (V.empty() || V.back() != Block)
      V.push_back(Block);
  }
  /// Has Pair a wait in a block of index From..To?
  bool waitsBetween(unsigned Pair, unsigned From, unsigned To) const;

  /// The CFG by reverse post-order index, the agents each block produces
  /// on, and each pair's agent: lets widens() look for cycles.
  void setCycles(std::vector<SmallVector<unsigned, 2>> Successors,
                 std::vector<SyncAgentMask> Produces,
                 ArrayRef<AgentId> PairAgent);
  /// Does a value of Pair that decreased along the retreating edge
  /// From -> To fall forever (widen it to Nothing)? Yes where no block of
  /// index To..From waits on the pair (every block of a cycle through the
  /// edge lies there), and where a path To -> ... -> From through blocks
  /// of that range without a wait on the pair runs a producer of its
  /// agent: that cycle lowers the value by its producers and nothing
  /// raises it, so the only value that meets what it brings back is
  /// Nothing (otherwise the solve would walk down to it one iteration at a
  /// time). Answers are remembered per (pair, edge).
  bool widens(unsigned Pair, unsigned From, unsigned To) const;

  /// What each block's transfer does to the pairs, for cycleBound (after
  /// setCycles): per block (reverse post-order index), the largest
  /// threshold of its waits of each pair that waits there, and the counter
  /// corrections d != 0 at its end, per agent; FloorAt(Pair, Block): the
  /// floor of Pair's values at Block's entry.
  using BlockWaits = SmallVector<std::pair<unsigned, int64_t>, 4>;
  using BlockCorrections = SmallVector<std::pair<AgentId, int64_t>, 2>;
  void setTransfers(std::vector<BlockWaits> Waits,
                    std::vector<BlockCorrections> Corrections,
                    std::function<int64_t(unsigned, unsigned)> FloorAt);
  /// No bound: no producing cycle through the block was found.
  static constexpr int64_t NoBound = std::numeric_limits<int64_t>::max();
  /// An upper bound of Pair's value at To's entry in the greatest fixed
  /// point (WaitedState::merge may lower a value to it at once), or
  /// NoBound. Around a cycle c through To with producers of the pair's
  /// agent, C_F grows by their number n > 0 and the value goes from v to
  /// max(v - n, b_c), b_c the value c gives when entered with Nothing (its
  /// waits, corrected by the producers after them); at a fixed point v is
  /// at most that, so v <= b_c. The bound is the least b_c over the cycles
  /// made of forward edges from To (any subloop is passed once) and one
  /// edge back to To: where the waits of a loop do not raise its value
  /// above what one iteration lowers it by, the solve reaches that value
  /// in one step instead of one iteration's producers at a time. Nothing
  /// below the floor at To. Answers are remembered per (pair, block).
  int64_t cycleBound(unsigned Pair, unsigned To) const;

private:
  SmallVector<SmallVector<unsigned, 8>, 16> WaitBlocks;
  std::vector<SmallVector<unsigned, 2>> Successors;
  std::vector<SyncAgentMask> Produces;
  SmallVector<AgentId, 16> PairAgent;
  mutable DenseMap<uint64_t, bool> Widens;
  std::vector<BlockWaits> TransferWaits;
  std::vector<BlockCorrections> TransferCorrections;
  std::function<int64_t(unsigned, unsigned)> FloorAt;
  /// Per block: the largest index of a block with an edge back to it, or
  /// ~0u.
  std::vector<unsigned> LastLatch;
  mutable DenseMap<uint64_t, int64_t> CycleBounds;
  bool waitsIn(unsigned Pair, unsigned Block) const;
  bool producingCycleWithoutWait(unsigned Pair, unsigned From,
                                 unsigned To) const;
  int64_t computeCycleBound(unsigned Pair, unsigned To) const;
};

/// What each engine has already waited for, at a program point: for every
/// tracked (engine E, agent F) pair, the largest k such that E has waited
/// for S_F >= C_F + k on every path (barrier mode: C_F = 0 and counts since
/// the last barrier), or Nothing. A wait for C_F + k' with k' <= k is
/// implied (S_F only grows) and dropped. Meet: min.
///
/// Finite height: k only matters down to the smallest threshold a wait of
/// the pair can ask for at a point, since a wait raises k to its own
/// threshold whatever k was. The analysis cuts k below that floor to
/// Nothing (forgetBelow), which changes no decision. Values that decrease
/// along a retreating edge S -> H where a cycle through the edge runs a
/// producer of F and no wait on the pair (WaitedLimits::widens) decrease
/// forever, by the producers of F around the cycle: they widen to Nothing
/// at once, the value they would reach at the floor.
class WaitedState {
public:
  static constexpr int64_t Nothing = std::numeric_limits<int64_t>::min();

  /// NumPairs tracked pairs, each starting at Initial. Limits: where the
  /// waits are (null: never widen; the CFG between boundaries is acyclic).
  WaitedState(unsigned NumPairs, int64_t Initial,
              const WaitedLimits *Limits = nullptr)
      : Limits(Limits), Waited(NumPairs, Initial) {}

  int64_t get(unsigned Pair) const { return Waited[Pair]; }
  /// Would a wait of Pair for threshold K be implied here?
  bool isImplied(unsigned Pair, int64_t K) const { return K <= Waited[Pair]; }
  /// The engine waited for threshold K.
  void wait(unsigned Pair, int64_t K) {
    if (K > Waited[Pair])
      Waited[Pair] = K;
  }
  /// C_F grew by Correction: the threshold, relative to it, drops.
  void correctCounter(unsigned Pair, int64_t Correction) {
    if (Waited[Pair] != Nothing)
      Waited[Pair] -= Correction;
  }
  /// Forgets a threshold below Floor (no wait can be implied by it).
  void forgetBelow(unsigned Pair, int64_t Floor) {
    if (Waited[Pair] < Floor)
      Waited[Pair] = Nothing;
  }
  bool merge(const WaitedState &Other, const DataflowEdge &Edge);

  void print(raw_ostream &OS) const;
#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
  LLVM_DUMP_METHOD void dump() const;
#endif

private:
  const WaitedLimits *Limits;
  SmallVector<int64_t, 16> Waited;
};

} // namespace NeuronISA
} // namespace llvm

#endif
