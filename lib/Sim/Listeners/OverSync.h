//===-- Precision.h - Over-synchronization accounting -----------*- C++ -*-===//
//
// The precision check of docs/Simulator.md. Each stream collects the
// intervals in which it was blocked (a wait whose condition did not hold, or
// a barrier) since its previous data-path instruction. When the next
// data-path instance c starts, the intervals guard c. Let D be the time the
// latest conflicting earlier producer on another agent became visible
// (completion + semaphore latency; from the race checker's shadow memory)
// and R the end of the last blocked interval. A precise program is released
// exactly at D; the over-synchronization of c is min(total blocked, R - D),
// attributed to the blocking sites from the latest interval backwards.
// Blocked intervals followed by no data-path instruction are "trailing".
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_PRECISION_H
#define NEURONISA_SIM_PRECISION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

struct BlockedInterval {
  uint32_t Site; // instruction index of the wait or barrier
  uint64_t Start, End;
};
using BlockedList = SmallVector<BlockedInterval, 2>;

struct SiteStats {
  uint64_t Blocks = 0;        // times the site blocked
  uint64_t BlockedCycles = 0; // cycles spent blocked there
  uint64_t OverCycles = 0;    // of which over-synchronization
  uint64_t OverInstances = 0; // blocks with over-synchronization
};

class PrecisionTracker {
public:
  explicit PrecisionTracker(unsigned NumStreams) : Pending(NumStreams) {}

  void blocked(unsigned Stream, uint32_t Site, uint64_t Start, uint64_t End) {
    if (End > Start)
      Pending[Stream].push_back({Site, Start, End});
  }
  /// The intervals guarding the next data-path instruction of Stream.
  BlockedList take(unsigned Stream) {
    BlockedList L;
    std::swap(L, Pending[Stream]);
    return L;
  }
  /// A guarded instance started; D = visibility of its latest producer.
  void consumer(ArrayRef<BlockedInterval> Guards, uint64_t D);
  /// Moves intervals never followed by a data-path instruction to trailing.
  void finish();

  uint64_t totalOver() const { return TotalOver; }
  uint64_t totalTrailing() const { return TotalTrailing; }
  const DenseMap<uint32_t, SiteStats> &sites() const { return Sites; }

private:
  std::vector<BlockedList> Pending;
  DenseMap<uint32_t, SiteStats> Sites;
  uint64_t TotalOver = 0, TotalTrailing = 0;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
