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
/// increments (in the order they became visible).
///
/// The history is exact: acquire(S, T) returns entry T - Base. It is kept
/// bounded by prune(), which drops the oldest entries that every stream that
/// can still wait on S already knows (the simulator decides which streams can;
/// see docs/Simulator.md, "Semaphore histories"). A threshold older than the
/// oldest kept entry acquires that entry, which is then no new knowledge for
/// any such stream: joining it, or the exact older entry (which is smaller,
/// entries growing with i), leaves the waiter's clock unchanged.
class SemaphoreClocks {
public:
  explicit SemaphoreClocks(unsigned NumSems = 0) : Hist(NumSems) {}
  void resize(unsigned NumSems) { Hist.assign(NumSems, History()); }

  /// The semaphore was set to Value by an agent whose clock is VC.
  void set(unsigned S, int32_t Value, const VectorClock &VC) {
    History &H = Hist[S];
    H.Base = Value;
    H.Head = 0;
    H.Entries.assign(1, VC);
  }
  /// One increment (of an agent with clock VC) became visible.
  void increment(unsigned S, const VectorClock &VC) {
    History &H = Hist[S];
    if (H.Entries.empty())
      H.Entries.emplace_back();
    VectorClock Next = H.Entries.back();
    Next.join(VC);
    H.Entries.push_back(Next);
  }
  /// The clock a wait for "S >= Threshold" acquires (the caller checked that
  /// the current value satisfies it).
  const VectorClock &acquire(unsigned S, int32_t Threshold) {
    History &H = Hist[S];
    if (H.Entries.empty())
      H.Entries.emplace_back();
    int64_t Idx = int32_t(uint32_t(Threshold) - uint32_t(H.Base));
    Idx = std::clamp<int64_t>(Idx, 0, H.size() - 1);
    return H.Entries[H.Head + static_cast<size_t>(Idx)];
  }
  /// Drops the oldest entries of S known to every clock in Waiters (the
  /// clocks of the streams that can still wait on S): entry i goes when entry
  /// i + 1 is known to all of them, so the oldest kept entry always is (or is
  /// the set's own entry). Returns the number of entries kept.
  template <typename RangeT> size_t prune(unsigned S, const RangeT &Waiters) {
    History &H = Hist[S];
    while (H.size() >= 2) {
      const VectorClock &E = H.Entries[H.Head + 1];
      bool Known = true;
      for (const VectorClock *W : Waiters)
        Known &= leq(E, *W);
      if (!Known)
        break;
      ++H.Head;
      H.Base = int32_t(uint32_t(H.Base) + 1);
    }
    if (H.Head >= 64 && 2 * H.Head >= H.Entries.size()) {
      H.Entries.erase(H.Entries.begin(), H.Entries.begin() + H.Head);
      H.Head = 0;
    }
    return H.size();
  }
  /// Entries kept for S (at least 1 once S was touched).
  size_t size(unsigned S) const { return Hist[S].size(); }

  static bool leq(const VectorClock &A, const VectorClock &B) {
    bool R = true;
    for (unsigned K = 0; K != MaxAgents; ++K)
      R &= A.C[K] <= B.C[K];
    return R;
  }

private:
  struct History {
    int32_t Base = 0;   // value after the oldest kept entry
    size_t Head = 0;    // index of the oldest kept entry in Entries
    std::vector<VectorClock> Entries;
    size_t size() const { return Entries.size() - Head; }
  };
  std::vector<History> Hist;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
