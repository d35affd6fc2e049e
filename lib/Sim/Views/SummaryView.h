//===-- SummaryView.h - Status, cycles and per-agent activity ---*- C++ -*-===//
//
// kernel, mode, status, total cycles, dynamic instructions (sequential trace
// length), simulated instructions (all streams plus DMA transfers), and per
// agent (streams always, queues when used): busy, idle, stalled cycles,
// instructions and synchronization instructions.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_VIEWS_SUMMARYVIEW_H
#define NEURONISA_SIM_VIEWS_SUMMARYVIEW_H

#include "SimResult.h"
#include "View.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"

namespace llvm {
namespace neuronisa_sim {

class Program;

/// "finished", "runtime-error", "deadlock" or "instruction-limit".
const char *statusName(SimResult::Status S);

class SummaryView : public View {
public:
  /// MP: the machine the kernel ran on (its clock converts cycles to time).
  SummaryView(const Program &P, const SimResult &R,
              const NeuronISA::MachineParams &MP, bool Ideal)
      : P(P), R(R), MP(MP), Ideal(Ideal) {}
  void printView(raw_ostream &OS) const override;
  void toJSON(json::OStream &J) const override;

private:
  const Program &P;
  const SimResult &R;
  const NeuronISA::MachineParams &MP;
  bool Ideal;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
