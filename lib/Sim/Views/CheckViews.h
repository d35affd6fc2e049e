//===-- CheckViews.h - What the checkers found ------------------*- C++ -*-===//
//
// RaceView: races and racing instruction pairs. OverSyncView:
// over-synchronization cycles, every site that caused some (wait or barrier,
// with its blocks), and the trailing blocked cycles. A checker that did not
// run (not asked for, or --ideal) is reported as "not checked" (JSON null).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_VIEWS_CHECKVIEWS_H
#define NEURONISA_SIM_VIEWS_CHECKVIEWS_H

#include "View.h"

namespace llvm {
namespace neuronisa_sim {

class OverSyncTracker;
class Program;
class RaceChecker;

class RaceView : public View {
public:
  explicit RaceView(const RaceChecker *RC) : RC(RC) {}
  void printView(raw_ostream &OS) const override;
  void toJSON(json::OStream &J) const override;

private:
  const RaceChecker *RC;
};

class OverSyncView : public View {
public:
  OverSyncView(const Program &P, const OverSyncTracker *T) : P(P), T(T) {}
  void printView(raw_ostream &OS) const override;
  void toJSON(json::OStream &J) const override;

private:
  const Program &P;
  const OverSyncTracker *T;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
