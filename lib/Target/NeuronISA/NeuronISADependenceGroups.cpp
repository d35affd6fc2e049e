//===-- NeuronISADependenceGroups.cpp - Dependence groups -----------------===//
//
// buildGroups: the dependence groups of the sites (GroupBuilder). Cost:
// accesses are interned as locations (object, offset, extent) and bucketed
// by object (LocationIndex); groups are per (agent, location, kind), so
// their producer lists add up to the number of accesses, and each consumer
// visits only the locations overlapping its own. Pruning is one sweep over
// the strongly connected components of the CFG. Nothing is quadratic in the
// instruction count.
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/CommandLine.h"
#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <tuple>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {
/// Distinct locations, bucketed by (address space, object) so that a
/// location's overlapping locations are found without scanning all.
class LocationIndex {
public:
  explicit LocationIndex(AAResults *AA) : AA(AA) {}
  struct Loc {
    TileRef Ref; // Reads/Writes unused
    unsigned Bucket;
    SmallVector<unsigned, 4> Accessors; // sites touching it
    SmallVector<unsigned, 4> Writers;   // sites writing it
  };
  std::vector<Loc> Locs;

  unsigned intern(const TileRef &R) {
    auto Key = std::make_tuple(R.AddrSpace, R.Obj, R.RangeKnown, R.Offset,
                               R.Size, R.PartBegin, R.PartEnd, R.AffBase,
                               R.AffBits, R.AffTZ, R.AffC, R.AffExtent,
                               R.AffRangeKnown, R.AffLo, R.AffHi, R.Scope,
                               R.NoAlias, R.Rows, R.RowBytes, R.RowStride);
    auto [It, New] = Ids.try_emplace(Key, Locs.size());
    if (New) {
      auto BKey = std::make_pair(R.AddrSpace, R.Obj);
      auto [BIt, BNew] = BucketIds.try_emplace(BKey, Buckets.size());
      if (BNew)
        Buckets.push_back({R.AddrSpace, R.Obj,
                           R.Obj ? TileRef::objectKind(R.Obj)
                                 : TileRef::ObjectKind::Other,
                           {}, {}, 0});
      Bucket &B = Buckets[BIt->second];
      if (R.RangeKnown) {
        B.Known.push_back(Locs.size());
        B.MaxSize = std::max(B.MaxSize, R.Size);
      } else {
        B.Unknown.push_back(Locs.size());
      }
      Loc L;
      L.Ref = R;
      L.Bucket = BIt->second;
      Locs.push_back(std::move(L));
    }
    return It->second;
  }

  void finalize() {
    for (Bucket &B : Buckets)
      llvm::sort(B.Known, [&](unsigned X, unsigned Y) {
        return Locs[X].Ref.Offset < Locs[Y].Ref.Offset;
      });
    Overlaps.resize(Locs.size());
    Done.resize(Locs.size());
  }

  /// Locations that may overlap location L (L included).
  ArrayRef<unsigned> overlapping(unsigned L) {
    if (Done[L])
      return Overlaps[L];
    Done[L] = true;
    const Loc &Me = Locs[L];
    // The objects' kinds are kept per bucket: TileRef::objectsMayAlias for
    // each (location, bucket) pair was half of the analysis at 512 tiles.
    TileRef::ObjectKind MeKind = Buckets[Me.Bucket].Kind;
    std::vector<unsigned> &Out = Overlaps[L];
    for (unsigned BI = 0; BI < Buckets.size(); ++BI) {
      const Bucket &B = Buckets[BI];
      if (Me.Ref.AddrSpace && B.AddrSpace && Me.Ref.AddrSpace != B.AddrSpace)
        continue;
      if (Me.Ref.Obj && B.Obj && Me.Ref.Obj != B.Obj &&
          !TileRef::kindsMayAlias(MeKind, B.Kind))
        continue;
      auto Add = [&](unsigned Other) {
        if (TileRef::mayOverlap(Me.Ref, Locs[Other].Ref, AA))
          Out.push_back(Other);
      };
      for (unsigned O : B.Unknown)
        Add(O);
      if (BI == Me.Bucket && Me.Ref.RangeKnown) {
        // Known ranges of the same object: only offsets in
        // (Off - MaxSize, Off + Size) can overlap.
        int64_t Lo = Me.Ref.Offset - int64_t(B.MaxSize);
        int64_t Hi = Me.Ref.Offset + int64_t(Me.Ref.Size);
        auto It = llvm::upper_bound(B.Known, Lo, [&](int64_t V, unsigned X) {
          return V < Locs[X].Ref.Offset;
        });
        for (; It != B.Known.end() && Locs[*It].Ref.Offset < Hi; ++It)
          Add(*It);
      } else {
        for (unsigned O : B.Known)
          Add(O);
      }
    }
    return Out;
  }

private:
  struct Bucket {
    unsigned AddrSpace;
    const Value *Obj;
    TileRef::ObjectKind Kind; // of Obj
    std::vector<unsigned> Known, Unknown;
    uint64_t MaxSize;
  };
  std::vector<Bucket> Buckets;
  std::map<std::tuple<unsigned, const Value *, bool, int64_t, uint64_t,
                      uint32_t, uint32_t, unsigned, unsigned, unsigned,
                      uint64_t, uint64_t, bool, int64_t, int64_t,
                      const MDNode *, const MDNode *,
                      uint32_t, uint32_t, uint32_t>,
           unsigned>
      Ids;
  std::map<std::pair<unsigned, const Value *>, unsigned> BucketIds;
  AAResults *AA;
  std::vector<std::vector<unsigned>> Overlaps;
  std::vector<bool> Done;
};
} // namespace

namespace {
/// Builds the dependence groups of EngineDependences, in three steps:
///  1. intern every access as a location and list, per location, the sites
///     touching and writing it;
///  2. every site becomes a consumer of the candidate groups of the
///     locations overlapping its accesses, for every other agent: one
///     candidate per (agent F, location L, kind), the sites of F writing L
///     (kind W: what a reader of an overlapping location waits for) or
///     touching L (kind A: what a writer waits for);
///  3. a candidate keeps the producers from which one of its consumers is
///     reachable; candidates with equal kept producers merge into one group.
/// The latest conflicting instance on F before a consumer is the latest,
/// over its candidates of F, of their latest instances: counts grow in
/// program order, so T(c, F) = max over c's groups of F.
class GroupBuilder {
public:
  GroupBuilder(ArrayRef<SyncSite> Sites, const BitVector &Reachable,
               AAResults *AA)
      : Sites(Sites), NumBlocks(Reachable.size()), Index(AA) {}

  void indexLocations();
  void assignConsumers();
  void keepReachingProducers(std::vector<DependenceGroup> &Groups);

private:
  ArrayRef<SyncSite> Sites;
  unsigned NumBlocks;
  LocationIndex Index;
  /// Per site: its (location, writes) pairs, as 2 * location + writes.
  std::vector<SmallVector<unsigned, 4>> SiteAccesses;

  struct CandidateGroup {
    AgentId F;
    SmallVector<unsigned, 4> Producers;
    SmallVector<unsigned, 4> Consumers;
  };
  std::vector<CandidateGroup> Candidates;
  /// (L * NumAgents + F) * 2 + kind -> candidate, or -1 if F has no site
  /// of that kind at L.
  DenseMap<unsigned, int> CandidateOf;
  /// Agents touching each location, as a mask.
  std::vector<uint32_t> AgentsAt;

  int getCandidate(unsigned L, AgentId F, bool Writers);
};
} // namespace

void GroupBuilder::indexLocations() {
  SiteAccesses.resize(Sites.size());
  for (unsigned S = 0; S < Sites.size(); ++S) {
    SmallVector<unsigned, 4> &Acc = SiteAccesses[S];
    for (const TileRef &R : Sites[S].Refs) {
      unsigned L = Index.intern(R);
      if (R.Writes)
        Acc.push_back(2 * L + 1);
      if (R.Reads || !R.Writes)
        Acc.push_back(2 * L);
    }
    std::sort(Acc.begin(), Acc.end());
    Acc.erase(llvm::unique(Acc), Acc.end());
  }
  for (unsigned S = 0; S < Sites.size(); ++S)
    for (unsigned E : SiteAccesses[S]) {
      LocationIndex::Loc &L = Index.Locs[E / 2];
      if (L.Accessors.empty() || L.Accessors.back() != S)
        L.Accessors.push_back(S);
      if ((E & 1) && (L.Writers.empty() || L.Writers.back() != S))
        L.Writers.push_back(S);
    }
  Index.finalize();
  AgentsAt.assign(Index.Locs.size(), 0);
  for (unsigned L = 0; L < Index.Locs.size(); ++L)
    for (unsigned S : Index.Locs[L].Accessors)
      AgentsAt[L] |= 1u << Sites[S].Agent;
}

int GroupBuilder::getCandidate(unsigned L, AgentId F, bool Writers) {
  unsigned Key = (L * NumAgents + F) * 2 + Writers;
  auto [It, New] = CandidateOf.try_emplace(Key, -1);
  if (!New)
    return It->second;
  CandidateGroup C;
  C.F = F;
  const LocationIndex::Loc &Loc = Index.Locs[L];
  for (unsigned S : Writers ? Loc.Writers : Loc.Accessors)
    if (Sites[S].Agent == F)
      C.Producers.push_back(S);
  if (C.Producers.empty())
    return -1;
  It->second = Candidates.size();
  Candidates.push_back(std::move(C));
  return It->second;
}

void GroupBuilder::assignConsumers() {
  SmallVector<int, 8> Mine;
  for (unsigned C = 0; C < Sites.size(); ++C) {
    Mine.clear();
    for (unsigned E : SiteAccesses[C]) {
      bool CWrites = E & 1;
      for (unsigned L : Index.overlapping(E / 2)) {
        uint32_t Agents = AgentsAt[L] & ~(1u << Sites[C].Agent);
        for (AgentId F = 0; Agents; ++F, Agents >>= 1)
          if (Agents & 1) {
            int G = getCandidate(L, F, /*Writers=*/!CWrites);
            if (G >= 0)
              Mine.push_back(G);
          }
      }
    }
    std::sort(Mine.begin(), Mine.end());
    Mine.erase(llvm::unique(Mine), Mine.end());
    for (int G : Mine)
      Candidates[G].Consumers.push_back(C);
  }
}

/// Strongly connected components of the CFG, numbered in topological order
/// (every edge between two components goes to a higher number): the
/// component of each block by number, and the blocks of each component.
static void numberComponents(
    const MachineFunction &MF, std::vector<unsigned> &ComponentOf,
    std::vector<std::vector<const MachineBasicBlock *>> &Components) {
  ComponentOf.assign(MF.getNumBlockIDs(), ~0u);
  Components.clear();
  for (scc_iterator<const MachineFunction *> I = scc_begin(&MF); !I.isAtEnd();
       ++I)
    Components.push_back(*I);
  // scc_iterator yields a component after every component it reaches.
  std::reverse(Components.begin(), Components.end());
  for (unsigned Id = 0; Id < Components.size(); ++Id)
    for (const MachineBasicBlock *B : Components[Id])
      ComponentOf[B->getNumber()] = Id;
}

/// For a consumer c, the kept producers that reach c are exactly the
/// candidates that reach c, so the latest instance before c is unchanged.
///
/// A producer reaches a consumer of its candidate when a later site of its
/// block is one, or when one of the block's successors reaches a consumer
/// block through zero or more edges. The latter is one bit-parallel sweep
/// over the strongly connected components in reverse topological order:
/// a component reaches the candidates with a consumer in it or in a
/// component it reaches. A component's bits are freed once every
/// component with an edge into it has been swept.
void GroupBuilder::keepReachingProducers(std::vector<DependenceGroup> &Groups) {
  unsigned NumCandidates = Candidates.size();
  std::vector<unsigned> ComponentOf;
  std::vector<std::vector<const MachineBasicBlock *>> Components;
  if (!Sites.empty())
    numberComponents(*Sites.front().MBB->getParent(), ComponentOf,
                     Components);
  unsigned NumComponents = Components.size();

  // Per block: the candidates with a consumer there, and the (candidate,
  // producer index) pairs of its producers.
  std::vector<SmallVector<unsigned, 4>> ConsumersIn(NumBlocks);
  std::vector<SmallVector<std::pair<unsigned, unsigned>, 4>> ProducersIn(
      NumBlocks);
  std::vector<unsigned> KeptBegin(NumCandidates + 1, 0);
  for (unsigned CI = 0; CI < NumCandidates; ++CI) {
    const CandidateGroup &Cand = Candidates[CI];
    KeptBegin[CI + 1] = KeptBegin[CI];
    if (Cand.Consumers.empty())
      continue;
    for (unsigned C : Cand.Consumers) {
      auto &V = ConsumersIn[Sites[C].MBB->getNumber()];
      if (V.empty() || V.back() != CI)
        V.push_back(CI);
    }
    for (unsigned I = 0; I < Cand.Producers.size(); ++I)
      ProducersIn[Sites[Cand.Producers[I]].MBB->getNumber()].push_back(
          {CI, I});
    KeptBegin[CI + 1] += Cand.Producers.size();
  }
  BitVector Kept(KeptBegin[NumCandidates]);

  // Edges into each component from other components, to free its bits.
  std::vector<unsigned> EdgesIn(NumComponents, 0);
  for (unsigned X = 0; X < NumComponents; ++X)
    for (const MachineBasicBlock *B : Components[X])
      for (const MachineBasicBlock *S : B->successors())
        if (ComponentOf[S->getNumber()] != X)
          ++EdgesIn[ComponentOf[S->getNumber()]];
  std::vector<std::unique_ptr<BitVector>> Reaches(NumComponents);
  for (unsigned X = NumComponents; X-- > 0;) {
    auto R = std::make_unique<BitVector>(NumCandidates);
    for (const MachineBasicBlock *B : Components[X]) {
      for (unsigned CI : ConsumersIn[B->getNumber()])
        R->set(CI);
      for (const MachineBasicBlock *S : B->successors()) {
        unsigned Y = ComponentOf[S->getNumber()];
        if (Y != X)
          *R |= *Reaches[Y];
      }
    }
    Reaches[X] = std::move(R);
    // The producers of X: their successors' components are swept.
    for (const MachineBasicBlock *B : Components[X])
      for (auto [CI, I] : ProducersIn[B->getNumber()])
        for (const MachineBasicBlock *S : B->successors())
          if (Reaches[ComponentOf[S->getNumber()]]->test(CI)) {
            Kept.set(KeptBegin[CI] + I);
            break;
          }
    for (const MachineBasicBlock *B : Components[X])
      for (const MachineBasicBlock *S : B->successors()) {
        unsigned Y = ComponentOf[S->getNumber()];
        if (Y != X && --EdgesIn[Y] == 0)
          Reaches[Y].reset();
      }
  }

  std::map<std::pair<AgentId, SmallVector<unsigned, 4>>, unsigned> GroupOf;
  for (unsigned CI = 0; CI < NumCandidates; ++CI) {
    const CandidateGroup &Cand = Candidates[CI];
    if (Cand.Consumers.empty())
      continue;
    SmallVector<unsigned, 4> KeptProducers;
    for (unsigned I = 0; I < Cand.Producers.size(); ++I) {
      unsigned P = Cand.Producers[I];
      auto It = llvm::upper_bound(Cand.Consumers, P);
      if (Kept.test(KeptBegin[CI] + I) ||
          (It != Cand.Consumers.end() && Sites[*It].MBB == Sites[P].MBB))
        KeptProducers.push_back(P);
    }
    if (KeptProducers.empty())
      continue;
    auto [It, New] =
        GroupOf.try_emplace({Cand.F, KeptProducers}, Groups.size());
    if (New) {
      DependenceGroup G;
      G.Producer = Cand.F;
      G.Producers = KeptProducers;
      Groups.push_back(std::move(G));
    }
    DependenceGroup &G = Groups[It->second];
    G.Consumers.append(Cand.Consumers.begin(), Cand.Consumers.end());
  }
}

/// For the tests of the validator only: a compiler that forgets one
/// dependence (test/sync-check/object-catches.test) must be rejected by
/// neuronisa-sync-check, which derives the conflicts from the code itself.
static cl::opt<int> DebugDropGroup(
    "neuronisa-sync-debug-drop-group", cl::Hidden, cl::init(-1),
    cl::desc("Testing the validator: forget dependence group N of every "
             "function (as if the analysis missed it)"));

void EngineDependences::buildGroups() {
  GroupBuilder Builder(Sites, Reachable, AA);
  Builder.indexLocations();
  Builder.assignConsumers();
  Builder.keepReachingProducers(Groups);
  if (DebugDropGroup >= 0 && unsigned(DebugDropGroup) < Groups.size())
    Groups.erase(Groups.begin() + DebugDropGroup);
  indexGroups();
}

/// Sorted consumers, each once; then each site's groups, in one array for
/// all sites (copied with each split plan and rebuilt by each regroup: a
/// vector per site was a fifth of the pass on small functions). The
/// consumer lists come in sorted unless parts of split groups merged
/// (regroup); llvm::sort of integers calls qsort.
void EngineDependences::indexGroups() {
  unsigned N = Sites.size();
  ConsumerBegin.assign(N + 1, 0);
  ProducerBegin.assign(N + 1, 0);
  for (DependenceGroup &G : Groups) {
    if (!std::is_sorted(G.Consumers.begin(), G.Consumers.end()))
      std::sort(G.Consumers.begin(), G.Consumers.end());
    G.Consumers.erase(llvm::unique(G.Consumers), G.Consumers.end());
    for (unsigned C : G.Consumers)
      ++ConsumerBegin[C + 1];
    for (unsigned P : G.Producers)
      ++ProducerBegin[P + 1];
  }
  std::partial_sum(ConsumerBegin.begin(), ConsumerBegin.end(),
                   ConsumerBegin.begin());
  std::partial_sum(ProducerBegin.begin(), ProducerBegin.end(),
                   ProducerBegin.begin());
  ConsumerGroupIds.resize(ConsumerBegin[N]);
  ProducerGroupIds.resize(ProducerBegin[N]);
  std::vector<unsigned> NextC(ConsumerBegin.begin(), ConsumerBegin.end() - 1);
  std::vector<unsigned> NextP(ProducerBegin.begin(), ProducerBegin.end() - 1);
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    for (unsigned C : Groups[GI].Consumers)
      ConsumerGroupIds[NextC[C]++] = GI;
    for (unsigned P : Groups[GI].Producers)
      ProducerGroupIds[NextP[P]++] = GI;
  }
}
