//===-- OutputView.cpp - Output buffers against their references ----------===//

#include "OutputView.h"
#include "llvm/Support/Format.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

void OutputView::printView(raw_ostream &OS) const {
  for (const Comparison &C : Comparisons) {
    OS << "output arg" << C.ArgIdx + 1 << " (" << Args[C.ArgIdx].Expect
       << "): " << (C.Ok ? "match" : "MISMATCH");
    if (!C.Ok)
      OS << ": " << C.Message;
    OS << format(", max abs error %g\n", C.MaxAbsErr);
  }
}

void OutputView::toJSON(json::OStream &J) const {
  J.attributeArray("outputs", [&] {
    for (const Comparison &C : Comparisons)
      J.object([&] {
        J.attribute("arg", C.ArgIdx + 1);
        J.attribute("expect", Args[C.ArgIdx].Expect);
        J.attribute("match", C.Ok);
        J.attribute("mismatches", int64_t(C.Mismatches));
        J.attribute("max_abs_error", C.MaxAbsErr);
      });
  });
}
