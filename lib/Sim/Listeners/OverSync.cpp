//===-- Precision.cpp - Over-synchronization accounting -------------------===//

#include "Precision.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::neuronisa_sim;

void PrecisionTracker::consumer(ArrayRef<BlockedInterval> Guards, uint64_t D) {
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

void PrecisionTracker::finish() {
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
