//===-- OverSync.cpp - Over-synchronization accounting --------------------===//

#include "OverSync.h"
#include "DependenceTracker.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::neuronisa_sim;

void OverSyncTracker::onDataPath(const DataPathEvent &E) {
  uint64_t D = Deps->latestProducer();
  if (NeuronISA::isDMAQueueAgent(E.Agent)) {
    std::deque<BlockedList> &F =
        TransferGuards[E.Agent - NeuronISA::NumStreams];
    consumer(F.front(), D);
    F.pop_front();
  } else {
    consumer(Pending[E.Agent], D);
    Pending[E.Agent].clear();
  }
}

void OverSyncTracker::consumer(ArrayRef<BlockedInterval> Guards, uint64_t D) {
  if (Guards.empty())
    return;
  uint64_t Blocked = 0;
  for (const BlockedInterval &B : Guards) {
    SiteStats &S = Sites[B.Site];
    ++S.Blocks;
    S.BlockedCycles += B.End - B.Start;
    Blocked += B.End - B.Start;
  }
  uint64_t R = Guards.back().End;
  uint64_t Over = R > D ? std::min(Blocked, R - D) : 0;
  TotalOver += Over;
  for (size_t K = Guards.size(); K-- && Over;) {
    const BlockedInterval &B = Guards[K];
    uint64_t Part = std::min(Over, B.End - B.Start);
    SiteStats &S = Sites[B.Site];
    S.OverCycles += Part;
    ++S.OverInstances;
    Over -= Part;
  }
}

void OverSyncTracker::finish() {
  for (BlockedList &L : Pending) {
    for (const BlockedInterval &B : L) {
      SiteStats &S = Sites[B.Site];
      ++S.Blocks;
      S.BlockedCycles += B.End - B.Start;
      TotalTrailing += B.End - B.Start;
    }
    L.clear();
  }
}

std::vector<OverSyncSite> OverSyncTracker::sortedSites() const {
  std::vector<OverSyncSite> Out;
  for (const auto &KV : Sites)
    Out.push_back({KV.first, KV.second});
  llvm::sort(Out, [](const OverSyncSite &A, const OverSyncSite &B) {
    if (A.Stats.OverCycles != B.Stats.OverCycles)
      return A.Stats.OverCycles > B.Stats.OverCycles;
    return A.Inst < B.Inst;
  });
  return Out;
}
