//===-- Pipeline.h - The stages of one simulation ---------------*- C++ -*-===//
//
// A run is the engine streams (StreamStage), the DMA queues (DMAStage) and
// an ordering stage that decides when interacting instructions run and what
// synchronization does, connected through one event queue. The ordering
// stage is a template parameter, so its decisions cost no indirection in the
// streams' loop:
//
//   SemaphoreStage  the machine: semaphores and barriers, in time order;
//   DataflowStage   the dataflow limit (--ideal): synchronization skipped,
//                   each instance started when its dependences completed.
//
// An ordering stage provides:
//   skips(I)                 I is skipped at no cost (in the streams' loop);
//   admit(Time, Seq, Key)    an interacting instruction may run now, or is
//                            rescheduled at Key;
//   advanceTo(Key)           an event with Key is processed;
//   latency()                cycles from a completion to its visibility;
//   start(...)               when a data-path instance starts;
//   holdTrigger(...)         delays SP before a DMA trigger;
//   transferKey, transferStart   when a queue's front transfer starts;
//   complete(Agent, Sem, T)  what a completion signals;
//   synchronize(A, S, I)     a synchronization instruction of stream A;
//   handle(E), afterEvent()  its own events (semaphore updates, barrier);
//   value(Sem), printState   for a deadlock report.
//
// What a run observes (checkers, traces, reports) is not here: the stages
// emit events to the listeners in SimContext (SimListener.h).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_PIPELINE_H
#define NEURONISA_SIM_STAGES_PIPELINE_H

#include "DMAStage.h"
#include "SimContext.h"
#include "StreamStage.h"
#include "llvm/ADT/ArrayRef.h"

namespace llvm {
namespace neuronisa_sim {

template <class OrderT> class Pipeline {
public:
  explicit Pipeline(SimContext &Ctx)
      : Ctx(Ctx), Order(Ctx), DMA(Ctx, Order), Streams(Ctx, Order, DMA) {
    Order.connect(Streams.streams(), &DMA.queues());
  }
  /// Runs the kernel with Args in r1..r8; the result is in Ctx.Result.
  void run(ArrayRef<int32_t> Args);

private:
  void reportDeadlock();

  SimContext &Ctx;
  OrderT Order;
  DMAStage<OrderT> DMA;
  StreamStage<OrderT> Streams;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
