//===-- View.cpp - One part of the simulator's report ---------------------===//

#include "View.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

View::~View() = default;

void neuronisa_sim::printTextReport(raw_ostream &OS,
                                    ArrayRef<const View *> Views) {
  for (const View *V : Views)
    V->printView(OS);
}

void neuronisa_sim::printJSONReport(raw_ostream &OS,
                                    ArrayRef<const View *> Views) {
  json::OStream J(OS, 2);
  J.object([&] {
    for (const View *V : Views)
      V->toJSON(J);
  });
  OS << "\n";
}
