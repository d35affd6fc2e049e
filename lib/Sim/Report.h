//===-- Report.h - Text and JSON reports ------------------------*- C++ -*-===//

#ifndef NEURONISA_SIM_REPORT_H
#define NEURONISA_SIM_REPORT_H

#include "KernelArgs.h"
#include "Program.h"
#include "Simulator.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace neuronisa_sim {

struct ReportInput {
  const Program &P;
  const SimResult &R;
  bool Ideal;
  const std::vector<Comparison> &Comparisons;
  const std::vector<KernelArg> &Args;
};

void printTextReport(raw_ostream &OS, const ReportInput &In);
void printJSONReport(raw_ostream &OS, const ReportInput &In);
/// "finished", "runtime-error", "deadlock" or "instruction-limit".
const char *statusName(SimResult::Status S);

} // namespace neuronisa_sim
} // namespace llvm

#endif
