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
#include "NeuronISASyncGenerator.h"
#include "llvm/ADT/BitVector.h"
#include <vector>

namespace llvm {
class MachineFunction;
class MachineLoopInfo;

namespace NeuronISA {

class BarrierSync {
public:
  explicit BarrierSync(SyncGenerator &Gen);

  void run();

  /// Blocks that the baseline starts with a barrier before any join
  /// balancing: loop headers, loop exits and targets of retreating edges.
  static BitVector loopBarrierBlocks(MachineFunction &MF,
                                     const MachineLoopInfo &MLI);

private:
  SyncGenerator &Gen;
  const EngineDependences &Deps;
  BitVector Barrier; // by block number
  /// Per (block number, agent): increments since the last barrier at block
  /// entry and exit, and padding increments before the terminators.
  std::vector<int64_t> EntryCount, ExitCount, Padding;
  WaitRequests Waits; // per consumer site

  int64_t &at(std::vector<int64_t> &V, const MachineBasicBlock &B,
              AgentId F) {
    return V[size_t(B.getNumber()) * NumAgents + F];
  }
  void placeBarriers();
  void balanceJoin(MachineBasicBlock &B);
  void computeThresholds();
  void emit();
};

} // namespace NeuronISA
} // namespace llvm

#endif
