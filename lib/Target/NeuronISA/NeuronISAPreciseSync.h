//===-- NeuronISAPreciseSync.h - Barrier-free precise sync ------*- C++ -*-===//
//
// The precise algorithm (-neuronisa-sync=precise): every consumer waits for
// exactly the latest earlier instance, in program order, of each conflicting
// producer on every other agent, with thresholds computed at run time from
// counters in reserved registers. No barriers. docs/Synchronization.md gives
// the algorithm and the argument that it is exact.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAPRECISESYNC_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAPRECISESYNC_H

#include "NeuronISADependenceAnalysis.h"
#include "NeuronISASyncCommon.h"

namespace llvm {
class MachineFunction;
class MachineLoopInfo;

namespace NeuronISA {

class PreciseSync {
public:
  PreciseSync(MachineFunction &MF, const DependenceInfo &DI,
              const MachineLoopInfo &MLI, SyncReport &Report)
      : MF(MF), DI(DI), MLI(MLI), Report(Report) {}

  /// Inserts the synchronization. Returns false, having changed nothing,
  /// when the agents' counters alone do not fit in the reserved registers
  /// (the caller then falls back to the barrier algorithm).
  bool run();

private:
  MachineFunction &MF;
  const DependenceInfo &DI;
  const MachineLoopInfo &MLI;
  SyncReport &Report;
};

} // namespace NeuronISA
} // namespace llvm

#endif
