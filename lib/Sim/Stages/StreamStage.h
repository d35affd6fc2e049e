//===-- StreamStage.h - The five engine streams -----------------*- C++ -*-===//
//
// Each stream runs control instructions in a tight local loop (skipping
// other engines' instructions through a per-stream skip table) and only
// stops at an instruction that interacts with others: a data-path
// instruction, which it executes here (a DMA instruction is a trigger, handed
// to the DMA stage), or a synchronization instruction, which the ordering
// stage decides. Interacting instructions run when the ordering stage admits
// them, so they happen in global order.
//
// Every stream also counts its position in the sequential trace (the order
// one engine would run everything alone); since all streams follow the same
// control flow, these counts agree and give the program order of any two
// dynamic instances.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_STREAMSTAGE_H
#define NEURONISA_SIM_STAGES_STREAMSTAGE_H

#include "DMAStage.h"
#include "EngineStream.h"
#include "SimContext.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace llvm {
namespace neuronisa_sim {

template <class OrderT> class StreamStage {
public:
  StreamStage(SimContext &Ctx, OrderT &Order, DMAStage<OrderT> &DMA)
      : Ctx(Ctx), Order(Order), DMA(DMA) {}

  /// Every stream at the kernel's entry with Args in r1..r8, scheduled at 0.
  void start(ArrayRef<int32_t> Args);
  /// Runs stream A until it blocks, finishes or must wait for an earlier
  /// event (an event).
  void run(unsigned A) {
    if (Ctx.ControlListeners.empty())
      runStream<false>(A);
    else
      runStream<true>(A);
  }

  EngineStream *streams() { return Streams; }
  const EngineStream *streams() const { return Streams; }

private:
  template <bool ReportControl> void runStream(unsigned A);
  /// Executes data-path instruction I of stream A at S.Time and advances S
  /// past it. Returns false if the run failed.
  bool dataPath(unsigned A, EngineStream &S, const Inst &I);

  SimContext &Ctx;
  OrderT &Order;
  DMAStage<OrderT> &DMA;
  std::vector<std::vector<uint32_t>> SkipTables;
  EngineStream Streams[NeuronISA::NumStreams];
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
