//===-- NeuronISADependenceAnalysis.cpp - Cross-engine dependences --------===//
//
// Cost: accesses are interned as locations (object, offset, extent) and
// bucketed by object; groups are per (agent, location, kind), so their
// producer lists add up to the number of accesses, and each consumer visits
// only the locations overlapping its own. Pruning is one backward search
// per group. Nothing is quadratic in the instruction count.
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISATileLayout.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/IR/Argument.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace llvm::NeuronISA;

//===----------------------------------------------------------------------===//
// Tile accesses
//===----------------------------------------------------------------------===//

static bool isKnownAddrSpace(unsigned AS) {
  return AS == NeuronISAAS::HBM || AS == NeuronISAAS::SBUF ||
         AS == NeuronISAAS::PSUM;
}

/// May two distinct underlying objects share memory?
static bool objectsMayAlias(const Value *A, const Value *B) {
  if (A == B || !A || !B)
    return true;
  auto IsNoAliasArg = [](const Value *V) {
    const auto *Arg = dyn_cast<Argument>(V);
    return Arg && Arg->hasNoAliasAttr();
  };
  // A noalias argument's memory is reached through it alone.
  if (IsNoAliasArg(A) || IsNoAliasArg(B))
    return false;
  // Two distinct identified objects (globals, ...) never overlap.
  return !(isIdentifiedObject(A) && isIdentifiedObject(B));
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

/// The access of a memory operand that cannot be paired with its tile
/// operand: on chip, anywhere in its memory.
static TileRef unpairedRef(const MachineMemOperand &MMO) {
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

/// Widest address (bits) and largest varying part (magnitude) for which the
/// range test below computes in int64_t without overflow.
static constexpr unsigned MaxRangeBits = 48;
static constexpr int64_t MaxRangeMagnitude = int64_t(1) << 52;
static bool withinMagnitude(int64_t X) {
  return -MaxRangeMagnitude <= X && X <= MaxRangeMagnitude;
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
  if (A.AffBits > MaxRangeBits)
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

//===----------------------------------------------------------------------===//
// Sites
//===----------------------------------------------------------------------===//

namespace {
/// Splits the SCEV of an address into Base + C + V, V a multiple of 2^TZ,
/// valid for every value the address takes during one call of the
/// function; where ScalarEvolution bounds every varying term, also an
/// integer interval [Lo, Hi] holding V (modulo 2^Bits).
class AffineDecomposer {
public:
  AffineDecomposer(ScalarEvolution &SE, const Function &F) : SE(SE) {
    // Blocks in a cycle (reducible or not) may run more than once per call.
    for (scc_iterator<const Function *> I = scc_begin(&F); !I.isAtEnd(); ++I) {
      const std::vector<const BasicBlock *> &SCC = *I;
      bool Cyclic = SCC.size() > 1;
      if (!Cyclic)
        for (const BasicBlock *Succ : successors(SCC.front()))
          Cyclic |= Succ == SCC.front();
      if (Cyclic)
        InCycle.insert(SCC.begin(), SCC.end());
    }
  }

  struct Result {
    SmallVector<const SCEV *, 2> Base;
    APInt C;
    unsigned TZ;
    bool RangeKnown;
    int64_t Lo, Hi;
  };

  /// False if V has no usable description.
  bool run(const Value *V, int64_t Offset, Result &Out) {
    if (!SE.isSCEVable(V->getType()))
      return false;
    unsigned Bits = SE.getTypeSizeInBits(V->getType());
    if (Bits == 0 || Bits >= 64)
      return false;
    Out.Base.clear();
    Out.C = APInt(Bits, uint64_t(Offset), /*isSigned=*/true,
                  /*implicitTrunc=*/true);
    Out.TZ = Bits;
    Out.RangeKnown = Bits <= MaxRangeBits;
    Out.Lo = Out.Hi = 0;
    if (!visit(SE.getSCEV(const_cast<Value *>(V)), Out, 0))
      return false;
    llvm::sort(Out.Base);
    return true;
  }

private:
  ScalarEvolution &SE;
  SmallPtrSet<const BasicBlock *, 16> InCycle;
  using Interval = std::pair<int64_t, int64_t>;

  /// Has V a single value for the whole call (computed at most once)?
  bool onceComputed(const Value *V) const {
    if (isa<Argument>(V) || isa<Constant>(V))
      return true;
    const auto *I = dyn_cast<Instruction>(V);
    return I && !InCycle.contains(I->getParent());
  }

  void addMultiple(const SCEV *S, Result &Out) {
    Out.TZ = std::min<unsigned>(Out.TZ, SE.getMinTrailingZeros(S));
  }

  /// An integer interval holding (modulo 2^bits) every value S takes where
  /// it is computed: the narrower of ScalarEvolution's unsigned and signed
  /// ranges, none if both are full or too wide for the range test.
  std::optional<Interval> rangeOf(const SCEV *S) {
    if (SE.getTypeSizeInBits(S->getType()) > MaxRangeBits)
      return std::nullopt;
    const ConstantRange &U = SE.getUnsignedRange(S);
    const ConstantRange &Sg = SE.getSignedRange(S);
    std::optional<Interval> Best;
    if (!U.isFullSet())
      Best = Interval(int64_t(U.getUnsignedMin().getZExtValue()),
                      int64_t(U.getUnsignedMax().getZExtValue()));
    if (!Sg.isFullSet()) {
      Interval I(Sg.getSignedMin().getSExtValue(),
                 Sg.getSignedMax().getSExtValue());
      // On a tie the signed one: a step of -64 is -64, not 2^32 - 64.
      if (!Best || I.second - I.first <= Best->second - Best->first)
        Best = I;
    }
    return Best;
  }

  /// The values k * Step takes for 0 <= k <= the constant maximum number of
  /// times L's backedge is taken (in one entry of L): none if there is no
  /// such maximum or Step has no range.
  std::optional<Interval> iterationsTimes(const Loop *L, const SCEV *Step) {
    const SCEV *Max = SE.getConstantMaxBackedgeTakenCount(L);
    const auto *MaxC = dyn_cast<SCEVConstant>(Max);
    std::optional<Interval> S = rangeOf(Step);
    if (!MaxC || !S || MaxC->getAPInt().getActiveBits() > 52)
      return std::nullopt;
    int64_t K = int64_t(MaxC->getAPInt().getZExtValue());
    // k * s is bilinear: its extremes are at the corners k in {0, K}.
    int64_t A, B;
    if (MulOverflow(K, S->first, A) || MulOverflow(K, S->second, B) ||
        !withinMagnitude(A) || !withinMagnitude(B))
      return std::nullopt;
    return Interval(std::min<int64_t>(0, A), std::max<int64_t>(0, B));
  }

  /// Adds a varying term whose values lie in I (none: unbounded).
  void addRange(std::optional<Interval> I, Result &Out) {
    if (!Out.RangeKnown)
      return;
    if (!I) {
      Out.RangeKnown = false;
      return;
    }
    // Both summands are within MaxRangeMagnitude: the sums cannot overflow.
    Out.Lo += I->first;
    Out.Hi += I->second;
    if (!withinMagnitude(Out.Lo) || !withinMagnitude(Out.Hi))
      Out.RangeKnown = false;
  }

  /// A varying term known only by its trailing zeros and its range.
  void addOpaque(const SCEV *S, Result &Out) {
    addMultiple(S, Out);
    if (Out.RangeKnown)
      addRange(rangeOf(S), Out);
  }

  bool visit(const SCEV *S, Result &Out, unsigned Depth) {
    if (isa<SCEVCouldNotCompute>(S))
      return false;
    if (Depth > 16) {
      addOpaque(S, Out);
      return true;
    }
    if (const auto *K = dyn_cast<SCEVConstant>(S)) {
      if (K->getAPInt().getBitWidth() != Out.C.getBitWidth())
        return false;
      Out.C += K->getAPInt();
      return true;
    }
    if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
      for (const SCEV *Op : Add->operands())
        if (!visit(Op, Out, Depth + 1))
          return false;
      return true;
    }
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
      // Each value is Start (as of some entry to the loop) + k * Step, k at
      // most the loop's maximum backedge-taken count.
      if (!AR->isAffine()) {
        addOpaque(S, Out);
        return true;
      }
      const SCEV *Step = AR->getStepRecurrence(SE);
      addMultiple(Step, Out);
      if (Out.RangeKnown)
        addRange(iterationsTimes(AR->getLoop(), Step), Out);
      return visit(AR->getStart(), Out, Depth + 1);
    }
    if (const auto *U = dyn_cast<SCEVUnknown>(S))
      if (onceComputed(U->getValue())) {
        Out.Base.push_back(S);
        return true;
      }
    // Anything else (a product, a value computed in a cycle, ...) is only
    // known to be a multiple of 2^(its known trailing zeros), in its range.
    addOpaque(S, Out);
    return true;
  }
};
} // namespace

/// The shape of MI's (only) HBM tile operand, from its immediates; none if
/// there is not exactly one.
static std::optional<TileShape> hbmShape(const MachineInstr &MI) {
  const TileOperandSpec *HBM = nullptr;
  for (const TileOperandSpec &S : getTileOperandSpecs(getTileFormat(MI.getDesc())))
    if (S.Space == MemSpace::HBM) {
      if (HBM)
        return std::nullopt;
      HBM = &S;
    }
  if (!HBM)
    return std::nullopt;
  for (int Op : {int(HBM->PartOp), int(HBM->FreeOp), int(HBM->StrideOp)})
    if (Op >= 0 && (unsigned(Op) >= MI.getNumOperands() ||
                    !MI.getOperand(Op).isImm() ||
                    MI.getOperand(Op).getImm() < 0 ||
                    MI.getOperand(Op).getImm() > INT32_MAX))
      return std::nullopt;
  return getTileShape(
      *HBM, [&](unsigned I) { return MI.getOperand(I).getImm(); });
}

void EngineDependences::collectSites(MachineFunction &MF, ScalarEvolution *SE) {
  std::optional<AffineDecomposer> Decomposer;
  if (SE)
    Decomposer.emplace(*SE, MF.getFunction());
  std::map<SmallVector<const SCEV *, 2>, unsigned> BaseIds;
  AffineDecomposer::Result Aff;
  unsigned N = MF.getNumBlockIDs();
  Reachable.resize(N);
  for (MachineBasicBlock *B : post_order(&MF))
    Reachable.set(B->getNumber());
  BlockRange.assign(N, {0, 0});
  for (MachineBasicBlock &MBB : MF) {
    unsigned Begin = Sites.size();
    if (Reachable.test(MBB.getNumber()))
      for (MachineInstr &MI : MBB) {
        const MCInstrDesc &D = MI.getDesc();
        if (!isDataPath(D))
          continue;
        SyncSite S;
        S.MI = &MI;
        S.MBB = &MBB;
        S.WaitEngine = getEngine(D);
        const MachineOperand *Queue =
            NeuronISAInstrInfo::getNamedOperand(MI, OpName::queue);
        S.Agent = isDMA(getTileFormat(D)) ? agentOfDMAQueue(Queue->getImm())
                                          : agentOfEngine(getEngine(D));
        unsigned NumHBM = 0;
        // Memory operands follow the tile operands, one each.
        ArrayRef<TileOperandSpec> Specs =
            getTileOperandSpecs(getTileFormat(D));
        bool Paired = MI.memoperands().size() == Specs.size();
        for (auto [K, MMO] : enumerate(MI.memoperands())) {
          S.Refs.push_back(Paired
                               ? TileRef::fromTileOperand(MI, Specs[K], *MMO)
                               : unpairedRef(*MMO));
          NumHBM += S.Refs.back().AddrSpace == NeuronISAAS::HBM;
        }
        std::optional<TileShape> Shape;
        if (NumHBM == 1)
          Shape = hbmShape(MI);
        if (Shape)
          for (TileRef &R : S.Refs)
            if (R.AddrSpace == NeuronISAAS::HBM) {
              R.Rows = Shape->Partitions;
              R.RowBytes = 4 * Shape->FreeElems;
              R.RowStride = Shape->RowStride;
            }
        // The start addresses of an HBM access, for the accesses to one
        // object at run-time offsets.
        uint64_t Extent =
            Decomposer && Shape ? Shape->extentBytes(MemSpace::HBM) : 0;
        if (Extent)
          for (unsigned I = 0; I < S.Refs.size(); ++I) {
            TileRef &R = S.Refs[I];
            const MachineMemOperand *MMO = MI.memoperands()[I];
            const Value *V = MMO->getValue();
            if (R.AddrSpace != NeuronISAAS::HBM || !V ||
                V->getType()->getPointerAddressSpace() != NeuronISAAS::HBM)
              continue;
            if (const auto *Inst = dyn_cast<Instruction>(V))
              if (Inst->getFunction() != &MF.getFunction())
                continue;
            if (const auto *Arg = dyn_cast<Argument>(V))
              if (Arg->getParent() != &MF.getFunction())
                continue;
            if (!Decomposer->run(V, MMO->getOffset(), Aff))
              continue;
            R.AffBase = BaseIds.try_emplace(Aff.Base, BaseIds.size())
                            .first->second;
            R.AffBits = Aff.C.getBitWidth();
            R.AffTZ = Aff.TZ;
            R.AffC = Aff.C.getZExtValue();
            R.AffExtent = Extent;
            R.AffRangeKnown = Aff.RangeKnown;
            R.AffLo = Aff.RangeKnown ? Aff.Lo : 0;
            R.AffHi = Aff.RangeKnown ? Aff.Hi : 0;
            const SCEV *Ptr = SE->getSCEV(const_cast<Value *>(V));
            R.Addr = SE->getAddExpr(
                Ptr, SE->getConstant(SE->getEffectiveSCEVType(Ptr->getType()),
                                     MMO->getOffset(), /*isSigned=*/true));
          }
        if (S.Refs.empty()) {
          S.Refs.push_back(TileRef::everything());
          ++NumOpaqueSites;
        }
        Sites.push_back(std::move(S));
      }
    BlockRange[MBB.getNumber()] = {Begin, unsigned(Sites.size())};
  }
}

iota_range<unsigned>
EngineDependences::blockSites(const MachineBasicBlock &MBB) const {
  auto [B, E] = BlockRange[MBB.getNumber()];
  return seq(B, E);
}

bool EngineDependences::isReachable(const MachineBasicBlock &MBB) const {
  return Reachable.test(MBB.getNumber());
}

bool EngineDependences::conflict(unsigned A, unsigned B) const {
  for (const TileRef &RA : Sites[A].Refs)
    for (const TileRef &RB : Sites[B].Refs)
      if ((RA.Writes || RB.Writes) && TileRef::mayOverlap(RA, RB, AA))
        return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Groups
//===----------------------------------------------------------------------===//

namespace {
/// Distinct locations, bucketed by (address space, object) so that a
/// location's overlapping locations are found without scanning all.
class LocationIndex {
public:
  explicit LocationIndex(AAResults *AA) : AA(AA) {}
  struct Loc {
    TileRef Ref; // Reads/Writes unused
    unsigned Bucket;
    SmallVector<unsigned, 4> Accessors; // sites touching it
    SmallVector<unsigned, 4> Writers;   // sites writing it
  };
  std::vector<Loc> Locs;

  unsigned intern(const TileRef &R) {
    auto Key = std::make_tuple(R.AddrSpace, R.Obj, R.RangeKnown, R.Offset,
                               R.Size, R.PartBegin, R.PartEnd, R.AffBase,
                               R.AffBits, R.AffTZ, R.AffC, R.AffExtent,
                               R.AffRangeKnown, R.AffLo, R.AffHi, R.Scope,
                               R.NoAlias, R.Rows, R.RowBytes, R.RowStride);
    auto [It, New] = Ids.try_emplace(Key, Locs.size());
    if (New) {
      auto BKey = std::make_pair(R.AddrSpace, R.Obj);
      auto [BIt, BNew] = BucketIds.try_emplace(BKey, Buckets.size());
      if (BNew)
        Buckets.push_back({R.AddrSpace, R.Obj, {}, {}, 0});
      Bucket &B = Buckets[BIt->second];
      if (R.RangeKnown) {
        B.Known.push_back(Locs.size());
        B.MaxSize = std::max(B.MaxSize, R.Size);
      } else {
        B.Unknown.push_back(Locs.size());
      }
      Loc L;
      L.Ref = R;
      L.Bucket = BIt->second;
      Locs.push_back(std::move(L));
    }
    return It->second;
  }

  void finalize() {
    for (Bucket &B : Buckets)
      llvm::sort(B.Known, [&](unsigned X, unsigned Y) {
        return Locs[X].Ref.Offset < Locs[Y].Ref.Offset;
      });
    Overlaps.resize(Locs.size());
    Done.resize(Locs.size());
  }

  /// Locations that may overlap location L (L included).
  ArrayRef<unsigned> overlapping(unsigned L) {
    if (Done[L])
      return Overlaps[L];
    Done[L] = true;
    const Loc &Me = Locs[L];
    std::vector<unsigned> &Out = Overlaps[L];
    for (unsigned BI = 0; BI < Buckets.size(); ++BI) {
      const Bucket &B = Buckets[BI];
      if (Me.Ref.AddrSpace && B.AddrSpace && Me.Ref.AddrSpace != B.AddrSpace)
        continue;
      if (Me.Ref.Obj && B.Obj && Me.Ref.Obj != B.Obj &&
          !objectsMayAlias(Me.Ref.Obj, B.Obj))
        continue;
      auto Add = [&](unsigned Other) {
        if (TileRef::mayOverlap(Me.Ref, Locs[Other].Ref, AA))
          Out.push_back(Other);
      };
      for (unsigned O : B.Unknown)
        Add(O);
      if (BI == Me.Bucket && Me.Ref.RangeKnown) {
        // Known ranges of the same object: only offsets in
        // (Off - MaxSize, Off + Size) can overlap.
        int64_t Lo = Me.Ref.Offset - int64_t(B.MaxSize);
        int64_t Hi = Me.Ref.Offset + int64_t(Me.Ref.Size);
        auto It = llvm::upper_bound(B.Known, Lo, [&](int64_t V, unsigned X) {
          return V < Locs[X].Ref.Offset;
        });
        for (; It != B.Known.end() && Locs[*It].Ref.Offset < Hi; ++It)
          Add(*It);
      } else {
        for (unsigned O : B.Known)
          Add(O);
      }
    }
    return Out;
  }

private:
  struct Bucket {
    unsigned AddrSpace;
    const Value *Obj;
    std::vector<unsigned> Known, Unknown;
    uint64_t MaxSize;
  };
  std::vector<Bucket> Buckets;
  std::map<std::tuple<unsigned, const Value *, bool, int64_t, uint64_t,
                      uint32_t, uint32_t, unsigned, unsigned, unsigned,
                      uint64_t, uint64_t, bool, int64_t, int64_t,
                      const MDNode *, const MDNode *,
                      uint32_t, uint32_t, uint32_t>,
           unsigned>
      Ids;
  std::map<std::pair<unsigned, const Value *>, unsigned> BucketIds;
  AAResults *AA;
  std::vector<std::vector<unsigned>> Overlaps;
  std::vector<bool> Done;
};
} // namespace

namespace {
/// Builds the dependence groups of EngineDependences, in three steps:
///  1. intern every access as a location and list, per location, the sites
///     touching and writing it;
///  2. every site becomes a consumer of the candidate groups of the
///     locations overlapping its accesses, for every other agent: one
///     candidate per (agent F, location L, kind), the sites of F writing L
///     (kind W: what a reader of an overlapping location waits for) or
///     touching L (kind A: what a writer waits for);
///  3. a candidate keeps the producers from which one of its consumers is
///     reachable; candidates with equal kept producers merge into one group.
/// The latest conflicting instance on F before a consumer is the latest,
/// over its candidates of F, of their latest instances: counts grow in
/// program order, so T(c, F) = max over c's groups of F.
class GroupBuilder {
public:
  GroupBuilder(ArrayRef<SyncSite> Sites, const BitVector &Reachable,
               AAResults *AA)
      : Sites(Sites), NumBlocks(Reachable.size()), Index(AA) {}

  void indexLocations();
  void assignConsumers();
  void keepReachingProducers(std::vector<DependenceGroup> &Groups);

private:
  ArrayRef<SyncSite> Sites;
  unsigned NumBlocks;
  LocationIndex Index;
  /// Per site: its (location, writes) pairs, as 2 * location + writes.
  std::vector<SmallVector<unsigned, 4>> SiteAccesses;

  struct CandidateGroup {
    AgentId F;
    SmallVector<unsigned, 4> Producers;
    SmallVector<unsigned, 4> Consumers;
  };
  std::vector<CandidateGroup> Candidates;
  /// (L * NumAgents + F) * 2 + kind -> candidate, or -1 if F has no site
  /// of that kind at L.
  DenseMap<unsigned, int> CandidateOf;
  /// Agents touching each location, as a mask.
  std::vector<uint32_t> AgentsAt;

  int getCandidate(unsigned L, AgentId F, bool Writers);
};
} // namespace

void GroupBuilder::indexLocations() {
  SiteAccesses.resize(Sites.size());
  for (unsigned S = 0; S < Sites.size(); ++S) {
    SmallVector<unsigned, 4> &Acc = SiteAccesses[S];
    for (const TileRef &R : Sites[S].Refs) {
      unsigned L = Index.intern(R);
      if (R.Writes)
        Acc.push_back(2 * L + 1);
      if (R.Reads || !R.Writes)
        Acc.push_back(2 * L);
    }
    llvm::sort(Acc);
    Acc.erase(llvm::unique(Acc), Acc.end());
  }
  for (unsigned S = 0; S < Sites.size(); ++S)
    for (unsigned E : SiteAccesses[S]) {
      LocationIndex::Loc &L = Index.Locs[E / 2];
      if (L.Accessors.empty() || L.Accessors.back() != S)
        L.Accessors.push_back(S);
      if ((E & 1) && (L.Writers.empty() || L.Writers.back() != S))
        L.Writers.push_back(S);
    }
  Index.finalize();
  AgentsAt.assign(Index.Locs.size(), 0);
  for (unsigned L = 0; L < Index.Locs.size(); ++L)
    for (unsigned S : Index.Locs[L].Accessors)
      AgentsAt[L] |= 1u << Sites[S].Agent;
}

int GroupBuilder::getCandidate(unsigned L, AgentId F, bool Writers) {
  unsigned Key = (L * NumAgents + F) * 2 + Writers;
  auto [It, New] = CandidateOf.try_emplace(Key, -1);
  if (!New)
    return It->second;
  CandidateGroup C;
  C.F = F;
  const LocationIndex::Loc &Loc = Index.Locs[L];
  for (unsigned S : Writers ? Loc.Writers : Loc.Accessors)
    if (Sites[S].Agent == F)
      C.Producers.push_back(S);
  if (C.Producers.empty())
    return -1;
  It->second = Candidates.size();
  Candidates.push_back(std::move(C));
  return It->second;
}

void GroupBuilder::assignConsumers() {
  SmallVector<int, 8> Mine;
  for (unsigned C = 0; C < Sites.size(); ++C) {
    Mine.clear();
    for (unsigned E : SiteAccesses[C]) {
      bool CWrites = E & 1;
      for (unsigned L : Index.overlapping(E / 2)) {
        uint32_t Agents = AgentsAt[L] & ~(1u << Sites[C].Agent);
        for (AgentId F = 0; Agents; ++F, Agents >>= 1)
          if (Agents & 1) {
            int G = getCandidate(L, F, /*Writers=*/!CWrites);
            if (G >= 0)
              Mine.push_back(G);
          }
      }
    }
    llvm::sort(Mine);
    Mine.erase(llvm::unique(Mine), Mine.end());
    for (int G : Mine)
      Candidates[G].Consumers.push_back(C);
  }
}

/// Strongly connected components of the CFG, numbered in topological order
/// (every edge between two components goes to a higher number): the
/// component of each block by number, and the blocks of each component.
static void numberComponents(
    const MachineFunction &MF, std::vector<unsigned> &ComponentOf,
    std::vector<std::vector<const MachineBasicBlock *>> &Components) {
  ComponentOf.assign(MF.getNumBlockIDs(), ~0u);
  Components.clear();
  for (scc_iterator<const MachineFunction *> I = scc_begin(&MF); !I.isAtEnd();
       ++I)
    Components.push_back(*I);
  // scc_iterator yields a component after every component it reaches.
  std::reverse(Components.begin(), Components.end());
  for (unsigned Id = 0; Id < Components.size(); ++Id)
    for (const MachineBasicBlock *B : Components[Id])
      ComponentOf[B->getNumber()] = Id;
}

/// For a consumer c, the kept producers that reach c are exactly the
/// candidates that reach c, so the latest instance before c is unchanged.
///
/// A producer reaches a consumer of its candidate when a later site of its
/// block is one, or when one of the block's successors reaches a consumer
/// block through zero or more edges. The latter is one bit-parallel sweep
/// over the strongly connected components in reverse topological order:
/// a component reaches the candidates with a consumer in it or in a
/// component it reaches. A component's bits are freed once every
/// component with an edge into it has been swept.
void GroupBuilder::keepReachingProducers(std::vector<DependenceGroup> &Groups) {
  unsigned NumCandidates = Candidates.size();
  std::vector<unsigned> ComponentOf;
  std::vector<std::vector<const MachineBasicBlock *>> Components;
  if (!Sites.empty())
    numberComponents(*Sites.front().MBB->getParent(), ComponentOf,
                     Components);
  unsigned NumComponents = Components.size();

  // Per block: the candidates with a consumer there, and the (candidate,
  // producer index) pairs of its producers.
  std::vector<SmallVector<unsigned, 4>> ConsumersIn(NumBlocks);
  std::vector<SmallVector<std::pair<unsigned, unsigned>, 4>> ProducersIn(
      NumBlocks);
  std::vector<unsigned> KeptBegin(NumCandidates + 1, 0);
  for (unsigned CI = 0; CI < NumCandidates; ++CI) {
    const CandidateGroup &Cand = Candidates[CI];
    KeptBegin[CI + 1] = KeptBegin[CI];
    if (Cand.Consumers.empty())
      continue;
    for (unsigned C : Cand.Consumers) {
      auto &V = ConsumersIn[Sites[C].MBB->getNumber()];
      if (V.empty() || V.back() != CI)
        V.push_back(CI);
    }
    for (unsigned I = 0; I < Cand.Producers.size(); ++I)
      ProducersIn[Sites[Cand.Producers[I]].MBB->getNumber()].push_back(
          {CI, I});
    KeptBegin[CI + 1] += Cand.Producers.size();
  }
  BitVector Kept(KeptBegin[NumCandidates]);

  // Edges into each component from other components, to free its bits.
  std::vector<unsigned> EdgesIn(NumComponents, 0);
  for (unsigned X = 0; X < NumComponents; ++X)
    for (const MachineBasicBlock *B : Components[X])
      for (const MachineBasicBlock *S : B->successors())
        if (ComponentOf[S->getNumber()] != X)
          ++EdgesIn[ComponentOf[S->getNumber()]];
  std::vector<std::unique_ptr<BitVector>> Reaches(NumComponents);
  for (unsigned X = NumComponents; X-- > 0;) {
    auto R = std::make_unique<BitVector>(NumCandidates);
    for (const MachineBasicBlock *B : Components[X]) {
      for (unsigned CI : ConsumersIn[B->getNumber()])
        R->set(CI);
      for (const MachineBasicBlock *S : B->successors()) {
        unsigned Y = ComponentOf[S->getNumber()];
        if (Y != X)
          *R |= *Reaches[Y];
      }
    }
    Reaches[X] = std::move(R);
    // The producers of X: their successors' components are swept.
    for (const MachineBasicBlock *B : Components[X])
      for (auto [CI, I] : ProducersIn[B->getNumber()])
        for (const MachineBasicBlock *S : B->successors())
          if (Reaches[ComponentOf[S->getNumber()]]->test(CI)) {
            Kept.set(KeptBegin[CI] + I);
            break;
          }
    for (const MachineBasicBlock *B : Components[X])
      for (const MachineBasicBlock *S : B->successors()) {
        unsigned Y = ComponentOf[S->getNumber()];
        if (Y != X && --EdgesIn[Y] == 0)
          Reaches[Y].reset();
      }
  }

  std::map<std::pair<AgentId, SmallVector<unsigned, 4>>, unsigned> GroupOf;
  for (unsigned CI = 0; CI < NumCandidates; ++CI) {
    const CandidateGroup &Cand = Candidates[CI];
    if (Cand.Consumers.empty())
      continue;
    SmallVector<unsigned, 4> KeptProducers;
    for (unsigned I = 0; I < Cand.Producers.size(); ++I) {
      unsigned P = Cand.Producers[I];
      auto It = llvm::upper_bound(Cand.Consumers, P);
      if (Kept.test(KeptBegin[CI] + I) ||
          (It != Cand.Consumers.end() && Sites[*It].MBB == Sites[P].MBB))
        KeptProducers.push_back(P);
    }
    if (KeptProducers.empty())
      continue;
    auto [It, New] =
        GroupOf.try_emplace({Cand.F, KeptProducers}, Groups.size());
    if (New) {
      DependenceGroup G;
      G.Producer = Cand.F;
      G.Producers = KeptProducers;
      Groups.push_back(std::move(G));
    }
    DependenceGroup &G = Groups[It->second];
    G.Consumers.append(Cand.Consumers.begin(), Cand.Consumers.end());
  }
}

/// For the tests of the validator only: a compiler that forgets one
/// dependence (test/sync-check/object-catches.test) must be rejected by
/// neuronisa-sync-check, which derives the conflicts from the code itself.
static cl::opt<int> DebugDropGroup(
    "neuronisa-sync-debug-drop-group", cl::Hidden, cl::init(-1),
    cl::desc("Testing the validator: forget dependence group N of every "
             "function (as if the analysis missed it)"));

void EngineDependences::buildGroups() {
  GroupBuilder Builder(Sites, Reachable, AA);
  Builder.indexLocations();
  Builder.assignConsumers();
  Builder.keepReachingProducers(Groups);
  if (DebugDropGroup >= 0 && unsigned(DebugDropGroup) < Groups.size())
    Groups.erase(Groups.begin() + DebugDropGroup);
  indexGroups();
}

void EngineDependences::indexGroups() {
  ConsumerGroups.assign(Sites.size(), {});
  ProducerGroups.assign(Sites.size(), {});
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    DependenceGroup &G = Groups[GI];
    llvm::sort(G.Consumers);
    G.Consumers.erase(llvm::unique(G.Consumers), G.Consumers.end());
    for (unsigned C : G.Consumers)
      ConsumerGroups[C].push_back(GI);
    for (unsigned P : G.Producers)
      ProducerGroups[P].push_back(GI);
  }
}

void EngineDependences::analyze(MachineFunction &MF, ScalarEvolution *SE,
                                AAResults *AA) {
  this->AA = AA;
  this->SE = SE;
  Sites.clear();
  Groups.clear();
  NumOpaqueSites = 0;
  resetAgents();
  collectSites(MF, SE);
  buildGroups();
}

//===----------------------------------------------------------------------===//
// Explanations (for the remarks)
//===----------------------------------------------------------------------===//

std::string NeuronISA::describeImprecision(const ConflictExplanation &E) {
  std::string S;
  switch (E.Kind) {
  case ConflictImprecision::None:
    return "";
  case ConflictImprecision::Opaque:
    S = "an instruction without memory operands is treated as touching all "
        "memory";
    break;
  case ConflictImprecision::TileChoice:
    S = "a tile pointer chosen by select or phi conflicts with every tile it "
        "may point to";
    break;
  case ConflictImprecision::UnknownTile:
    S = "an on-chip access not proved inside one tile is treated as touching "
        "every tile of its memory";
    break;
  case ConflictImprecision::HBMMayAlias:
    S = "HBM accesses to objects that may alias";
    break;
  case ConflictImprecision::HBMUnknownOffset:
    S = "unknown HBM offset: ScalarEvolution does not describe the address";
    break;
  case ConflictImprecision::HBMDistance:
    S = "loop-carried HBM dependence at distance " +
        std::to_string(E.Distance) +
        ": the conflicting instance of the producer is " +
        std::to_string(E.Distance) + " iteration" +
        (E.Distance == 1 ? "" : "s") +
        " back, the wait is for its latest instance";
    break;
  case ConflictImprecision::HBMUnknownDistance:
    S = "unknown HBM distance: the accesses at run-time offsets may conflict "
        "in some iterations, not necessarily in the instance waited for";
    break;
  }
  if (E.StridedSpan)
    S += " (a strided HBM footprint counts as one contiguous span)";
  return S;
}

std::optional<std::pair<const Loop *, int64_t>>
NeuronISA::constantStep(const SCEV *S, ScalarEvolution &SE) {
  const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || !AR->isAffine())
    return std::nullopt;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().getSignificantBits() > 40)
    return std::nullopt;
  return std::make_pair(AR->getLoop(), Step->getAPInt().getSExtValue());
}

/// May the address S differ between two executions of its block in one
/// call of the function? An affine recurrence, also inside a zext or trunc
/// (a counter modulo 4 is zext(trunc(i))), or a value ScalarEvolution does
/// not describe may; an expression of arguments and constants may not.
static bool mayVary(const SCEV *S) {
  return SCEVExprContains(S, [](const SCEV *X) {
    if (isa<SCEVAddRecExpr>(X))
      return true;
    const auto *U = dyn_cast<SCEVUnknown>(X);
    return U && isa<Instruction>(U->getValue());
  });
}

namespace {
/// Which instance of a producer a consumer waits for (its latest one before
/// the consumer), relative to the loops around both.
enum class WaitedInstance {
  Same,     // the same iteration of every loop around both
  Previous, // one execution of their common block back
  Unknown,  // it depends on the path taken
};
} // namespace

/// Accesses P (the producer's) and C (the consumer's) of one HBM object,
/// one of them at a run-time offset, that the relation says may conflict.
/// Which: the instance of P that C waits for.
static ConflictExplanation explainHBM(const TileRef &P, const TileRef &C,
                                      WaitedInstance Which,
                                      ScalarEvolution *SE) {
  ConflictExplanation E;
  E.StridedSpan = P.isStrided() || C.isStrided();
  if (!SE || !P.Addr || !C.Addr) {
    E.Kind = ConflictImprecision::HBMUnknownOffset;
    return E;
  }
  E.Kind = ConflictImprecision::HBMUnknownDistance;
  // Delta: where C starts, relative to P, when both are computed in one
  // execution of a block (every enclosing loop at the same iteration).
  const auto *D =
      dyn_cast<SCEVConstant>(SE->getMinusSCEV(C.Addr, P.Addr));
  if (!D || D->getAPInt().getSignificantBits() > 40)
    return E;
  int64_t Delta = D->getAPInt().getSExtValue();
  uint64_t ExP = P.AffExtent, ExC = C.AffExtent;
  auto StepP = constantStep(P.Addr, *SE), StepC = constantStep(C.Addr, *SE);
  bool CommonStep = StepP && StepC && *StepP == *StepC && StepP->second;
  if (Which == WaitedInstance::Same) {
    if (footprintsMeet(P, ExP, C, ExC, Delta))
      E.Kind = ConflictImprecision::None;
  } else if (Which == WaitedInstance::Previous && CommonStep) {
    // The instance one iteration back starts Step bytes earlier.
    if (footprintsMeet(P, ExP, C, ExC, Delta + StepP->second))
      E.Kind = ConflictImprecision::None;
  } else if (!StepP && !StepC && !mayVary(P.Addr) && !mayVary(C.Addr) &&
             footprintsMeet(P, ExP, C, ExC, Delta)) {
    // Both loop-invariant: every instance is at the same place.
    E.Kind = ConflictImprecision::None;
  }
  if (E.Kind == ConflictImprecision::None || !CommonStep)
    return E;
  if (std::optional<int64_t> K =
          carriedDistance(P, ExP, C, ExC, Delta, StepP->second)) {
    E.Kind = ConflictImprecision::HBMDistance;
    E.Distance = *K;
  }
  return E;
}

std::optional<int64_t> NeuronISA::carriedDistance(const TileRef &P,
                                                  uint64_t ExP,
                                                  const TileRef &C,
                                                  uint64_t ExC, int64_t Delta,
                                                  int64_t Step) {
  // The instance of P K iterations back starts K * Step bytes earlier.
  for (int64_t K = 1; K <= MaxCarriedDistance; ++K)
    if (footprintsMeet(P, ExP, C, ExC, Delta + K * Step))
      return K;
  return std::nullopt;
}

/// Is V, through GEPs, a select or a phi (a pointer chosen at run time)?
static bool isChosenPointer(const Value *V) {
  for (unsigned I = 0; V && I < 8; ++I) {
    if (isa<SelectInst>(V) || isa<PHINode>(V))
      return true;
    const auto *GEP = dyn_cast<GEPOperator>(V);
    if (!GEP)
      return false;
    V = GEP->getPointerOperand();
  }
  return false;
}

/// Is P's block after C's in every iteration of the innermost loop around
/// C's block (C's block dominates P's, and P's dominates every backedge of
/// that loop, as the copies of a loop unrolled one after the other)? From
/// the loop's header, C is reached before P, and P before the next
/// iteration: the latest instance of P before C is the previous
/// iteration's, as for P after C in one block.
static bool closesIteration(const MachineBasicBlock &PB,
                            const MachineBasicBlock &CB,
                            const MachineDominatorTree &DT) {
  if (!DT.dominates(&CB, &PB))
    return false;
  for (const MachineDomTreeNode *N = DT.getNode(&CB); N; N = N->getIDom()) {
    const MachineBasicBlock *H = N->getBlock();
    bool Header = false;
    for (const MachineBasicBlock *Pred : H->predecessors())
      if (DT.dominates(H, Pred)) {
        if (!DT.dominates(&PB, Pred))
          return false;
        Header = true;
      }
    if (Header)
      return true;
  }
  return false;
}

ConflictExplanation EngineDependences::explainConflict(unsigned P,
                                                       unsigned C) const {
  const SyncSite &SP = Sites[P], &SC = Sites[C];
  // P before C in one block, or in a block that dominates C's (every path
  // from a loop's header to C passes P then): the same iteration of every
  // loop around both. C before P in one block: one execution back. Else
  // (P in a branch, or in a loop C is not in) the instance is path-dependent.
  WaitedInstance Which = WaitedInstance::Unknown;
  if (SP.MBB == SC.MBB) {
    Which = P < C ? WaitedInstance::Same : WaitedInstance::Previous;
  } else {
    if (!DomTree)
      DomTree = std::make_unique<MachineDominatorTree>(*SP.MBB->getParent());
    if (DomTree->dominates(SP.MBB, SC.MBB))
      Which = WaitedInstance::Same;
    else if (closesIteration(*SP.MBB, *SC.MBB, *DomTree))
      Which = WaitedInstance::Previous;
  }
  std::optional<ConflictExplanation> First;
  for (const TileRef &RP : SP.Refs)
    for (const TileRef &RC : SC.Refs) {
      if (!(RP.Writes || RC.Writes) || !TileRef::mayOverlap(RP, RC, AA))
        continue;
      ConflictExplanation E;
      auto Opaque = [](const TileRef &R) {
        return !R.AddrSpace && !R.Obj;
      };
      if (Opaque(RP) || Opaque(RC)) {
        E.Kind = ConflictImprecision::Opaque;
      } else if (RP.AddrSpace != NeuronISAAS::HBM) {
        // On chip: a known tile keeps exact partition and byte ranges.
        if (!RP.Obj || !RC.Obj)
          E.Kind = isChosenPointer(RP.Obj ? RC.Pointer : RP.Pointer)
                       ? ConflictImprecision::TileChoice
                       : ConflictImprecision::UnknownTile;
      } else if (!RP.Obj || RP.Obj != RC.Obj) {
        E.Kind = ConflictImprecision::HBMMayAlias;
      } else if (!(RP.RangeKnown && RC.RangeKnown)) {
        E = explainHBM(RP, RC, Which, SE);
      }
      if (E.Kind == ConflictImprecision::None)
        return E; // this pair conflicts in every instance
      if (!First)
        First = E;
    }
  return First.value_or(ConflictExplanation());
}
