//===-- SummaryView.cpp - Status, cycles and per-agent activity -----------===//

#include "SummaryView.h"
#include "Program.h"
#include "llvm/Support/Format.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

const char *neuronisa_sim::statusName(SimResult::Status S) {
  switch (S) {
  case SimResult::Status::Finished:
    return "finished";
  case SimResult::Status::RuntimeError:
    return "runtime-error";
  case SimResult::Status::Deadlock:
    return "deadlock";
  case SimResult::Status::InstructionLimit:
    return "instruction-limit";
  case SimResult::Status::CycleLimit:
    return "cycle-limit";
  case SimResult::Status::TimeLimit:
    return "time-limit";
  }
  return "?";
}

/// Streams are always shown, queues when they ran something.
static bool shown(const AgentStats &S, unsigned A) {
  return A < NeuronISA::NumStreams || S.Instructions;
}

static uint64_t idle(const SimResult &R, const AgentStats &S) {
  return R.TotalCycles - std::min(R.TotalCycles, S.Busy + S.Stalled);
}

void SummaryView::printView(raw_ostream &OS) const {
  OS << "kernel: " << P.KernelName << "\n";
  OS << "mode: " << (Ideal ? "ideal (dataflow limit)" : "synchronized")
     << "\n";
  OS << "status: " << statusName(R.St) << "\n";
  OS << "total cycles: " << R.TotalCycles << "\n";
  OS << format("time: %.3f us (cycles at %u MHz, machine %s)\n",
               MP.microseconds(R.TotalCycles), MP.TickMHz, P.CPU.c_str());
  OS << "dynamic instructions: " << R.DynamicInstructions << "\n";
  OS << "simulated instructions: " << R.SimulatedInstructions << "\n";
  OS << format("%-8s %12s %12s %12s %12s %10s\n", "agent", "busy", "idle",
               "stalled", "instrs", "sync");
  for (unsigned A = 0; A != R.Agents.size(); ++A) {
    const AgentStats &S = R.Agents[A];
    if (!shown(S, A))
      continue;
    OS << format("%-8s %12llu %12llu %12llu %12llu %10llu\n",
                 NeuronISA::agentName(A).c_str(), (unsigned long long)S.Busy,
                 (unsigned long long)idle(R, S),
                 (unsigned long long)S.Stalled,
                 (unsigned long long)S.Instructions,
                 (unsigned long long)S.SyncInstructions);
  }
}

void SummaryView::toJSON(json::OStream &J) const {
  J.attribute("kernel", P.KernelName);
  J.attribute("mode", Ideal ? "ideal" : "synchronized");
  J.attribute("status", statusName(R.St));
  J.attribute("total_cycles", int64_t(R.TotalCycles));
  J.attribute("time_us", MP.microseconds(R.TotalCycles));
  J.attribute("cycle_mhz", int64_t(MP.TickMHz));
  J.attribute("cpu", P.CPU);
  J.attribute("dynamic_instructions", int64_t(R.DynamicInstructions));
  J.attribute("simulated_instructions", int64_t(R.SimulatedInstructions));
  J.attributeArray("agents", [&] {
    for (unsigned A = 0; A != R.Agents.size(); ++A) {
      const AgentStats &S = R.Agents[A];
      if (!shown(S, A))
        continue;
      J.object([&] {
        J.attribute("name", NeuronISA::agentName(A));
        J.attribute("busy", int64_t(S.Busy));
        J.attribute("idle", int64_t(idle(R, S)));
        J.attribute("stalled", int64_t(S.Stalled));
        J.attribute("instructions", int64_t(S.Instructions));
        J.attribute("sync_instructions", int64_t(S.SyncInstructions));
        J.attribute("finish", int64_t(S.Finish));
      });
    }
  });
}
