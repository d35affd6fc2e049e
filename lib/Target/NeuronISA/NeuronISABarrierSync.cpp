//===-- NeuronISABarrierSync.cpp - Barrier baseline sync ------------------===//
//
// Every retreating edge of the reverse post order ends at a barrier block,
// so one pass in reverse post order sees all predecessors of every other
// block: the count N_F of agent F's increments since the last barrier is a
// constant at every point, and a consumer waits for S_F >= the largest, over
// the paths reaching it, count right after the latest conflicting producer
// since the last barrier (nothing if there is none: the barrier drained it).
//
//===----------------------------------------------------------------------===//

#include "NeuronISABarrierSync.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

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
  while (!Work.empty()) {
    MachineLoop *L = Work.pop_back_val();
    Barrier.set(L->getHeader()->getNumber());
    SmallVector<MachineBasicBlock *, 4> Exits;
    L->getUniqueExitBlocks(Exits);
    for (MachineBasicBlock *X : Exits)
      Barrier.set(X->getNumber());
    Work.append(L->begin(), L->end());
  }
  return Barrier;
}

void BarrierSync::run() {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  ArrayRef<SyncSite> Sites = DI.sites();
  unsigned NB = MF.getNumBlockIDs();
  std::vector<MachineBasicBlock *> RPO;
  for (MachineBasicBlock *B : ReversePostOrderTraversal<MachineFunction *>(&MF))
    RPO.push_back(B);
  MachineBasicBlock *Entry = RPO.front();
  auto Note = [&](const MachineBasicBlock *B,
                  unsigned SyncReport::Counts::*Field, unsigned N = 1) {
    Report.Total.*Field += N;
    if (const MachineLoop *L = MLI.getLoopFor(B))
      Report.PerLoop[L].*Field += N;
  };

  bool Producing[NumAgents] = {};
  unsigned Sem[NumAgents] = {};
  std::vector<int64_t> Cnt(size_t(NB) * NumAgents, 0);
  for (unsigned S = 0; S < Sites.size(); ++S)
    if (DI.isProducer(S)) {
      Producing[Sites[S].Agent] = true;
      ++Cnt[Sites[S].MBB->getNumber() * NumAgents + Sites[S].Agent];
    }
  unsigned NextSem = 0;
  for (AgentId F = 0; F < NumAgents; ++F)
    if (Producing[F])
      Sem[F] = getSemaphoreReg(NextSem++);
  Report.Semaphores = NextSem;

  // 1. Counts since the last barrier; balance or cut joins.
  BitVector Barrier = loopBarrierBlocks(MF, MLI);
  std::vector<int64_t> EntryN(size_t(NB) * NumAgents, 0),
      ExitN(size_t(NB) * NumAgents, 0), Pad(size_t(NB) * NumAgents, 0);
  auto At = [](std::vector<int64_t> &V, unsigned B, AgentId F) -> int64_t & {
    return V[size_t(B) * NumAgents + F];
  };
  for (MachineBasicBlock *B : RPO) {
    unsigned BN = B->getNumber();
    SmallVector<MachineBasicBlock *, 4> Preds;
    for (MachineBasicBlock *P : B->predecessors())
      if (DI.isReachable(*P))
        Preds.push_back(P);
    if (B != Entry && !Barrier.test(BN) && !Preds.empty()) {
      bool Balanceable = true, Equal = true;
      for (AgentId F = 0; F < NumAgents; ++F) {
        int64_t Max = 0;
        bool Same = true;
        for (MachineBasicBlock *P : Preds) {
          Max = std::max(Max, At(ExitN, P->getNumber(), F));
          Same &= At(ExitN, P->getNumber(), F) ==
                  At(ExitN, Preds[0]->getNumber(), F);
        }
        At(EntryN, BN, F) = Max;
        if (Same)
          continue;
        Equal = false;
        Balanceable &= !isDMAQueueAgent(F);
      }
      for (MachineBasicBlock *P : Preds)
        Balanceable &= P->succ_size() == 1;
      if (!Equal && Balanceable) {
        for (MachineBasicBlock *P : Preds)
          for (AgentId F = 0; F < NumAgents; ++F) {
            int64_t D = At(EntryN, BN, F) - At(ExitN, P->getNumber(), F);
            At(Pad, P->getNumber(), F) += D;
            At(ExitN, P->getNumber(), F) += D;
          }
      } else if (!Equal) {
        Barrier.set(BN);
      }
    }
    for (AgentId F = 0; F < NumAgents; ++F) {
      if (Barrier.test(BN) || B == Entry)
        At(EntryN, BN, F) = 0;
      At(ExitN, BN, F) = At(EntryN, BN, F) + Cnt[BN * NumAgents + F];
    }
  }

  std::vector<int64_t> OffAfter(Sites.size(), 0);
  for (MachineBasicBlock *B : RPO) {
    int64_t Run[NumAgents];
    for (AgentId F = 0; F < NumAgents; ++F)
      Run[F] = At(EntryN, B->getNumber(), F);
    for (unsigned S : DI.blockSites(*B))
      if (DI.isProducer(S))
        OffAfter[S] = ++Run[Sites[S].Agent];
  }

  // 2. Thresholds: max over paths of the count after the latest producer.
  struct Need {
    Engine E;
    AgentId F;
    int64_t K;
  };
  std::vector<SmallVector<Need, 2>> Needs(Sites.size());
  std::vector<int64_t> In(NB), Out(NB);
  for (const DepGroup &G : DI.groups()) {
    DenseMap<unsigned, int64_t> LastP;
    for (unsigned P : G.Producers)
      LastP[Sites[P].MBB->getNumber()] = OffAfter[P];
    for (MachineBasicBlock *B : RPO) {
      unsigned BN = B->getNumber();
      int64_t V = 0;
      if (!Barrier.test(BN) && B != Entry)
        for (MachineBasicBlock *P : B->predecessors())
          if (DI.isReachable(*P))
            V = std::max(V, Out[P->getNumber()]);
      In[BN] = V;
      auto It = LastP.find(BN);
      Out[BN] = It != LastP.end() ? It->second : V;
    }
    for (unsigned C : G.Consumers) {
      int64_t K = In[Sites[C].MBB->getNumber()];
      auto It = llvm::lower_bound(G.Producers, C);
      if (It != G.Producers.begin() && Sites[*(It - 1)].MBB == Sites[C].MBB)
        K = OffAfter[*(It - 1)];
      if (K > 0)
        Needs[C].push_back({Sites[C].WaitEngine, G.Producer, K});
    }
  }
  // Several groups of one agent: the largest threshold first (the others
  // are then implied and dropped below).
  for (auto &NS : Needs)
    llvm::stable_sort(NS, [](const Need &A, const Need &B) {
      return A.F != B.F ? A.F < B.F : A.K > B.K;
    });

  // 3. Emit, dropping waits implied by earlier ones of the same engine:
  // Est = largest threshold already waited for since the last barrier on
  // every path (min over predecessors).
  constexpr unsigned NP = NumStreams * NumAgents;
  std::vector<int64_t> EstOut(size_t(NB) * NP, 0);
  DebugLoc DL;
  for (MachineBasicBlock *B : RPO) {
    unsigned BN = B->getNumber();
    int64_t Est[NP];
    bool Reset = Barrier.test(BN) || B == Entry;
    for (unsigned I = 0; I < NP; ++I) {
      int64_t V = INT64_MAX;
      if (!Reset)
        for (MachineBasicBlock *P : B->predecessors())
          if (DI.isReachable(*P))
            V = std::min(V, EstOut[size_t(P->getNumber()) * NP + I]);
      Est[I] = Reset || V == INT64_MAX ? 0 : V;
    }
    for (unsigned S : DI.blockSites(*B)) {
      MachineInstr &MI = *Sites[S].MI;
      for (const Need &N : Needs[S]) {
        int64_t &K = Est[(unsigned(N.E) - 1) * NumAgents + N.F];
        if (N.K <= K) {
          Note(B, &SyncReport::Counts::WaitsRedundant);
          continue;
        }
        K = N.K;
        buildWait(TII, *B, MI, DL, N.E, Sem[N.F], getGPR(0), N.K);
        Note(B, &SyncReport::Counts::WaitsConst);
      }
      if (DI.isProducer(S)) {
        MI.getOperand(DataOperands::semaphore(MI.getDesc()))
            .setReg(Sem[Sites[S].Agent]);
        Note(B, &SyncReport::Counts::IncSites);
      }
    }
    std::copy(Est, Est + NP, EstOut.begin() + size_t(BN) * NP);
    auto Term = B->getFirstTerminator();
    for (AgentId F = 0; F < NumAgents; ++F)
      for (int64_t I = 0; I < At(Pad, BN, F); ++I) {
        BuildMI(*B, Term, DL,
                TII.get(getSyncOpcodes(engineOfAgent(F)).Inc))
            .addReg(Sem[F]);
        Note(B, &SyncReport::Counts::PadIncs);
      }
    if (Barrier.test(BN)) {
      BuildMI(*B, B->begin(), DL, TII.get(BARRIER));
      Note(B, &SyncReport::Counts::Barriers);
    }
  }
}
