//===-- NeuronISASyncOccupancy.h - Live spans in registers ------*- C++ -*-===//
//
// Where the values of the precise synchronization pass (counters, snapshots)
// and the function's own values live in one register, as intervals of
// positions inside blocks (PreciseSync, NeuronISAPreciseSyncRegisters.cpp
// describes the positions), and whether a new value meets them. Register
// assignment asks this once per value and register, and per use of a value
// that may not fit: it has to answer without walking every span.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCOCCUPANCY_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCOCCUPANCY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <vector>

namespace llvm {
namespace NeuronISA {

/// Where a value is live inside one block: a closed interval of positions.
/// A value's LiveSpans are sorted by block. (Not llvm::LiveRange: these are
/// positions between data-path sites, not slot indexes.)
struct LiveSpan {
  unsigned Block; // RPO index
  int Lo, Hi;
};
using LiveSpans = SmallVector<LiveSpan, 8>;

/// The values given to one register: their spans, sorted by block.
class RegisterOccupancy {
public:
  /// Adds a value; R is sorted by block.
  void add(const LiveSpans &R);
  /// Does a span of R meet a span of this register in the same block?
  bool interferes(const LiveSpans &R) const;
  /// Does a span of this register contain position Pos of Block?
  bool covers(unsigned Block, int Pos) const;

private:
  std::vector<LiveSpan> Spans;
  /// The blocks with a span: most questions are about blocks without one,
  /// answered without searching Spans.
  BitVector Blocks;
  /// Per bucket of 2^BucketBits blocks, the index in Spans of its first
  /// span, and one past the last bucket: a block's spans are searched in
  /// its bucket, not in all of them (thousands when registers are short),
  /// and an added value updates one entry per bucket.
  static constexpr unsigned BucketBits = 6;
  std::vector<uint32_t> BucketStart;
  /// The spans of Block.
  ArrayRef<LiveSpan> inBlock(unsigned Block) const;
};

} // namespace NeuronISA
} // namespace llvm

#endif
