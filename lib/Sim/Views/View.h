//===-- View.h - One part of the simulator's report -------------*- C++ -*-===//
//
// The report is a sequence of views (as in llvm-mca): each prints its part as
// text and as attributes of the one JSON object of --report=json. Views
// write their JSON keys themselves, in a fixed order, so the report reads
// the same every time.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_VIEWS_VIEW_H
#define NEURONISA_SIM_VIEWS_VIEW_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
namespace neuronisa_sim {

class View {
public:
  virtual ~View();
  virtual void printView(raw_ostream &OS) const = 0;
  /// Adds this view's attributes to the report object J is writing.
  virtual void toJSON(json::OStream &J) const = 0;
};

/// The views' text, in order.
void printTextReport(raw_ostream &OS, ArrayRef<const View *> Views);
/// One JSON object with every view's attributes, in order.
void printJSONReport(raw_ostream &OS, ArrayRef<const View *> Views);

} // namespace neuronisa_sim
} // namespace llvm

#endif
