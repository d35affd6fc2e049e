//===-- NeuronISABarrierSync.cpp - Barrier baseline sync ------------------===//
//
// Every retreating edge of the reverse post order ends at a barrier block,
// so one pass in reverse post order sees all predecessors of every other
// block: the count N_F of agent F's increments since the last barrier is a
// constant at every point, and a consumer waits for S_F >= the largest, over
// the paths reaching it, count right after the latest conflicting producer
// since the last barrier (nothing if there is none: the barrier drained it).
// In three steps:
//  1. barriers and counts (placeBarriers, balanceJoin);
//  2. thresholds (computeThresholds: BarrierThresholdState through the
//     solver, every group at once);
//  3. emission (emit), dropping waits implied by earlier ones of the same
//     engine since the last barrier.
//
//===----------------------------------------------------------------------===//

#include "NeuronISABarrierSync.h"
#include "NeuronISASyncDataflow.h"
#include "NeuronISASyncRegisters.h"
#include "NeuronISASyncState.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/Debug.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

BarrierSync::BarrierSync(SyncGenerator &Gen)
    : Gen(Gen), Deps(Gen.getDependences()) {}

BitVector BarrierSync::loopBarrierBlocks(MachineFunction &MF,
                                         const MachineLoopInfo &MLI) {
  BitVector Barrier(MF.getNumBlockIDs());
  std::vector<unsigned> Index(MF.getNumBlockIDs(), ~0u);
  unsigned N = 0;
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  for (MachineBasicBlock *B : RPOT)
    Index[B->getNumber()] = N++;
  for (MachineBasicBlock *B : RPOT)
    for (MachineBasicBlock *S : B->successors())
      if (Index[S->getNumber()] <= Index[B->getNumber()])
        Barrier.set(S->getNumber()); // retreating edge (loop header)
  SmallVector<MachineLoop *, 8> Work(MLI.begin(), MLI.end());
  SmallVector<MachineBasicBlock *, 4> Blocks;
  while (!Work.empty()) {
    MachineLoop *L = Work.pop_back_val();
    Blocks.clear();
    getLoopBarrierBlocks(*L, Blocks);
    for (MachineBasicBlock *X : Blocks)
      Barrier.set(X->getNumber());
    Work.append(L->begin(), L->end());
  }
  return Barrier;
}

/// A join whose incoming paths have different counts: pad the shorter ones
/// with F.inc when every differing agent is a stream and every incoming
/// block has the join as its only successor; else a barrier.
void BarrierSync::balanceJoin(MachineBasicBlock &B) {
  SmallVector<MachineBasicBlock *, 4> Preds;
  for (MachineBasicBlock *P : B.predecessors())
    if (Deps.isReachable(*P))
      Preds.push_back(P);
  if (Preds.empty())
    return;
  bool Balanceable = true, Equal = true;
  for (AgentId F = 0; F < NumAgents; ++F) {
    int64_t Max = 0;
    bool Same = true;
    for (MachineBasicBlock *P : Preds) {
      Max = std::max(Max, at(ExitCount, *P, F));
      Same &= at(ExitCount, *P, F) == at(ExitCount, *Preds[0], F);
    }
    at(EntryCount, B, F) = Max;
    if (Same)
      continue;
    Equal = false;
    Balanceable &= !isDMAQueueAgent(F);
  }
  if (Equal)
    return;
  for (MachineBasicBlock *P : Preds)
    Balanceable &= P->succ_size() == 1;
  if (!Balanceable) {
    Barrier.set(B.getNumber());
    return;
  }
  for (MachineBasicBlock *P : Preds)
    for (AgentId F = 0; F < NumAgents; ++F) {
      int64_t D = at(EntryCount, B, F) - at(ExitCount, *P, F);
      at(Padding, *P, F) += D;
      at(ExitCount, *P, F) += D;
    }
}

/// 1. Counts since the last barrier; balance or cut joins.
void BarrierSync::placeBarriers() {
  MachineFunction &MF = Gen.getFunction();
  Barrier = loopBarrierBlocks(MF, Gen.getLoopInfo());
  size_t Size = size_t(MF.getNumBlockIDs()) * NumAgents;
  EntryCount.assign(Size, 0);
  ExitCount.assign(Size, 0);
  Padding.assign(Size, 0);
  const MachineBasicBlock *Entry = Gen.getRPO().front();
  for (MachineBasicBlock *B : Gen.getRPO()) {
    if (B != Entry && !Barrier.test(B->getNumber()))
      balanceJoin(*B);
    for (AgentId F = 0; F < NumAgents; ++F) {
      if (Barrier.test(B->getNumber()) || B == Entry)
        at(EntryCount, *B, F) = 0;
      at(ExitCount, *B, F) = at(EntryCount, *B, F) + Gen.getProducerCount(*B, F);
    }
  }
  Gen.computeCountsAfter([&](const MachineBasicBlock &B, AgentId F) {
    return at(EntryCount, B, F);
  });
}

/// 2. Thresholds: max over paths of the count after the latest producer.
void BarrierSync::computeThresholds() {
  ArrayRef<SyncSite> Sites = Deps.sites();
  ArrayRef<MachineBasicBlock *> RPO = Gen.getRPO();
  SyncDataflow<BarrierThresholdState> Solver(RPO);
  Solver.setBoundary(*RPO.front(), BarrierThresholdState());
  for (MachineBasicBlock *B : RPO)
    if (Barrier.test(B->getNumber()))
      Solver.setBoundary(*B, BarrierThresholdState());
  Solver.solve(
      [&](const MachineBasicBlock &B, const BarrierThresholdState &In) {
        BarrierThresholdState Out = In;
        for (unsigned S : Deps.blockSites(B))
          for (unsigned G : Deps.producerGroups(S))
            Out.produce(G, Gen.getCountAfter(S));
        return Out;
      });
  LLVM_DEBUG(dbgs() << "neuronisa-sync: barrier thresholds\n"; Solver.dump());

  Waits.assign(Sites.size(), {});
  const auto &Groups = Deps.groups();
  for (unsigned C = 0; C < Sites.size(); ++C) {
    const BarrierThresholdState *In = Solver.incoming(*Sites[C].MBB);
    for (unsigned GI : Deps.consumerGroups(C)) {
      const DependenceGroup &G = Groups[GI];
      int Latest = Gen.getLatestProducerInBlock(G, C);
      int64_t K = Latest >= 0 ? Gen.getCountAfter(Latest) : In->get(GI);
      if (K > 0)
        Waits[C].push_back({Sites[C].WaitEngine, G.Producer, GI, false, K});
    }
    // Several groups of one agent: the largest threshold first (the others
    // are then implied and dropped).
    llvm::stable_sort(Waits[C], [](const WaitRequest &A, const WaitRequest &B) {
      return A.F != B.F ? A.F < B.F : A.K > B.K;
    });
  }
}

/// 3. Emission.
void BarrierSync::emit() {
  const MachineBasicBlock *Entry = Gen.getRPO().front();
  Gen.solveWaited(
      Waits, [](const MachineBasicBlock &, AgentId) { return int64_t(0); },
      [&](const MachineBasicBlock &B) {
        return &B == Entry || Barrier.test(B.getNumber());
      });
  ArrayRef<SyncSite> Sites = Deps.sites();
  for (MachineBasicBlock *B : Gen.getRPO()) {
    WaitedState Waited = Gen.getWaitedAtEntry(*B);
    for (unsigned S : Deps.blockSites(*B)) {
      for (const WaitRequest &R : Waits[S])
        Gen.emitCounterWait(Waited, R, SyncRegs::zeroReg(), *Sites[S].MI);
      if (Deps.isProducer(S))
        Gen.setCompletionSemaphore(S);
    }
    for (AgentId F = 0; F < NumAgents; ++F)
      for (int64_t I = 0; I < at(Padding, *B, F); ++I)
        Gen.emitPadIncrement(*B, F);
    if (Barrier.test(B->getNumber()))
      Gen.emitBarrier(*B);
  }
}

void BarrierSync::run() {
  {
    SyncPhaseTimer T("barrier-placement", "Barrier: barriers and counts");
    placeBarriers();
  }
  {
    SyncPhaseTimer T("barrier-thresholds", "Barrier: thresholds");
    computeThresholds();
  }
  SyncPhaseTimer T("barrier-emission", "Barrier: emission");
  emit();
}
