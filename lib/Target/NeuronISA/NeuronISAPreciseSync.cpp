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
//    c, or 0 if none ran. A forward dataflow tracks, per block entry, whether
//    T is C_F + k for a constant k on every path ("known"); where it is,
//    c waits on C_F + k. Elsewhere the value lives in a snapshot register
//    R_G: li R_G, 0 at entry, addi R_G, C_F, off after the last site of P in
//    each block, and c waits on R_G.
// 3. Waits already implied by an earlier wait of the same engine on the same
//    semaphore (a larger or equal threshold, relative to C_F) are dropped.
// 4. Limits: counters first (agents whose counters change alike share one);
//    snapshots get the reserved registers by priority (loop depth),
//    sharing a register (also a counter's, after its last read) when their
//    live intervals inside blocks do not meet; groups with the same last
//    producer sites per block share one snapshot; one union snapshot
//    replaces several groups where that frees them all; a
//    group left without one waits for the current count N_F(c) (sound, not
//    precise), with a remark.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include <algorithm>
#include <limits>
#include <map>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

/// Abstract value, at a program point, of the threshold T of one group
/// (F, P) relative to the counter C_F:
///   Known(k): T = C_F + k on every path reaching the point;
///   Empty(u): no site of P has run yet on any path, and C_F + u <= 0, so
///             any wait on C_F + b with b <= u passes at once (S_F >= 0);
///   Unknown:  neither: T lives in a snapshot register.
struct KState {
  enum Kind : uint8_t { Undef, Known, Empty, Unknown } K = Undef;
  int64_t Off = 0;
  static KState known(int64_t O) { return {Known, O}; }
  static KState empty(int64_t U) { return {Empty, U}; }
  static KState unknown() { return {Unknown, 0}; }
  bool operator==(const KState &O) const {
    return K == O.K && (K == Undef || K == Unknown || Off == O.Off);
  }
  bool operator!=(const KState &O) const { return !(*this == O); }
  void meet(const KState &O) {
    if (O.K == Undef || K == Unknown)
      return;
    if (K == Undef || O.K == Unknown) {
      *this = O;
      return;
    }
    if (K == Empty && O.K == Empty) {
      Off = std::min(Off, O.Off);
      return;
    }
    if (K == Known && O.K == Known) {
      if (Off != O.Off)
        *this = unknown();
      return;
    }
    // Known(b) meets Empty(u): on the empty paths C_F + b <= C_F + u <= 0.
    int64_t B = K == Known ? Off : O.Off;
    int64_t U = K == Empty ? Off : O.Off;
    *this = B <= U ? known(B) : unknown();
  }
};

struct WaitReq {
  Engine E;
  AgentId F;
  unsigned Group;
  bool Snapshot; // wait on R_G (+0); else on C_F + K
  int64_t K;
};

class Impl {
public:
  Impl(MachineFunction &MF, const DependenceInfo &DI,
       const MachineLoopInfo &MLI, SyncReport &Report)
      : MF(MF), DI(DI), MLI(MLI), Report(Report),
        TII(*MF.getSubtarget().getInstrInfo()), NB(MF.getNumBlockIDs()) {}

  bool run();

private:
  MachineFunction &MF;
  const DependenceInfo &DI;
  const MachineLoopInfo &MLI;
  SyncReport &Report;
  const TargetInstrInfo &TII;
  unsigned NB;
  std::vector<MachineBasicBlock *> RPO;
  // The analysis' groups, then the unions made by mergeSnapshots.
  std::vector<DepGroup> Groups;
  // The reachable CFG in reverse post-order indices, compressed.
  std::vector<unsigned> RPOIndex, PredBegin, Preds, SuccBegin, Succs;

  bool Producing[NumAgents] = {};
  unsigned Sem[NumAgents] = {};
  unsigned CounterReg[NumAgents] = {};
  AgentId CounterOwner[NumAgents] = {}; // agent whose addi updates the reg
  // Per (block number, agent).
  std::vector<int64_t> EntryOff, Mat;
  std::vector<int64_t> OffAfter; // per site: N_F after it, relative to C_F
  std::vector<SmallVector<WaitReq, 2>> Waits; // per consumer site
  std::vector<unsigned> SnapReg;              // per group; 0: none
  std::vector<bool> NeedsSnapshot;            // per group
  DenseMap<unsigned, bool> SnapshotLiveAtEntry; // per group: reads the init

  int64_t &entryOff(unsigned B, AgentId F) { return EntryOff[B * NumAgents + F]; }
  int64_t &mat(unsigned B, AgentId F) { return Mat[B * NumAgents + F]; }
  void note(const MachineBasicBlock *MBB,
            unsigned SyncReport::Counts::*Field) {
    ++(Report.Total.*Field);
    if (const MachineLoop *L = MLI.getLoopFor(MBB))
      ++(Report.PerLoop[L].*Field);
  }

  void computeOffsets();
  void buildGraph();
  void computeThresholds();
  void combineWaits();
  void mergeSnapshots();
  struct Seg {
    unsigned B; // RPO index
    int Lo, Hi; // closed interval of positions in the block
  };
  using Range = SmallVector<Seg, 8>; // sorted by block
  static bool interferes(const Range &A, const Range &B);
  void liveness(const BitVector &Use, const BitVector &Kill, BitVector &LiveIn,
                BitVector &LiveOut);
  Range snapshotRange(unsigned GI);
  Range counterRange(AgentId Owner);
  void shareIdenticalSnapshots();
  std::vector<unsigned> SitePos; // per site: index in its block
  std::vector<BitVector> SnapLiveOut; // per group: blocks whose write is live
  std::vector<BitVector> CounterLiveOut; // per owner agent
  // snapshotRange's scratch, per RPO index: -1 except while in use.
  std::vector<int> ScratchLastUse, ScratchDefPos;
  bool allocateRegisters();
  std::vector<int64_t> impliedThresholds(Engine E, AgentId F);
  void emit();
  int64_t offBefore(unsigned Site, AgentId F);
};

} // namespace

void Impl::computeOffsets() {
  EntryOff.assign(size_t(NB) * NumAgents, 0);
  Mat.assign(size_t(NB) * NumAgents, 0);
  std::vector<int64_t> Cnt(size_t(NB) * NumAgents, 0);
  for (unsigned S = 0; S < DI.sites().size(); ++S)
    if (DI.isProducer(S)) {
      const SyncSite &Site = DI.sites()[S];
      Producing[Site.Agent] = true;
      ++Cnt[Site.MBB->getNumber() * NumAgents + Site.Agent];
    }

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
    unsigned R0 = Find((*B->succ_begin())->getNumber());
    for (MachineBasicBlock *S : B->successors())
      Parent[Find(S->getNumber())] = R0;
  }
  std::vector<bool> Decided(NB, false);
  std::vector<int64_t> ClassVal(size_t(NB) * NumAgents, 0);
  Decided[Find(RPO.front()->getNumber())] = true; // entry: N_F = 0, C_F = 0
  for (MachineBasicBlock *B : RPO) {
    unsigned BN = B->getNumber();
    unsigned Cls = Find(BN);
    assert(Decided[Cls] && "a block's class is decided by an earlier pred");
    for (AgentId F = 0; F < NumAgents; ++F)
      entryOff(BN, F) = ClassVal[Cls * NumAgents + F];
    if (B->succ_empty())
      continue;
    unsigned SC = Find((*B->succ_begin())->getNumber());
    for (AgentId F = 0; F < NumAgents; ++F) {
      int64_t Raw = entryOff(BN, F) + Cnt[BN * NumAgents + F];
      if (!Decided[SC])
        ClassVal[SC * NumAgents + F] = Raw;
      else
        mat(BN, F) = Raw - ClassVal[SC * NumAgents + F];
    }
    Decided[SC] = true;
  }

  OffAfter.assign(DI.sites().size(), 0);
  for (MachineBasicBlock *B : RPO) {
    int64_t Run[NumAgents];
    for (AgentId F = 0; F < NumAgents; ++F)
      Run[F] = entryOff(B->getNumber(), F);
    for (unsigned S : DI.blockSites(*B))
      if (DI.isProducer(S))
        OffAfter[S] = ++Run[DI.sites()[S].Agent];
  }
}

int64_t Impl::offBefore(unsigned Site, AgentId F) {
  const SyncSite &C = DI.sites()[Site];
  int64_t Off = entryOff(C.MBB->getNumber(), F);
  for (unsigned S : DI.blockSites(*C.MBB)) {
    if (S == Site)
      break;
    if (DI.isProducer(S) && DI.sites()[S].Agent == F)
      ++Off;
  }
  return Off;
}

/// A consumer's threshold for agent F is the largest of its groups' (all
/// exact lower bounds): keep the largest counter-relative one, and every
/// snapshot, counter-relative ones first.
void Impl::combineWaits() {
  for (auto &WS : Waits) {
    if (WS.size() < 2)
      continue;
    llvm::stable_sort(WS, [](const WaitReq &A, const WaitReq &B) {
      if (A.Snapshot != B.Snapshot)
        return !A.Snapshot;
      if (A.F != B.F)
        return A.F < B.F;
      return !A.Snapshot && A.K > B.K;
    });
    SmallVector<WaitReq, 2> Out;
    for (const WaitReq &R : WS)
      if (R.Snapshot || Out.empty() || Out.back().Snapshot ||
          Out.back().F != R.F)
        Out.push_back(R);
    WS = std::move(Out);
  }
}

void Impl::buildGraph() {
  unsigned N = RPO.size();
  RPOIndex.assign(NB, ~0u);
  for (unsigned I = 0; I < N; ++I)
    RPOIndex[RPO[I]->getNumber()] = I;
  PredBegin.assign(N + 1, 0);
  SuccBegin.assign(N + 1, 0);
  Preds.clear();
  Succs.clear();
  for (unsigned I = 0; I < N; ++I) {
    PredBegin[I] = Preds.size();
    for (MachineBasicBlock *P : RPO[I]->predecessors())
      if (RPOIndex[P->getNumber()] != ~0u)
        Preds.push_back(RPOIndex[P->getNumber()]);
    SuccBegin[I] = Succs.size();
    for (MachineBasicBlock *S : RPO[I]->successors())
      Succs.push_back(RPOIndex[S->getNumber()]);
  }
  PredBegin[N] = Preds.size();
  SuccBegin[N] = Succs.size();
}

/// A consumer with several Unknown groups of one agent waits for the largest
/// of their thresholds, which is the threshold of the union of their
/// producers: one snapshot register for the union instead of one per group.
/// (No site of the union precedes such a consumer in its block, since each of
/// the groups is Unknown there, so the union's snapshot, taken after the last
/// union site of each block, is what the consumer needs.)
void Impl::mergeSnapshots() {
  // Candidate unions: (agent, Unknown groups of one consumer) -> consumers.
  std::map<std::pair<AgentId, SmallVector<unsigned, 4>>,
           SmallVector<unsigned, 4>>
      Unions;
  std::vector<unsigned> UnknownUses(Groups.size(), 0);
  for (unsigned C = 0; C < Waits.size(); ++C)
    for (AgentId F = 0; F < NumAgents; ++F) {
      SmallVector<unsigned, 4> U;
      for (const WaitReq &R : Waits[C])
        if (R.Snapshot && R.F == F)
          U.push_back(R.Group);
      for (unsigned GI : U)
        ++UnknownUses[GI];
      if (U.size() < 2)
        continue;
      llvm::sort(U);
      Unions[{F, U}].push_back(C);
    }
  // Merge only where it frees every member group (all of their snapshot
  // waits are in the union): then it saves registers, never costs one.
  for (auto &[Key, Consumers] : Unions) {
    const auto &[F, U] = Key;
    if (llvm::any_of(U, [&, &Consumers = Consumers](unsigned GI) {
          return UnknownUses[GI] != Consumers.size();
        }))
      continue;
    DepGroup G;
    G.Producer = F;
    for (unsigned GI : U) {
      G.Producers.append(Groups[GI].Producers.begin(),
                         Groups[GI].Producers.end());
      NeedsSnapshot[GI] = false;
    }
    llvm::sort(G.Producers);
    G.Producers.erase(llvm::unique(G.Producers), G.Producers.end());
    G.Consumers = Consumers;
    unsigned UI = Groups.size();
    Groups.push_back(std::move(G));
    NeedsSnapshot.push_back(true);
    for (unsigned C : Consumers) {
      auto &WS = Waits[C];
      WaitReq Merged = *llvm::find_if(
          WS, [&, F = F](const WaitReq &R) { return R.Snapshot && R.F == F; });
      Merged.Group = UI;
      llvm::erase_if(
          WS, [&, F = F](const WaitReq &R) { return R.Snapshot && R.F == F; });
      WS.push_back(Merged);
    }
  }
}

void Impl::computeThresholds() {
  ArrayRef<SyncSite> Sites = DI.sites();
  Waits.assign(Sites.size(), {});
  NeedsSnapshot.assign(Groups.size(), false);
  unsigned N = RPO.size();
  std::vector<KState> In(N);
  std::vector<unsigned> Changes(N), LastStamp(N, ~0u);
  std::vector<int64_t> LastVal(N), MatF(N);
  // Blocks to (re)evaluate; visited in increasing RPO index, sweep after
  // sweep (a set bit at or before the current block waits for the next
  // sweep), without scanning the clean ones.
  BitVector Dirty(N);
  // mat() per (RPO index, agent), gathered once (not per group).
  std::vector<int64_t> MatRPO(size_t(N) * NumAgents);
  for (unsigned I = 0; I < N; ++I)
    for (AgentId F = 0; F < NumAgents; ++F)
      MatRPO[size_t(I) * NumAgents + F] = mat(RPO[I]->getNumber(), F);
  AgentId MatOf = NumAgents;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    const DepGroup &G = Groups[GI];
    AgentId F = G.Producer;
    if (F != MatOf) {
      for (unsigned I = 0; I < N; ++I)
        MatF[I] = MatRPO[size_t(I) * NumAgents + F];
      MatOf = F;
    }
    for (unsigned P : G.Producers) {
      unsigned I = RPOIndex[Sites[P].MBB->getNumber()];
      LastStamp[I] = GI;
      LastVal[I] = OffAfter[P];
    }
    auto Out = [&](unsigned I) {
      KState S = LastStamp[I] == GI ? KState::known(LastVal[I]) : In[I];
      if (S.K == KState::Known || S.K == KState::Empty)
        S.Off -= MatF[I];
      return S;
    };
    std::fill(In.begin(), In.end(), KState());
    std::fill(Changes.begin(), Changes.end(), 0);
    Dirty.set();
    Dirty.reset(0); // the entry is never re-evaluated
    In[0] = KState::empty(0); // C_F = 0 at entry
    for (bool Again = true; Again;) {
      Again = false;
      for (int NextI = Dirty.find_first(); NextI >= 0;
           NextI = Dirty.find_next(NextI)) {
        unsigned I = NextI;
        Dirty.reset(I);
        if (I == 0)
          continue; // the entry is never evaluated (a back edge may mark it)
        KState S;
        for (unsigned J = PredBegin[I]; J < PredBegin[I + 1]; ++J)
          S.meet(Out(Preds[J]));
        if (S == In[I])
          continue;
        // Empty(u) can decrease around a loop forever: cut it off.
        if (++Changes[I] > 8)
          S = KState::unknown();
        In[I] = S;
        for (unsigned J = SuccBegin[I]; J < SuccBegin[I + 1]; ++J) {
          Dirty.set(Succs[J]);
          Again |= Succs[J] <= I;
        }
      }
    }
    for (unsigned C : G.Consumers) {
      KState S = In[RPOIndex[Sites[C].MBB->getNumber()]];
      auto It = llvm::lower_bound(G.Producers, C);
      if (It != G.Producers.begin() && Sites[*(It - 1)].MBB == Sites[C].MBB)
        S = KState::known(OffAfter[*(It - 1)]);
      if (S.K == KState::Empty)
        continue; // no producer of G can have run before C
      WaitReq W{Sites[C].WaitEngine, F, GI, S.K != KState::Known,
                S.K == KState::Known ? S.Off : 0};
      NeedsSnapshot[GI] = NeedsSnapshot[GI] || W.Snapshot;
      Waits[C].push_back(W);
    }
  }
}

// Positions inside a block with sites s_0..s_{m-1}: 0 the block start (the
// entry's initializations), 2i+1 the waits before s_i, 2i+2 the snapshot
// writes after s_i, End the counter updates before the terminators. A
// register's live range is a set of closed intervals of positions per block;
// two values share a register when no intervals meet.
static constexpr int End = std::numeric_limits<int>::max();

bool Impl::interferes(const Range &A, const Range &B) {
  auto I = A.begin(), J = B.begin();
  while (I != A.end() && J != B.end()) {
    if (I->B < J->B)
      ++I;
    else if (J->B < I->B)
      ++J;
    else {
      for (auto K = J; K != B.end() && K->B == I->B; ++K)
        if (I->Lo <= K->Hi && K->Lo <= I->Hi)
          return true;
      ++I;
    }
  }
  return false;
}

/// Backward liveness over the blocks: LiveIn = Use | (LiveOut & ~Kill).
void Impl::liveness(const BitVector &Use, const BitVector &Kill,
                    BitVector &LiveIn, BitVector &LiveOut) {
  unsigned N = RPO.size();
  LiveIn.reset();
  LiveIn.resize(N);
  LiveOut.reset();
  LiveOut.resize(N);
  SmallVector<unsigned, 32> Work;
  for (unsigned I : Use.set_bits()) {
    LiveIn.set(I);
    Work.push_back(I);
  }
  while (!Work.empty()) {
    unsigned B = Work.pop_back_val();
    for (unsigned J = PredBegin[B]; J < PredBegin[B + 1]; ++J) {
      unsigned P = Preds[J];
      LiveOut.set(P);
      if (!Kill.test(P) && !LiveIn.test(P)) {
        LiveIn.set(P);
        Work.push_back(P);
      }
    }
  }
}

/// Group GI's snapshot register: read by the waits of its Unknown consumers
/// (which precede every producer of the group in their block, else their
/// threshold would be Known), written after the last producer of the group
/// in a block only where the value is live out of it, initialized at entry
/// only if live there.
Impl::Range Impl::snapshotRange(unsigned GI) {
  const DepGroup &G = Groups[GI];
  unsigned N = RPO.size();
  BitVector UseB(N), Def(N), LiveIn, LiveOut;
  if (ScratchLastUse.size() != N) {
    ScratchLastUse.assign(N, -1);
    ScratchDefPos.assign(N, -1);
  }
  std::vector<int> &LastUse = ScratchLastUse, &DefPos = ScratchDefPos;
  for (unsigned C : G.Consumers)
    for (const WaitReq &R : Waits[C])
      if (R.Group == GI && R.Snapshot) {
        unsigned I = RPOIndex[DI.sites()[C].MBB->getNumber()];
        UseB.set(I);
        LastUse[I] = std::max(LastUse[I], int(2 * SitePos[C] + 1));
      }
  for (unsigned P : G.Producers) {
    unsigned I = RPOIndex[DI.sites()[P].MBB->getNumber()];
    Def.set(I);
    DefPos[I] = std::max(DefPos[I], int(2 * SitePos[P] + 2));
  }
  liveness(UseB, Def, LiveIn, LiveOut);
  SnapshotLiveAtEntry[GI] = LiveIn.test(0);
  SnapLiveOut[GI] = LiveOut;
  Range R;
  BitVector Any = LiveIn; // the blocks that can get a segment
  Any |= UseB;
  Any |= Def;
  for (unsigned I : Any.set_bits()) {
    if (LiveIn.test(I)) {
      int Hi = (!Def.test(I) && LiveOut.test(I)) ? End : LastUse[I];
      if (Hi < 0) // live through a def without a use: cannot happen
        Hi = End;
      R.push_back({I, 0, Hi});
    } else if (UseB.test(I)) {
      R.push_back({I, 0, LastUse[I]}); // conservative
    }
    if (Def.test(I) && LiveOut.test(I))
      R.push_back({I, DefPos[I], End});
  }
  for (unsigned I : UseB.set_bits())
    LastUse[I] = -1;
  for (unsigned I : Def.set_bits())
    DefPos[I] = -1;
  return R;
}

/// Counter of the agents owned by Owner: read by waits on C_F + k, by
/// snapshot writes of F, and (for a snapshot that may fall back) by the
/// snapshot consumers of F; updated at block ends, initialized at entry. It
/// is live from the entry to its last read; updates after it are dropped.
Impl::Range Impl::counterRange(AgentId Owner) {
  unsigned N = RPO.size();
  BitVector UseB(N), Kill(N), LiveIn, LiveOut;
  std::vector<int> LastUse(N, -1);
  auto Use = [&](unsigned Site, int Pos) {
    unsigned I = RPOIndex[DI.sites()[Site].MBB->getNumber()];
    UseB.set(I);
    LastUse[I] = std::max(LastUse[I], Pos);
  };
  for (unsigned C = 0; C < Waits.size(); ++C)
    for (const WaitReq &R : Waits[C])
      if (CounterOwner[R.F] == Owner)
        Use(C, 2 * SitePos[C] + 1); // a snapshot wait may become C_F + k
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI] || CounterOwner[Groups[GI].Producer] != Owner)
      continue;
    ArrayRef<unsigned> P = Groups[GI].Producers;
    for (unsigned I = 0; I < P.size(); ++I)
      if (I + 1 == P.size() || DI.sites()[P[I + 1]].MBB != DI.sites()[P[I]].MBB)
        Use(P[I], 2 * SitePos[P[I]] + 2);
  }
  liveness(UseB, Kill, LiveIn, LiveOut);
  CounterLiveOut[Owner] = LiveOut;
  Range R;
  BitVector Any = LiveOut; // the blocks that can get a segment
  Any |= LiveIn;
  for (unsigned I : Any.set_bits()) {
    if (LiveOut.test(I))
      R.push_back({I, 0, End});
    else if (LiveIn.test(I))
      R.push_back({I, 0, LastUse[I]});
  }
  if (R.empty() || R.front().B != 0)
    R.insert(R.begin(), Seg{0, 0, 0}); // the initialization
  return R;
}

/// Groups of one agent whose last producer sites in every block coincide
/// hold the same snapshot value everywhere (the count after the latest
/// executed one of those sites, 0 before): one snapshot serves them all.
void Impl::shareIdenticalSnapshots() {
  std::map<std::pair<AgentId, SmallVector<unsigned, 8>>, unsigned> Rep;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    ArrayRef<unsigned> P = Groups[GI].Producers;
    SmallVector<unsigned, 8> Last;
    for (unsigned I = 0; I < P.size(); ++I)
      if (I + 1 == P.size() || DI.sites()[P[I + 1]].MBB != DI.sites()[P[I]].MBB)
        Last.push_back(P[I]);
    auto [It, New] = Rep.try_emplace({Groups[GI].Producer, Last}, GI);
    if (New)
      continue;
    unsigned R = It->second;
    for (unsigned C : Groups[GI].Consumers)
      for (WaitReq &W : Waits[C])
        if (W.Group == GI && W.Snapshot)
          W.Group = R;
    auto &RC = Groups[R].Consumers;
    RC.append(Groups[GI].Consumers.begin(), Groups[GI].Consumers.end());
    llvm::sort(RC);
    RC.erase(llvm::unique(RC), RC.end());
    NeedsSnapshot[GI] = false;
  }
}

bool Impl::allocateRegisters() {
  // Agents whose counts change identically at every block end hold equal
  // counters (all start at 0): they share one register and one addi.
  std::map<std::vector<std::pair<unsigned, int64_t>>, unsigned> ByPattern;
  unsigned NumCounters = 0;
  for (AgentId F = 0; F < NumAgents; ++F) {
    CounterReg[F] = SyncRegs::zeroReg();
    CounterOwner[F] = F;
    std::vector<std::pair<unsigned, int64_t>> Pattern;
    for (MachineBasicBlock *B : RPO)
      if (int64_t D = mat(B->getNumber(), F))
        Pattern.push_back({unsigned(B->getNumber()), D});
    if (Pattern.empty())
      continue;
    auto [It, New] = ByPattern.try_emplace(Pattern, F);
    CounterOwner[F] = It->second;
    if (New)
      ++NumCounters;
  }
  if (NumCounters > SyncRegs::Count) {
    Report.Fallbacks.push_back(
        {&MF.front(), std::to_string(NumCounters) +
                          " agents need a counter register, only " +
                          std::to_string(SyncRegs::Count) +
                          " are reserved: using the barrier algorithm"});
    return false;
  }
  SitePos.assign(DI.sites().size(), 0);
  for (MachineBasicBlock *B : RPO) {
    unsigned I = 0;
    for (unsigned S : DI.blockSites(*B))
      SitePos[S] = I++;
  }
  shareIdenticalSnapshots();
  SnapLiveOut.assign(Groups.size(), BitVector());
  CounterLiveOut.assign(NumAgents, BitVector());

  // Live ranges per reserved register (index I: register r20 + I).
  std::vector<SmallVector<Range, 4>> Occupied(SyncRegs::Count);
  // Counters are all live at the entry: r20, r21, ...
  unsigned Next = 0;
  for (AgentId F = 0; F < NumAgents; ++F) {
    bool Owns = false;
    for (auto &KV : ByPattern)
      Owns |= KV.second == F;
    if (!Owns)
      continue;
    CounterReg[F] = SyncRegs::counterReg(Next);
    Occupied[Next++].push_back(counterRange(F));
  }
  for (AgentId F = 0; F < NumAgents; ++F)
    CounterReg[F] = CounterReg[CounterOwner[F]];
  Report.CounterRegs = NumCounters;

  // Snapshots by priority: dynamic waits weighted by 8^loop depth.
  SnapReg.assign(Groups.size(), 0);
  SmallVector<std::pair<uint64_t, unsigned>, 8> Want;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    uint64_t W = 0;
    for (unsigned C : Groups[GI].Consumers)
      for (const WaitReq &R : Waits[C])
        if (R.Group == GI && R.Snapshot)
          W += uint64_t(1)
               << std::min(3 * MLI.getLoopDepth(DI.sites()[C].MBB), 60u);
    Want.push_back({W, GI});
  }
  llvm::stable_sort(Want, [](auto &A, auto &B) { return A.first > B.first; });
  bool Fallback = false;
  BitVector SnapUsed(SyncRegs::Count);
  for (unsigned I = 0; I < Want.size(); ++I) {
    unsigned GI = Want[I].second;
    Range R = snapshotRange(GI);
    int Reg = -1;
    // Highest registers first (r31, r30, ...): snapshots, then counters'
    // dead stretches.
    for (int X = SyncRegs::Count - 1; X >= 0 && Reg < 0; --X)
      if (llvm::none_of(Occupied[X], [&](const Range &O) {
            return interferes(R, O);
          }))
        Reg = X;
    if (Reg >= 0) {
      SnapReg[GI] = SyncRegs::reg(Reg);
      Occupied[Reg].push_back(std::move(R));
      if (unsigned(Reg) >= NumCounters)
        SnapUsed.set(Reg);
      continue;
    }
    // Out of registers: wait for every earlier instance of F instead.
    const DepGroup &G = Groups[GI];
    const MachineBasicBlock *First = nullptr;
    for (unsigned C : G.Consumers)
      for (WaitReq &R : Waits[C])
        if (R.Group == GI && R.Snapshot) {
          R.Snapshot = false;
          R.K = offBefore(C, G.Producer);
          if (!First)
            First = DI.sites()[C].MBB;
        }
    NeedsSnapshot[GI] = false;
    Fallback = true;
    Report.Fallbacks.push_back(
        {First, "no reserved register left for the threshold of a "
                "dependence on " +
                    agentName(G.Producer) + " (" +
                    std::to_string(G.Consumers.size()) +
                    " consumers): they wait for every earlier completion "
                    "of " +
                    agentName(G.Producer) + " instead of the latest "
                                            "conflicting one"});
  }
  Report.SnapshotRegs = SnapUsed.count();
  if (Fallback)
    combineWaits();
  return true;
}

/// Per block entry: the largest k such that engine E has already waited for
/// S_F >= C_F + k on every path (INT64_MIN: nothing known).
std::vector<int64_t> Impl::impliedThresholds(Engine E, AgentId F) {
  constexpr int64_t Undef = std::numeric_limits<int64_t>::max();
  constexpr int64_t None = std::numeric_limits<int64_t>::min();
  std::vector<int64_t> In(NB, Undef), MaxK(NB, None);
  std::vector<unsigned> Changes(NB, 0);
  for (MachineBasicBlock *B : RPO)
    for (unsigned S : DI.blockSites(*B))
      for (const WaitReq &R : Waits[S])
        if (!R.Snapshot && R.E == E && R.F == F)
          MaxK[B->getNumber()] = std::max(MaxK[B->getNumber()], R.K);
  auto Out = [&](MachineBasicBlock *B) {
    unsigned BN = B->getNumber();
    int64_t V = std::max(In[BN], MaxK[BN]);
    if (V == Undef || V == None)
      return V;
    return V - mat(BN, F);
  };
  In[RPO.front()->getNumber()] = 0; // S_F >= 0 = C_F at entry
  // Sweeps in RPO order until nothing changes. A block is re-evaluated only
  // when it could change: a predecessor's value changed since its last
  // evaluation, or that evaluation was cut off to None (it would be
  // assigned again). The other blocks would recompute their own value.
  unsigned N = RPO.size();
  BitVector Dirty(N);
  Dirty.set();
  Dirty.reset(0);
  while (Dirty.any()) {
    for (int NextI = Dirty.find_first(); NextI >= 0;
         NextI = Dirty.find_next(NextI)) {
      unsigned I = NextI;
      Dirty.reset(I);
      if (I == 0)
        continue; // the entry is never evaluated (a back edge may mark it)
      unsigned BN = RPO[I]->getNumber();
      int64_t V = Undef;
      for (unsigned J = PredBegin[I]; J < PredBegin[I + 1]; ++J)
        V = std::min(V, Out(RPO[Preds[J]]));
      if (V != In[BN]) {
        // A value that keeps decreasing around a loop means nothing.
        int64_t New = ++Changes[BN] > 8 ? None : V;
        if (New != V)
          Dirty.set(I); // assigned again in the next sweep
        if (New != In[BN])
          for (unsigned J = SuccBegin[I]; J < SuccBegin[I + 1]; ++J)
            Dirty.set(Succs[J]);
        In[BN] = New;
      }
    }
  }
  return In;
}

void Impl::emit() {
  ArrayRef<SyncSite> Sites = DI.sites();
  DebugLoc DL;
  // Implied thresholds per (engine, agent) pair that has counter waits.
  constexpr unsigned NP = NumStreams * NumAgents;
  auto PairOf = [](Engine E, AgentId F) {
    return (unsigned(E) - 1) * NumAgents + F;
  };
  std::vector<std::vector<int64_t>> Implied(NP);
  SmallVector<unsigned, 16> Pairs;
  for (const auto &WS : Waits)
    for (const WaitReq &R : WS)
      if (!R.Snapshot && Implied[PairOf(R.E, R.F)].empty()) {
        Implied[PairOf(R.E, R.F)] = impliedThresholds(R.E, R.F);
        Pairs.push_back(PairOf(R.E, R.F));
      }

  // The last producer of each group in each block takes the snapshot.
  std::vector<bool> TakesSnapshot(Sites.size(), false);
  std::vector<SmallVector<unsigned, 1>> SnapshotsAfter(Sites.size());
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    ArrayRef<unsigned> P = Groups[GI].Producers;
    for (unsigned I = 0; I < P.size(); ++I)
      if (I + 1 == P.size() || Sites[P[I + 1]].MBB != Sites[P[I]].MBB)
        SnapshotsAfter[P[I]].push_back(GI);
  }

  for (AgentId F = 0; F < NumAgents; ++F)
    if (Producing[F])
      Report.Semaphores++;

  for (MachineBasicBlock *B : RPO) {
    unsigned BN = B->getNumber();
    int64_t Est[NP]; // (E, F) -> implied k
    for (unsigned P : Pairs)
      Est[P] = Implied[P][BN] == std::numeric_limits<int64_t>::max()
                   ? std::numeric_limits<int64_t>::min()
                   : Implied[P][BN];
    SmallVector<std::pair<Engine, unsigned>, 4> SnapWaited; // (E, group)
    for (unsigned S : DI.blockSites(*B)) {
      MachineInstr &MI = *Sites[S].MI;
      for (const WaitReq &R : Waits[S]) {
        const DepGroup &G = Groups[R.Group];
        if (R.Snapshot) {
          auto Key = std::make_pair(R.E, R.Group);
          if (llvm::is_contained(SnapWaited, Key)) {
            note(B, &SyncReport::Counts::WaitsRedundant);
            continue;
          }
          SnapWaited.push_back(Key);
          buildWait(TII, *B, MI, DL, R.E, Sem[G.Producer], SnapReg[R.Group],
                    0);
          note(B, &SyncReport::Counts::WaitsDynamic);
          continue;
        }
        int64_t &K = Est[PairOf(R.E, R.F)];
        if (R.K <= K) {
          note(B, &SyncReport::Counts::WaitsRedundant);
          continue;
        }
        K = R.K;
        unsigned Reg = CounterReg[R.F];
        buildWait(TII, *B, MI, DL, R.E, Sem[R.F], Reg, R.K);
        note(B, Reg == SyncRegs::zeroReg() ? &SyncReport::Counts::WaitsConst
                                           : &SyncReport::Counts::WaitsDynamic);
      }
      if (DI.isProducer(S)) {
        MI.getOperand(DataOperands::semaphore(MI.getDesc()))
            .setReg(Sem[Sites[S].Agent]);
        note(B, &SyncReport::Counts::IncSites);
      }
      auto After = std::next(MI.getIterator());
      for (unsigned GI : SnapshotsAfter[S]) {
        AgentId F = Groups[GI].Producer;
        if (!SnapLiveOut[GI].test(RPOIndex[BN]))
          continue; // nothing reads this value
        buildAddImm(TII, *B, After, DL, SnapReg[GI], CounterReg[F],
                    OffAfter[S]);
        note(B, &SyncReport::Counts::Bookkeeping);
        llvm::erase_if(SnapWaited, [&](auto &P) { return P.second == GI; });
      }
    }
    auto Term = B->getFirstTerminator();
    for (AgentId F = 0; F < NumAgents; ++F)
      if (int64_t D = mat(BN, F); D && CounterOwner[F] == F &&
                                  CounterLiveOut[F].test(RPOIndex[BN])) {
        buildAddImm(TII, *B, Term, DL, CounterReg[F], CounterReg[F], D);
        note(B, &SyncReport::Counts::Bookkeeping);
      }
  }

  // Entry: counters and snapshots start at 0 (semaphores start at 0 by the
  // launch contract).
  MachineBasicBlock &Entry = *RPO.front();
  auto I = Entry.begin();
  for (AgentId F = 0; F < NumAgents; ++F)
    if (CounterReg[F] != SyncRegs::zeroReg() && CounterOwner[F] == F) {
      buildAddImm(TII, Entry, I, DL, CounterReg[F], SyncRegs::zeroReg(), 0);
      note(&Entry, &SyncReport::Counts::Bookkeeping);
    }
  SmallVector<unsigned, 12> Initialized;
  for (unsigned GI = 0; GI < Groups.size(); ++GI)
    if (NeedsSnapshot[GI] && SnapshotLiveAtEntry.lookup(GI) &&
        !llvm::is_contained(Initialized, SnapReg[GI])) {
      buildAddImm(TII, Entry, I, DL, SnapReg[GI], SyncRegs::zeroReg(), 0);
      Initialized.push_back(SnapReg[GI]);
      note(&Entry, &SyncReport::Counts::Bookkeeping);
    }
}

bool Impl::run() {
  for (MachineBasicBlock *B : ReversePostOrderTraversal<MachineFunction *>(&MF))
    RPO.push_back(B);
  computeOffsets();
  buildGraph();
  unsigned NextSem = 0;
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Producing[F])
      Sem[F] = getSemaphoreReg(NextSem++);
  Groups.assign(DI.groups().begin(), DI.groups().end());
  computeThresholds();
  mergeSnapshots();
  combineWaits();
  if (!allocateRegisters())
    return false;
  Report.DependenceGroups = Groups.size();
  emit();
  return true;
}

bool PreciseSync::run() { return Impl(MF, DI, MLI, Report).run(); }
