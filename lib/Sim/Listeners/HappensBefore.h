//===-- HappensBefore.h - Vector clocks over a run --------------*- C++ -*-===//
//
// Happens-before between the agents (the 5 streams and the DMA queues), as
// the hardware guarantees it: program order on a stream; DMA trigger ->
// start of its transfer; FIFO order on a queue; a semaphore increment
// (completion or inc) -> a wait that needed it; semset -> later waits; a
// barrier joins everything. A wait for S >= T acquires exactly the set that
// began S's current history and the increments that took it to T
// (SemaphoreClocks, VectorClock.h); histories are pruned of entries no
// future wait can learn from (docs/Simulator.md, "Semaphore histories").
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_LISTENERS_HAPPENSBEFORE_H
#define NEURONISA_SIM_LISTENERS_HAPPENSBEFORE_H

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "SimListener.h"
#include "VectorClock.h"
#include "llvm/ADT/ArrayRef.h"
#include <deque>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class Program;

class HappensBefore : public SimListener {
public:
  HappensBefore(const Program &P, const NeuronISA::MachineParams &MP);

  /// Agent's clock: what it knows now.
  const VectorClock &clock(unsigned Agent) const { return Clocks[Agent]; }
  /// Most entries any semaphore's history held at once.
  uint64_t maxSemaphoreHistory() const { return MaxHistory; }

  void onStart(const EngineStream *Streams) override;
  void onDataPath(const DataPathEvent &E) override;
  void onDMATrigger(const DMATriggerEvent &E) override;
  void onWaitPassed(const WaitEvent &E) override;
  void onSemaphoreIssued(const SemaphoreEvent &E) override;
  void onSemaphoreVisible(const SemaphoreEvent &E) override;
  void onBarrierRelease(uint64_t Time) override;

private:
  void buildWaitReach();
  /// True if stream A, at its current PC, can reach a wait on Sem without
  /// passing a barrier (or is blocked in one).
  bool mayWaitOn(unsigned A, unsigned Sem) const;
  /// Drops the history entries of Sem that no future wait needs.
  void prune(unsigned Sem);

  const Program &P;
  const NeuronISA::MachineParams &MP;
  const EngineStream *Streams = nullptr;
  std::vector<VectorClock> Clocks; // streams, then queues
  /// Per queue: SP's clock at each pending transfer's trigger, in order.
  std::vector<std::deque<VectorClock>> TriggerClocks;
  /// The issuer's clock of each semaphore update in flight, by update id.
  std::vector<VectorClock> InFlight;
  SemaphoreClocks Histories;
  /// WaitReach[A][PC * ReachWords + w]: bit set of the semaphores that
  /// stream A can wait on from PC before any barrier.
  std::vector<std::vector<uint64_t>> WaitReach;
  unsigned ReachWords = 0;
  std::vector<size_t> NextPrune; // history size that triggers a prune
  uint64_t MaxHistory = 0;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
