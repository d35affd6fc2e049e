//===-- NeuronISATilePingPongUnroll.cpp - One tile per copy of the body ---===//
//
// Multi-buffering rotates tiles every iteration. Double buffering swaps two:
//
//   loop: %cur = phi ptr addrspace(2) [ @a, %pre ], [ %nxt, %loop ]
//         %nxt = phi ptr addrspace(2) [ @b, %pre ], [ %cur, %loop ]
//         dma.load %nxt, ...        ; the next block into one buffer
//         act.tanh @o, %cur, ...    ; this block from the other
//
// and triple buffering (`a, b, c = b, c, a`) rotates three phis. A tile
// pointer chosen by a phi names no single tile: the synchronization pass
// must treat each access as touching every buffer, so the load waits for
// ACT's read of another buffer in the same iteration and ACT waits for the
// load it does not read: load and compute no longer overlap (the missed
// remark "a tile pointer chosen by select or phi"). There is no condition at
// the call to branch on (NeuronISATileSelectSplit), but the choice depends
// on the iteration number modulo the rotation's period only: unrolled by
// the period, each copy of the body sees one constant place per phi, every
// access names one tile, and the pass is exact. The same holds for a tile
// chosen by the parity of an induction variable
// (`select (i & 1) == 0, @t0, @t1`): unrolled by 2, ScalarEvolution knows
// the parity in each copy and the select folds.
//
// This pass unrolls such loops with LLVM's UnrollLoop, without a run-time
// trip count: the exit test of each copy is kept, so every trip count (zero
// included: the guard before the loop is untouched) runs the same
// iterations in the same order, and no remainder loop is needed. After
// unrolling by a multiple of every phi's period, each header phi receives on
// the backedge a phi with its own start (itself, for a full cycle) and is
// replaced by that start; copy k's phi is copy 0's phi k steps along the
// rotation, a constant too. A parity select is replaced by the arm that
// ScalarEvolution's value of its condition picks in that copy.
//
// When it unrolls (NeuronISATileRotation.h decides; anything else is left
// alone with a missed remark saying why): a loop with one latch and one
// predecessor outside (it is put in loop-simplify and loop-closed SSA form
// first) whose header phis of on-chip pointers all start at a constant
// place in a tile and receive on the backedge another of these phis, one
// each (a permutation), and whose selects of tile places on a parity have
// affine induction variables with constant start and odd step; the factor
// (the lcm of the periods) at most MaxRotationFactor (4), and the body at
// most MaxUnrolledSize / factor instructions.
//
// It runs in the codegen pipeline after CodeGenPrepare and before the
// select split and the kernel verifier, so that two halves of one tile
// swapped by phis (no partition start through the phis) compile too. It
// therefore sees unchecked IR: UnrollLoop leaves alone what it cannot
// clone, and an error the verifier finds inside an unrolled loop is
// reported for each copy of the body.
//
//===----------------------------------------------------------------------===//

#include "NeuronISA.h"
#include "NeuronISAHBMCarried.h"
#include "NeuronISATileRotation.h"
#include "llvm/IR/Constants.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"
#include <numeric>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-tile-pingpong-unroll"

// For measurements: the cycles a multi-buffered loop costs through its
// phis (docs/Synchronization.md).
static cl::opt<bool> EnablePingPongUnroll(
    "neuronisa-tile-pingpong-unroll", cl::Hidden, cl::init(true),
    cl::desc("Unroll loops that rotate tiles through phis or choose them by "
             "parity, by the rotation's period (default on)"));

// For measurements: the cycles a loop-carried HBM dependence at run-time
// offsets costs when the loop is left as written.
static cl::opt<bool> EnableHBMCarriedUnroll(
    "neuronisa-hbm-carried-unroll", cl::Hidden, cl::init(true),
    cl::desc("Unroll loops whose HBM loads read what an earlier iteration "
             "stored at run-time offsets, by a power of two above the "
             "distance (default on)"));

namespace {
class NeuronISATilePingPongUnroll : public FunctionPass {
public:
  static char ID;
  NeuronISATilePingPongUnroll() : FunctionPass(ID) {}
  StringRef getPassName() const override {
    return "NeuronISA tile ping-pong unroll";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AssumptionCacheTracker>();
    AU.addRequired<TargetLibraryInfoWrapperPass>();
    AU.addRequired<TargetTransformInfoWrapperPass>();
    AU.addRequired<TargetPassConfig>();
  }
  bool runOnFunction(Function &F) override;
};

void remarkLeftAlone(OptimizationRemarkEmitter &ORE, const Loop &L,
                     StringRef Name, const Twine &Why) {
  ORE.emit([&]() {
    return OptimizationRemarkMissed(DEBUG_TYPE, Name, L.getStartLoc(),
                                    L.getHeader())
           << "tiles of loop '" << ore::NV("Loop", L.getHeader()->getName())
           << "' not made one per access: " << Why.str();
  });
}

void remarkHBMLeftAlone(OptimizationRemarkEmitter &ORE, const Loop &L,
                        StringRef Name, const Twine &Why) {
  ORE.emit([&]() {
    return OptimizationRemarkMissed(DEBUG_TYPE, Name, L.getStartLoc(),
                                    L.getHeader())
           << "loop '" << ore::NV("Loop", L.getHeader()->getName())
           << "' not unrolled for its loop-carried HBM dependence: "
           << Why.str();
  });
}

/// Replaces the header phis of on-chip pointers by their starts and the
/// selects on a parity by their arms, once L has been unrolled by
/// Plan.Factor (or not at all, for a factor of 1). Returns false if any is
/// left. (UnrollLoop may have folded some phis already: those of the plan
/// are not looked at again.)
bool foldTiles(Loop &L, const TileRotationPlan &Plan, ScalarEvolution &SE) {
  bool AllFolded = true;
  const BasicBlock *Pre = L.getLoopPredecessor();
  // All are checked before any is replaced (a phi's web holds others).
  SmallVector<std::pair<PHINode *, Constant *>, 4> Foldable;
  for (PHINode &Phi : L.getHeader()->phis()) {
    if (!isOnChipTilePointer(Phi.getType()))
      continue;
    int Idx = Pre ? Phi.getBasicBlockIndex(Pre) : -1;
    auto *Start =
        Idx < 0 ? nullptr : dyn_cast<Constant>(Phi.getIncomingValue(Idx));
    if (Start && foldsToStart(Phi, *Start, L))
      Foldable.emplace_back(&Phi, Start);
    else
      AllFolded = false;
  }
  for (const auto &[Phi, Start] : Foldable)
    Phi->replaceAllUsesWith(Start);
  for (const auto &[Phi, Start] : Foldable)
    Phi->eraseFromParent();
  if (!Plan.ParitySelects)
    return AllFolded;
  SmallVector<SelectInst *, 8> Selects;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Sel = dyn_cast<SelectInst>(&I))
        if (isOnChipTilePointer(Sel->getType()))
          Selects.push_back(Sel);
  unsigned Left = 0;
  for (SelectInst *Sel : Selects) {
    std::optional<bool> C = evaluateCondition(Sel->getCondition(), SE);
    if (!C) {
      ++Left;
      continue;
    }
    Value *Cond = Sel->getCondition();
    Sel->replaceAllUsesWith(*C ? Sel->getTrueValue() : Sel->getFalseValue());
    Sel->eraseFromParent();
    // Only the condition itself: its operands may be anything, such as
    // another select of this list.
    if (auto *CondI = dyn_cast<Instruction>(Cond))
      if (isInstructionTriviallyDead(CondI))
        CondI->eraseFromParent();
  }
  // Each copy holds a copy of every select; those that are not on a
  // parity may stay.
  return AllFolded &&
         Left <= (Plan.TileSelects - Plan.ParitySelects) * Plan.Factor;
}
} // namespace

namespace {
/// The analyses of one function that unrolling reads and keeps up to date.
struct UnrollContext {
  const DataLayout &DL;
  DominatorTree &DT;
  LoopInfo &LI;
  ScalarEvolution &SE;
  AssumptionCache &AC;
  const TargetTransformInfo &TTI;
  OptimizationRemarkEmitter &ORE;
  const MCInstrInfo &MII;
};
} // namespace

/// The unroll factor of L: the tile rotation's period, and a multiple of it
/// that also brings an HBM-carried dependence into one copy, unless that
/// would be too large (then HBM is left alone, with a remark).
static unsigned combinedFactor(Loop &L, const TileRotationPlan &Plan,
                               HBMCarriedPlan &HBM,
                               OptimizationRemarkEmitter &ORE) {
  bool Rotates = Plan.Verdict == TileRotationPlan::Unroll;
  unsigned Factor = Rotates ? Plan.Factor : 1;
  if (HBM.Verdict != HBMCarriedPlan::Unroll)
    return Factor;
  unsigned Both = std::lcm(Factor, HBM.Factor);
  if (Both > MaxRotationFactor) {
    remarkHBMLeftAlone(ORE, L, "FactorTooLarge",
                       "with the tile rotation's period " + Twine(Factor) +
                           " the factor would be " + Twine(Both) +
                           ", more than " + Twine(MaxRotationFactor));
    HBM.Verdict = HBMCarriedPlan::LeftAlone;
    return Factor;
  }
  return Both;
}

/// LLVM's UnrollLoop on L (in loop-simplify and LCSSA form) by Factor, with
/// no remainder loop.
static LoopUnrollResult unrollBy(Loop *L, unsigned Factor, UnrollContext &C) {
  UnrollLoopOptions ULO;
  ULO.Count = Factor;
  ULO.Force = false;
  ULO.Runtime = false; // every copy keeps its exit test: no remainder
  ULO.AllowExpensiveTripCount = false;
  ULO.UnrollRemainder = false;
  ULO.ForgetAllSCEV = false;
  ULO.SCEVExpansionBudget = 0;
  return UnrollLoop(L, ULO, &C.LI, &C.SE, &C.DT, &C.AC, &C.TTI,
                    /*ORE=*/nullptr, /*PreserveLCSSA=*/true);
}

/// Plans and performs the unrolling of one loop; true if it changed the
/// function.
static bool unrollForTiles(Loop *L, UnrollContext &C) {
  OptimizationRemarkEmitter &ORE = C.ORE;
  TileRotationPlan Plan = planTileRotation(*L, C.DL, C.SE);
  HBMCarriedPlan HBM = EnableHBMCarriedUnroll
                           ? planHBMCarried(*L, C.SE, C.DT, C.MII)
                           : HBMCarriedPlan();
  if (Plan.Verdict == TileRotationPlan::LeftAlone)
    remarkLeftAlone(ORE, *L, Plan.RemarkName, Plan.Why);
  if (HBM.Verdict == HBMCarriedPlan::LeftAlone)
    remarkHBMLeftAlone(ORE, *L, HBM.RemarkName, HBM.Why);
  bool Rotates = Plan.Verdict == TileRotationPlan::Unroll;
  unsigned Factor = combinedFactor(*L, Plan, HBM, ORE);
  if (!Rotates && HBM.Verdict != HBMCarriedPlan::Unroll)
    return false;
  // A multiple of the rotation's period: the phis fold all the same.
  Plan.Factor = Factor;
  if (Factor == 1) { // nothing alternates: the phis are constants
    if (!foldTiles(*L, Plan, C.SE))
      remarkLeftAlone(ORE, *L, "NotFolded",
                      "a tile phi did not fold to its one place");
    return true;
  }
  // UnrollLoop wants a preheader and exits reached from the loop only
  // (loop-simplify form), and loop-closed SSA: values used after the loop
  // pass through phis of its exits, which it extends for each copy.
  bool Changed = simplifyLoop(L, &C.DT, &C.LI, &C.SE, &C.AC,
                              /*MSSAU=*/nullptr, /*PreserveLCSSA=*/false);
  Changed |= formLCSSARecursively(*L, C.DT, &C.LI, &C.SE);
  // A full unroll deletes L and may merge its header away: the remark
  // below names them as they were, and is attached to the preheader,
  // which survives.
  DebugLoc StartLoc = L->getStartLoc();
  std::string HeaderName = L->getHeader()->getName().str();
  BasicBlock *Preheader = L->getLoopPreheader();
  LoopUnrollResult R = unrollBy(L, Factor, C);
  if (R == LoopUnrollResult::Unmodified) {
    if (Rotates)
      remarkLeftAlone(ORE, *L, "NotUnrolled",
                      "LLVM's UnrollLoop cannot unroll it");
    if (HBM.Verdict == HBMCarriedPlan::Unroll)
      remarkHBMLeftAlone(ORE, *L, "NotUnrolled",
                         "LLVM's UnrollLoop cannot unroll it");
    return Changed;
  }
  if (HBM.Verdict == HBMCarriedPlan::Unroll)
    ORE.emit([&]() {
      return OptimizationRemark(DEBUG_TYPE, "HBMCarriedUnrolled", StartLoc,
                                Preheader)
             << "loop '" << ore::NV("Loop", HeaderName) << "' unrolled by "
             << ore::NV("Factor", Factor)
             << ": an HBM load reads what a store wrote "
             << ore::NV("Distance", HBM.Distance)
             << " iteration(s) back at run-time offsets";
    });
  // Fully unrolled (a constant trip count below the factor): L is gone,
  // and every copy already sees its constants.
  if (R == LoopUnrollResult::FullyUnrolled || !Rotates)
    return true;
  if (!foldTiles(*L, Plan, C.SE))
    remarkLeftAlone(ORE, *L, "NotFolded",
                    "unrolled by " + Twine(Plan.Factor) +
                        ", but a tile phi or select of a copy did not "
                        "fold to one place");
  return true;
}

bool NeuronISATilePingPongUnroll::runOnFunction(Function &F) {
  if (!EnablePingPongUnroll || F.isDeclaration() ||
      F.hasAvailableExternallyLinkage())
    return false;
  // The analyses UnrollLoop keeps up to date are built here, for this pass
  // alone (nothing after it uses them; the pass manager's are invalidated
  // when the function changes).
  DominatorTree DT(F);
  LoopInfo LI(DT);
  if (LI.empty())
    return false;
  AssumptionCache &AC =
      getAnalysis<AssumptionCacheTracker>().getAssumptionCache(F);
  TargetLibraryInfo &TLI =
      getAnalysis<TargetLibraryInfoWrapperPass>().getTLI(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  OptimizationRemarkEmitter ORE(&F);
  UnrollContext C{F.getDataLayout(),
                  DT,
                  LI,
                  SE,
                  AC,
                  getAnalysis<TargetTransformInfoWrapperPass>().getTTI(F),
                  ORE,
                  *getAnalysis<TargetPassConfig>()
                       .getTM<TargetMachine>()
                       .getSubtargetImpl(F)
                       ->getInstrInfo()};

  // Innermost loops first: unrolling an outer loop clones its inner loops,
  // which are then already unrolled. A loop is planned only when its turn
  // comes (its inner loops may have grown it), and unrolling deletes no
  // loop but the one unrolled (fully, for a small constant trip count).
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  bool Changed = false;
  for (Loop *L : reverse(Loops))
    Changed |= unrollForTiles(L, C);
  return Changed;
}

char NeuronISATilePingPongUnroll::ID = 0;
INITIALIZE_PASS_BEGIN(NeuronISATilePingPongUnroll, DEBUG_TYPE,
                      "NeuronISA tile ping-pong unroll", false, false)
INITIALIZE_PASS_DEPENDENCY(AssumptionCacheTracker)
INITIALIZE_PASS_DEPENDENCY(TargetLibraryInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(TargetTransformInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_END(NeuronISATilePingPongUnroll, DEBUG_TYPE,
                    "NeuronISA tile ping-pong unroll", false, false)

FunctionPass *llvm::createNeuronISATilePingPongUnrollPass() {
  return new NeuronISATilePingPongUnroll();
}
