//===-- EventQueue.h - Interactions in global order -------------*- C++ -*-===//
//
// Everything that involves more than one agent goes through one queue: a
// stream reaching an instruction that interacts with others, a DMA transfer
// starting, a semaphore update becoming visible, a barrier releasing. Keys
// are times (or program-order positions in --ideal mode); equal keys run
// semaphore updates first, then the barrier, then queues, then streams, and
// among equals in creation order, so every run is deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_EVENTQUEUE_H
#define NEURONISA_SIM_STAGES_EVENTQUEUE_H

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

enum class EventKind : uint8_t { SemInc, SemSet, Barrier, Queue, Stream };

struct PendingEvent {
  uint64_t Key;
  uint64_t Order; // creation order
  EventKind Kind;
  uint8_t Agent;  // stream or queue; the issuer of a semaphore update
  int16_t Sem;
  int32_t Value;  // semset value
  uint32_t Id;    // semaphore update id (see SemaphoreEvent::Id)

  static unsigned rank(EventKind K) {
    switch (K) {
    case EventKind::SemInc:
    case EventKind::SemSet:
      return 0;
    case EventKind::Barrier:
      return 1;
    case EventKind::Queue:
      return 2;
    case EventKind::Stream:
      return 3;
    }
    return 3;
  }
  bool operator>(const PendingEvent &O) const {
    if (Key != O.Key)
      return Key > O.Key;
    unsigned A = rank(Kind), B = rank(O.Kind);
    if (A != B)
      return A > B;
    return Order > O.Order;
  }
};

class EventQueue {
public:
  void push(uint64_t Key, EventKind K, uint8_t Agent, int16_t Sem = -1,
            int32_t Value = 0, uint32_t Id = ~0u) {
    Q.push({Key, NextOrder++, K, Agent, Sem, Value, Id});
  }
  bool empty() const { return Q.empty(); }
  PendingEvent pop() {
    PendingEvent E = Q.top();
    Q.pop();
    return E;
  }
  /// True if nothing is scheduled before Key, so a stream may go on.
  bool mayRunAt(uint64_t Key) const { return Q.empty() || Key < Q.top().Key; }

private:
  std::priority_queue<PendingEvent, std::vector<PendingEvent>,
                      std::greater<PendingEvent>>
      Q;
  uint64_t NextOrder = 0;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
