//===-- Trace.h - Chrome trace-event output ---------------------*- C++ -*-===//
//
// Collects one complete event ("ph":"X") per data-path instruction, DMA
// transfer, blocked wait and barrier, with one track (tid) per agent, and
// writes the Chrome trace-event JSON format that Perfetto and
// chrome://tracing open. Timestamps are cycles (shown as microseconds).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_TRACE_H
#define NEURONISA_SIM_TRACE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class TraceWriter {
public:
  explicit TraceWriter(uint64_t MaxEvents = 2000000) : MaxEvents(MaxEvents) {}

  void complete(unsigned Agent, StringRef Name, uint64_t Start, uint64_t Dur,
                unsigned Line, StringRef Category) {
    if (Events.size() >= MaxEvents) {
      ++Dropped;
      return;
    }
    Events.push_back({Start, Dur, Agent, Line, Name.str(), Category.str()});
  }
  uint64_t dropped() const { return Dropped; }
  /// Writes the JSON document; AgentNames[tid] names each track.
  void write(raw_ostream &OS, const std::vector<std::string> &AgentNames) const;

private:
  struct Event {
    uint64_t Start, Dur;
    unsigned Agent, Line;
    std::string Name, Category;
  };
  uint64_t MaxEvents;
  uint64_t Dropped = 0;
  std::vector<Event> Events;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
