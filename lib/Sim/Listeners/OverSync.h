//===-- OverSync.h - Over-synchronization accounting ------------*- C++ -*-===//
//
// The precision criterion of synchronization (docs/Simulator.md): a consumer
// should be released exactly when its latest producer's completion becomes
// visible. Each stream collects the intervals in which it was blocked (a
// wait whose condition did not hold, or a barrier) since its previous
// data-path instruction; they guard the next data-path instance c (for DMA:
// the transfer, guarded by SP's waits before the trigger). With D the time
// the latest conflicting earlier producer on another agent became visible
// (from the dependence tracker) and R the end of the last guarding interval,
// the over-synchronization of c is min(total blocked, R - D), attributed to
// the blocking sites from the latest interval backwards. Blocked intervals
// followed by no data-path instruction are "trailing".
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_LISTENERS_OVERSYNC_H
#define NEURONISA_SIM_LISTENERS_OVERSYNC_H

#include "SimListener.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <deque>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class DependenceTracker;

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

/// One site's totals, for reports.
struct OverSyncSite {
  uint32_t Inst;
  SiteStats Stats;
};

class OverSyncTracker : public SimListener {
public:
  /// Deps (added before this listener) gives each instance's D; null for
  /// the accounting alone (unit tests call blocked/take/consumer).
  OverSyncTracker(unsigned NumStreams, unsigned NumQueues,
                  const DependenceTracker *Deps = nullptr)
      : Pending(NumStreams), TransferGuards(NumQueues), Deps(Deps) {}

  void onBlocked(const BlockedEvent &E) override {
    blocked(E.Agent, E.Site, E.Start, E.End);
  }
  void onDMATrigger(const DMATriggerEvent &E) override {
    // The transfer, not SP, is the consumer SP's waits guarded.
    TransferGuards[E.Queue].push_back(std::move(Pending[E.Agent]));
    Pending[E.Agent].clear();
  }
  void onDataPath(const DataPathEvent &E) override;
  void onFinish(const SimResult &) override { finish(); }

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
  /// Every site, by over-synchronization cycles (descending), then
  /// instruction.
  std::vector<OverSyncSite> sortedSites() const;

private:
  std::vector<BlockedList> Pending;
  std::vector<std::deque<BlockedList>> TransferGuards; // per queue, FIFO
  const DependenceTracker *Deps;
  DenseMap<uint32_t, SiteStats> Sites;
  uint64_t TotalOver = 0, TotalTrailing = 0;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
