//===-- NeuronISATileAccess.cpp - Where a tile operand points -------------===//

#include "NeuronISATileAccess.h"
#include "NeuronISASourceTerms.h"
#include "NeuronISATileLayout.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <set>
#include <tuple>
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;

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

/// For an index chosen between constants (a select of two constants, as
/// `c ? 512 : 4`), the largest magnitude it may take; 1 otherwise (the
/// index moves by its scale per step).
static uint64_t largestChoice(const Value *Index) {
  const auto *Sel = dyn_cast<SelectInst>(Index);
  if (!Sel)
    return 1;
  const auto *A = dyn_cast<ConstantInt>(Sel->getTrueValue());
  const auto *B = dyn_cast<ConstantInt>(Sel->getFalseValue());
  if (!A || !B)
    return 1;
  return std::max<uint64_t>({1, A->getValue().abs().getLimitedValue(UINT32_MAX),
                             B->getValue().abs().getLimitedValue(UINT32_MAX)});
}

/// Collects the leaves of a pointer through GEPs, phis and selects.
class LeafCollector {
public:
  explicit LeafCollector(const DataLayout &DL) : DL(DL) {}

  SmallVector<Leaf, 4> Leaves;
  /// How far each trip around a cycle of phis (a pointer advanced in a
  /// loop) moves the pointer: its constant step and the factors of its
  /// run-time terms. Each is a run-time term of every leaf.
  SmallVector<uint64_t, 2> CycleScales;
  /// Some value of the pointer comes from something else than a global
  /// (or the search gave up).
  bool Unknown = false;
  /// Some value of the pointer is undefined.
  bool Undefined = false;

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
        Scales.push_back(SaturatingMultiply(Scale.abs().getZExtValue(),
                                            largestChoice(Index)));
      }
      V = GEP->getPointerOperand();
    }
    if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
      Leaves.push_back({GV, Offset, RunTime, std::move(Scales)});
      return;
    }
    // An undefined value may be taken to be any of the others (but then
    // no one tile is known).
    if (isa<UndefValue>(V)) {
      Undefined = true;
      return;
    }
    if (!isa<PHINode>(V) && !isa<SelectInst>(V)) {
      Unknown = true;
      return;
    }
    // A value on the current path reached again closes a cycle: the
    // pointer is advanced every trip around it by what was added since.
    if (auto It = OnPath.find(V); It != OnPath.end()) {
      if (int64_t Step = Offset - It->second.Offset)
        CycleScales.push_back(uint64_t(Step < 0 ? -Step : Step));
      CycleScales.append(Scales.begin() + It->second.NumScales, Scales.end());
      return;
    }
    // A value reached again by another path with the same offset and terms
    // gives the same leaves (phis of many edges would otherwise be walked
    // once per path).
    if (!Walked.insert({V, Offset, std::vector<uint64_t>(Scales.begin(),
                                                         Scales.end())})
             .second)
      return;
    OnPath[V] = {Offset, unsigned(Scales.size())};
    if (const auto *Phi = dyn_cast<PHINode>(V)) {
      for (const Value *In : Phi->incoming_values())
        walk(In, Offset, true, Scales);
    } else {
      const auto *Sel = cast<SelectInst>(V);
      walk(Sel->getTrueValue(), Offset, true, Scales);
      walk(Sel->getFalseValue(), Offset, true, Scales);
    }
    OnPath.erase(V);
  }

private:
  static constexpr unsigned MaxLeaves = 16;
  const DataLayout &DL;
  struct PathEntry {
    int64_t Offset;
    unsigned NumScales;
  };
  DenseMap<const Value *, PathEntry> OnPath;
  std::set<std::tuple<const Value *, int64_t, std::vector<uint64_t>>> Walked;
  unsigned Budget = 64;
};
} // namespace

/// "row 3 of tile 't' (float[128][512])": what a C programmer calls it.
static std::string rowOf(uint32_t Row, const GlobalVariable &Tile) {
  return "row " + std::to_string(Row) + " of " + describeTile(Tile);
}

/// The error of a run-time part that moves the address by Scale bytes per
/// step, a whole row (RowBytes) or more.
static std::string runTimeRowProblem(const GlobalVariable &Tile,
                                     uint64_t Scale, uint64_t RowBytes) {
  return ("the row of this address into " + describeTile(Tile) +
          " is chosen at run time (it moves by " + Twine(Scale) +
          " bytes per step, " +
          (Scale == RowBytes ? Twine("a row of ") + Twine(RowBytes) + " bytes"
                             : Twine("a row is ") + Twine(RowBytes) + " bytes") +
          "): a row is a partition, which an instruction names as a "
          "constant. Make the row a compile-time constant: unroll the loop "
          "over rows (#pragma unroll) or choose among constant rows with "
          "if/else; run-time offsets may only move along a row (columns)")
      .str();
}

TilePointer NeuronISA::analyzeTilePointer(const Value *Ptr,
                                          const DataLayout &DL) {
  TilePointer R;
  LeafCollector LC(DL);
  LC.walk(Ptr, 0, false, {});
  R.RunTime = LC.Unknown || LC.Undefined || LC.Leaves.size() != 1 ||
              LC.Leaves[0].RunTime || !LC.CycleScales.empty();

  bool First = true, SameTile = !LC.Unknown && !LC.Undefined;
  for (const Leaf &L : LC.Leaves) {
    uint64_t Parts, Row;
    if (!NeuronISATileLayout::getTileType(*L.Global, Parts, Row)) {
      // Not a tile (diagnosed by the kernel verifier): nothing to check.
      SameTile = false;
      continue;
    }
    // The partition is the row of the constant part; the run-time part is
    // a column offset in it, so none of its terms may move by a row.
    uint32_t Part = L.Offset >= 0 ? static_cast<uint32_t>(std::min<uint64_t>(
                                        uint64_t(L.Offset) / Row, UINT32_MAX))
                                  : 0;
    for (ArrayRef<uint64_t> Scales : {ArrayRef(L.Scales),
                                      ArrayRef(LC.CycleScales)})
      for (uint64_t Scale : Scales)
        if (Scale >= Row && R.Problem.empty())
          R.Problem = runTimeRowProblem(*L.Global, Scale, Row);
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
      R.Problem =
          speaksC(*L.Global->getParent())
              ? "this address is in different rows on different paths (" +
                    rowOf(R.PartStart, *R.Tile) + ", " +
                    rowOf(Part, *L.Global) +
                    "): a row is a partition, which an instruction names as "
                    "a constant; call the builtin once per row (if/else)"
              : ("the values of this tile pointer start at different "
                 "partitions (" +
                 Twine(R.PartStart) + " of @" + R.Tile->getName() + ", " +
                 Twine(Part) + " of @" + L.Global->getName() +
                 "): the partition start must be a constant")
                    .str();
    if (Row != R.RowBytes)
      R.RowBytes = 0;
  }
  if (LC.Unknown && R.Problem.empty())
    R.Problem = "cannot tell which tile and row this address is in (it is "
                "not made of a tile, constant and run-time offsets, and "
                "choices between such addresses): a row is a partition, "
                "which an instruction names as a constant";
  if (R.PartStart != 0 && R.RowBytes == 0 && R.Problem.empty())
    R.Problem = "the values of this tile address start at row " +
                std::to_string(R.PartStart) +
                " of tiles with different row sizes, so its column is not "
                "the same on every path";
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
  uint64_t End = uint64_t(P.ColumnOffset) + 4ull * FreeElems;
  if (!P.RunTime && End > P.RowBytes)
    return (Access() + " run " + Twine((End - P.RowBytes) / 4) +
            " elements past the end of its partitions")
        .str();
  // A run-time column moves the access from the constant part's column;
  // the access must fit in the row there. It does not when a negative
  // constant column (&t[1][n - 1]) was folded into the row before.
  if (P.RunTime && P.RowBytes &&
      (P.ColumnOffset < 0 || P.ColumnOffset % 4 || End > P.RowBytes))
    return ("the constant part of this address is " +
            rowOf(P.PartStart, *P.Tile) + ", byte " + Twine(P.ColumnOffset) +
            ", where " + Twine(FreeElems) +
            " elements do not fit: with a run-time column the row is that "
            "of the constant part, so a negative constant column such as "
            "&t[r][n - 1] moves the address to row r - 1. Write the column "
            "as a non-negative constant plus a non-negative run-time "
            "offset")
        .str();
  return "";
}

namespace {
/// A run-time term of an offset: Factor times the value of Term.
struct RunTimeTerm {
  const SCEV *Term;
  uint64_t Factor;
};
} // namespace

/// The run-time terms of Factor * S: the operands of its sums (also under a
/// constant factor, which SCEV keeps outside a sum: 4 * (512 * i + n)), and
/// the starts and steps of its affine recurrences (a step is added once per
/// iteration); constants are left out.
static void collectRunTimeTerms(const SCEV *S, uint64_t Factor,
                                ScalarEvolution &SE,
                                SmallVectorImpl<RunTimeTerm> &Terms) {
  if (isa<SCEVConstant>(S))
    return;
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    for (const SCEV *Op : Add->operands())
      collectRunTimeTerms(Op, Factor, SE, Terms);
    return;
  }
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(S);
      Mul && Mul->getNumOperands() == 2)
    if (const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0))) {
      uint64_t K = C->getAPInt().abs().getLimitedValue(UINT32_MAX);
      collectRunTimeTerms(Mul->getOperand(1), SaturatingMultiply(Factor, K),
                          SE, Terms);
      return;
    }
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->isAffine()) {
    collectRunTimeTerms(AR->getStart(), Factor, SE, Terms);
    const SCEV *Step = AR->getStepRecurrence(SE);
    if (const auto *C = dyn_cast<SCEVConstant>(Step))
      Terms.push_back({nullptr, SaturatingMultiply(
                                    Factor, C->getAPInt().abs().getLimitedValue(
                                                UINT32_MAX))});
    else
      collectRunTimeTerms(Step, Factor, SE, Terms);
    return;
  }
  Terms.push_back({S, Factor});
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
  SmallVector<RunTimeTerm, 4> Terms;
  collectRunTimeTerms(Off, 1, SE, Terms);
  for (const RunTimeTerm &T : Terms) {
    // A value known to be a multiple of K (its low bits are zero) moves by
    // K at least.
    uint64_t Step = SaturatingMultiply(
        T.Factor,
        T.Term ? SE.getConstantMultiple(T.Term).getLimitedValue(UINT32_MAX)
               : uint64_t(1));
    if (Step >= P.RowBytes)
      return runTimeRowProblem(*P.Tile, Step, P.RowBytes);
  }
  return "";
}

/// The constant part of offset S: its constant terms, also under a constant
/// factor and in the starts of its recurrences.
static int64_t constantPart(const SCEV *S) {
  if (const auto *C = dyn_cast<SCEVConstant>(S))
    return C->getAPInt().getSExtValue();
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    int64_t Sum = 0;
    for (const SCEV *Op : Add->operands())
      Sum += constantPart(Op);
    return Sum;
  }
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(S);
      Mul && Mul->getNumOperands() == 2)
    if (const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0)))
      return C->getAPInt().getSExtValue() * constantPart(Mul->getOperand(1));
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S))
    return constantPart(AR->getStart());
  return 0;
}

bool NeuronISA::makeRowExplicit(CallBase &CB, unsigned ArgNo,
                                const DataLayout &DL, ScalarEvolution &SE) {
  Value *Ptr = CB.getArgOperand(ArgNo);
  TilePointer P = analyzeTilePointer(Ptr, DL);
  if (!P.Tile || !P.RunTime || !P.RowBytes || !P.Problem.empty() ||
      !SE.isSCEVable(Ptr->getType()))
    return false;
  const SCEV *S = SE.getSCEV(Ptr);
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(S));
  if (!Base || Base->getValue() != P.Tile)
    return false;
  const SCEV *Off = SE.removePointerBase(S);
  if (isa<SCEVCouldNotCompute>(Off))
    return false;
  // Only a row after the one the GEPs show: a constant hidden in an index
  // that way is a positive start; one the other way is a negative constant
  // column (&t[1][n - 1] at -O0), where the GEPs keep C's row.
  int64_t C = constantPart(Off);
  if (C < 0 || uint64_t(C) / P.RowBytes <= P.PartStart ||
      uint64_t(C) / P.RowBytes >= P.TilePartitions)
    return false;
  // tile + C + (Ptr - (tile + C)), in bytes.
  IRBuilder<> B(&CB);
  Type *IntTy = DL.getIntPtrType(Ptr->getType());
  Constant *Tile = const_cast<GlobalVariable *>(P.Tile);
  Value *Start = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Tile, C);
  Value *Rest = B.CreateSub(B.CreatePtrToInt(Ptr, IntTy),
                            B.CreatePtrToInt(Start, IntTy));
  CB.setArgOperand(ArgNo, B.CreateGEP(B.getInt8Ty(), Start, Rest));
  return true;
}
