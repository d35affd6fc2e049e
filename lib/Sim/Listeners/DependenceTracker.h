//===-- DependenceTracker.h - The conflicts of every instance ---*- C++ -*-===//
//
// For each data-path instance, the earlier conflicting instances of other
// agents (ShadowMemory): the latest time one of those ordered before it
// became visible (what the over-synchronization check compares a release
// with), and the ones not ordered before it (what the race checker reports).
// Ordered means earlier in program order and, when happens-before is
// tracked, known to the instance's agent.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_LISTENERS_DEPENDENCETRACKER_H
#define NEURONISA_SIM_LISTENERS_DEPENDENCETRACKER_H

#include "HappensBefore.h"
#include "ShadowMemory.h"
#include "SimListener.h"

namespace llvm {
namespace neuronisa_sim {

class DependenceTracker : public SimListener {
public:
  /// HB: the happens-before tracker (added before this listener), or null
  /// to order by program order only.
  DependenceTracker(const Program &P, const Memory &M,
                    const HappensBefore *HB)
      : Shadow(P, M), HB(HB) {}

  void onDataPath(const DataPathEvent &E) override {
    Shadow.begin(E.Agent, E.Seq, E.Epoch, E.InstIdx, E.Visible,
                 HB ? &HB->clock(E.Agent) : nullptr);
    Shadow.access(E.I, E.Tiles);
    Latest = Shadow.end();
  }

  /// Of the latest instance: when its latest ordered producer was visible
  /// (0 if none) ...
  uint64_t latestProducer() const { return Latest; }
  /// ... and its unordered conflicts.
  ArrayRef<Conflict> unordered() const { return Shadow.conflicts(); }

private:
  ShadowMemory Shadow;
  const HappensBefore *HB;
  uint64_t Latest = 0;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
