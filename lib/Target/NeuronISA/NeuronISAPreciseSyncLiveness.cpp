//===-- NeuronISAPreciseSyncLiveness.cpp - Live ranges of precise sync ---===//
//
// Where the counters and snapshots of the precise algorithm are live, for
// the register assignment of NeuronISAPreciseSyncRegisters.cpp: the
// function's own values in the registers it names (programOccupancy),
// block-level liveness, the blocks holding a group's last producers, and
// the live spans of a snapshot (NeuronISASyncOccupancy.h holds them per
// register). Positions inside a block are described there.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

/// Where the function's own values occupy the registers of the pool it
/// names, as spans in the positions of the pass's values (see
/// NeuronISAPreciseSyncRegisters.cpp): an instruction lies strictly
/// between two positions, p + 1/2 with p = 2i before site s_i (after the
/// waits of s_{i-1}'s snapshot writes, before s_i's waits), p = 2i + 1 for
/// s_i itself, p = 2m after the last site s_{m-1}, and p = End for the
/// terminators (after the counter updates). A value written at d + 1/2 and
/// last read at u + 1/2 meets a pass value live over [Lo, Hi] exactly when
/// Lo <= u and d + 1 <= Hi: the span [d + 1, u] (Lo > Hi for a value read
/// where it is written, or never read: it meets only the pass values live
/// across that gap). Live-in values start at -1/2, live-out ones end at
/// End + 1/2.
const std::vector<PreciseSync::RegisterOccupancy> &
PreciseSync::programOccupancy() {
  if (!ProgramOccupied.empty() || Pool.size() == 0)
    return ProgramOccupied;
  std::vector<RegisterOccupancy> &Occupied = ProgramOccupied;
  Occupied.resize(Pool.size());
  const MachineFunction &MF = Gen.getFunction();
  uint32_t Named = 0; // bit i: ri is a named register of the pool
  SmallVector<int, 32> PoolIndex(32, -1);
  for (unsigned X = Pool.numFree(); X < Pool.size(); ++X) {
    int I = getGPRIndex(Pool.reg(X));
    Named |= uint32_t(1) << I;
    PoolIndex[I] = X;
  }
  if (!Named)
    return Occupied;
  std::vector<uint32_t> LiveIn = gprLiveIns(MF);
  ArrayRef<SyncSite> Sites = Deps.sites();
  std::vector<LiveSpans> Spans(Pool.size());
  for (const MachineBasicBlock *B : RPO) {
    unsigned BI = Gen.getRPOIndex(*B);
    uint32_t LiveOut = 0;
    for (const MachineBasicBlock *S : B->successors())
      LiveOut |= LiveIn[S->getNumber()];
    // Gap positions p of B's instructions, in order.
    SmallVector<int, 64> Gap;
    auto Range = Deps.blockSites(*B);
    SmallVector<unsigned, 16> BS(Range.begin(), Range.end());
    unsigned NextSite = 0;
    auto FirstTerm = B->getFirstTerminator();
    for (auto I = B->begin(), E = B->end(); I != E; ++I) {
      if (I == FirstTerm || (!Gap.empty() && Gap.back() == End)) {
        Gap.push_back(End);
      } else if (NextSite < BS.size() && Sites[BS[NextSite]].MI == &*I) {
        Gap.push_back(2 * NextSite + 1);
        ++NextSite;
      } else {
        Gap.push_back(2 * NextSite);
      }
    }
    // Backward: the last read of each register's current value (-2: none).
    int Hi[32];
    for (unsigned R = 0; R < 32; ++R)
      Hi[R] = (Named >> R & 1) && (LiveOut >> R & 1) ? End : -2;
    unsigned Idx = Gap.size();
    for (auto I = B->rbegin(), E = B->rend(); I != E; ++I) {
      int P = Gap[--Idx];
      if (I->isDebugInstr())
        continue;
      for (const MachineOperand &MO : I->operands()) {
        int R = MO.isReg() && MO.isDef() ? getGPRIndex(MO.getReg()) : -1;
        if (R <= 0 || !(Named >> R & 1))
          continue;
        int Lo = P == End ? End : P + 1;
        Spans[PoolIndex[R]].push_back({BI, Lo, Hi[R] == -2 ? P : Hi[R]});
        Hi[R] = -2;
      }
      for (const MachineOperand &MO : I->operands()) {
        int R = MO.isReg() && MO.readsReg() ? getGPRIndex(MO.getReg()) : -1;
        if (R > 0 && (Named >> R & 1) && Hi[R] == -2)
          Hi[R] = P;
      }
    }
    for (unsigned R = 1; R < 32; ++R)
      if (Hi[R] != -2 || (Named & LiveIn[B->getNumber()]) >> R & 1)
        Spans[PoolIndex[R]].push_back({BI, 0, Hi[R] == -2 ? 0 : Hi[R]});
  }
  for (unsigned X = Pool.numFree(); X < Pool.size(); ++X) {
    llvm::stable_sort(Spans[X], [](const LiveSpan &A, const LiveSpan &C) {
      return A.Block < C.Block;
    });
    Occupied[X].add(Spans[X]);
  }
  return Occupied;
}

void PreciseSync::BlockLiveness::init(ArrayRef<MachineBasicBlock *> RPO,
                                      const SyncGenerator &Gen) {
  unsigned N = RPO.size();
  PredBegin.assign(N + 1, 0);
  Preds.clear();
  const EngineDependences &Deps = Gen.getDependences();
  for (unsigned I = 0; I < N; ++I) {
    PredBegin[I] = Preds.size();
    for (MachineBasicBlock *P : RPO[I]->predecessors())
      if (Deps.isReachable(*P))
        Preds.push_back(Gen.getRPOIndex(*P));
  }
  PredBegin[N] = Preds.size();
  for (auto *V : {&LiveInMark, &LiveOutMark, &UseMark, &DefMark})
    V->assign(N, 0);
  LastUse.assign(N, -1);
  LastDef.assign(N, -1);
  Epoch = 0;
}

void PreciseSync::BlockLiveness::clear() {
  ++Epoch;
  Touched.clear();
  LiveOutList.clear();
}

void PreciseSync::BlockLiveness::mark(std::vector<unsigned> &Mark,
                                      std::vector<int> &Last, unsigned B,
                                      int Pos) {
  if (Mark[B] != Epoch) {
    Mark[B] = Epoch;
    Last[B] = Pos;
    Touched.push_back(B);
  } else {
    Last[B] = std::max(Last[B], Pos);
  }
}

void PreciseSync::BlockLiveness::addUse(unsigned B, int Pos) {
  mark(UseMark, LastUse, B, Pos);
}

void PreciseSync::BlockLiveness::addDef(unsigned B, int Pos) {
  mark(DefMark, LastDef, B, Pos);
}

void PreciseSync::BlockLiveness::solve(bool DefsKill) {
  SmallVector<unsigned, 32> Work;
  for (unsigned B : Touched)
    if (isUsed(B) && !isLiveIn(B)) {
      LiveInMark[B] = Epoch;
      Work.push_back(B);
    }
  while (!Work.empty()) {
    unsigned B = Work.pop_back_val();
    for (unsigned J = PredBegin[B]; J < PredBegin[B + 1]; ++J) {
      unsigned P = Preds[J];
      if (!isLiveOut(P)) {
        LiveOutMark[P] = Epoch;
        LiveOutList.push_back(P);
      }
      if (!(DefsKill && isDefined(P)) && !isLiveIn(P)) {
        LiveInMark[P] = Epoch;
        Touched.push_back(P);
        Work.push_back(P);
      }
    }
  }
}

/// Sorts Blocks, which holds the blocks B (RPO indices) with InSet(B), each
/// any number of times, and drops the repeats. Where they are a large part
/// of the function (a snapshot live across most of it), a scan of the marks
/// is cheaper than sorting them (most of the register step on large
/// functions).
template <typename InSetFn>
static void sortBlockSet(SmallVectorImpl<unsigned> &Blocks, unsigned N,
                         InSetFn InSet) {
  if (uint64_t(Blocks.size()) * 16 < N) {
    std::sort(Blocks.begin(), Blocks.end());
    Blocks.erase(std::unique(Blocks.begin(), Blocks.end()), Blocks.end());
    return;
  }
  Blocks.clear();
  for (unsigned B = 0; B < N; ++B)
    if (InSet(B))
      Blocks.push_back(B);
}

void PreciseSync::BlockLiveness::getBlocks(
    SmallVectorImpl<unsigned> &Blocks) const {
  Blocks.assign(Touched.begin(), Touched.end());
  sortBlockSet(Blocks, LiveInMark.size(), [&](unsigned B) {
    return isUsed(B) || isDefined(B) || isLiveIn(B);
  });
}

void PreciseSync::BlockLiveness::getLiveOutBlocks(
    SmallVectorImpl<unsigned> &Blocks) const {
  Blocks.assign(LiveOutList.begin(), LiveOutList.end());
  sortBlockSet(Blocks, LiveOutMark.size(),
               [&](unsigned B) { return isLiveOut(B); });
}

void PreciseSync::lastProducersPerBlock(
    unsigned Group, SmallVectorImpl<unsigned> &Last) const {
  ArrayRef<unsigned> P = Groups[Group].Producers;
  ArrayRef<SyncSite> Sites = Deps.sites();
  for (unsigned I = 0; I < P.size(); ++I)
    if (I + 1 == P.size() || Sites[P[I + 1]].MBB != Sites[P[I]].MBB)
      Last.push_back(P[I]);
}

/// Group GI's threshold at the end of B (before B's counter update) when it
/// is a compile-time constant there: B has no site of the group, its
/// agent's count is a constant at B (no correction can run before it:
/// C_F = 0), and the group's value at B's entry is Known(k) (T = C_F + k =
/// k) or Empty (T = 0). Only for groups of the analysis (not unions).
std::optional<int64_t>
PreciseSync::constantThresholdAtEnd(unsigned GI,
                                    const MachineBasicBlock &B) const {
  const BitVector &Varies = CountVaries[CounterOwner[Groups[GI].Producer]];
  if (GI >= Deps.groups().size() ||
      (!Varies.empty() && Varies.test(Gen.getRPOIndex(B))))
    return std::nullopt;
  const ThresholdState *In = Thresholds->incoming(B);
  if (!In)
    return std::nullopt;
  ThresholdState::GroupThreshold V = In->get(GI);
  if (V.K == ThresholdState::Kind::Known)
    return V.Off;
  if (V.K == ThresholdState::Kind::Empty)
    return 0;
  return std::nullopt;
}

/// Group GI's snapshot register: read by the waits of its Unknown consumers
/// (which precede every producer of the group in their block, else their
/// threshold would be Known), written after the last producer of the group
/// in a block only where the value is live out of it, initialized at entry
/// only if live there. Where its value is a compile-time constant at the
/// end of a block outside loops (constantThresholdAtEnd), the register need
/// not hold it before: it is rematerialized there (li R_G, T) if live out,
/// so its live range starts at the latest such block (often the preheader
/// of the loop that makes it Unknown) instead of the entry or an earlier
/// write.
PreciseSync::LiveSpans PreciseSync::snapshotRange(unsigned GI,
                                                  bool Rematerialize) {
  const DependenceGroup &G = Groups[GI];
  Liveness.clear();
  PendingRemat.clear();
  SmallVector<RematWrite, 8> Remat;
  // Written: a site of the group runs on every path from the entry to the
  // block's end (predecessors not seen yet, across back edges, count as
  // unwritten). A block whose predecessors are all written gets no li: on
  // every path it would write the register a second time, with the value
  // the snapshot write after the latest site already gave it. The blocks
  // with a site are those of the analysis group's producers (a union has
  // no site of its own in Deps' producer groups).
  BitVector Written(Rematerialize ? RPO.size() : 0);
  if (Rematerialize && GI < Deps.groups().size())
    for (unsigned P : Deps.groups()[GI].Producers)
      Written.set(Gen.getRPOIndex(*Deps.sites()[P].MBB));
  for (unsigned I = 0; Rematerialize && I < RPO.size(); ++I) {
    if (Written.test(I))
      continue; // a site of the group
    bool PredsWritten = I != 0;
    for (unsigned PI : Liveness.preds(I))
      PredsWritten &= PI < I && Written.test(PI);
    if (PredsWritten) {
      Written.set(I);
      continue;
    }
    if (!RematCandidate.test(I))
      continue;
    const MachineBasicBlock &B = *RPO[I];
    if (std::optional<int64_t> T = constantThresholdAtEnd(GI, B)) {
      Liveness.addDef(I, End);
      Remat.push_back({I, *T});
    }
  }
  for (unsigned C : G.Consumers)
    for (const WaitRequest &R : Waits[C])
      if (R.Group == GI && R.Snapshot)
        Liveness.addUse(Gen.getRPOIndex(*Deps.sites()[C].MBB),
                        2 * SitePos[C] + 1);
  for (unsigned P : G.Producers)
    Liveness.addDef(Gen.getRPOIndex(*Deps.sites()[P].MBB),
                    2 * SitePos[P] + 2);
  Liveness.solve(/*DefsKill=*/true);
  SnapshotLiveAtEntry[GI] = Liveness.isLiveIn(0);
  Liveness.getLiveOutBlocks(SnapshotLiveOut[GI]);
  for (const RematWrite &W : Remat)
    if (Liveness.isLiveOut(W.Index))
      PendingRemat.push_back(W);
  LiveSpans R;
  SmallVector<unsigned, 32> Blocks; // the blocks that can get a span
  Liveness.getBlocks(Blocks);
  for (unsigned I : Blocks) {
    bool Def = Liveness.isDefined(I), LiveOut = Liveness.isLiveOut(I);
    if (Liveness.isLiveIn(I)) {
      int Hi = (!Def && LiveOut) ? End : Liveness.getLastUse(I);
      if (Hi < 0) // live through a def without a use: cannot happen
        Hi = End;
      R.push_back({I, 0, Hi});
    } else if (Liveness.isUsed(I)) {
      R.push_back({I, 0, Liveness.getLastUse(I)}); // conservative
    }
    if (Def && LiveOut)
      R.push_back({I, Liveness.getLastDef(I), End});
  }
  return R;
}

/// Can a register of Order hold group GI's snapshot, read at Uses (block,
/// position)? A backward walk from the reads that stops at the blocks with
/// a site of the group and at every block where a rematerialization may
/// start the range (constantThresholdAtEnd outside loops) covers part of
/// every live range snapshotRange can give the group: where the real range
/// goes on (a block every path to which ran a site gets no li), it only
/// adds spans. So a register that holds another value in a span of the
/// walk cannot take the snapshot, and the walk stops once no register is
/// left. Most groups of a function short of registers fail here, long
/// before their whole range would have been computed.
bool PreciseSync::snapshotMayFit(
    unsigned GI, ArrayRef<std::pair<unsigned, int>> Uses,
    ArrayRef<unsigned> Order,
    const std::vector<RegisterOccupancy> &Occupied) const {
  SmallVector<unsigned, 32> Left(Order.begin(), Order.end());
  auto Keep = [&](unsigned B, int Lo, int Hi) {
    LiveSpans One{{B, Lo, Hi}};
    llvm::erase_if(Left,
                   [&](unsigned X) { return Occupied[X].interferes(One); });
    return !Left.empty();
  };
  // Per RPO index: 1 when live in, 2 when live out (both may hold).
  SmallVector<uint8_t, 0> Mark(RPO.size(), 0);
  SmallDenseMap<unsigned, int, 8> LastDef; // a site's snapshot write
  for (unsigned P : Groups[GI].Producers) {
    unsigned B = Gen.getRPOIndex(*Deps.sites()[P].MBB);
    int &D = LastDef.try_emplace(B, -1).first->second;
    D = std::max(D, 2 * int(SitePos[P]) + 2);
  }
  SmallVector<unsigned, 32> Work;
  for (const auto &[B, Pos] : Uses) {
    if (!Keep(B, 0, Pos))
      return false;
    if (!(Mark[B] & 1)) {
      Mark[B] |= 1;
      Work.push_back(B);
    }
  }
  while (!Work.empty()) {
    unsigned B = Work.pop_back_val();
    for (unsigned P : Liveness.preds(B)) {
      if (Mark[P] & 2)
        continue;
      Mark[P] |= 2;
      auto Def = LastDef.find(P);
      if (Def != LastDef.end()) {
        if (!Keep(P, Def->second, End))
          return false;
        continue;
      }
      if (RematCandidate.test(P) && constantThresholdAtEnd(GI, *RPO[P])) {
        if (!Keep(P, End, End))
          return false;
        continue;
      }
      if (!Keep(P, 0, End))
        return false;
      if (!(Mark[P] & 1)) {
        Mark[P] |= 1;
        Work.push_back(P);
      }
    }
  }
  return true;
}

/// The blocks where Owner's counter may differ from 0: those some
/// correction of it can run before (reachable from a block with a correction
/// by at least one edge). In the others C_F = 0 on every path, N_F = off_F
/// is a compile-time constant, and C_F needs no register. The counter is
/// seeded at the end of each such block that enters a seeded one (li C_F, d:
/// its correction d, often 0). A seed at the end of a block inside a loop
/// that the seeded block is not in would run on every iteration: that loop
/// is seeded as well (it holds C_F = 0 in the register), so the seed moves
/// to the blocks that enter it.
