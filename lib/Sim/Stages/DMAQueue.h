//===-- DMAQueue.h - One DMA queue ------------------------------*- C++ -*-===//
//
// SP triggers a transfer; its queue runs the transfers one at a time in
// trigger order. Queues are independent of each other.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_DMAQUEUE_H
#define NEURONISA_SIM_STAGES_DMAQUEUE_H

#include "TileAccess.h"
#include <cstdint>
#include <deque>

namespace llvm {
namespace neuronisa_sim {

struct PendingTransfer {
  uint32_t InstIdx;
  uint64_t Seq;     // of the trigger
  uint64_t ReadyAt; // the trigger's completion
  ResolvedTile Tiles[2];
};

struct DMAQueue {
  std::deque<PendingTransfer> FIFO;
  uint64_t FreeAt = 0;    // the last started transfer's completion
  bool Scheduled = false; // the front transfer's start is in the event queue
  uint32_t Epoch = 0;     // transfers started so far
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
