//===-- NeuronISASyncState.cpp - Dataflow states of the sync passes -------===//

#include "NeuronISASyncState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <array>
#include <atomic>
#include <optional>

using namespace llvm;
using namespace llvm::NeuronISA;

//===----------------------------------------------------------------------===//
// ThresholdState
//===----------------------------------------------------------------------===//

ThresholdState::ThresholdState(ArrayRef<AgentId> GroupAgents)
    : GroupAgents(GroupAgents.data()),
      Touched(std::make_shared<BitVector>(GroupAgents.size())),
      KnownOffsets(std::make_shared<KnownList>()) {
  std::fill(std::begin(Shift), std::end(Shift), 0);
  std::fill(std::begin(EmptyOff), std::end(EmptyOff), 0);
}

BitVector &ThresholdState::touchedForWrite() {
  if (Touched.use_count() > 1)
    Touched = std::make_shared<BitVector>(*Touched);
  return const_cast<BitVector &>(*Touched);
}

ThresholdState::KnownList &ThresholdState::knownForWrite() {
  if (KnownOffsets.use_count() > 1)
    KnownOffsets = std::make_shared<KnownList>(*KnownOffsets);
  return const_cast<KnownList &>(*KnownOffsets);
}

template <typename EntryT> static bool lessGroup(const EntryT &E, unsigned G) {
  return E.first < G;
}

ThresholdState::GroupThreshold ThresholdState::get(unsigned Group) const {
  if (!Touched->test(Group))
    return untouched(agentOf(Group));
  auto It = llvm::lower_bound(*KnownOffsets, Group, lessGroup<KnownEntry>);
  if (It != KnownOffsets->end() && It->first == Group)
    return {Kind::Known, knownOffset(*It)};
  return {Kind::Unknown, 0};
}

bool ThresholdState::merge(const ThresholdState &Other,
                           const DataflowEdge &Edge) {
  // Known groups: meet each with the other side's value (computed from the
  // other side's untouched values, before they are merged below).
  SmallVector<KnownEntry, 32> Merged;
  bool Changed = false;
  auto KnownMeetsEmpty = [](int64_t B, GroupThreshold V) {
    return V.K == Kind::Empty && B <= V.Off;
  };
  bool SameShifts = std::equal(std::begin(Shift), std::end(Shift),
                               std::begin(Other.Shift));
  auto I = KnownOffsets->begin(), IE = KnownOffsets->end();
  auto J = Other.KnownOffsets->begin(), JE = Other.KnownOffsets->end();
  if (SameShifts && KnownOffsets == Other.KnownOffsets)
    I = IE, J = JE; // the same known offsets
  // Until the first change every entry before I is kept: Merged is only
  // built from there on (most meets change nothing).
  auto StartChange = [&](KnownList::const_iterator At) {
    if (!Changed)
      Merged.assign(KnownOffsets->begin(), At);
    Changed = true;
  };
  while (I != IE || J != JE) {
    if (J == JE || (I != IE && I->first < J->first)) {
      // Known here; the other side has it Unknown (touched) or Empty.
      if (!Other.Touched->test(I->first) &&
          KnownMeetsEmpty(knownOffset(*I), Other.untouched(agentOf(I->first)))) {
        if (Changed)
          Merged.push_back(*I);
      } else {
        StartChange(I);
      }
      ++I;
    } else if (I == IE || J->first < I->first) {
      // Known on the other side; Unknown (touched) or Empty here.
      int64_t Off = Other.knownOffset(*J);
      if (!Touched->test(J->first) &&
          KnownMeetsEmpty(Off, untouched(agentOf(J->first)))) {
        StartChange(I);
        Merged.push_back({J->first, Offset(Off + Shift[agentOf(J->first)])});
      }
      ++J;
    } else {
      if (knownOffset(*I) != Other.knownOffset(*J))
        StartChange(I);
      else if (Changed)
        Merged.push_back(*I);
      ++I;
      ++J;
    }
  }
  if (Changed)
    KnownOffsets = std::make_shared<KnownList>(Merged.begin(), Merged.end());

  // Touched: a group touched on either side is touched.
  if (Touched != Other.Touched &&
      Other.Touched->test(*Touched)) { // Other has a group this has not
    touchedForWrite() |= *Other.Touched;
    Changed = true;
  }

  // Untouched groups, per agent: Empty(min), Unknown absorbs; widen a
  // decrease along a retreating edge.
  if ((Other.WidenedAgents & ~WidenedAgents) != 0) {
    WidenedAgents |= Other.WidenedAgents;
    Changed = true;
  }
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    if ((WidenedAgents & syncAgentBit(F)) || Other.EmptyOff[F] >= EmptyOff[F])
      continue;
    Changed = true;
    if (Edge.isRetreating())
      WidenedAgents |= syncAgentBit(F);
    else
      EmptyOff[F] = Other.EmptyOff[F];
  }
  return Changed;
}

void ThresholdState::produce(unsigned Group, int64_t Off) {
  if (!Touched->test(Group))
    touchedForWrite().set(Group);
  Offset Stored = Off + Shift[agentOf(Group)];
  auto It = llvm::lower_bound(*KnownOffsets, Group, lessGroup<KnownEntry>);
  if (It != KnownOffsets->end() && It->first == Group) {
    if (It->second == Stored)
      return;
    size_t Index = It - KnownOffsets->begin();
    knownForWrite()[Index].second = Stored;
  } else {
    size_t Index = It - KnownOffsets->begin();
    KnownList &Known = knownForWrite();
    Known.insert(Known.begin() + Index, {Group, Stored});
  }
}

void ThresholdState::produceAll(
    ArrayRef<std::pair<unsigned, int64_t>> Sorted) {
  if (Sorted.size() <= 4) {
    for (const auto &[Group, Off] : Sorted)
      produce(Group, Off);
    return;
  }
  assert(llvm::is_sorted(Sorted, [](const auto &A, const auto &B) {
           return A.first < B.first;
         }) && "groups must ascend");
  bool NewTouch = false;
  for (const auto &E : Sorted)
    NewTouch |= !Touched->test(E.first);
  if (NewTouch) {
    BitVector &T = touchedForWrite();
    for (const auto &E : Sorted)
      T.set(E.first);
  }
  // Merge the two ascending lists; an entry of Sorted replaces the known
  // offset of its group.
  const KnownList &Old = *KnownOffsets;
  KnownList Merged;
  Merged.reserve(Old.size() + Sorted.size());
  bool Changed = false;
  auto I = Old.begin(), IE = Old.end();
  for (const auto &[Group, Off] : Sorted) {
    while (I != IE && I->first < Group)
      Merged.push_back(*I++);
    Offset Stored = Off + Shift[agentOf(Group)];
    if (I != IE && I->first == Group) {
      Changed |= I->second != Stored;
      ++I;
    } else {
      Changed = true;
    }
    Merged.push_back({Group, Stored});
  }
  if (!Changed)
    return; // every group already had its offset: keep sharing the list
  Merged.insert(Merged.end(), I, IE);
  KnownOffsets = std::make_shared<KnownList>(std::move(Merged));
}

void ThresholdState::correctCounters(ArrayRef<int64_t> Correction) {
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    Shift[F] += Correction[F];
    EmptyOff[F] -= Correction[F];
  }
}

void ThresholdState::correctCounters(ArrayRef<AgentId> Agents,
                                     ArrayRef<int64_t> Correction) {
  for (unsigned I = 0; I < Agents.size(); ++I) {
    Shift[Agents[I]] += Correction[I];
    EmptyOff[Agents[I]] -= Correction[I];
  }
}

void ThresholdState::print(raw_ostream &OS) const {
  OS << " untouched:";
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    if (WidenedAgents & syncAgentBit(F))
      OS << ' ' << agentName(F) << "=unknown";
    else if (EmptyOff[F])
      OS << ' ' << agentName(F) << "=empty(" << EmptyOff[F] << ')';
  }
  OS << "; touched " << Touched->count() << " groups, known:";
  for (const auto &E : *KnownOffsets)
    OS << " G" << E.first << "=C+" << knownOffset(E);
}

#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
LLVM_DUMP_METHOD void ThresholdState::dump() const {
  print(dbgs());
  dbgs() << '\n';
}
#endif

//===----------------------------------------------------------------------===//
// ThresholdBoundState
//===----------------------------------------------------------------------===//

ThresholdBoundState::ThresholdBoundState(ArrayRef<AgentId> GroupAgents)
    : GroupAgents(GroupAgents.data()), NumGroups(GroupAgents.size()),
      Chunks((GroupAgents.size() + ChunkSize - 1) / ChunkSize) {
  std::fill(std::begin(Shift), std::end(Shift), 0);
}

ThresholdBoundState::Bound ThresholdBoundState::get(unsigned Group) const {
  const Chunk *C = Chunks[Group / ChunkSize].get();
  if (!C)
    return {Kind::Empty, 0};
  const Entry &E = C->Values[Group % ChunkSize];
  if (E.K != Kind::Upper)
    return {E.K, 0};
  return {E.K, int64_t(E.Off) - Shift[GroupAgents[Group]]};
}

/// A new Id for a chunk's values. The ids only have to differ between the
/// chunks alive at once; 64 bits do not wrap.
static uint64_t newChunkId() {
  static std::atomic<uint64_t> Next{1};
  return Next.fetch_add(1, std::memory_order_relaxed);
}

ThresholdBoundState::Chunk &
ThresholdBoundState::chunkForWrite(unsigned Index) {
  IntrusiveRefCntPtr<Chunk> &C = Chunks[Index];
  if (!C) {
    C = makeIntrusiveRefCnt<Chunk>();
    std::fill(std::begin(C->Values), std::end(C->Values),
              Entry{Kind::Empty, 0, 0});
  } else if (C->UseCount() > 1) {
    auto Copy = makeIntrusiveRefCnt<Chunk>();
    std::copy(std::begin(C->Values), std::end(C->Values),
              std::begin(Copy->Values));
    Copy->UpperAgents = C->UpperAgents;
    // The root is the original's (so that copies of copies still meet as
    // siblings) until half the entries have been written since it; then
    // the original starts a new lineage.
    Copy->Parent = {C->Id, 0};
    bool Inherit =
        C->Root.Id && llvm::popcount(C->Root.Written) <= int(ChunkSize / 2);
    Copy->Root = Inherit ? C->Root : Chunk::Origin{C->Id, 0};
    C = std::move(Copy);
  }
  // The values are about to change: a chunk whose parent or root has this
  // one's Id must no longer take them for that origin's.
  C->Id = newChunkId();
  return *C;
}

ThresholdBoundState::Entry &ThresholdBoundState::entryForWrite(unsigned Index,
                                                               unsigned I) {
  Chunk &C = chunkForWrite(Index);
  C.Parent.Written |= uint64_t(1) << I;
  C.Root.Written |= uint64_t(1) << I;
  return C.Values[I];
}

/// The entries where chunks with origins A and B may differ (A's values
/// and B's hold Ids IdA and IdB), if these origins relate them; else none.
std::optional<uint64_t> ThresholdBoundState::differingEntries(
    uint64_t IdA, const Chunk::Origin &A, uint64_t IdB,
    const Chunk::Origin &B) {
  if (B.Id == IdA)
    return B.Written;
  if (A.Id == IdB)
    return A.Written;
  if (A.Id && A.Id == B.Id)
    return A.Written | B.Written;
  return std::nullopt;
}

/// Outside the entries written since, a copy holds its origins' values:
/// where one chunk is the other's origin, or both have the same origin,
/// only those entries may differ.
uint64_t ThresholdBoundState::entriesThatMayDiffer(const Chunk &Mine,
                                                   const Chunk &Theirs) {
  // The nearer origin first: fewer entries written since.
  if (auto D = differingEntries(Mine.Id, Mine.Parent, Theirs.Id, Theirs.Parent))
    return *D;
  if (auto D = differingEntries(Mine.Id, Mine.Root, Theirs.Id, Theirs.Root))
    return *D;
  return ~uint64_t(0);
}

/// The meet of chunk Index with Other's; true if it changed.
bool ThresholdBoundState::mergeChunk(unsigned Index,
                                     const ThresholdBoundState &Other,
                                     SyncAgentMask ShiftsRaise) {
  const Chunk *Mine = Chunks[Index].get(), *Theirs = Other.Chunks[Index].get();
  if (!Theirs)
    return false; // every other value is Empty: nothing changes
  // The same values, seen with shifts that make none of Other's larger (a
  // back edge brings the header's chunks back with the loop's corrections
  // added, which only lower them).
  if (Mine == Theirs && !(Mine->UpperAgents & ShiftsRaise))
    return false;
  bool Changed = false;
  unsigned Base = Index * ChunkSize;
  unsigned N = std::min(ChunkSize, NumGroups - Base);
  // The entries that hold the same stored values in both change only where
  // this state's shift of their agent is larger (an Upper value's agent is
  // in UpperAgents): otherwise only those that may differ are met.
  uint64_t Visit = N == 64 ? ~uint64_t(0) : (uint64_t(1) << N) - 1;
  if (Mine && !(Mine->UpperAgents & ShiftsRaise))
    Visit &= entriesThatMayDiffer(*Mine, *Theirs);
  // The entries are read in place (get() per entry was most of the meet):
  // Mine is this state's chunk until the first write, then its own copy.
  for (; Visit; Visit &= Visit - 1) {
    unsigned I = llvm::countr_zero(Visit);
    const Entry &O = Theirs->Values[I];
    if (O.K == Kind::Empty)
      continue;
    Kind EK = Mine ? Mine->Values[I].K : Kind::Empty;
    if (EK == Kind::Unbounded)
      continue;
    AgentId F = GroupAgents[Base + I];
    // Other's k in this state's shift: Off - Other.Shift[F] + Shift[F].
    int64_t OOff = int64_t(O.Off) - Other.Shift[F] + Shift[F];
    if (EK == Kind::Upper && O.K == Kind::Upper &&
        OOff <= int64_t(Mine->Values[I].Off))
      continue;
    Changed = true;
    Entry &Slot = entryForWrite(Index, I);
    Chunk &C = *Chunks[Index];
    Mine = &C;
    if (O.K == Kind::Unbounded) {
      Slot.K = Kind::Unbounded;
      continue;
    }
    // O is Upper: an Empty value takes it, an Upper one the larger.
    unsigned Raises = O.Raises;
    if (EK == Kind::Upper) {
      Raises = std::max<unsigned>(Raises, Slot.Raises) + 1;
      if (Raises >= MaxRaises) {
        Slot.K = Kind::Unbounded;
        continue;
      }
    }
    Slot = {Kind::Upper, uint8_t(Raises), int32_t(OOff)};
    C.UpperAgents |= syncAgentBit(F);
  }
  return Changed;
}

bool ThresholdBoundState::merge(const ThresholdBoundState &Other,
                                const DataflowEdge &) {
  // Other's k of an Upper value in this state's shift is its stored Off
  // - Other.Shift[F] + Shift[F]: larger than the same stored Off here only
  // where Shift[F] > Other.Shift[F].
  SyncAgentMask ShiftsRaise = 0;
  for (AgentId F = 0; F < MaxSyncAgents; ++F)
    if (Shift[F] > Other.Shift[F])
      ShiftsRaise |= syncAgentBit(F);
  bool Changed = false;
  for (unsigned I = 0, N = Chunks.size(); I < N; ++I)
    Changed |= mergeChunk(I, Other, ShiftsRaise);
  return Changed;
}

void ThresholdBoundState::produce(unsigned Group, int64_t Off) {
  AgentId F = GroupAgents[Group];
  entryForWrite(Group / ChunkSize, Group % ChunkSize) = {
      Kind::Upper, 0, int32_t(Off + Shift[F])};
  Chunks[Group / ChunkSize]->UpperAgents |= syncAgentBit(F);
}

void ThresholdBoundState::correctCounters(ArrayRef<int64_t> Correction) {
  for (AgentId F = 0; F < MaxSyncAgents; ++F)
    Shift[F] += Correction[F];
}

void ThresholdBoundState::correctCounters(ArrayRef<AgentId> Agents,
                                          ArrayRef<int64_t> Correction) {
  for (unsigned I = 0; I < Agents.size(); ++I)
    Shift[Agents[I]] += Correction[I];
}

void ThresholdBoundState::print(raw_ostream &OS) const {
  for (unsigned G = 0; G < NumGroups; ++G) {
    Bound E = get(G);
    OS << " [" << G << "]=";
    if (E.K == Kind::Unbounded)
      OS << "unbounded";
    else if (E.K == Kind::Empty)
      OS << "empty";
    else
      OS << "upper(C+" << E.Off << ')';
  }
}

#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
LLVM_DUMP_METHOD void ThresholdBoundState::dump() const {
  print(dbgs());
  dbgs() << '\n';
}
#endif

//===----------------------------------------------------------------------===//
// BarrierThresholdState
//===----------------------------------------------------------------------===//

static auto byGroup = lessGroup<std::pair<unsigned, int64_t>>;

int64_t BarrierThresholdState::get(unsigned Group) const {
  auto It = llvm::lower_bound(Counts, Group, byGroup);
  return It != Counts.end() && It->first == Group ? It->second : 0;
}

bool BarrierThresholdState::merge(const BarrierThresholdState &Other,
                                  const DataflowEdge &) {
  SmallVector<std::pair<unsigned, int64_t>, 8> Merged;
  bool Changed = false;
  auto I = Counts.begin(), IE = Counts.end();
  auto J = Other.Counts.begin(), JE = Other.Counts.end();
  while (I != IE || J != JE) {
    if (J == JE || (I != IE && I->first < J->first)) {
      Merged.push_back(*I++);
    } else if (I == IE || J->first < I->first) {
      Merged.push_back(*J++);
      Changed = true;
    } else {
      Changed |= J->second > I->second;
      Merged.push_back({I->first, std::max(I->second, J->second)});
      ++I;
      ++J;
    }
  }
  Counts = std::move(Merged);
  return Changed;
}

void BarrierThresholdState::produce(unsigned Group, int64_t Count) {
  auto It = llvm::lower_bound(Counts, Group, byGroup);
  if (It != Counts.end() && It->first == Group)
    It->second = Count;
  else
    Counts.insert(It, {Group, Count});
}

void BarrierThresholdState::print(raw_ostream &OS) const {
  for (const auto &[G, K] : Counts)
    OS << " G" << G << '=' << K;
}

#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
LLVM_DUMP_METHOD void BarrierThresholdState::dump() const {
  print(dbgs());
  dbgs() << '\n';
}
#endif

//===----------------------------------------------------------------------===//
// WaitedState
//===----------------------------------------------------------------------===//

bool WaitedLimits::waitsBetween(unsigned Pair, unsigned From,
                                unsigned To) const {
  const auto &V = WaitBlocks[Pair];
  auto It = llvm::lower_bound(V, From);
  return It != V.end() && *It <= To;
}

void WaitedLimits::setCycles(std::vector<SmallVector<unsigned, 2>> Succs,
                             std::vector<SyncAgentMask> Prods,
                             ArrayRef<AgentId> Agents) {
  Successors = std::move(Succs);
  Produces = std::move(Prods);
  PairAgent.assign(Agents.begin(), Agents.end());
  Widens.clear();
  LastLatch.assign(Successors.size(), ~0u);
  for (unsigned B = 0; B < Successors.size(); ++B)
    for (unsigned S : Successors[B])
      if (S <= B && (LastLatch[S] == ~0u || LastLatch[S] < B))
        LastLatch[S] = B;
  CycleBounds.clear();
}

void WaitedLimits::setTransfers(
    std::vector<BlockWaits> Waits, std::vector<BlockCorrections> Corrections,
    std::function<int64_t(unsigned, unsigned)> Floor) {
  TransferWaits = std::move(Waits);
  TransferCorrections = std::move(Corrections);
  FloorAt = std::move(Floor);
  CycleBounds.clear();
}

int64_t WaitedLimits::cycleBound(unsigned Pair, unsigned To) const {
  if (TransferWaits.empty() || LastLatch.empty() || LastLatch[To] == ~0u)
    return NoBound;
  uint64_t N = Successors.size();
  auto [It, New] = CycleBounds.try_emplace(Pair * N + To, NoBound);
  if (New)
    It->second = computeCycleBound(Pair, To);
  return It->second;
}

/// One pass over the blocks of index To..LastLatch[To] in reverse
/// post-order, along forward edges, from Nothing at To's entry: per block,
/// the least value over the paths from To that have (or have not yet) run
/// a producer of the pair's agent; the bound is the least value a
/// producing path brings back to To.
int64_t WaitedLimits::computeCycleBound(unsigned Pair, unsigned To) const {
  constexpr int64_t Nothing = WaitedState::Nothing, Unreached = NoBound;
  unsigned Last = LastLatch[To];
  AgentId F = PairAgent[Pair];
  // Per block: {no producer run yet, some producer run}.
  std::vector<std::array<int64_t, 2>> In(Last - To + 1, {Unreached, Unreached});
  In[0][0] = Nothing;
  int64_t Bound = Unreached;
  for (unsigned B = To; B <= Last; ++B) {
    std::array<int64_t, 2> V = In[B - To];
    if (V[0] == Unreached && V[1] == Unreached)
      continue;
    int64_t K = Nothing, D = 0;
    for (const auto &[P, Max] : TransferWaits[B])
      if (P == Pair)
        K = Max;
    for (const auto &[G, Corr] : TransferCorrections[B])
      if (G == F)
        D = Corr;
    for (int64_t &X : V)
      if (X != Unreached) {
        X = std::max(X, K);
        if (X != Nothing)
          X -= D;
      }
    if (Produces[B] & syncAgentBit(F))
      V = {Unreached, std::min(V[0], V[1])};
    for (unsigned S : Successors[B]) {
      if (S == To)
        Bound = std::min(Bound, V[1]);
      else if (S > B && S <= Last)
        for (unsigned C = 0; C < 2; ++C)
          In[S - To][C] = std::min(In[S - To][C], V[C]);
    }
  }
  if (Bound != Unreached && Bound != Nothing && Bound < FloorAt(Pair, To))
    return Nothing;
  return Bound;
}

bool WaitedLimits::waitsIn(unsigned Pair, unsigned Block) const {
  return llvm::binary_search(WaitBlocks[Pair], Block);
}

bool WaitedLimits::widens(unsigned Pair, unsigned From, unsigned To) const {
  if (!waitsBetween(Pair, To, From))
    return true;
  if (Successors.empty() || waitsIn(Pair, To) || waitsIn(Pair, From))
    return false;
  uint64_t N = Successors.size();
  auto [It, New] = Widens.try_emplace((Pair * N + From) * N + To, false);
  if (New)
    It->second = producingCycleWithoutWait(Pair, From, To);
  return It->second;
}

/// A search over (block, has a producer of the pair's agent run since To)
/// from To to From, through the blocks of index To..From that do not wait
/// on the pair. Gives up (no widening: the solve then iterates, exact all
/// the same) past a budget of visits.
bool WaitedLimits::producingCycleWithoutWait(unsigned Pair, unsigned From,
                                             unsigned To) const {
  constexpr unsigned Budget = 1u << 14;
  SyncAgentMask Bit = syncAgentBit(PairAgent[Pair]);
  std::vector<uint8_t> Seen(From - To + 1, 0); // bit 1 << produced
  SmallVector<std::pair<unsigned, bool>, 32> Work;
  auto Visit = [&](unsigned B, bool Produced) {
    Produced |= (Produces[B] & Bit) != 0;
    uint8_t Flag = 1u << Produced;
    if (!(Seen[B - To] & Flag)) {
      Seen[B - To] |= Flag;
      Work.push_back({B, Produced});
    }
  };
  Visit(To, false);
  for (unsigned Visits = 0; !Work.empty() && Visits < Budget; ++Visits) {
    auto [B, Produced] = Work.pop_back_val();
    if (B == From && Produced)
      return true;
    for (unsigned S : Successors[B])
      if (S > To && S <= From && !waitsIn(Pair, S))
        Visit(S, Produced);
  }
  return false;
}

bool WaitedState::merge(const WaitedState &Other, const DataflowEdge &Edge) {
  bool Changed = false;
  for (unsigned P = 0, E = Waited.size(); P < E; ++P) {
    if (Other.Waited[P] >= Waited[P])
      continue;
    Changed = true;
    if (!Edge.isRetreating() || !Limits)
      Waited[P] = Other.Waited[P];
    else if (Limits->widens(P, Edge.From, Edge.To))
      Waited[P] = Nothing;
    else // at most the fixed point's bound: the solve goes on from there
      Waited[P] = std::min(Other.Waited[P], Limits->cycleBound(P, Edge.To));
  }
  return Changed;
}

void WaitedState::print(raw_ostream &OS) const {
  for (unsigned P = 0; P < Waited.size(); ++P) {
    OS << " [" << P << "]=";
    if (Waited[P] == Nothing)
      OS << "nothing";
    else
      OS << "C+" << Waited[P];
  }
}

#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
LLVM_DUMP_METHOD void WaitedState::dump() const {
  print(dbgs());
  dbgs() << '\n';
}
#endif
