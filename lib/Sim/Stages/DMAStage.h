//===-- DMAStage.h - DMA triggers and transfers -----------------*- C++ -*-===//
//
// dma.load and dma.store occupy SP for the trigger; the transfer then runs on
// the instruction's queue, one at a time in trigger order, each taking its
// transfer ticks. A transfer is a data-path instance of its queue: it moves
// the data when it starts and signals its completion semaphore. It is split
// over DMAEnginesPerTransfer of the core's DMA engines and also waits until
// they are free: queues that share engines share their bandwidth.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_DMASTAGE_H
#define NEURONISA_SIM_STAGES_DMASTAGE_H

#include "DMAQueue.h"
#include "EngineStream.h"
#include "SimContext.h"
#include <vector>

namespace llvm {
namespace neuronisa_sim {

template <class OrderT> class DMAStage {
public:
  DMAStage(SimContext &Ctx, OrderT &Order)
      : Ctx(Ctx), Order(Order), Queues(Ctx.MP.NumDMAQueues),
        EngineFreeAt(Ctx.MP.NumDMAEngines, 0) {}

  /// Stream SP triggers DMA instruction I (its tiles resolved to T) at
  /// SP.Time; the trigger costs Cost cycles of SP.
  void trigger(unsigned A, EngineStream &SP, const Inst &I, uint32_t InstIdx,
               const ResolvedTile *T, uint64_t Cost);
  /// The front transfer of queue Q starts (an event).
  void startTransfer(unsigned Q);

  const std::vector<DMAQueue> &queues() const { return Queues; }

private:
  void schedule(unsigned Q) {
    const DMAQueue &DQ = Queues[Q];
    Ctx.Events.push(Order.transferKey(DQ.FIFO.front(), DQ), EventKind::Queue,
                    static_cast<uint8_t>(Q));
  }

  /// The DMA engines of queue Q's transfers are free from then on.
  uint64_t enginesFree(unsigned Q) const;
  void occupyEngines(unsigned Q, uint64_t Until);

  SimContext &Ctx;
  OrderT &Order;
  std::vector<DMAQueue> Queues;
  std::vector<uint64_t> EngineFreeAt;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
