//===-- NeuronISAPreciseSyncLiveness.cpp - Live ranges of precise sync ---===//
//
// Where the counters and snapshots of the precise algorithm are live, for
// the register assignment of NeuronISAPreciseSyncRegisters.cpp: the
// occupancy of one register, block-level liveness, the blocks holding a
// group's last producers, and the live spans of a snapshot. Positions
// inside a block are described there.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/CommandLine.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

static cl::opt<bool> RematFromCounter(
    "neuronisa-sync-remat-from-counter", cl::Hidden, cl::init(false),
    cl::desc("Also rematerialize a snapshot as addi R_G, C_F, k at the end "
             "of blocks outside loops where its threshold is Known (an "
             "experiment: docs/Synchronization.md, 'Peeling the first "
             "iteration')"));

void PreciseSync::RegisterOccupancy::add(const LiveSpans &R) {
  auto ByBlock = [](const LiveSpan &A, const LiveSpan &B) {
    return A.Block < B.Block;
  };
  size_t Mid = Spans.size();
  Spans.insert(Spans.end(), R.begin(), R.end());
  std::inplace_merge(Spans.begin(), Spans.begin() + Mid, Spans.end(),
                     ByBlock);
}

ArrayRef<PreciseSync::LiveSpan>
PreciseSync::RegisterOccupancy::inBlock(unsigned Block) const {
  auto Lo = llvm::partition_point(
      Spans, [&](const LiveSpan &S) { return S.Block < Block; });
  auto Hi = std::find_if(Lo, Spans.end(),
                         [&](const LiveSpan &S) { return S.Block != Block; });
  return ArrayRef<LiveSpan>(Spans).slice(Lo - Spans.begin(), Hi - Lo);
}

bool PreciseSync::RegisterOccupancy::interferes(const LiveSpans &R) const {
  for (const LiveSpan &S : R)
    for (const LiveSpan &O : inBlock(S.Block))
      if (S.Lo <= O.Hi && O.Lo <= S.Hi)
        return true;
  return false;
}

bool PreciseSync::RegisterOccupancy::covers(unsigned Block, int Pos) const {
  return llvm::any_of(inBlock(Block), [&](const LiveSpan &O) {
    return O.Lo <= Pos && Pos <= O.Hi;
  });
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

/// Group GI's threshold at the end of B relative to its agent's counter,
/// T = C_F + k, where the group's value at B's entry is Known(k) (B has no
/// site of the group) and the counter's register holds C_F at B's end (it
/// is live out of B). Only with -neuronisa-sync-remat-from-counter.
std::optional<int64_t>
PreciseSync::counterRelativeThresholdAtEnd(unsigned GI,
                                           const MachineBasicBlock &B) const {
  if (!RematFromCounter || GI >= Deps.groups().size())
    return std::nullopt;
  AgentId Owner = CounterOwner[Groups[GI].Producer];
  const BitVector &Live = CounterLiveOut[Owner];
  if (CounterReg[Owner] == SyncRegs::zeroReg() || Live.empty() ||
      !Live.test(Gen.getRPOIndex(B)))
    return std::nullopt;
  const ThresholdState *In = Thresholds->incoming(B);
  if (!In)
    return std::nullopt;
  ThresholdState::GroupThreshold V = In->get(GI);
  if (V.K == ThresholdState::Kind::Known)
    return V.Off;
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
      Remat.push_back({I, *T, false});
    } else if (std::optional<int64_t> K =
                   counterRelativeThresholdAtEnd(GI, B)) {
      Liveness.addDef(I, End);
      Remat.push_back({I, *K, true});
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

/// The blocks where Owner's counter may differ from 0: those some
/// correction of it can run before (reachable from a block with a correction
/// by at least one edge). In the others C_F = 0 on every path, N_F = off_F
/// is a compile-time constant, and C_F needs no register. The counter is
/// seeded at the end of each such block that enters a seeded one (li C_F, d:
/// its correction d, often 0). A seed at the end of a block inside a loop
/// that the seeded block is not in would run on every iteration: that loop
/// is seeded as well (it holds C_F = 0 in the register), so the seed moves
/// to the blocks that enter it.
