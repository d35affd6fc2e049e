//===-- SyncLoops.h - Loop counters the validator bounds ------------------===//
//
// Induction facts the validator derives from the code itself, for the
// footprint dataflow (SyncFootprint.cpp): in a natural loop with one latch
// that ends in `blt c, b` (or bltu, or bge/bgeu falling through to the
// header, or the non-strict forms with the operands swapped), where
//
//   - c is written once in the loop, by `addi c, c, k` with k > 0, in a
//     block that dominates the latch and lies on no cycle of the loop that
//     avoids the header (so every iteration runs it exactly once), and
//   - b is not written in the loop,
//
// the header is entered for the j-th time (j >= 1) only when c0 + j k < b
// (c0: c's value on entry), which bounds j by J = (max b - 1 - min c0) / k
// when no c0 + j k can wrap. A latch `bne c, b` (or beq falling through)
// with k = 1 and every c0 below every b bounds j by max b - 1 - min c0; with
// k = -1 and every c0 above every b, by max c0 - 1 - min b. Every other register v written once per
// iteration the same way, by `addi v, v, s` or `add v, v, r` (r not
// written in the loop), then holds v0 + j s at the header: a range. The
// counter may be kept in a copy: the latch compares s right after
// `mov c, s`, and s is written once, by `addi s, c, k`, with c not written
// before it in the iteration (SyncLoops.cpp, copiedCounter). A loop
// without such a test bounds nothing.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SYNCCHECK_SYNCLOOPS_H
#define NEURONISA_SYNCCHECK_SYNCLOOPS_H

#include "SyncValues.h"
#include <vector>

namespace llvm {
namespace NeuronISA {

struct LoopBound {
  unsigned Header = 0, Latch = 0;
  /// The header's predecessors outside the loop.
  SmallVector<unsigned, 2> EntryPreds;
  /// The back edge is taken iff Counter + CounterStep (the value the latch
  /// compares) is below Bound, or at most Bound when Inclusive, or differs
  /// from Bound when NotEqual (CounterStep 1 or -1).
  unsigned Counter = 0, Bound = 0;
  int64_t CounterStep = 0;
  bool Unsigned = false, Inclusive = false, NotEqual = false;
  /// Registers written once per iteration: Reg += Const, or Reg += StepReg.
  struct Induction {
    unsigned Reg;
    int64_t Const;
    int StepReg; // -1: Const
  };
  SmallVector<Induction, 4> Inductions;
};

/// The loops of the reachable blocks whose counters bound them.
std::vector<LoopBound> findLoopBounds(const std::vector<CodeBlock> &Blocks,
                                      const std::vector<Decoded> &Code);

/// Narrows the ranges of L's inductions in In, the state at L's header,
/// given Entry, the join of the states on L's entry edges.
void boundInductions(const LoopBound &L, const RegState &Entry, RegState &In);

} // namespace NeuronISA
} // namespace llvm

#endif
