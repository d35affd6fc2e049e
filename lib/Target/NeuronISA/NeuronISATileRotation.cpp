//===-- NeuronISATileRotation.cpp - Tiles that rotate with the iteration --===//
//
// A loop's tile pointers rotate when its header phis of on-chip pointers
// each start at a constant place and receive on the backedge another of
// them, one each: the latch values form a permutation N of the phis, and on
// iteration j phi x holds the start of N^j(x). Along a cycle of N the
// starts repeat with some period d (the cycle's length, or a divisor of it
// when places repeat along the cycle, 1 when they are all one place); the
// whole rotation repeats with the lcm of these periods. A select of places
// whose condition is a function of the parity of an affine induction
// variable (constant start, odd step) repeats every 2 iterations. Unrolled
// by a multiple F of the period, copy k of the body sees phi x equal to
// the start of N^k(x), and the header phi x receives N^F(x), a phi with
// x's own start: it folds to that start (foldsToStart). In copy k the
// induction variable is {s + k c, +, F c}, whose parity is constant, and
// ScalarEvolution folds the condition (evaluateCondition).
//
//===----------------------------------------------------------------------===//

#include "NeuronISATileRotation.h"
#include "NeuronISA.h"
#include "NeuronISATileAccess.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include <numeric>

using namespace llvm;
using namespace llvm::NeuronISA;

bool NeuronISA::isOnChipTilePointer(const Type *T) {
  const auto *PT = dyn_cast<PointerType>(T);
  return PT && (PT->getAddressSpace() == NeuronISAAS::SBUF ||
                PT->getAddressSpace() == NeuronISAAS::PSUM);
}

/// A tile global at a constant offset (what each copy of the body will see).
static bool isConstantPlace(const Value *V, const DataLayout &DL) {
  return isa<Constant>(V) && analyzeTilePointer(V, DL).isConstant();
}

/// The incoming value of Phi from BB, or null if BB is not a predecessor.
static Value *incomingFrom(const PHINode &Phi, const BasicBlock *BB) {
  int Idx = Phi.getBasicBlockIndex(BB);
  return Idx < 0 ? nullptr : Phi.getIncomingValue(Idx);
}

/// Does S take two values alternately along L's iterations: an affine
/// recurrence of L with constant start and a nonzero constant step that,
/// added twice, wraps to 0 (any step in i1, 2^(n-1) in iN), seen through
/// extensions and truncations (functions of it alternate with it)?
static bool alternatesWithParity(const SCEV *S, const Loop &L) {
  while (const auto *Cast = dyn_cast<SCEVCastExpr>(S))
    S = Cast->getOperand(0);
  const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
      !isa<SCEVConstant>(AR->getStart()))
    return false;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getOperand(1));
  if (!Step)
    return false;
  const APInt &C = Step->getAPInt();
  return !C.isZero() && (C << 1).isZero();
}

/// The conditions a select may have for unrolling by 2 to fold it: an i1
/// that alternates with the parity, or an integer comparison whose sides
/// are constants or alternate, at least one alternating (such as
/// `(i & 1) == 0` for an induction variable i of odd constant step).
static bool isParityCondition(Value *Cond, const Loop &L,
                              ScalarEvolution &SE) {
  if (auto *Cmp = dyn_cast<ICmpInst>(Cond)) {
    Value *A = Cmp->getOperand(0), *B = Cmp->getOperand(1);
    if (!A->getType()->isIntegerTy())
      return false;
    const SCEV *SA = SE.getSCEV(A), *SB = SE.getSCEV(B);
    bool AltA = alternatesWithParity(SA, L), AltB = alternatesWithParity(SB, L);
    return (AltA || AltB) && (AltA || isa<SCEVConstant>(SA)) &&
           (AltB || isa<SCEVConstant>(SB));
  }
  return Cond->getType()->isIntegerTy(1) &&
         alternatesWithParity(SE.getSCEV(Cond), L);
}

std::optional<bool> NeuronISA::evaluateCondition(Value *Cond,
                                                 ScalarEvolution &SE) {
  if (auto *Cmp = dyn_cast<ICmpInst>(Cond)) {
    if (!Cmp->getOperand(0)->getType()->isIntegerTy())
      return std::nullopt;
    const auto *A = dyn_cast<SCEVConstant>(SE.getSCEV(Cmp->getOperand(0)));
    const auto *B = dyn_cast<SCEVConstant>(SE.getSCEV(Cmp->getOperand(1)));
    if (!A || !B)
      return std::nullopt;
    return ICmpInst::compare(A->getAPInt(), B->getAPInt(),
                             Cmp->getPredicate());
  }
  if (!Cond->getType()->isIntegerTy(1))
    return std::nullopt;
  if (const auto *C = dyn_cast<SCEVConstant>(SE.getSCEV(Cond)))
    return C->getAPInt().isOne();
  return std::nullopt;
}

bool NeuronISA::foldsToStart(PHINode &Phi, Constant &Start, const Loop &L) {
  const BasicBlock *Pre = L.getLoopPredecessor();
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Pre || !Latch)
    return false;
  SmallPtrSet<const PHINode *, 8> Seen{&Phi};
  SmallVector<const PHINode *, 8> Work{&Phi};
  while (!Work.empty()) {
    const PHINode *P = Work.pop_back_val();
    if (P->getParent() != L.getHeader() || P->getNumIncomingValues() != 2 ||
        incomingFrom(*P, Pre) != &Start)
      return false;
    const Value *Next = incomingFrom(*P, Latch);
    if (Next == &Start)
      continue;
    const auto *NextPhi = dyn_cast_or_null<PHINode>(Next);
    if (!NextPhi)
      return false;
    if (Seen.insert(NextPhi).second)
      Work.push_back(NextPhi);
  }
  return true;
}

static std::string nameOf(const Value &V) {
  return V.hasName() ? ("'%" + V.getName() + "'").str() : "an unnamed value";
}

static TileRotationPlan leaveAlone(StringRef Name, const Twine &Why) {
  TileRotationPlan Plan;
  Plan.Verdict = TileRotationPlan::LeftAlone;
  Plan.RemarkName = Name;
  Plan.Why = Why.str();
  return Plan;
}

/// Counts in Plan the selects of on-chip tile pointers in L, and among
/// them those of places (or of the rotating phis, PhiSet) on the parity.
static void countTileSelects(Loop &L,
                             const SmallPtrSetImpl<const Value *> &PhiSet,
                             const DataLayout &DL, ScalarEvolution &SE,
                             TileRotationPlan &Plan) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *Sel = dyn_cast<SelectInst>(&I);
      if (!Sel || !isOnChipTilePointer(Sel->getType()))
        continue;
      ++Plan.TileSelects;
      auto IsArm = [&](const Value *V) {
        return PhiSet.contains(V) || isConstantPlace(V, DL);
      };
      if (IsArm(Sel->getTrueValue()) && IsArm(Sel->getFalseValue()) &&
          isParityCondition(Sel->getCondition(), L, SE))
        ++Plan.ParitySelects;
    }
}

/// The cycles of the permutation Next of Phis, and the period of the
/// places (StartOf) along each: returns the lcm of the periods, and the
/// cycles' lengths in Lengths.
static uint64_t
rotationPeriod(ArrayRef<PHINode *> Phis, DenseMap<PHINode *, PHINode *> &Next,
               DenseMap<const PHINode *, Constant *> &StartOf,
               SmallVectorImpl<unsigned> &Lengths) {
  SmallPtrSet<const PHINode *, 8> Visited;
  uint64_t Factor = 1;
  for (PHINode *P : Phis) {
    if (Visited.contains(P))
      continue;
    SmallVector<PHINode *, 4> Cycle;
    for (PHINode *Q = P; Visited.insert(Q).second; Q = Next[Q])
      Cycle.push_back(Q);
    unsigned Len = Cycle.size();
    Lengths.push_back(Len);
    unsigned Period = Len;
    for (unsigned D = 1; D < Len; ++D) {
      if (Len % D)
        continue;
      bool Repeats = true;
      for (unsigned I = 0; I < Len && Repeats; ++I)
        Repeats = StartOf[Cycle[I]] == StartOf[Cycle[(I + D) % Len]];
      if (Repeats) {
        Period = D;
        break;
      }
    }
    Factor = std::lcm(Factor, uint64_t(Period));
  }
  return Factor;
}

TileRotationPlan NeuronISA::planTileRotation(Loop &L, const DataLayout &DL,
                                             ScalarEvolution &SE) {
  TileRotationPlan Plan;
  SmallVector<PHINode *, 4> Phis;
  for (PHINode &P : L.getHeader()->phis())
    if (isOnChipTilePointer(P.getType()))
      Phis.push_back(&P);
  SmallPtrSet<const Value *, 4> PhiSet(Phis.begin(), Phis.end());
  countTileSelects(L, PhiSet, DL, SE, Plan);
  if (Phis.empty() && !Plan.ParitySelects)
    return Plan; // NoTiles

  const BasicBlock *Pre = L.getLoopPredecessor();
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Pre || !Latch)
    return leaveAlone("Malformed", "the loop has no single entry from "
                                   "outside and single latch");
  // The permutation N: each phi's latch value, another phi of the set.
  DenseMap<PHINode *, PHINode *> Next;
  DenseMap<const PHINode *, Constant *> StartOf;
  DenseMap<PHINode *, PHINode *> Prev;
  for (PHINode *P : Phis) {
    Value *Start = incomingFrom(*P, Pre);
    Value *Latched = incomingFrom(*P, Latch);
    if (P->getNumIncomingValues() != 2 || !Start || !Latched)
      return leaveAlone("Malformed", "the tile phi " + nameOf(*P) +
                                         " has other incoming edges than "
                                         "the entry and the latch");
    if (!isConstantPlace(Start, DL))
      return leaveAlone("RunTimeStart", "the tile phi " + nameOf(*P) +
                                            " does not start at a constant "
                                            "place in a tile");
    auto *N = dyn_cast<PHINode>(Latched);
    if (!N || !PhiSet.contains(N))
      return leaveAlone("NotRotation",
                        "the tile phi " + nameOf(*P) +
                            " receives on the backedge a value that is not "
                            "a tile phi of the header (only rotations of "
                            "constant places are unrolled)");
    auto [It, New] = Prev.try_emplace(N, P);
    if (!New)
      return leaveAlone("NotPermutation",
                        "the tile phis " + nameOf(*It->second) + " and " +
                            nameOf(*P) + " both receive " + nameOf(*N) +
                            " on the backedge: not a rotation");
    Next[P] = N;
    StartOf[P] = cast<Constant>(Start);
  }
  SmallVector<unsigned, 4> Lengths;
  uint64_t Factor = rotationPeriod(Phis, Next, StartOf, Lengths);
  if (Plan.ParitySelects)
    Factor = std::lcm(Factor, uint64_t(2));
  if (Factor > MaxRotationFactor) {
    std::string Cycles;
    for (unsigned Len : Lengths)
      Cycles += (Cycles.empty() ? "" : ", ") + utostr(Len);
    return leaveAlone("PeriodTooLong",
                      "its tiles repeat every " + Twine(Factor) +
                          " iterations (tile phis in cycles of " + Cycles +
                          (Plan.ParitySelects ? ", and selects on a parity"
                                              : "") +
                          "), more than the " + Twine(MaxRotationFactor) +
                          " copies of the body it may be unrolled into");
  }
  // The check the fold relies on: unrolled by Factor, every phi receives a
  // phi with its own start.
  for (PHINode *P : Phis) {
    PHINode *Q = P;
    for (uint64_t K = 0; K < Factor; ++K)
      Q = Next[Q];
    if (StartOf[Q] != StartOf[P])
      return leaveAlone("NotFoldable", "the tile phi " + nameOf(*P) +
                                           " would not fold to one place");
  }
  if (Factor > 1) {
    uint64_t Size = 0;
    for (const BasicBlock *BB : L.blocks())
      Size += BB->size();
    if (Size * Factor > MaxUnrolledSize)
      return leaveAlone("BodyTooLarge",
                        "its body of " + Twine(Size) +
                            " instructions is more than " +
                            Twine(MaxUnrolledSize / Factor) +
                            ", the most unrolled by " + Twine(Factor));
  }
  Plan.Verdict = TileRotationPlan::Unroll;
  Plan.Factor = Factor;
  return Plan;
}
