//===-- VectorClock.h - Happens-before over agents --------------*- C++ -*-===//
//
// Vector clocks over the synchronization agents (5 streams + DMA queues).
// Component A of agent A's clock counts A's data-path instances; another
// agent knows instance e of A iff its component A is >= e.
//
// SemaphoreClocks carries happens-before through semaphores exactly as the
// hardware guarantees it: a wait released with threshold T is ordered after
// the set (or reset) that started the semaphore's current history and after
// the increments that took it to T, not after later increments that happened
// to be visible already (that would be luck, not synchronization).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_VECTORCLOCK_H
#define NEURONISA_SIM_VECTORCLOCK_H

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include <algorithm>
#include <cstdint>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

constexpr unsigned MaxAgents = NeuronISA::NumAgents;

struct VectorClock {
  uint32_t C[MaxAgents] = {};

  void join(const VectorClock &O) {
    for (unsigned K = 0; K != MaxAgents; ++K)
      C[K] = std::max(C[K], O.C[K]);
  }
  bool knows(unsigned Agent, uint32_t Epoch) const {
    return C[Agent] >= Epoch;
  }
};

/// Per-semaphore history of cumulative clocks since the last set or reset.
/// Entry i is the join of the set's clock and the clocks of the first i
/// increments. Only the last Window entries are kept; a threshold older than
/// that acquires the oldest kept entry (a slight over-approximation of
/// happens-before, documented in docs/Simulator.md).
class SemaphoreClocks {
public:
  static constexpr unsigned Window = 1024;

  explicit SemaphoreClocks(unsigned NumSems = 0) : Hist(NumSems) {}
  void resize(unsigned NumSems) { Hist.assign(NumSems, History()); }

  /// The semaphore was set to Value by an agent whose clock is VC.
  void set(unsigned S, int32_t Value, const VectorClock &VC) {
    History &H = Hist[S];
    H.Base = Value;
    H.Start = 0;
    H.Entries.assign(1, VC);
  }
  /// One increment (of an agent with clock VC) became visible.
  void increment(unsigned S, const VectorClock &VC) {
    History &H = Hist[S];
    if (H.Entries.empty())
      H.Entries.emplace_back();
    unsigned N = H.size();
    VectorClock Next = H.at(N - 1);
    Next.join(VC);
    if (N < Window) {
      H.Entries.push_back(Next);
    } else {
      // Ring: overwrite the oldest.
      H.Entries[H.Start] = Next;
      H.Start = (H.Start + 1) % Window;
      ++H.Base;
    }
  }
  /// The clock a wait for "S >= Threshold" acquires (the caller checked that
  /// the current value satisfies it).
  const VectorClock &acquire(unsigned S, int32_t Threshold) {
    History &H = Hist[S];
    if (H.Entries.empty())
      H.Entries.emplace_back();
    int64_t Idx = int32_t(uint32_t(Threshold) - uint32_t(H.Base));
    Idx = std::clamp<int64_t>(Idx, 0, H.size() - 1);
    return H.at(static_cast<unsigned>(Idx));
  }

private:
  struct History {
    int32_t Base = 0; // value after the oldest kept entry
    unsigned Start = 0;
    std::vector<VectorClock> Entries;
    unsigned size() const { return Entries.size(); }
    const VectorClock &at(unsigned I) const {
      return Entries[(Start + I) % Entries.size()];
    }
  };
  std::vector<History> Hist;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
