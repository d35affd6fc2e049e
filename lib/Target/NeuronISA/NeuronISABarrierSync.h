//===-- NeuronISABarrierSync.h - Barrier baseline sync ----------*- C++ -*-===//
//
// The baseline (-neuronisa-sync=barrier), what the Neuron compiler does: a
// BARRIER (drain every engine and DMA queue, reset every semaphore) at the
// start of every loop header and loop exit block, so that the code between
// barriers is acyclic and every wait threshold is a constant counted from
// the last barrier. Joins whose paths arrive with different counts are
// balanced with E.inc padding (stream agents, when every incoming block has
// the join as its only successor) or get a barrier of their own.
// docs/Synchronization.md describes it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISABARRIERSYNC_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISABARRIERSYNC_H

#include "NeuronISADependenceAnalysis.h"
#include "NeuronISASyncCommon.h"

namespace llvm {
class MachineFunction;
class MachineLoopInfo;

namespace NeuronISA {

class BarrierSync {
public:
  BarrierSync(MachineFunction &MF, const DependenceInfo &DI,
              const MachineLoopInfo &MLI, SyncReport &Report)
      : MF(MF), DI(DI), MLI(MLI), Report(Report) {}

  void run();

  /// Blocks that the baseline starts with a barrier before any join
  /// balancing: loop headers, loop exits and targets of retreating edges.
  static BitVector loopBarrierBlocks(MachineFunction &MF,
                                     const MachineLoopInfo &MLI);

private:
  MachineFunction &MF;
  const DependenceInfo &DI;
  const MachineLoopInfo &MLI;
  SyncReport &Report;
};

} // namespace NeuronISA
} // namespace llvm

#endif
