//===-- StreamStage.cpp - The five engine streams -------------------------===//

#include "StreamStage.h"
#include "DataPath.h"
#include "DataflowStage.h"
#include "SemaphoreStage.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::NumStreams;

template <class OrderT>
void StreamStage<OrderT>::start(ArrayRef<int32_t> Args) {
  const Program &P = Ctx.P;
  unsigned N = P.Insts.size();
  SkipTables.assign(NumStreams, std::vector<uint32_t>(N + 1, N));
  for (unsigned A = 0; A != NumStreams; ++A) {
    std::vector<uint32_t> &T = SkipTables[A];
    // Skipping stops at the kernel's end, which is never skipped over.
    for (unsigned K = N; K-- > 0;) {
      const Inst &I = P.Insts[K];
      T[K] = (K >= P.End || I.Agent == NoAgent || I.Agent == A) ? K : T[K + 1];
    }
    EngineStream &S = Streams[A];
    S.Next = T.data();
    S.PC = P.Entry;
    for (unsigned K = 0; K != Args.size() && K < 8; ++K)
      S.Regs[1 + K] = Args[K];
  }
  for (unsigned A = 0; A != NumStreams; ++A)
    Ctx.Events.push(0, EventKind::Stream, static_cast<uint8_t>(A));
}

template <class OrderT>
template <bool ReportControl>
void StreamStage<OrderT>::runStream(unsigned A) {
  EngineStream &S = Streams[A];
  AgentStats &St = Ctx.Result.Agents[A];
  const Inst *Insts = Ctx.P.Insts.data();
  const uint32_t End = Ctx.P.End;
  const uint32_t *Next = S.Next;
  int32_t *R = S.Regs;
  const uint64_t Limit = Ctx.Opts.MaxInstructions;
  // Control instructions cost cycles of this engine's clock.
  const uint64_t Tick = Ctx.MP.ticksPerCycle(NeuronISA::engineOfAgent(A));
  uint32_t PC = S.PC;
  uint64_t Seq = S.Seq, Time = S.Time, Busy = 0, Executed = 0;

  auto save = [&] {
    S.PC = PC;
    S.Seq = Seq;
    S.Time = Time;
    St.Busy += Busy;
    St.Instructions += Executed;
    Busy = Executed = 0;
  };

  for (;;) {
    uint32_t NPC = Next[PC];
    Seq += NPC - PC;
    PC = NPC;
    if (PC >= End) { // no ret: the code lost it, never a normal end
      save();
      Ctx.fail(SimResult::Status::RuntimeError, Insts[End - 1],
               "execution ran past the end of kernel '" + Ctx.P.KernelName +
                   "': its last instruction is not ret or a branch");
      return;
    }
    const Inst &I = Insts[PC];
    if (isControlOp(I.Kind)) {
      uint64_t Cost = I.Cost * Tick;
      if constexpr (ReportControl) {
        InstructionEvent E{static_cast<uint8_t>(A), PC, I, Time, Cost};
        for (SimListener *L : Ctx.ControlListeners)
          L->onInstruction(E);
      }
      ++Executed;
      Busy += Cost;
      Time += Cost;
      ++Seq;
      uint32_t NextPC = PC + 1;
      switch (executeControl(I, R, NextPC)) {
      case ControlResult::Next:
        break;
      case ControlResult::Return:
        save();
        S.St = EngineStream::State::Done;
        return;
      case ControlResult::DivisionByZero:
        save();
        Ctx.fail(SimResult::Status::RuntimeError, I, "division by zero");
        return;
      }
      if (NextPC <= PC && Seq > Limit) {
        save();
        Ctx.fail(SimResult::Status::InstructionLimit, I,
                 "instruction limit reached (--max-instructions=" +
                     Twine(Limit) + "): the kernel does not terminate?");
        return;
      }
      if (NextPC <= PC && !Ctx.withinLimits(I, Time)) {
        save();
        return;
      }
      PC = NextPC;
      continue;
    }

    if (Order.skips(I)) {
      ++Executed;
      ++St.SyncInstructions;
      ++PC;
      ++Seq;
      continue;
    }

    // An instruction that interacts with other agents: it runs when the
    // ordering stage admits it.
    uint64_t Key;
    if (!Order.admit(Time, Seq, Key)) {
      save();
      Ctx.Events.push(Key, EventKind::Stream, static_cast<uint8_t>(A));
      return;
    }
    save();
    bool Continue =
        I.isData() ? dataPath(A, S, I) : Order.synchronize(A, S, I);
    if (!Continue || Ctx.Failed)
      return;
    PC = S.PC;
    Seq = S.Seq;
    Time = S.Time;
  }
}

template <class OrderT>
bool StreamStage<OrderT>::dataPath(unsigned A, EngineStream &S,
                                   const Inst &I) {
  AgentStats &St = Ctx.Result.Agents[A];
  ResolvedTile T[3];
  if (TileFault F = resolveTiles(I, S.Regs, Ctx.M, T)) {
    Ctx.fail(SimResult::Status::RuntimeError, I,
             describeTileFault(F, I, S.Regs, Ctx.M));
    return false;
  }
  uint32_t InstIdx = S.PC;
  uint64_t Cost = Ctx.jitter(I.Cost);
  ++St.Instructions;
  St.Busy += Cost;

  if (I.isDMA()) {
    DMA.trigger(A, S, I, InstIdx, T, Cost);
  } else {
    uint32_t Epoch = ++S.Epoch;
    uint64_t Lat = Order.latency();
    uint64_t Start =
        Order.start(static_cast<uint8_t>(A), S.Seq, Epoch, InstIdx, I, T,
                    S.Time, Cost, St);
    DataPathEvent E{static_cast<uint8_t>(A), InstIdx, I,    S.Seq, Epoch,
                    Start,                   Cost,    Start + Cost + Lat, T};
    Ctx.notify(OnDataPath, &SimListener::onDataPath, E);
    executeDataPath(I, T, Ctx.M);
    S.Time = Start + Cost;
    Order.complete(static_cast<uint8_t>(A), I.Sem, S.Time + Lat, I);
  }
  ++S.PC;
  ++S.Seq;
  return Ctx.withinLimits(I, S.Time);
}

template class llvm::neuronisa_sim::StreamStage<SemaphoreStage>;
template class llvm::neuronisa_sim::StreamStage<DataflowStage>;
