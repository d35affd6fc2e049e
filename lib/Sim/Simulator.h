//===-- Simulator.h - Cycle-level multi-engine execution --------*- C++ -*-===//
//
// Runs a Program on the five streams (PE, ACT, DVE, POOL, SP) and the DMA
// queues (Stages/Pipeline.h), with the checkers the options ask for as
// listeners (Listeners/): races need happens-before and the dependence
// tracker; over-synchronization needs the dependence tracker. Other
// listeners (a trace writer) are added by the caller.
//
// In --ideal mode synchronization is skipped and each data-path instance
// starts when every earlier conflicting instance (program order) has
// completed: the dataflow limit (Stages/DataflowStage.h). No checker runs.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_SIMULATOR_H
#define NEURONISA_SIM_SIMULATOR_H

#include "Memory.h"
#include "Program.h"
#include "SimListener.h"
#include "SimResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class DependenceTracker;
class HappensBefore;
class OverSyncTracker;
class RaceChecker;

class Simulator {
public:
  Simulator(const Program &P, const NeuronISA::MachineParams &MP, Memory &M,
            const SimOptions &Opts, raw_ostream &ErrOS);
  ~Simulator();

  /// Adds a listener after the checkers (it sees every event after them).
  void addListener(ListenerRef L) { Extra.push_back(L); }

  /// Runs the kernel with the given scalar arguments in r1..r8.
  SimResult run(ArrayRef<int32_t> Args);

  /// The checkers of the last run; null if not asked for (or --ideal).
  const HappensBefore *happensBefore() const { return HB.get(); }
  const RaceChecker *raceChecker() const { return Races.get(); }
  const OverSyncTracker *overSyncTracker() const { return OverSync.get(); }

private:
  const Program &P;
  const NeuronISA::MachineParams &MP;
  Memory &M;
  SimOptions Opts;
  raw_ostream &ErrOS;
  std::vector<ListenerRef> Extra;
  std::unique_ptr<HappensBefore> HB;
  std::unique_ptr<DependenceTracker> Deps;
  std::unique_ptr<RaceChecker> Races;
  std::unique_ptr<OverSyncTracker> OverSync;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
