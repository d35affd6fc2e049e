//===-- HappensBefore.cpp - Vector clocks over a run ----------------------===//

#include "HappensBefore.h"
#include "Program.h"
#include "Stages/EngineStream.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::NumStreams;

HappensBefore::HappensBefore(const Program &P,
                             const NeuronISA::MachineParams &MP)
    : P(P), MP(MP), Clocks(NumStreams + MP.NumDMAQueues),
      TriggerClocks(MP.NumDMAQueues), Histories(MP.NumSemaphores),
      NextPrune(MP.NumSemaphores, 64) {}

void HappensBefore::onStart(const EngineStream *S) {
  Streams = S;
  buildWaitReach();
}

void HappensBefore::buildWaitReach() {
  // Backward may-analysis over the CFG, to a fixed point: the semaphores of
  // A's waits at or after PC, not looking past a barrier (a barrier resets
  // every semaphore history before anyone passes it).
  unsigned N = P.Insts.size();
  ReachWords = (MP.NumSemaphores + 63) / 64;
  WaitReach.assign(NumStreams,
                   std::vector<uint64_t>(size_t(N + 1) * ReachWords, 0));
  for (unsigned A = 0; A != NumStreams; ++A) {
    std::vector<uint64_t> &R = WaitReach[A];
    auto orInto = [&](unsigned To, unsigned From) {
      bool Changed = false;
      From = std::min(From, N);
      for (unsigned W = 0; W != ReachWords; ++W) {
        uint64_t &D = R[size_t(To) * ReachWords + W];
        uint64_t V = D | R[size_t(From) * ReachWords + W];
        Changed |= V != D;
        D = V;
      }
      return Changed;
    };
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned K = N; K-- > 0;) {
        const Inst &I = P.Insts[K];
        switch (I.Kind) {
        case Op::Barrier:
        case Op::Ret:
          break;
        case Op::B:
          Changed |= orInto(K, I.Target);
          break;
        case Op::Beq:
        case Op::Bne:
        case Op::Blt:
        case Op::Bge:
        case Op::Bltu:
        case Op::Bgeu:
          Changed |= orInto(K, I.Target);
          Changed |= orInto(K, K + 1);
          break;
        default:
          Changed |= orInto(K, K + 1);
          break;
        }
        if ((I.Kind == Op::Wait || I.Kind == Op::WaitR) && I.Agent == A &&
            I.Sem >= 0) {
          uint64_t &D = R[size_t(K) * ReachWords + I.Sem / 64];
          uint64_t Bit = uint64_t(1) << (I.Sem % 64);
          Changed |= !(D & Bit);
          D |= Bit;
        }
      }
    }
  }
}

bool HappensBefore::mayWaitOn(unsigned A, unsigned Sem) const {
  const EngineStream &S = Streams[A];
  return (WaitReach[A][size_t(S.PC) * ReachWords + Sem / 64] >> (Sem % 64)) &
         1;
}

void HappensBefore::prune(unsigned Sem) {
  const VectorClock *W[NumStreams];
  unsigned N = 0;
  for (unsigned A = 0; A != NumStreams; ++A)
    if (mayWaitOn(A, Sem))
      W[N++] = &Clocks[A];
  size_t Kept = Histories.prune(Sem, ArrayRef<const VectorClock *>(W, N));
  NextPrune[Sem] = std::max<size_t>(64, 2 * Kept);
}

void HappensBefore::onDataPath(const DataPathEvent &E) {
  VectorClock &C = Clocks[E.Agent];
  if (NeuronISA::isDMAQueueAgent(E.Agent)) {
    // The transfer starts after its trigger.
    std::deque<VectorClock> &F = TriggerClocks[E.Agent - NumStreams];
    C.join(F.front());
    F.pop_front();
  }
  C.C[E.Agent] = E.Epoch;
}

void HappensBefore::onDMATrigger(const DMATriggerEvent &E) {
  TriggerClocks[E.Queue].push_back(Clocks[E.Agent]);
}

void HappensBefore::onWaitPassed(const WaitEvent &E) {
  Clocks[E.Agent].join(Histories.acquire(E.Sem, E.Threshold));
  // Past the wait, the stream may not wait on Sem again: prune unless the
  // history is short.
  if (Histories.size(E.Sem) >= 8)
    prune(E.Sem);
}

void HappensBefore::onSemaphoreIssued(const SemaphoreEvent &E) {
  if (E.Id >= InFlight.size())
    InFlight.resize(E.Id + 1);
  InFlight[E.Id] = Clocks[E.Agent];
}

void HappensBefore::onSemaphoreVisible(const SemaphoreEvent &E) {
  if (E.IsSet) {
    Histories.set(E.Sem, E.Value, InFlight[E.Id]);
    return;
  }
  Histories.increment(E.Sem, InFlight[E.Id]);
  size_t Kept = Histories.size(E.Sem);
  MaxHistory = std::max<uint64_t>(MaxHistory, Kept);
  if (Kept >= NextPrune[E.Sem])
    prune(E.Sem);
}

void HappensBefore::onBarrierRelease(uint64_t) {
  VectorClock Joined;
  for (const VectorClock &C : Clocks)
    Joined.join(C);
  for (VectorClock &C : Clocks)
    C = Joined;
  for (unsigned K = 0; K != MP.NumSemaphores; ++K)
    Histories.set(K, 0, Joined);
}
