//===-- NeuronISASyncOccupancy.cpp - Live spans in registers --------------===//
//
// The occupancy of one register by live spans: NeuronISASyncOccupancy.h.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncOccupancy.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

void RegisterOccupancy::add(const LiveSpans &R) {
  auto ByBlock = [](const LiveSpan &A, const LiveSpan &B) {
    return A.Block < B.Block;
  };
  for (const LiveSpan &S : R) {
    if (S.Block >= Blocks.size())
      Blocks.resize(S.Block + 1);
    Blocks.set(S.Block);
  }
  size_t Mid = Spans.size();
  Spans.insert(Spans.end(), R.begin(), R.end());
  std::inplace_merge(Spans.begin(), Spans.begin() + Mid, Spans.end(), ByBlock);
  // Each bucket starts later by the added spans of the buckets before it
  // (R is sorted by block); new buckets start after the old spans.
  if (R.empty())
    return;
  unsigned NumBuckets = (Spans.back().Block >> BucketBits) + 2;
  if (BucketStart.size() < NumBuckets)
    BucketStart.resize(NumBuckets, Mid);
  unsigned J = 0;
  for (unsigned K = 0; K < BucketStart.size(); ++K) {
    while (J < R.size() && (R[J].Block >> BucketBits) < K)
      ++J;
    BucketStart[K] += J;
  }
}

ArrayRef<LiveSpan> RegisterOccupancy::inBlock(unsigned Block) const {
  if (Block >= Blocks.size() || !Blocks.test(Block))
    return {};
  // Block has a span, so its bucket and the next one are indexed.
  unsigned K = Block >> BucketBits;
  auto First = Spans.begin() + BucketStart[K],
       Last = Spans.begin() + BucketStart[K + 1];
  auto Lo = std::partition_point(
      First, Last, [&](const LiveSpan &S) { return S.Block < Block; });
  auto Hi = std::find_if(Lo, Last,
                         [&](const LiveSpan &S) { return S.Block != Block; });
  return ArrayRef<LiveSpan>(Spans).slice(Lo - Spans.begin(), Hi - Lo);
}

bool RegisterOccupancy::interferes(const LiveSpans &R) const {
  for (const LiveSpan &S : R)
    for (const LiveSpan &O : inBlock(S.Block))
      if (S.Lo <= O.Hi && O.Lo <= S.Hi)
        return true;
  return false;
}

bool RegisterOccupancy::covers(unsigned Block, int Pos) const {
  return llvm::any_of(inBlock(Block), [&](const LiveSpan &O) {
    return O.Lo <= Pos && Pos <= O.Hi;
  });
}
