//===-- SemaphoreStage.h - Semaphores and barriers order engines -*- C++ -*-===//
//
// The machine's own ordering (a timed run): 256 signed 32-bit semaphores,
// incremented by completions and inc, set by semset, each update visible
// SemaphoreLatency cycles after it is issued; waits block a stream until
// (int32)(S - threshold) >= 0; a barrier releases every stream once all
// arrived, every DMA queue drained and every update applied, resetting all
// semaphores. Events are processed in time order.
//
// This is one of the two ordering stages of the pipeline (the other is
// DataflowStage, --ideal): the stream and DMA stages ask it when an
// interacting instruction may run, what a synchronization instruction does,
// and what a completion signals.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_SEMAPHORESTAGE_H
#define NEURONISA_SIM_STAGES_SEMAPHORESTAGE_H

#include "DMAQueue.h"
#include "EngineStream.h"
#include "SimContext.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class SemaphoreStage {
public:
  explicit SemaphoreStage(SimContext &Ctx);
  void connect(EngineStream *Streams, const std::vector<DMAQueue> *Queues) {
    this->Streams = Streams;
    this->Queues = Queues;
  }

  // -- Ordering stage interface (see Pipeline.h) --------------------------
  /// Every instruction executes; none is skipped.
  static bool skips(const Inst &) { return false; }
  /// An interacting instruction of a stream free at Time runs when nothing
  /// is scheduled before Time; otherwise it is rescheduled at Key.
  bool admit(uint64_t Time, uint64_t Seq, uint64_t &Key) {
    if (Time > Ctx.Now) {
      if (!Ctx.Events.mayRunAt(Time)) {
        Key = Time;
        return false;
      }
      Ctx.Now = Time;
    }
    return true;
  }
  void advanceTo(uint64_t Key) { Ctx.Now = Key; }
  /// Cycles from a completion to its visibility.
  uint64_t latency() {
    return Ctx.jitter(
        Ctx.MP.ticks(NeuronISA::Engine::SP, Ctx.MP.SemaphoreLatency));
  }
  /// A data-path instance starts when its agent is free.
  uint64_t start(uint8_t, uint64_t, uint32_t, uint32_t, const Inst &,
                 const ResolvedTile *, uint64_t Free, uint64_t,
                 AgentStats &) {
    return Free;
  }
  void holdTrigger(EngineStream &, const Inst &, uint32_t,
                   const ResolvedTile *, const DMAQueue &, AgentStats &) {}
  uint64_t transferKey(const PendingTransfer &F, const DMAQueue &Q) const {
    return std::max(F.ReadyAt, Q.FreeAt);
  }
  uint64_t transferStart(const DMAQueue &, const PendingTransfer &) const {
    return Ctx.Now;
  }
  /// A completion of I increments its semaphore operand (if any).
  void complete(uint8_t Agent, int16_t Sem, uint64_t VisibleAt,
                const Inst &I) {
    if (Sem >= 0 && mayIncrement(static_cast<uint16_t>(Sem), I))
      issue(Agent, static_cast<uint16_t>(Sem), false, 1, VisibleAt);
  }
  /// Executes wait, waitr, inc, semset or barrier I of stream A at Now.
  /// Returns false if the stream blocks.
  bool synchronize(unsigned A, EngineStream &S, const Inst &I);
  /// Semaphore updates and barrier releases from the event queue.
  void handle(const PendingEvent &E);
  /// After every event: a barrier every stream reached may be scheduled.
  void afterEvent() {
    if (AtBarrier == NeuronISA::NumStreams && !BarrierScheduled)
      scheduleBarrier();
  }
  /// For a deadlock report: a semaphore's value, all non-zero ones.
  int32_t value(unsigned Sem) const { return Values[Sem]; }
  void printState(raw_ostream &OS) const;

private:
  bool satisfied(unsigned Sem, int32_t Threshold) const {
    return int32_t(uint32_t(Values[Sem]) - uint32_t(Threshold)) >= 0;
  }
  bool mayIncrement(uint16_t Sem, const Inst &I);
  void issue(uint8_t Agent, uint16_t Sem, bool IsSet, int32_t Value,
             uint64_t VisibleAt);
  void wake(unsigned Sem);
  void scheduleBarrier();
  void releaseBarrier();

  SimContext &Ctx;
  EngineStream *Streams = nullptr;
  const std::vector<DMAQueue> *Queues = nullptr;
  std::vector<int32_t> Values;
  std::vector<uint32_t> PendingIncs; // issued increments not visible yet
  std::vector<SmallVector<uint8_t, 2>> Waiters;
  uint64_t PendingUpdates = 0;
  std::vector<uint32_t> FreeIds;
  uint32_t NextId = 0;
  unsigned AtBarrier = 0;
  uint32_t BarrierInst = 0;
  bool BarrierScheduled = false;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
