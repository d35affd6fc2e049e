//===-- TraceWriter.h - Chrome trace-event output ---------------*- C++ -*-===//
//
// Writes a run as Chrome trace-event JSON (Perfetto and chrome://tracing
// open it), one track (tid) per stream and DMA queue, timestamps in cycles
// (shown as microseconds):
//   data         a data-path instruction on its engine;
//   dma-trigger  SP triggering a transfer; dma: the transfer on its queue;
//   sync         a stream blocked in a wait ("blocked: act.wait", with the
//                semaphore and threshold) or at a barrier;
//   sync-op      a wait, inc or semset executing (its fixed cost);
//   control      a scalar or branch instruction;
// and one counter track per semaphore the kernel uses, with its value over
// time: a timeline shows why an engine waited and what released it.
//
// Events are kept compactly and named when written. At most MaxEvents are
// kept; the number dropped is written too.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_LISTENERS_TRACEWRITER_H
#define NEURONISA_SIM_LISTENERS_TRACEWRITER_H

#include "SimListener.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <vector>

namespace llvm {
namespace json {
class OStream;
} // namespace json
namespace neuronisa_sim {

class Program;

class TraceWriter : public SimListener {
public:
  /// NumAgents tracks: the streams, then the DMA queues.
  TraceWriter(const Program &P, unsigned NumAgents,
              uint64_t MaxEvents = 2000000)
      : P(P), NumAgents(NumAgents), MaxEvents(MaxEvents) {}

  bool wantsControlEvents() const override { return true; }
  void onStart(const EngineStream *) override;
  void onDataPath(const DataPathEvent &E) override;
  void onDMATrigger(const DMATriggerEvent &E) override;
  void onInstruction(const InstructionEvent &E) override;
  void onBlocked(const BlockedEvent &E) override;
  void onSemaphoreVisible(const SemaphoreEvent &E) override;
  void onBarrierRelease(uint64_t Time) override;

  uint64_t dropped() const { return Dropped; }
  /// Writes the JSON document.
  void write(raw_ostream &OS) const;

  /// What a record is (a duration of an instruction, or a counter value).
  enum class Kind : uint8_t {
    Data,
    DMATrigger,
    Transfer,
    Blocked,
    Barrier,
    SyncOp,
    Control,
    Counter
  };

private:
  struct Record {
    uint64_t Start, Dur;
    uint32_t InstIdx; // or the semaphore of a counter
    uint8_t Agent;
    Kind K;
    int16_t Sem;   // of a blocked wait
    int32_t Value; // threshold of a blocked wait; value of a counter
  };
  void add(const Record &R) {
    if (Records.size() >= MaxEvents) {
      ++Dropped;
      return;
    }
    Records.push_back(R);
  }
  /// The process and thread names and order of the viewer.
  void writeMetadata(json::OStream &J) const;
  void writeRecord(json::OStream &J, const Record &R) const;
  void counter(unsigned Sem, uint64_t Time, int32_t Value) {
    add({Time, 0, Sem, 0, Kind::Counter, 0, Value});
    Values[Sem] = Value;
  }

  const Program &P;
  unsigned NumAgents;
  uint64_t MaxEvents;
  uint64_t Dropped = 0;
  std::vector<Record> Records;
  std::vector<int32_t> Values; // of each semaphore, as traced
  std::vector<bool> Used;      // the semaphores the kernel names
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
