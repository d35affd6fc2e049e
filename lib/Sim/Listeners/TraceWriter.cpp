//===-- Trace.cpp - Chrome trace-event output -----------------------------===//

#include "Trace.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

void TraceWriter::write(raw_ostream &OS,
                        const std::vector<std::string> &AgentNames) const {
  json::OStream J(OS);
  J.object([&] {
    J.attribute("displayTimeUnit", "ns");
    J.attributeObject("otherData", [&] {
      J.attribute("time_unit", "1 us in the viewer = 1 cycle");
      J.attribute("dropped_events", int64_t(Dropped));
    });
    J.attributeArray("traceEvents", [&] {
      J.object([&] {
        J.attribute("name", "process_name");
        J.attribute("ph", "M");
        J.attribute("pid", 0);
        J.attributeObject("args", [&] { J.attribute("name", "NeuronCore"); });
      });
      for (unsigned K = 0; K != AgentNames.size(); ++K) {
        J.object([&] {
          J.attribute("name", "thread_name");
          J.attribute("ph", "M");
          J.attribute("pid", 0);
          J.attribute("tid", K);
          J.attributeObject("args",
                            [&] { J.attribute("name", AgentNames[K]); });
        });
        J.object([&] {
          J.attribute("name", "thread_sort_index");
          J.attribute("ph", "M");
          J.attribute("pid", 0);
          J.attribute("tid", K);
          J.attributeObject("args", [&] { J.attribute("sort_index", K); });
        });
      }
      for (const Event &E : Events)
        J.object([&] {
          J.attribute("name", E.Name);
          J.attribute("cat", E.Category);
          J.attribute("ph", "X");
          J.attribute("pid", 0);
          J.attribute("tid", E.Agent);
          J.attribute("ts", int64_t(E.Start));
          J.attribute("dur", int64_t(E.Dur));
          J.attributeObject("args", [&] { J.attribute("line", E.Line); });
        });
    });
  });
  OS << "\n";
}
