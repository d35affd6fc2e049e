//===-- Report.cpp - Text and JSON reports --------------------------------===//

#include "Report.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

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
  }
  return "?";
}

static bool shown(const AgentStats &S, unsigned A) {
  return A < NeuronISA::NumStreams || S.Instructions;
}

void neuronisa_sim::printTextReport(raw_ostream &OS, const ReportInput &In) {
  const SimResult &R = In.R;
  OS << "kernel: " << In.P.KernelName << "\n";
  OS << "mode: " << (In.Ideal ? "ideal (dataflow limit)" : "synchronized")
     << "\n";
  OS << "status: " << statusName(R.St) << "\n";
  OS << "total cycles: " << R.TotalCycles << "\n";
  OS << "dynamic instructions: " << R.DynamicInstructions << "\n";
  OS << "simulated instructions: " << R.SimulatedInstructions << "\n";
  OS << format("%-8s %12s %12s %12s %12s %10s\n", "agent", "busy", "idle",
               "stalled", "instrs", "sync");
  for (unsigned A = 0; A != R.Agents.size(); ++A) {
    const AgentStats &S = R.Agents[A];
    if (!shown(S, A))
      continue;
    uint64_t Idle = R.TotalCycles - std::min(R.TotalCycles, S.Busy + S.Stalled);
    OS << format("%-8s %12llu %12llu %12llu %12llu %10llu\n",
                 NeuronISA::agentName(A).c_str(),
                 (unsigned long long)S.Busy, (unsigned long long)Idle,
                 (unsigned long long)S.Stalled,
                 (unsigned long long)S.Instructions,
                 (unsigned long long)S.SyncInstructions);
  }
  if (R.RacesChecked)
    OS << "races: " << R.Races << " (" << R.RacePairs
       << " instruction pairs)\n";
  else
    OS << "races: not checked\n";
  if (R.PrecisionChecked) {
    uint64_t Waits = 0;
    for (const OverSyncSite &S : R.Sites)
      Waits += S.OverCycles != 0;
    OS << "over-synchronization: " << R.OverSyncCycles << " cycles at "
       << Waits << " sites\n";
    for (const OverSyncSite &S : R.Sites) {
      if (!S.OverCycles)
        continue;
      OS << "  " << In.P.describe(In.P.Insts[S.Inst]) << ": " << S.OverCycles
         << " cycles over " << S.OverInstances << " of " << S.Blocks
         << " blocks (blocked " << S.BlockedCycles << " cycles)\n";
    }
    OS << "trailing blocked cycles: " << R.TrailingBlockedCycles << "\n";
  } else {
    OS << "over-synchronization: not checked\n";
  }
  for (const Comparison &C : In.Comparisons) {
    OS << "output arg" << C.ArgIdx + 1 << " ("
       << In.Args[C.ArgIdx].Expect << "): "
       << (C.Ok ? "match" : "MISMATCH");
    if (!C.Ok)
      OS << ": " << C.Message;
    OS << format(", max abs error %g\n", C.MaxAbsErr);
  }
}

void neuronisa_sim::printJSONReport(raw_ostream &OS, const ReportInput &In) {
  const SimResult &R = In.R;
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("kernel", In.P.KernelName);
    J.attribute("mode", In.Ideal ? "ideal" : "synchronized");
    J.attribute("status", statusName(R.St));
    J.attribute("total_cycles", int64_t(R.TotalCycles));
    J.attribute("dynamic_instructions", int64_t(R.DynamicInstructions));
    J.attribute("simulated_instructions", int64_t(R.SimulatedInstructions));
    J.attributeArray("agents", [&] {
      for (unsigned A = 0; A != R.Agents.size(); ++A) {
        const AgentStats &S = R.Agents[A];
        if (!shown(S, A))
          continue;
        uint64_t Idle =
            R.TotalCycles - std::min(R.TotalCycles, S.Busy + S.Stalled);
        J.object([&] {
          J.attribute("name", NeuronISA::agentName(A));
          J.attribute("busy", int64_t(S.Busy));
          J.attribute("idle", int64_t(Idle));
          J.attribute("stalled", int64_t(S.Stalled));
          J.attribute("instructions", int64_t(S.Instructions));
          J.attribute("sync_instructions", int64_t(S.SyncInstructions));
          J.attribute("finish", int64_t(S.Finish));
        });
      }
    });
    if (R.RacesChecked) {
      J.attribute("races", int64_t(R.Races));
      J.attribute("race_pairs", int64_t(R.RacePairs));
    } else {
      J.attribute("races", nullptr);
    }
    if (R.PrecisionChecked) {
      J.attribute("over_sync_cycles", int64_t(R.OverSyncCycles));
      J.attribute("trailing_blocked_cycles", int64_t(R.TrailingBlockedCycles));
      J.attributeArray("sync_sites", [&] {
        for (const OverSyncSite &S : R.Sites)
          J.object([&] {
            const Inst &I = In.P.Insts[S.Inst];
            J.attribute("instruction", In.P.name(I));
            J.attribute("line", I.Line);
            J.attribute("blocks", int64_t(S.Blocks));
            J.attribute("blocked_cycles", int64_t(S.BlockedCycles));
            J.attribute("over_sync_cycles", int64_t(S.OverCycles));
            J.attribute("over_sync_blocks", int64_t(S.OverInstances));
          });
      });
    } else {
      J.attribute("over_sync_cycles", nullptr);
    }
    J.attributeArray("outputs", [&] {
      for (const Comparison &C : In.Comparisons)
        J.object([&] {
          J.attribute("arg", C.ArgIdx + 1);
          J.attribute("expect", In.Args[C.ArgIdx].Expect);
          J.attribute("match", C.Ok);
          J.attribute("mismatches", int64_t(C.Mismatches));
          J.attribute("max_abs_error", C.MaxAbsErr);
        });
    });
  });
  OS << "\n";
}
