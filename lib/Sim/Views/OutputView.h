//===-- OutputView.h - Output buffers against their references --*- C++ -*-===//

#ifndef NEURONISA_SIM_VIEWS_OUTPUTVIEW_H
#define NEURONISA_SIM_VIEWS_OUTPUTVIEW_H

#include "KernelArgs.h"
#include "View.h"
#include <vector>

namespace llvm {
namespace neuronisa_sim {

/// For every out:...:expect=REF argument: match or the first mismatch, and
/// the largest absolute error.
class OutputView : public View {
public:
  OutputView(const std::vector<Comparison> &Comparisons,
             const std::vector<KernelArg> &Args)
      : Comparisons(Comparisons), Args(Args) {}
  void printView(raw_ostream &OS) const override;
  void toJSON(json::OStream &J) const override;

private:
  const std::vector<Comparison> &Comparisons;
  const std::vector<KernelArg> &Args;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
