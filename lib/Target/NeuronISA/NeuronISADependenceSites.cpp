//===-- NeuronISADependenceSites.cpp - Sync sites -------------------------===//
//
// collectSites: every data-path instruction of a reachable block becomes a
// site, with its agent, its wait engine and its accesses; an HBM access at
// a run-time offset gets its affine description (AffineDecomposer, from
// ScalarEvolution).
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "NeuronISAInstrInfo.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <map>
#include <optional>

using namespace llvm;
using namespace llvm::NeuronISA;

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
    Out.RangeKnown = Bits <= TileRef::MaxRangeBits;
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
    if (SE.getTypeSizeInBits(S->getType()) > TileRef::MaxRangeBits)
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
        !TileRef::withinMagnitude(A) || !TileRef::withinMagnitude(B))
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
    // Both summands are within TileRef::MaxRangeMagnitude: the sums cannot overflow.
    Out.Lo += I->first;
    Out.Hi += I->second;
    if (!TileRef::withinMagnitude(Out.Lo) || !TileRef::withinMagnitude(Out.Hi))
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

/// The data-path instructions of MF's reachable blocks.
static unsigned countDataPath(const MachineFunction &MF,
                              const BitVector &Reachable) {
  unsigned N = 0;
  for (const MachineBasicBlock &MBB : MF)
    if (Reachable.test(MBB.getNumber()))
      for (const MachineInstr &MI : MBB)
        N += isDataPath(MI.getDesc());
  return N;
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
  // Sized once: each growth moved every site (three TileRefs inline).
  Sites.reserve(Sites.size() + countDataPath(MF, Reachable));
  for (MachineBasicBlock &MBB : MF) {
    unsigned Begin = Sites.size();
    if (Reachable.test(MBB.getNumber()))
      for (MachineInstr &MI : MBB) {
        const MCInstrDesc &D = MI.getDesc();
        if (!isDataPath(D))
          continue;
        // Built in place (a site holds three TileRefs inline).
        SyncSite &S = Sites.emplace_back();
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
                               : TileRef::unpaired(*MMO));
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
      }
    BlockRange[MBB.getNumber()] = {Begin, unsigned(Sites.size())};
  }
}
