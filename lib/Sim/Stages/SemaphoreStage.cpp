//===-- SemaphoreStage.cpp - Semaphores and barriers order engines --------===//

#include "SemaphoreStage.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::NumStreams;

SemaphoreStage::SemaphoreStage(SimContext &Ctx)
    : Ctx(Ctx), Values(Ctx.MP.NumSemaphores, 0),
      PendingIncs(Ctx.MP.NumSemaphores, 0), Waiters(Ctx.MP.NumSemaphores) {}

// The 2^31 bound of the synchronization proofs (proofs/README.md, "What is
// assumed"): waits compare (int32)(S - v), which is exact only while a
// semaphore stays below 2^31, so an increment that would take one past
// 2^31 - 1 stops the run with an error instead of wrapping.
bool SemaphoreStage::mayIncrement(uint16_t Sem, const Inst &I) {
  if (int64_t(Values[Sem]) + PendingIncs[Sem] < INT32_MAX)
    return true;
  Ctx.fail(SimResult::Status::RuntimeError, I,
           "semaphore s" + Twine(Sem) +
               " would pass 2^31 - 1 (the bound the waits' wrap-around "
               "comparison needs)");
  return false;
}

bool SemaphoreStage::synchronize(unsigned A, EngineStream &S, const Inst &I) {
  AgentStats &St = Ctx.Result.Agents[A];
  uint32_t InstIdx = S.PC;
  switch (I.Kind) {
  case Op::Wait:
  case Op::WaitR: {
    int32_t Thr = I.Kind == Op::Wait
                      ? I.Imm
                      : int32_t(uint32_t(S.Regs[I.Ra]) + uint32_t(I.Imm));
    if (satisfied(I.Sem, Thr)) {
      ++St.Instructions;
      ++St.SyncInstructions;
      St.Busy += I.Cost;
      InstructionEvent E{static_cast<uint8_t>(A), InstIdx, I, S.Time, I.Cost};
      Ctx.notify(OnInstruction, &SimListener::onInstruction, E);
      S.Time += I.Cost;
      ++S.PC;
      ++S.Seq;
      WaitEvent W{static_cast<uint8_t>(A), static_cast<uint16_t>(I.Sem), Thr};
      Ctx.notify(OnWaitPassed, &SimListener::onWaitPassed, W);
      return true;
    }
    S.St = EngineStream::State::Waiting;
    S.Threshold = Thr;
    S.BlockStart = Ctx.Now;
    Waiters[I.Sem].push_back(static_cast<uint8_t>(A));
    return false;
  }
  case Op::Inc:
  case Op::SemSet: {
    ++St.Instructions;
    ++St.SyncInstructions;
    St.Busy += I.Cost;
    InstructionEvent E{static_cast<uint8_t>(A), InstIdx, I, S.Time, I.Cost};
    Ctx.notify(OnInstruction, &SimListener::onInstruction, E);
    S.Time += I.Cost;
    uint64_t Visible = S.Time + latency();
    if (I.Kind == Op::Inc) {
      if (!mayIncrement(I.Sem, I))
        return false;
      issue(static_cast<uint8_t>(A), I.Sem, false, 1, Visible);
    } else
      issue(static_cast<uint8_t>(A), I.Sem, true, I.Imm, Visible);
    ++S.PC;
    ++S.Seq;
    return true;
  }
  case Op::Barrier:
    S.St = EngineStream::State::AtBarrier;
    S.BlockStart = Ctx.Now;
    BarrierInst = S.PC;
    ++AtBarrier;
    return false;
  default:
    Ctx.fail(SimResult::Status::RuntimeError, I, "unexpected instruction");
    return false;
  }
}

void SemaphoreStage::issue(uint8_t Agent, uint16_t Sem, bool IsSet,
                           int32_t Value, uint64_t VisibleAt) {
  uint32_t Id;
  if (!FreeIds.empty()) {
    Id = FreeIds.back();
    FreeIds.pop_back();
  } else {
    Id = NextId++;
  }
  ++PendingUpdates;
  if (!IsSet)
    ++PendingIncs[Sem];
  Ctx.Events.push(VisibleAt, IsSet ? EventKind::SemSet : EventKind::SemInc,
                  Agent, static_cast<int16_t>(Sem), Value, Id);
  SemaphoreEvent E{Agent, Sem, IsSet, Value, VisibleAt, Id};
  Ctx.notify(OnSemaphoreIssued, &SimListener::onSemaphoreIssued, E);
}

void SemaphoreStage::handle(const PendingEvent &E) {
  if (E.Kind == EventKind::Barrier) {
    releaseBarrier();
    return;
  }
  --PendingUpdates;
  bool IsSet = E.Kind == EventKind::SemSet;
  if (!IsSet)
    --PendingIncs[E.Sem];
  int32_t &V = Values[E.Sem];
  V = IsSet ? E.Value : int32_t(uint32_t(V) + 1);
  SemaphoreEvent Visible{E.Agent, static_cast<uint16_t>(E.Sem), IsSet, V,
                         Ctx.Now, E.Id};
  Ctx.notify(OnSemaphoreVisible, &SimListener::onSemaphoreVisible, Visible);
  FreeIds.push_back(E.Id);
  if (!Waiters[E.Sem].empty())
    wake(E.Sem);
}

void SemaphoreStage::wake(unsigned Sem) {
  SmallVector<uint8_t, 2> &W = Waiters[Sem];
  for (size_t K = 0; K < W.size();) {
    unsigned A = W[K];
    EngineStream &S = Streams[A];
    if (!satisfied(Sem, S.Threshold)) {
      ++K;
      continue;
    }
    W.erase(W.begin() + K);
    const Inst &I = Ctx.P.Insts[S.PC];
    AgentStats &St = Ctx.Result.Agents[A];
    St.Stalled += Ctx.Now - S.BlockStart;
    BlockedEvent B{static_cast<uint8_t>(A), S.PC, S.BlockStart, Ctx.Now,
                   static_cast<int16_t>(Sem), S.Threshold};
    Ctx.notify(OnBlocked, &SimListener::onBlocked, B);
    ++St.Instructions;
    ++St.SyncInstructions;
    St.Busy += I.Cost;
    InstructionEvent E{static_cast<uint8_t>(A), S.PC, I, Ctx.Now, I.Cost};
    Ctx.notify(OnInstruction, &SimListener::onInstruction, E);
    S.Time = Ctx.Now + I.Cost;
    S.St = EngineStream::State::Running;
    ++S.PC;
    ++S.Seq;
    WaitEvent Passed{static_cast<uint8_t>(A), static_cast<uint16_t>(Sem),
                     S.Threshold};
    Ctx.notify(OnWaitPassed, &SimListener::onWaitPassed, Passed);
    Ctx.Events.push(S.Time, EventKind::Stream, static_cast<uint8_t>(A));
  }
}

void SemaphoreStage::scheduleBarrier() {
  // Drain: every queue empty, every semaphore update applied.
  if (PendingUpdates)
    return;
  uint64_t Drained = Ctx.Now;
  for (const DMAQueue &Q : *Queues) {
    if (!Q.FIFO.empty())
      return;
    Drained = std::max(Drained, Q.FreeAt);
  }
  BarrierScheduled = true;
  Ctx.Events.push(Drained + Ctx.P.Insts[BarrierInst].Cost, EventKind::Barrier,
                  0);
}

void SemaphoreStage::releaseBarrier() {
  std::fill(Values.begin(), Values.end(), 0);
  Ctx.notify(OnBarrierRelease, &SimListener::onBarrierRelease, Ctx.Now);
  for (unsigned A = 0; A != NumStreams; ++A) {
    EngineStream &S = Streams[A];
    AgentStats &St = Ctx.Result.Agents[A];
    St.Stalled += Ctx.Now - S.BlockStart;
    BlockedEvent B{static_cast<uint8_t>(A), S.PC, S.BlockStart, Ctx.Now, -1,
                   0};
    Ctx.notify(OnBlocked, &SimListener::onBlocked, B);
    ++St.Instructions;
    ++St.SyncInstructions;
    S.Time = Ctx.Now;
    S.St = EngineStream::State::Running;
    ++S.PC;
    ++S.Seq;
    Ctx.Events.push(Ctx.Now, EventKind::Stream, static_cast<uint8_t>(A));
  }
  AtBarrier = 0;
  BarrierScheduled = false;
}

void SemaphoreStage::printState(raw_ostream &OS) const {
  OS << "  semaphores:";
  bool Any = false;
  for (unsigned K = 0; K != Values.size(); ++K)
    if (Values[K]) {
      OS << " s" << K << "=" << Values[K];
      Any = true;
    }
  OS << (Any ? "\n" : " all zero\n");
}
