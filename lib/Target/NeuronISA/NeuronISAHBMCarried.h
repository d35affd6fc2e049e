//===-- NeuronISAHBMCarried.h - HBM dependences across iterations -*- C++ -*-===//
//
// Recognizes the loops that store HBM at one run-time offset and reload,
// at another, what an earlier iteration stored (iteration i stores slot
// i + 1 and loads slot i). The synchronization pass waits for the latest
// instance of the store, the same iteration's, whose slot is disjoint: the
// load is over-synchronized. Unrolled by a power of two U above the
// distance d, the copies' addresses step by U times the step, and their
// residues modulo that keep each copy's load apart from the stores of the
// same pass that it does not read: the dependence analysis is exact
// (NeuronISATilePingPongUnroll.cpp, docs/Synchronization.md).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAHBMCARRIED_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAHBMCARRIED_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
class DominatorTree;
class Loop;
class MCInstrInfo;
class ScalarEvolution;

namespace NeuronISA {

/// What to do with a loop's HBM stores and reloads.
struct HBMCarriedPlan {
  enum Kind {
    Nothing,   ///< no loop-carried HBM dependence at a run-time offset
    LeftAlone, ///< one that unrolling would make exact is left, for Why
    Unroll,    ///< unroll by Factor
  } Verdict = Nothing;
  StringRef RemarkName;
  std::string Why;
  unsigned Factor = 1;
  /// Unroll: the largest distance (iterations) among the dependences.
  int64_t Distance = 0;
};

/// Decides, for L's DMA stores and loads of one HBM object at affine
/// run-time offsets, by how much to unroll L so that each copy's load
/// conflicts only with the stores it reads (at most MaxRotationFactor).
HBMCarriedPlan planHBMCarried(Loop &L, ScalarEvolution &SE,
                              const DominatorTree &DT, const MCInstrInfo &MII);

} // namespace NeuronISA
} // namespace llvm

#endif
