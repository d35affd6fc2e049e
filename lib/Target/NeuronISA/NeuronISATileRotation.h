//===-- NeuronISATileRotation.h - Tiles rotating with the loop -*- C++ -*-===//
//
// Recognizes the loops whose tile pointers depend on the iteration number
// modulo a small period only (multi-buffering: header phis that rotate
// constant places, and selects of places on the parity of an induction
// variable), and says by how much to unroll such a loop so that each copy
// of its body names one place per access (NeuronISATilePingPongUnroll.cpp,
// docs/Synchronization.md).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISATILEROTATION_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISATILEROTATION_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
class Constant;
class DataLayout;
class Loop;
class PHINode;
class ScalarEvolution;
class Type;
class Value;

namespace NeuronISA {

/// Copies of the body a loop is unrolled into at most.
constexpr unsigned MaxRotationFactor = 4;
/// Instructions of the unrolled body at most (the body times the factor):
/// 512 instructions doubled.
constexpr unsigned MaxUnrolledSize = 1024;

/// What to do with a loop's tile phis and parity selects.
struct TileRotationPlan {
  enum Kind {
    NoTiles,   ///< no tile phi in the header, no parity select: nothing to do
    LeftAlone, ///< left as it is, for the reason in Why
    Unroll,    ///< unroll by Factor (1: the phis fold as they are)
  } Verdict = NoTiles;
  /// Remark name and reason, for LeftAlone.
  StringRef RemarkName;
  std::string Why;
  unsigned Factor = 1;
  /// Selects of tile places in the loop whose condition alternates with the
  /// iteration's parity, and all selects of on-chip pointers in the loop.
  unsigned ParitySelects = 0;
  unsigned TileSelects = 0;
};

/// Is T a pointer to SBUF or PSUM?
bool isOnChipTilePointer(const Type *T);

/// Decides what to do with L (its header phis of on-chip pointers, and its
/// selects of tile places on an iteration's parity).
TileRotationPlan planTileRotation(Loop &L, const DataLayout &DL,
                                  ScalarEvolution &SE);

/// Is Phi, a header phi of L, equal to Start on every iteration: it and the
/// header phis it receives on the backedge (transitively) all start at
/// Start, and Start or such a phi is all they receive?
bool foldsToStart(PHINode &Phi, Constant &Start, const Loop &L);

/// The value of Cond (an i1, or an icmp of integers) if ScalarEvolution
/// knows it to be constant.
std::optional<bool> evaluateCondition(Value *Cond, ScalarEvolution &SE);

} // namespace NeuronISA
} // namespace llvm

#endif
