//===-- NeuronISATileAccess.cpp - Where a tile operand points -------------===//

#include "NeuronISATileAccess.h"
#include "NeuronISATileLayout.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::NeuronISA;

std::string NeuronISA::describeTile(const GlobalVariable &Tile) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "tile @" << Tile.getName() << " ";
  Tile.getValueType()->print(OS);
  return S;
}

namespace {
/// One value a tile pointer may take: a global plus a byte offset (a
/// constant part and, possibly, run-time terms).
struct Leaf {
  const GlobalVariable *Global;
  int64_t Offset;
  bool RunTime;
  /// The constant factors of the run-time terms (GEP index scales).
  SmallVector<uint64_t, 2> Scales;
};

/// Collects the leaves of a pointer through GEPs, phis and selects.
class LeafCollector {
public:
  explicit LeafCollector(const DataLayout &DL) : DL(DL) {}

  SmallVector<Leaf, 4> Leaves;
  /// Some value of the pointer comes from something else than a global
  /// (or the search gave up).
  bool Unknown = false;

  void walk(const Value *V, int64_t Offset, bool RunTime,
            SmallVector<uint64_t, 2> Scales) {
    if (Budget == 0 || Leaves.size() >= MaxLeaves) {
      Unknown = true;
      return;
    }
    --Budget;
    while (const auto *GEP = dyn_cast<GEPOperator>(V)) {
      unsigned Bits = DL.getIndexTypeSizeInBits(GEP->getType());
      SmallMapVector<Value *, APInt, 4> Vars;
      APInt C(Bits, 0);
      if (!GEP->collectOffset(DL, Bits, Vars, C)) {
        Unknown = true;
        return;
      }
      Offset += C.getSExtValue();
      for (const auto &[Index, Scale] : Vars) {
        RunTime = true;
        Scales.push_back(Scale.abs().getZExtValue());
      }
      V = GEP->getPointerOperand();
    }
    if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
      Leaves.push_back({GV, Offset, RunTime, std::move(Scales)});
      return;
    }
    if (isa<PHINode>(V) || isa<SelectInst>(V)) {
      // A value reached again is a loop-carried update of the pointer: its
      // values start from the other incoming values (the steps themselves
      // are checked with ScalarEvolution, checkRunTimeOffset).
      if (!Visited.insert(V).second)
        return;
      if (const auto *Phi = dyn_cast<PHINode>(V)) {
        for (const Value *In : Phi->incoming_values())
          walk(In, Offset, true, Scales);
      } else {
        const auto *Sel = cast<SelectInst>(V);
        walk(Sel->getTrueValue(), Offset, true, Scales);
        walk(Sel->getFalseValue(), Offset, true, Scales);
      }
      return;
    }
    Unknown = true;
  }

private:
  static constexpr unsigned MaxLeaves = 16;
  const DataLayout &DL;
  SmallPtrSet<const Value *, 8> Visited;
  unsigned Budget = 64;
};
} // namespace

TilePointer NeuronISA::analyzeTilePointer(const Value *Ptr,
                                          const DataLayout &DL) {
  TilePointer R;
  LeafCollector LC(DL);
  LC.walk(Ptr, 0, false, {});
  R.RunTime = LC.Unknown || LC.Leaves.size() != 1 || LC.Leaves[0].RunTime;

  bool First = true, SameTile = !LC.Unknown;
  for (const Leaf &L : LC.Leaves) {
    uint64_t Parts, Row;
    if (!NeuronISATileLayout::getTileType(*L.Global, Parts, Row)) {
      // Not a tile (diagnosed by the kernel verifier): nothing to check.
      SameTile = false;
      continue;
    }
    // A run-time offset moves along the free dimension: its partition is
    // the one its constant part names.
    uint32_t Part = L.Offset >= 0 ? static_cast<uint32_t>(std::min<uint64_t>(
                                        uint64_t(L.Offset) / Row, UINT32_MAX))
                                  : 0;
    for (uint64_t Scale : L.Scales)
      if (Scale % Row == 0 && R.Problem.empty())
        R.Problem = ("a run-time index into " + describeTile(*L.Global) +
                     " steps " + Twine(Scale) +
                     " bytes, a multiple of its partition size (" +
                     Twine(Row) +
                     " bytes): run-time partition indices are not "
                     "supported, the partition start must be a constant")
                        .str();
    if (First) {
      R.Tile = L.Global;
      R.TilePartitions = Parts;
      R.RowBytes = Row;
      R.ByteOffset = L.Offset;
      R.PartStart = Part;
      First = false;
      continue;
    }
    SameTile &= L.Global == R.Tile;
    if (Part != R.PartStart && R.Problem.empty())
      R.Problem = ("the values of this tile pointer start at different "
                   "partitions (" +
                   Twine(R.PartStart) + " of @" + R.Tile->getName() + ", " +
                   Twine(Part) + " of @" + L.Global->getName() +
                   "): the partition start must be a constant")
                      .str();
    if (Row != R.RowBytes)
      R.RowBytes = 0;
  }
  if (LC.Unknown && R.PartStart != 0 && R.Problem.empty())
    R.Problem = "the partition start of this tile pointer is not a "
                "compile-time constant";
  if (R.PartStart != 0 && R.RowBytes == 0 && R.Problem.empty())
    R.Problem = "the values of this tile pointer start at partition " +
                std::to_string(R.PartStart) +
                " of tiles with different partition sizes";
  if (!SameTile) {
    R.Tile = nullptr;
    R.TilePartitions = 0;
  }
  R.ColumnOffset = R.ByteOffset - int64_t(R.PartStart) * int64_t(R.RowBytes);
  return R;
}

std::string NeuronISA::checkTileBounds(const TilePointer &P,
                                       uint32_t Partitions,
                                       uint32_t FreeElems) {
  if (!P.Problem.empty())
    return P.Problem;
  if (!P.Tile)
    return "";
  std::string Tile = describeTile(*P.Tile);
  if (!P.RunTime) {
    if (P.ByteOffset < 0)
      return ("starts " + Twine(-P.ByteOffset) + " bytes before " + Tile)
          .str();
    if (P.ByteOffset % 4)
      return ("starts at byte " + Twine(P.ByteOffset) + " of " + Tile +
              ", not at an fp32 element")
          .str();
  }
  auto Access = [&] {
    std::string S;
    raw_string_ostream OS(S);
    OS << Partitions << " partitions x " << FreeElems
       << " elements at partition " << P.PartStart;
    if (!P.RunTime)
      OS << ", element " << P.ColumnOffset / 4;
    OS << " of " << Tile;
    return S;
  };
  uint64_t PartEnd = uint64_t(P.PartStart) + Partitions;
  if (PartEnd > P.TilePartitions)
    return (Access() + " run " + Twine(PartEnd - P.TilePartitions) +
            " partition" + (PartEnd - P.TilePartitions == 1 ? "" : "s") +
            " past its last partition")
        .str();
  if (!P.RunTime) {
    uint64_t End = uint64_t(P.ColumnOffset) + 4ull * FreeElems;
    if (End > P.RowBytes)
      return (Access() + " run " + Twine((End - P.RowBytes) / 4) +
              " elements past the end of its partitions")
          .str();
  }
  return "";
}

/// S without its constant term (through sums and the starts of affine
/// recurrences).
static const SCEV *withoutConstant(const SCEV *S, ScalarEvolution &SE) {
  if (isa<SCEVConstant>(S))
    return SE.getZero(S->getType());
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    SmallVector<const SCEV *, 4> Ops;
    for (const SCEV *Op : Add->operands())
      if (!isa<SCEVConstant>(Op))
        Ops.push_back(Op);
    return Ops.empty() ? SE.getZero(S->getType()) : SE.getAddExpr(Ops);
  }
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S))
    if (AR->isAffine())
      return SE.getAddRecExpr(withoutConstant(AR->getStart(), SE),
                              AR->getStepRecurrence(SE), AR->getLoop(),
                              SCEV::FlagAnyWrap);
  return S;
}

std::string NeuronISA::checkRunTimeOffset(const Value *Ptr,
                                          const TilePointer &P,
                                          ScalarEvolution &SE) {
  if (!P.Tile || !P.RunTime || !P.RowBytes ||
      !SE.isSCEVable(Ptr->getType()))
    return "";
  const SCEV *S = SE.getSCEV(const_cast<Value *>(Ptr));
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(S));
  if (!Base || Base->getValue() != P.Tile)
    return "";
  const SCEV *Off = SE.removePointerBase(S);
  if (isa<SCEVCouldNotCompute>(Off))
    return "";
  const SCEV *Rest = withoutConstant(Off, SE);
  if (Rest->isZero())
    return "";
  APInt M = SE.getConstantMultiple(Rest);
  if (M.isZero() || M.urem(P.RowBytes) != 0)
    return "";
  return ("a run-time offset into " + describeTile(*P.Tile) +
          " is a multiple of its partition size (" + Twine(P.RowBytes) +
          " bytes): run-time partition indices are not supported, the "
          "partition start must be a constant")
      .str();
}
