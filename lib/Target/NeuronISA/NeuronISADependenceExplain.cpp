//===-- NeuronISADependenceExplain.cpp - Imprecise conflicts --------------===//
//
// explainConflict: why the conflict of a producer and a consumer may not
// hold for the instance of the producer the consumer waits for (the remarks
// ImpreciseDependence), and the loop-carried HBM distance it shares with
// the IR unroll of NeuronISATilePingPongUnroll.cpp (carriedDistance).
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include <optional>
#include <string>

using namespace llvm;
using namespace llvm::NeuronISA;

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

/// May A - B be formed? ScalarEvolution requires the loops of the
/// recurrences in one expression to be nested (their headers ordered by
/// dominance); accesses in loops on two arms of a branch are not.
static bool recurrencesNest(const SCEV *A, const SCEV *B) {
  SmallVector<const Loop *, 4> Loops;
  auto Collect = [&](const SCEV *X) {
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(X))
      Loops.push_back(AR->getLoop());
    return false;
  };
  SCEVExprContains(A, Collect);
  SCEVExprContains(B, Collect);
  for (const Loop *L : Loops)
    for (const Loop *M : Loops)
      if (!L->contains(M) && !M->contains(L))
        return false;
  return true;
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
  if (!recurrencesNest(P.Addr, C.Addr))
    return E;
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
