//===-- Simulator.h - Cycle-level multi-engine execution --------*- C++ -*-===//
//
// Runs a Program on the five streams (PE, ACT, DVE, POOL, SP) and the DMA
// queues. Every stream runs the whole program on its own program counter and
// registers; control instructions run locally and cost their cycles on that
// stream only, so a stream runs ahead without events until it reaches an
// instruction that interacts with others (data path, synchronization,
// barrier). Those are processed in global time order through an event queue,
// together with semaphore updates (visible SemaphoreLatency cycles after the
// increment) and DMA transfers (FIFO per queue).
//
// In --ideal mode synchronization instructions are skipped at no cost and each
// data-path instance instead starts when every earlier conflicting instance
// (program order) has completed: interacting instructions are processed in
// program order and their times computed by the dataflow recurrence.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_SIMULATOR_H
#define NEURONISA_SIM_SIMULATOR_H

#include "Memory.h"
#include "Program.h"
#include "VectorClock.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class TraceWriter;

struct SimOptions {
  bool Ideal = false;
  bool CheckRaces = true;
  bool CheckPrecision = true;
  /// Randomize data-path, DMA and semaphore latencies (x U[0.5, 2]).
  std::optional<uint64_t> JitterSeed;
  /// Dynamic instructions (sequential trace length) before giving up.
  uint64_t MaxInstructions = 1000000000;
  TraceWriter *Trace = nullptr;
};

/// Per agent (stream or DMA queue) statistics.
struct AgentStats {
  uint64_t Busy = 0;    // executing (control, data path, fixed sync costs)
  uint64_t Stalled = 0; // blocked in waits and barriers (ideal: on deps)
  uint64_t Instructions = 0;
  uint64_t SyncInstructions = 0;
  uint64_t Finish = 0;
  bool Used = false;
};

struct OverSyncSite {
  uint32_t Inst;
  uint64_t Blocks, BlockedCycles, OverCycles, OverInstances;
};

struct SimResult {
  enum class Status { Finished, RuntimeError, Deadlock, InstructionLimit };
  Status St = Status::Finished;
  uint64_t TotalCycles = 0;
  std::vector<AgentStats> Agents; // NumStreams + NumDMAQueues
  uint64_t DynamicInstructions = 0;   // sequential trace length
  uint64_t SimulatedInstructions = 0; // executed by all streams + transfers
  bool RacesChecked = false, PrecisionChecked = false;
  uint64_t Races = 0;
  uint64_t RacePairs = 0;
  uint64_t OverSyncCycles = 0;
  uint64_t TrailingBlockedCycles = 0;
  std::vector<OverSyncSite> Sites; // sorted by OverCycles, descending
  /// Most entries any semaphore's happens-before history held at once.
  uint64_t MaxSemaphoreHistory = 0;
};

class Simulator {
public:
  Simulator(const Program &P, const NeuronISA::MachineParams &MP, Memory &M,
            const SimOptions &Opts, raw_ostream &ErrOS);
  ~Simulator();
  /// Runs the kernel with the given scalar arguments in r1..r8.
  SimResult run(ArrayRef<int32_t> Args);

private:
  class Impl;
  std::unique_ptr<Impl> PImpl;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
