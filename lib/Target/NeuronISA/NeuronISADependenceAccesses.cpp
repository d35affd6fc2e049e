//===-- NeuronISADependenceAccesses.cpp - Tile accesses -------------------===//
//
// TileRef: the accesses of a data-path instruction, from its memory operands
// and (on chip) its partition operands, and whether two of them may touch
// a common byte: objects, constant ranges, partitions, the residues and
// ranges of HBM addresses at run-time offsets, the rows of strided HBM
// footprints, scoped-noalias tags.
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "NeuronISATileLayout.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/GlobalVariable.h"
#include <algorithm>
#include <optional>

using namespace llvm;
using namespace llvm::NeuronISA;

static bool isKnownAddrSpace(unsigned AS) {
  return AS == NeuronISAAS::HBM || AS == NeuronISAAS::SBUF ||
         AS == NeuronISAAS::PSUM;
}

TileRef::ObjectKind TileRef::objectKind(const Value *V) {
  const auto *Arg = dyn_cast<Argument>(V);
  if (Arg && Arg->hasNoAliasAttr())
    return ObjectKind::NoAliasArg;
  return isIdentifiedObject(V) ? ObjectKind::Identified : ObjectKind::Other;
}

bool TileRef::objectsMayAlias(const Value *A, const Value *B) {
  if (A == B || !A || !B)
    return true;
  return kindsMayAlias(objectKind(A), objectKind(B));
}

TileRef TileRef::fromMemOperand(const MachineMemOperand &MMO) {
  TileRef R;
  R.AddrSpace = isKnownAddrSpace(MMO.getAddrSpace()) ? MMO.getAddrSpace() : 0;
  if (const Value *V = MMO.getValue()) {
    // A tile global or HBM argument (constant offset), or the pointer itself
    // (run-time offset, see tileMemOperand): its object, if identified.
    const Value *UO = getUnderlyingObjectAggressive(V);
    if (isa<GlobalVariable>(UO) || isa<Argument>(UO))
      R.Obj = UO;
  }
  LocationSize Size = MMO.getSize();
  if (R.Obj && Size.hasValue() && !Size.isScalable()) {
    R.RangeKnown = true;
    R.Offset = MMO.getOffset();
    R.Size = Size.getValue().getFixedValue();
  }
  R.Reads = MMO.isLoad();
  R.Writes = MMO.isStore();
  R.Pointer = MMO.getValue();
  AAMDNodes Tags = MMO.getAAInfo();
  R.Scope = Tags.Scope;
  R.NoAlias = Tags.NoAlias;
  return R;
}

TileRef TileRef::fromTileOperand(const MachineInstr &MI,
                                 const TileOperandSpec &Spec,
                                 const MachineMemOperand &MMO) {
  TileRef R = fromMemOperand(MMO);
  if (Spec.Space != MemSpace::OnChip)
    return R;
  auto ImmAt = [&](int Idx) -> std::optional<int64_t> {
    if (Idx < 0 || unsigned(Idx) >= MI.getNumOperands() ||
        !MI.getOperand(Idx).isImm() || MI.getOperand(Idx).getImm() < 0 ||
        MI.getOperand(Idx).getImm() > UINT16_MAX)
      return std::nullopt;
    return MI.getOperand(Idx).getImm();
  };
  std::optional<int64_t> Start = ImmAt(Spec.partStartOp());
  std::optional<int64_t> Count = ImmAt(Spec.PartOp);
  if (Start && Count) {
    R.PartBegin = static_cast<uint32_t>(*Start);
    R.PartEnd = static_cast<uint32_t>(*Start + *Count);
  }
  // The memory operand's offset is the access's first byte in the tile
  // global (LLVM's layout: row PartBegin). Only an access proved inside its
  // tile keeps the tile as its object; any other may touch every tile of
  // its memory.
  bool Inside = false;
  uint64_t Parts, Row;
  if (const auto *GV = dyn_cast_or_null<GlobalVariable>(R.Obj))
    if (R.RangeKnown && Start && Count &&
        NeuronISATileLayout::getTileType(*GV, Parts, Row) &&
        R.PartEnd <= Parts) {
      int64_t Column = R.Offset - int64_t(R.PartBegin) * int64_t(Row);
      if (Column >= 0 && uint64_t(Column) + R.Size <= Row) {
        R.Offset = Column;
        Inside = true;
      }
    }
  if (!Inside) {
    R.Obj = nullptr;
    R.RangeKnown = false;
    R.Offset = 0;
    R.Size = 0;
  }
  return R;
}

TileRef TileRef::unpaired(const MachineMemOperand &MMO) {
  TileRef R = TileRef::fromMemOperand(MMO);
  if (R.AddrSpace != NeuronISAAS::HBM) {
    R.Obj = nullptr;
    R.RangeKnown = false;
    R.Offset = 0;
    R.Size = 0;
  }
  return R;
}

TileRef TileRef::everything() {
  TileRef R;
  R.Reads = R.Writes = true;
  return R;
}

/// Floor of X / Y for Y > 0.
static int64_t floorDiv(int64_t X, int64_t Y) {
  return X >= 0 ? X / Y : -((-X + Y - 1) / Y);
}

/// Both accesses have ranges (TileRef::AffRangeKnown). With M = 2^AffBits,
/// every difference d = addr(B) - addr(A) is congruent modulo M to an
/// integer x = Delta + w: Delta = (B.AffC - A.AffC) mod M and w = vB - vA
/// in [B.AffLo - A.AffHi, B.AffHi - A.AffLo], a multiple of G (G divides
/// both varying parts), so x = R modulo G. The footprints meet iff d modulo
/// M lies in [0, ExA) or in (M - ExB, M), that is iff x lies in
/// (k * M - ExB, k * M + ExA) for some integer k: wrapping arithmetic is the
/// k != 0 terms.
static bool rangesMayMeet(const TileRef &A, const TileRef &B, uint64_t G,
                          uint64_t R) {
  if (A.AffBits > TileRef::MaxRangeBits)
    return true;
  int64_t M = int64_t(1) << A.AffBits;
  int64_t ExA = A.AffExtent, ExB = B.AffExtent;
  if (ExA > M || ExB > M - ExA)
    return true;
  int64_t Delta = int64_t((B.AffC - A.AffC) & uint64_t(M - 1));
  int64_t XLo = Delta + B.AffLo - A.AffHi;
  int64_t XHi = Delta + B.AffHi - A.AffLo;
  int64_t KLo = -floorDiv(-(XLo - ExA + 1), M); // ceil((XLo - ExA + 1) / M)
  int64_t KHi = floorDiv(XHi + ExB - 1, M);
  if (KHi - KLo > 4)
    return true; // the differences cover several turns of the address space
  int64_t GI = int64_t(G), RI = int64_t(R);
  for (int64_t K = KLo; K <= KHi; ++K) {
    int64_t Lo = std::max(XLo, K * M - ExB + 1);
    int64_t Hi = std::min(XHi, K * M + ExA - 1);
    if (Lo > Hi)
      continue;
    // The least x >= Lo with x = R modulo G.
    int64_t First = Lo + (((RI - Lo) % GI) + GI) % GI;
    if (First <= Hi)
      return true;
  }
  return false;
}

/// May some start address of A and some start address of B (any dynamic
/// instances) be at most their extents apart? With G = 2^TZ (TZ the smaller
/// of the two), every difference d = addr(B) - addr(A) is congruent to
/// r = (B.AffC - A.AffC) mod G, since both bases are equal and G divides
/// 2^AffBits. The ranges [a, a + ExA) and [a + d, a + d + ExB) meet iff
/// -ExB < d < ExA; no d congruent to r lies there iff ExA <= r <= G - ExB.
/// When both varying parts have ranges, the differences are further
/// restricted to those the ranges allow (rangesMayMeet).
static bool affineMayOverlap(const TileRef &A, const TileRef &B) {
  unsigned TZ = std::min(A.AffTZ, B.AffTZ);
  assert(TZ <= A.AffBits && A.AffBits < 64);
  uint64_t G = uint64_t(1) << TZ;
  uint64_t R = (B.AffC - A.AffC) & (G - 1);
  uint64_t ExA = A.AffExtent, ExB = B.AffExtent;
  if (ExA <= R && ExB <= G && R <= G - ExB)
    return false;
  if (A.AffRangeKnown && B.AffRangeKnown)
    return rangesMayMeet(A, B, G, R);
  return true;
}

/// Do the rows of A, starting at byte 0, and those of B, starting at byte
/// Delta, share a byte? (Both have row shapes.)
static bool rowsMeet(const TileRef &A, const TileRef &B, int64_t Delta) {
  int64_t SB = B.RowStride, RA = A.RowBytes, RB = B.RowBytes;
  for (uint32_t I = 0; I < A.Rows; ++I) {
    int64_t X = int64_t(I) * A.RowStride;
    // Rows J of B with Delta + J * SB in (X - RB, X + RA).
    int64_t J = 0;
    if (SB > 0)
      J = std::max<int64_t>(0, floorDiv(X - RB - Delta, SB) + 1);
    for (; J < int64_t(B.Rows); ++J) {
      int64_t Y = Delta + J * SB;
      if (Y >= X + RA)
        break;
      if (Y > X - RB)
        return true;
      if (SB == 0)
        break;
    }
  }
  return false;
}

bool NeuronISA::footprintsMeet(const TileRef &A, uint64_t ExA,
                               const TileRef &B, uint64_t ExB, int64_t Delta) {
  if (A.Rows && B.Rows)
    return rowsMeet(A, B, Delta);
  return -int64_t(ExB) < Delta && Delta < int64_t(ExA);
}

/// Does alias analysis prove the accesses to the two IR objects disjoint?
/// Only asked when one carries scoped-noalias tags: the rest of what AA
/// knows about underlying objects, mayOverlap knows itself.
static bool provenNoAlias(const TileRef &A, const TileRef &B, AAResults *AA) {
  if (!AA || !A.Obj || !B.Obj ||
      !(A.Scope || A.NoAlias || B.Scope || B.NoAlias))
    return false;
  auto Location = [](const TileRef &R) {
    AAMDNodes Tags;
    Tags.Scope = const_cast<MDNode *>(R.Scope);
    Tags.NoAlias = const_cast<MDNode *>(R.NoAlias);
    return MemoryLocation(R.Obj, LocationSize::beforeOrAfterPointer(), Tags);
  };
  return AA->isNoAlias(Location(A), Location(B));
}

bool TileRef::mayOverlap(const TileRef &A, const TileRef &B, AAResults *AA) {
  if (A.AddrSpace && B.AddrSpace && A.AddrSpace != B.AddrSpace)
    return false;
  if (A.PartEnd <= B.PartBegin || B.PartEnd <= A.PartBegin)
    return false;
  if (provenNoAlias(A, B, AA))
    return false;
  // (Two exact constant ranges keep the interval test below, which the
  // location index relies on.)
  if (A.hasAffine() && B.hasAffine() && A.AffBase == B.AffBase &&
      A.AffBits == B.AffBits && !(A.RangeKnown && B.RangeKnown))
    return affineMayOverlap(A, B);
  if (!A.Obj || !B.Obj)
    return true;
  if (A.Obj != B.Obj)
    return objectsMayAlias(A.Obj, B.Obj);
  if (!A.RangeKnown || !B.RangeKnown)
    return true;
  if (!(A.Offset < B.Offset + int64_t(B.Size) &&
        B.Offset < A.Offset + int64_t(A.Size)))
    return false;
  // Strided HBM footprints whose spans meet: the rows themselves (two
  // interleaved row sets do not conflict).
  if (A.AddrSpace == NeuronISAAS::HBM && A.Rows && B.Rows &&
      (A.isStrided() || B.isStrided()))
    return rowsMeet(A, B, B.Offset - A.Offset);
  return true;
}
