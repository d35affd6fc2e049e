//===-- SimResult.h - Options and results of a simulation -------*- C++ -*-===//

#ifndef NEURONISA_SIM_SIMRESULT_H
#define NEURONISA_SIM_SIMRESULT_H

#include <cstdint>
#include <optional>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

struct SimOptions {
  /// The dataflow limit: synchronization is ignored and each data-path
  /// instance starts when its conflicting predecessors (program order) have
  /// completed. No checker runs in this mode.
  bool Ideal = false;
  bool CheckRaces = true;
  bool CheckOverSync = true;
  /// Randomize data-path, DMA and semaphore latencies (x U[0.5, 2]).
  std::optional<uint64_t> JitterSeed;
  /// Dynamic instructions (sequential trace length) before giving up.
  uint64_t MaxInstructions = 1000000000;
  /// Simulated cycles before giving up: a bound on the kernel's time that
  /// does not depend on how its loops are written.
  uint64_t MaxCycles = 10000000000;
  /// Wall-clock seconds before giving up (0: none). Instructions and cycles
  /// do not bound the simulator's own time: one full-size data-path
  /// instruction takes about half a millisecond to simulate.
  uint64_t TimeoutSeconds = 600;
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

struct SimResult {
  enum class Status {
    Finished,
    RuntimeError,
    Deadlock,
    InstructionLimit,
    CycleLimit,
    TimeLimit
  };
  Status St = Status::Finished;
  uint64_t TotalCycles = 0;
  std::vector<AgentStats> Agents;     // NumStreams + NumDMAQueues
  uint64_t DynamicInstructions = 0;   // sequential trace length
  uint64_t SimulatedInstructions = 0; // executed by all streams + transfers
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
