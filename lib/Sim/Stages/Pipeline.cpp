//===-- Pipeline.cpp - The stages of one simulation -----------------------===//

#include "Pipeline.h"
#include "DataflowStage.h"
#include "SemaphoreStage.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::NumStreams;

template <class OrderT> void Pipeline<OrderT>::run(ArrayRef<int32_t> Args) {
  SimResult &Result = Ctx.Result;
  Result = SimResult();
  Result.Agents.resize(NumStreams + Ctx.MP.NumDMAQueues);
  Streams.start(Args);
  Ctx.notify(OnStart, &SimListener::onStart, Streams.streams());

  while (!Ctx.Events.empty() && !Ctx.Failed) {
    PendingEvent E = Ctx.Events.pop();
    Order.advanceTo(E.Key);
    switch (E.Kind) {
    case EventKind::SemInc:
    case EventKind::SemSet:
    case EventKind::Barrier:
      Order.handle(E);
      break;
    case EventKind::Queue:
      DMA.startTransfer(E.Agent);
      break;
    case EventKind::Stream:
      Streams.run(E.Agent);
      break;
    }
    Order.afterEvent();
  }

  if (!Ctx.Failed) {
    bool AllDone = true;
    for (unsigned A = 0; A != NumStreams; ++A)
      AllDone &= Streams.streams()[A].St == EngineStream::State::Done;
    if (!AllDone)
      reportDeadlock();
  }

  // Totals.
  for (unsigned A = 0; A != NumStreams; ++A) {
    AgentStats &St = Result.Agents[A];
    St.Used = true;
    St.Finish = Streams.streams()[A].Time;
    Result.SimulatedInstructions += St.Instructions;
    Result.DynamicInstructions =
        std::max(Result.DynamicInstructions, Streams.streams()[A].Seq);
  }
  for (unsigned Q = 0; Q != DMA.queues().size(); ++Q) {
    AgentStats &St = Result.Agents[NumStreams + Q];
    St.Finish = DMA.queues()[Q].FreeAt;
    Result.SimulatedInstructions += St.Instructions;
  }
  for (const AgentStats &St : Result.Agents)
    Result.TotalCycles = std::max(Result.TotalCycles, St.Finish);
  Ctx.notify(OnFinish, &SimListener::onFinish, Result);
}

template <class OrderT> void Pipeline<OrderT>::reportDeadlock() {
  raw_ostream &OS = Ctx.ErrOS;
  const Program &P = Ctx.P;
  Ctx.Result.St = SimResult::Status::Deadlock;
  OS << "error: deadlock at cycle " << Ctx.Now
     << ": no engine can make progress\n";
  for (unsigned A = 0; A != NumStreams; ++A) {
    const EngineStream &S = Streams.streams()[A];
    OS << "  " << NeuronISA::agentName(A) << ": ";
    switch (S.St) {
    case EngineStream::State::Done:
    case EngineStream::State::Running:
      OS << "finished\n";
      break;
    case EngineStream::State::AtBarrier:
      OS << "at barrier (line " << P.Insts[S.PC].Line << ") since cycle "
         << S.BlockStart << "\n";
      break;
    case EngineStream::State::Waiting: {
      const Inst &I = P.Insts[S.PC];
      OS << "waiting at " << P.describe(I) << " since cycle " << S.BlockStart
         << ": s" << I.Sem << " = " << Order.value(I.Sem) << ", needs >= "
         << S.Threshold << "\n";
      break;
    }
    }
  }
  Order.printState(OS);
}

template class llvm::neuronisa_sim::Pipeline<SemaphoreStage>;
template class llvm::neuronisa_sim::Pipeline<DataflowStage>;
