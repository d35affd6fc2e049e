//===-- NeuronISADependenceAnalysis.h - Cross-engine dependences -*- C++ -*-===//
//
// Which data-path instructions on different agents conflict, over the whole
// CFG (so loop-carried dependences are included), and which consumers wait
// for which producers. Both synchronization algorithms start from this.
//
// Sites: every data-path instruction in a reachable block, numbered in
// layout order. A site's agent completes it (a stream, or the DMA queue of a
// DMA); its wait engine runs the waits that guard it (the stream; SP for a
// DMA, before the trigger).
//
// Conflicts: two sites on different agents conflict when one of them writes a
// tile range the other touches. Ranges come from the memory operands ISel
// attaches (one per tile operand): the underlying IR object (a tile global in
// SBUF/PSUM, or an HBM kernel argument), a constant byte offset and a
// per-partition extent, or unknown offset/extent; on chip also from the
// instruction's partition start and count. On chip, an access overlaps
// another iff their partition ranges and their byte ranges within a
// partition both intersect; only an access proved inside its tile (constant
// offset, checked against the tile's type) keeps its tile as object: any
// other may touch every tile of its memory. Distinct globals never overlap,
// distinct noalias arguments never overlap, different address spaces never
// overlap, anything else unknown may. An instruction without memory
// operands conflicts with everything.
//
// Groups: for a consumer site c and an agent F != agent(c), P(c, F) is the
// set of sites on F that conflict with c. It is the union of the groups
// (F, L, kind) over the locations L overlapping c's accesses: the sites of F
// writing L (for a reading c) or touching L (for a writing c). Since counts
// grow in program order, the threshold of c for F is the largest threshold
// of its groups of F. A group keeps only the producers from which one of its
// consumers is reachable (the others never precede them); groups with equal
// kept producers are merged. A site is a producer when it belongs to some
// group.
//
// The implementation, one job a file: NeuronISADependenceAnalysis.cpp (the
// driver, analyze, and the queries), NeuronISADependenceAccesses.cpp
// (TileRef: accesses and whether two overlap), NeuronISADependenceSites.cpp
// (the sites and their accesses, affine HBM addresses),
// NeuronISADependenceGroups.cpp (the dependence groups),
// NeuronISADependenceExplain.cpp (why a conflict may be imprecise, for the
// remarks), NeuronISAAgentSplit.cpp (sub-agents).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISADEPENDENCEANALYSIS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISADEPENDENCEANALYSIS_H

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineDominators.h"
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace llvm {
class Loop;
class MachineBasicBlock;
class MachineFunction;
class MachineLoopInfo;
class MachineInstr;
class AAResults;
class MDNode;
class MachineMemOperand;
class SCEV;
class ScalarEvolution;
class Value;

namespace NeuronISA {

/// One tile access, from a memory operand (and, on chip, the instruction's
/// partition operands).
struct TileRef {
  const Value *Obj = nullptr; // underlying IR object; null: unknown
  unsigned AddrSpace = 0;     // NeuronISAAS::HBM, SBUF or PSUM; 0: unknown
  /// Bytes [Offset, Offset + Size) of Obj (on chip: of each partition).
  int64_t Offset = 0;
  uint64_t Size = 0;
  bool RangeKnown = false; // Offset and Size are exact
  /// On chip: the partitions [PartBegin, PartEnd) accessed (always known
  /// from the instruction; the whole range when it is not).
  uint32_t PartBegin = 0;
  uint32_t PartEnd = UINT32_MAX;
  bool Writes = false;
  bool Reads = false;

  /// HBM only, when ScalarEvolution describes the pointer (see
  /// EngineDependences::analyze): every address the access ever starts at,
  /// over the whole run of the function, is congruent modulo 2^AffTZ to
  /// B + AffC, where B is the same value for every access with the same
  /// AffBase (a sum of values each computed at most once per call), and
  /// the access covers [address, address + AffExtent). All arithmetic is
  /// modulo 2^AffBits, the width of an address.
  unsigned AffBase = ~0u; // ~0u: no such description
  unsigned AffBits = 0;
  unsigned AffTZ = 0;
  uint64_t AffC = 0; // low AffBits bits
  uint64_t AffExtent = 0;
  /// When AffRangeKnown, also: every start address is congruent modulo
  /// 2^AffBits to B + AffC + v for an integer v (a multiple of 2^AffTZ) in
  /// [AffLo, AffHi], the values a loop counter's range (ScalarEvolution's
  /// constant maximum trip counts and value ranges) leaves to the varying
  /// part of the address.
  bool AffRangeKnown = false;
  int64_t AffLo = 0;
  int64_t AffHi = 0;
  bool hasAffine() const { return AffBase != ~0u; }
  /// Widest address (bits) and largest varying part (magnitude) for which
  /// the range test of mayOverlap computes in int64_t without overflow: the
  /// description of an address (collectSites) has no range beyond them.
  static constexpr unsigned MaxRangeBits = 48;
  static constexpr int64_t MaxRangeMagnitude = int64_t(1) << 52;
  static bool withinMagnitude(int64_t X) {
    return -MaxRangeMagnitude <= X && X <= MaxRangeMagnitude;
  }
  /// HBM at a run-time offset: ScalarEvolution's expression of the start
  /// address (null if none), for the distance between two accesses.
  const SCEV *Addr = nullptr;

  /// HBM with a single HBM tile operand: the footprint is Rows rows of
  /// RowBytes bytes, RowStride bytes apart (Rows == 0: not known).
  uint32_t Rows = 0;
  uint32_t RowBytes = 0;
  uint32_t RowStride = 0;
  bool isStrided() const { return Rows > 1 && RowStride > RowBytes; }

  /// The pointer of the memory operand (for the remarks).
  const Value *Pointer = nullptr;

  /// The scoped-noalias tags of the memory operand (!alias.scope and
  /// !noalias), for the IR's alias analysis.
  const MDNode *Scope = nullptr;
  const MDNode *NoAlias = nullptr;

  /// May the two accesses touch a common byte (ignoring read/write)? With
  /// AA, accesses to two IR objects that alias analysis proves disjoint
  /// (e.g. scoped noalias metadata) do not.
  static bool mayOverlap(const TileRef &A, const TileRef &B,
                         AAResults *AA = nullptr);
  static TileRef fromMemOperand(const MachineMemOperand &MMO);
  /// The access of tile operand Spec of MI, whose memory operand is MMO.
  static TileRef fromTileOperand(const MachineInstr &MI,
                                 const TileOperandSpec &Spec,
                                 const MachineMemOperand &MMO);
  /// The access of a memory operand that cannot be paired with its tile
  /// operand: on chip, anywhere in its memory.
  static TileRef unpaired(const MachineMemOperand &MMO);
  /// The access of an instruction without memory operands: everything.
  static TileRef everything();
  /// May two distinct underlying objects share memory?
  static bool objectsMayAlias(const Value *A, const Value *B);
  /// What objectsMayAlias needs to know of one object, computed once per
  /// object where many pairs are asked about.
  enum class ObjectKind : uint8_t { NoAliasArg, Identified, Other };
  static ObjectKind objectKind(const Value *V);
  /// objectsMayAlias of two distinct, non-null objects of these kinds.
  static bool kindsMayAlias(ObjectKind A, ObjectKind B) {
    if (A == ObjectKind::NoAliasArg || B == ObjectKind::NoAliasArg)
      return false; // a noalias argument's memory is reached through it alone
    // Two distinct identified objects (globals, ...) never overlap.
    return !(A == ObjectKind::Identified && B == ObjectKind::Identified);
  }
};

struct SyncSite {
  MachineInstr *MI;
  MachineBasicBlock *MBB;
  AgentId Agent;     // completes it
  Engine WaitEngine; // runs the waits before it
  SmallVector<TileRef, 3> Refs;

  SyncSite() = default;
  SyncSite(const SyncSite &) = default;
  SyncSite &operator=(const SyncSite &) = default;
  /// noexcept (SmallVector's move is not declared so): a growing
  /// std::vector then moves its sites instead of copying each.
  SyncSite(SyncSite &&) noexcept = default;
  SyncSite &operator=(SyncSite &&) noexcept = default;
};

/// Why a conflict between a producer and a consumer may be coarser than the
/// dynamic instances the precise algorithm waits for (docs/Synchronization.md,
/// "Remarks"): the wait it gets may hold the consumer longer than needed.
enum class ConflictImprecision {
  None,              // some pair of accesses conflicts in every instance
  Opaque,            // an instruction without memory operands
  TileChoice,        // an on-chip pointer chosen by select or phi
  UnknownTile,       // an on-chip access not proved inside one tile
  HBMMayAlias,       // HBM accesses to objects that may alias
  HBMUnknownOffset,  // HBM offset that ScalarEvolution cannot describe
  HBMDistance,       // HBM loop-carried at a known distance (iterations)
  HBMUnknownDistance // HBM at run-time offsets, distance unknown
};

struct ConflictExplanation {
  ConflictImprecision Kind = ConflictImprecision::None;
  /// HBMDistance: the consumer conflicts with the producer's instance this
  /// many iterations earlier (not the latest one).
  int64_t Distance = 0;
  /// One of the accesses has a strided HBM footprint, which the run-time
  /// offset test treats as one contiguous span.
  bool StridedSpan = false;
};

/// "an instruction without memory operands ...": the reason in words.
std::string describeImprecision(const ConflictExplanation &E);

// The loop-carried HBM distance at run-time offsets, shared by the remarks
// of the synchronization pass and the IR unroll that makes such loops exact
// (NeuronISATilePingPongUnroll.cpp): one rule for both.

/// Iterations back a loop-carried HBM dependence is looked for.
constexpr int64_t MaxCarriedDistance = 64;

/// Do the HBM footprints of A (at byte 0) and B (at byte Delta) meet? Rows
/// when both are known, else the spans [0, ExA) and [Delta, Delta + ExB).
bool footprintsMeet(const TileRef &A, uint64_t ExA, const TileRef &B,
                    uint64_t ExB, int64_t Delta);

/// The constant step of S per iteration of its loop, if S is an affine
/// recurrence with one.
std::optional<std::pair<const Loop *, int64_t>>
constantStep(const SCEV *S, ScalarEvolution &SE);

/// P and C access HBM with a common step Step per iteration, C starting
/// Delta bytes after P in one iteration: the fewest iterations K >= 1
/// (at most MaxCarriedDistance) such that C meets P's instance K iterations
/// back; none if there is none.
std::optional<int64_t> carriedDistance(const TileRef &P, uint64_t ExP,
                                       const TileRef &C, uint64_t ExC,
                                       int64_t Delta, int64_t Step);

struct DependenceGroup {
  AgentId Producer;                  // F
  SmallVector<unsigned, 4> Producers; // site ids, ascending
  SmallVector<unsigned, 4> Consumers; // site ids, ascending

  DependenceGroup() = default;
  DependenceGroup(const DependenceGroup &) = default;
  DependenceGroup &operator=(const DependenceGroup &) = default;
  /// noexcept: a growing std::vector moves its groups instead of copying
  /// them (a large function has tens of thousands).
  DependenceGroup(DependenceGroup &&) noexcept = default;
  DependenceGroup &operator=(DependenceGroup &&) noexcept = default;
};
static_assert(std::is_nothrow_move_constructible_v<SyncSite> &&
                  std::is_nothrow_move_constructible_v<DependenceGroup>,
              "vectors of sites and groups would copy them when growing");

class EngineDependences {
public:
  EngineDependences() { resetAgents(); }
  /// A copy, to split agents in (the dominator tree of the remarks is not
  /// copied; it is rebuilt on demand).
  EngineDependences(const EngineDependences &Other);
  EngineDependences &operator=(const EngineDependences &) = delete;

  /// With SE (the IR function's ScalarEvolution), HBM accesses to run-time
  /// addresses get an affine description (TileRef::AffBase); without it
  /// they conflict with every access to the same object. With AA, accesses
  /// that the IR's alias analysis (e.g. scoped noalias metadata) proves
  /// disjoint do not conflict.
  void analyze(MachineFunction &MF, ScalarEvolution *SE = nullptr,
               AAResults *AA = nullptr);

  ArrayRef<SyncSite> sites() const { return Sites; }
  ArrayRef<DependenceGroup> groups() const { return Groups; }
  /// Groups in which site S is a consumer (several may share an agent: S
  /// waits for the largest of their thresholds).
  ArrayRef<unsigned> consumerGroups(unsigned S) const {
    return ArrayRef<unsigned>(ConsumerGroupIds)
        .slice(ConsumerBegin[S], ConsumerBegin[S + 1] - ConsumerBegin[S]);
  }
  /// Groups in which site S is a producer.
  ArrayRef<unsigned> producerGroups(unsigned S) const {
    return ArrayRef<unsigned>(ProducerGroupIds)
        .slice(ProducerBegin[S], ProducerBegin[S + 1] - ProducerBegin[S]);
  }
  bool isProducer(unsigned S) const {
    return ProducerBegin[S + 1] != ProducerBegin[S];
  }
  /// Site ids of MBB's sites, ascending (they are contiguous).
  iota_range<unsigned> blockSites(const MachineBasicBlock &MBB) const;
  /// Is MBB reachable from the entry block?
  bool isReachable(const MachineBasicBlock &MBB) const;

  /// Do the two sites conflict (overlap, one writes)? Agents are ignored.
  bool conflict(unsigned A, unsigned B) const;

  /// Why producer P and consumer C conflict, when that may not hold for the
  /// instance of P that C waits for (the latest one before C). Kind None
  /// when some pair of their accesses conflicts in every instance, or when
  /// ScalarEvolution proves the latest instance conflicts.
  ConflictExplanation explainConflict(unsigned P, unsigned C) const;

  /// Sites without memory operands (treated as touching everything).
  unsigned NumOpaqueSites = 0;

  //===--- Sub-agents (NeuronISAAgentSplit.cpp) ---------------------------===//
  /// Splits each hardware agent F in Agents (a mask of hardware agent ids)
  /// by producer block: F's producer sites in one block become a sub-agent
  /// (its own sync agent id, so its own semaphore and counter); the first
  /// block keeps F's id. Every group of F becomes one group per sub-agent
  /// holding some of its producers, with the same consumers. Ids come from
  /// those no site uses, up to MaxSyncAgents; when they run out, the blocks
  /// left stay with the last sub-agent made (still a subset of F's
  /// sites). With BySite, the sub-agents of blocks in loops are then split
  /// further, one per producer site, block by block (innermost loops first)
  /// while ids are left for the whole block: the counts of that block's
  /// sub-agents are then all its executions, one counter. Returns the
  /// number of sub-agents made (0: nothing changed).
  unsigned splitAgents(uint32_t Agents,
                       const MachineLoopInfo *BySite = nullptr);
  /// The hardware unit (an agent id below NumAgents) that completes the
  /// sites of sync agent A.
  AgentId hardwareAgent(AgentId A) const { return HardwareOf[A]; }
  /// Has A's hardware unit been split (A is one of its sub-agents)?
  bool isSubAgent(AgentId A) const {
    return SplitHardware & (1u << HardwareOf[A]);
  }
  /// Sub-agents of a single producer site (splitAgents with BySite).
  unsigned numSiteSubAgents() const {
    return llvm::count_if(PartOf, [](int P) { return P >= 0; });
  }
  /// One past the largest sync agent id in use (at least NumAgents).
  unsigned numSyncAgents() const { return NumSyncAgents; }
  /// The hardware agent's name; a sub-agent's adds its first block
  /// ("dve/bb.3"), and a site's sub-agent its index there ("dve/bb.3#1").
  std::string syncAgentName(AgentId A) const;

private:
  std::vector<SyncSite> Sites;
  std::vector<DependenceGroup> Groups;
  AAResults *AA = nullptr;
  ScalarEvolution *SE = nullptr;
  /// Built by explainConflict, for remarks only.
  mutable std::unique_ptr<MachineDominatorTree> DomTree;
  /// Per site S, the groups it consumes in: ConsumerGroupIds[
  /// ConsumerBegin[S] .. ConsumerBegin[S + 1]), ascending (indexGroups);
  /// likewise the groups it produces in.
  std::vector<unsigned> ConsumerBegin, ConsumerGroupIds;
  std::vector<unsigned> ProducerBegin, ProducerGroupIds;
  std::vector<std::pair<unsigned, unsigned>> BlockRange; // by block number
  BitVector Reachable;                                   // by block number
  AgentId HardwareOf[MaxSyncAgents];
  int FirstBlockOf[MaxSyncAgents]; // a sub-agent's first block; -1: none
  int PartOf[MaxSyncAgents]; // a site's sub-agent: its index in the block
  uint32_t SplitHardware = 0; // hardware agents split into sub-agents
  unsigned NumSyncAgents = NumAgents;
  void resetAgents();
  unsigned splitByBlock(uint32_t Agents, SmallVectorImpl<AgentId> &Free);
  unsigned splitLoopBlocksBySite(uint32_t Agents,
                                 SmallVectorImpl<AgentId> &Free,
                                 const MachineLoopInfo &MLI);
  void regroup();

  void collectSites(MachineFunction &MF, ScalarEvolution *SE);
  void buildGroups();
  /// Sorts each group's consumers and rebuilds the per-site group lists.
  void indexGroups();
};

} // namespace NeuronISA
} // namespace llvm

#endif
