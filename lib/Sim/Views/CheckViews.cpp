//===-- CheckViews.cpp - What the checkers found --------------------------===//

#include "CheckViews.h"
#include "Listeners/OverSync.h"
#include "Listeners/RaceChecker.h"
#include "Program.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

void RaceView::printView(raw_ostream &OS) const {
  if (!RC) {
    OS << "races: not checked\n";
    return;
  }
  OS << "races: " << RC->numRaces() << " (" << RC->races().size()
     << " instruction pairs)\n";
}

void RaceView::toJSON(json::OStream &J) const {
  if (!RC) {
    J.attribute("races", nullptr);
    return;
  }
  J.attribute("races", int64_t(RC->numRaces()));
  J.attribute("race_pairs", int64_t(RC->races().size()));
}

void OverSyncView::printView(raw_ostream &OS) const {
  if (!T) {
    OS << "over-synchronization: not checked\n";
    return;
  }
  std::vector<OverSyncSite> Sites = T->sortedSites();
  uint64_t Over = 0;
  for (const OverSyncSite &S : Sites)
    Over += S.Stats.OverCycles != 0;
  OS << "over-synchronization: " << T->totalOver() << " cycles at " << Over
     << " sites\n";
  for (const OverSyncSite &S : Sites) {
    if (!S.Stats.OverCycles)
      continue;
    OS << "  " << P.describe(P.Insts[S.Inst]) << ": " << S.Stats.OverCycles
       << " cycles over " << S.Stats.OverInstances << " of " << S.Stats.Blocks
       << " blocks (blocked " << S.Stats.BlockedCycles << " cycles)\n";
  }
  OS << "trailing blocked cycles: " << T->totalTrailing() << "\n";
}

void OverSyncView::toJSON(json::OStream &J) const {
  if (!T) {
    J.attribute("over_sync_cycles", nullptr);
    return;
  }
  J.attribute("over_sync_cycles", int64_t(T->totalOver()));
  J.attribute("trailing_blocked_cycles", int64_t(T->totalTrailing()));
  J.attributeArray("sync_sites", [&] {
    for (const OverSyncSite &S : T->sortedSites())
      J.object([&] {
        const Inst &I = P.Insts[S.Inst];
        J.attribute("instruction", P.name(I));
        J.attribute("line", I.Line);
        J.attribute("blocks", int64_t(S.Stats.Blocks));
        J.attribute("blocked_cycles", int64_t(S.Stats.BlockedCycles));
        J.attribute("over_sync_cycles", int64_t(S.Stats.OverCycles));
        J.attribute("over_sync_blocks", int64_t(S.Stats.OverInstances));
      });
  });
}
