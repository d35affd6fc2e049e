//===-- TraceWriter.cpp - Chrome trace-event output -----------------------===//

#include "TraceWriter.h"
#include "Program.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

void TraceWriter::onStart(const EngineStream *) {
  // Every semaphore the kernel names starts at 0.
  unsigned NumSems = 0;
  for (const Inst &I : P.Insts)
    NumSems = std::max<unsigned>(NumSems, I.Sem + 1);
  Values.assign(NumSems, 0);
  Used.assign(NumSems, false);
  for (const Inst &I : P.Insts)
    if (I.Sem >= 0)
      Used[I.Sem] = true;
  for (unsigned S = 0; S != NumSems; ++S)
    if (Used[S])
      counter(S, 0, 0);
}

void TraceWriter::onDataPath(const DataPathEvent &E) {
  add({E.Start, E.Cost, E.InstIdx, E.Agent,
       NeuronISA::isDMAQueueAgent(E.Agent) ? Kind::Transfer : Kind::Data, 0,
       0});
}

void TraceWriter::onDMATrigger(const DMATriggerEvent &E) {
  add({E.Start, E.Cost, E.InstIdx, E.Agent, Kind::DMATrigger, 0, 0});
}

void TraceWriter::onInstruction(const InstructionEvent &E) {
  add({E.Start, E.Cost, E.InstIdx, E.Agent,
       isControlOp(E.I.Kind) ? Kind::Control : Kind::SyncOp, 0, 0});
}

void TraceWriter::onBlocked(const BlockedEvent &E) {
  add({E.Start, E.End - E.Start, E.Site, E.Agent,
       E.Sem < 0 ? Kind::Barrier : Kind::Blocked, E.Sem, E.Threshold});
}

void TraceWriter::onSemaphoreVisible(const SemaphoreEvent &E) {
  if (E.Sem < Values.size())
    counter(E.Sem, E.Time, E.Value);
}

void TraceWriter::onBarrierRelease(uint64_t Time) {
  for (unsigned S = 0; S != Values.size(); ++S)
    if (Values[S])
      counter(S, Time, 0);
}

/// The name and category of a duration record of instruction I.
static std::pair<std::string, const char *>
nameAndCategory(const Program &P, const Inst &I, TraceWriter::Kind K) {
  using Kind = TraceWriter::Kind;
  switch (K) {
  case Kind::Data:
    return {P.name(I).str(), "data"};
  case Kind::DMATrigger:
    return {P.name(I).str(), "dma-trigger"};
  case Kind::Transfer:
    return {P.name(I).str(), "dma"};
  case Kind::Blocked:
    return {"blocked: " + P.name(I).str(), "sync"};
  case Kind::Barrier:
    return {"barrier", "sync"};
  case Kind::SyncOp:
    return {P.name(I).str(), "sync-op"};
  case Kind::Control:
    return {P.name(I).str(), "control"};
  case Kind::Counter:
    break;
  }
  return {"", ""};
}

void TraceWriter::writeMetadata(json::OStream &J) const {
  J.object([&] {
    J.attribute("name", "process_name");
    J.attribute("ph", "M");
    J.attribute("pid", 0);
    J.attributeObject("args", [&] { J.attribute("name", "NeuronCore"); });
  });
  for (unsigned K = 0; K != NumAgents; ++K) {
    J.object([&] {
      J.attribute("name", "thread_name");
      J.attribute("ph", "M");
      J.attribute("pid", 0);
      J.attribute("tid", K);
      J.attributeObject("args",
                        [&] { J.attribute("name", NeuronISA::agentName(K)); });
    });
    J.object([&] {
      J.attribute("name", "thread_sort_index");
      J.attribute("ph", "M");
      J.attribute("pid", 0);
      J.attribute("tid", K);
      J.attributeObject("args", [&] { J.attribute("sort_index", K); });
    });
  }
}

void TraceWriter::writeRecord(json::OStream &J, const Record &R) const {
  if (R.K == Kind::Counter) {
    J.object([&] {
      J.attribute("name", "s" + std::to_string(R.InstIdx));
      J.attribute("cat", "semaphore");
      J.attribute("ph", "C");
      J.attribute("pid", 0);
      J.attribute("ts", int64_t(R.Start));
      J.attributeObject("args", [&] { J.attribute("value", R.Value); });
    });
    return;
  }
  const Inst &I = P.Insts[R.InstIdx];
  // Not a structured binding: lambdas capture those only from C++20.
  auto NameCat = nameAndCategory(P, I, R.K);
  J.object([&] {
    J.attribute("name", NameCat.first);
    J.attribute("cat", NameCat.second);
    J.attribute("ph", "X");
    J.attribute("pid", 0);
    J.attribute("tid", R.Agent);
    J.attribute("ts", int64_t(R.Start));
    J.attribute("dur", int64_t(R.Dur));
    J.attributeObject("args", [&] {
      J.attribute("line", I.Line);
      if (R.K == Kind::Blocked) {
        J.attribute("semaphore", "s" + std::to_string(R.Sem));
        J.attribute("threshold", R.Value);
      }
    });
  });
}

void TraceWriter::write(raw_ostream &OS) const {
  json::OStream J(OS);
  J.object([&] {
    J.attribute("displayTimeUnit", "ns");
    J.attributeObject("otherData", [&] {
      J.attribute("time_unit", "1 us in the viewer = 1 cycle");
      J.attribute("dropped_events", int64_t(Dropped));
    });
    J.attributeArray("traceEvents", [&] {
      writeMetadata(J);
      for (const Record &R : Records)
        writeRecord(J, R);
    });
  });
  OS << "\n";
}
