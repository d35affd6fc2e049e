//===-- NeuronISATilePingPongUnroll.cpp - One tile per copy of the body ---===//
//
// Double buffering swaps two tiles every iteration:
//
//   loop: %cur = phi ptr addrspace(2) [ @a, %pre ], [ %nxt, %loop ]
//         %nxt = phi ptr addrspace(2) [ @b, %pre ], [ %cur, %loop ]
//         dma.load %nxt, ...        ; the next block into one buffer
//         act.tanh @o, %cur, ...    ; this block from the other
//
// A tile pointer chosen by a phi names no single tile: the synchronization
// pass must treat each access as touching both buffers, so the load waits
// for ACT's read of the other buffer in the same iteration and ACT waits for
// the load it does not read: load and compute no longer overlap (the missed
// remark "a tile pointer chosen by select or phi"). There is no condition at
// the call to branch on (NeuronISATileSelectSplit), but the choice depends
// on the iteration's parity only: unrolled by 2, the first copy of the body
// sees %cur = @a, %nxt = @b and the second the reverse, every access names
// one tile, and the pass is exact.
//
// This pass unrolls such loops by 2 with LLVM's UnrollLoop, without a
// run-time trip count: the exit test of each copy is kept, so every trip
// count (zero included: the guard before the loop is untouched) runs the
// same iterations in the same order, and no remainder loop is needed. After
// unrolling, the header phi of %cur receives itself on the backedge and
// simplifies to @a; the second copy's %cur is the first copy's %nxt, @b.
//
// When it unrolls: a loop with one latch and one predecessor outside (it
// is put in loop-simplify and loop-closed SSA form first) whose header
// phis of on-chip pointers all start at a constant place in a tile and
// receive on the backedge another such phi that receives them back (a
// permutation of period 2), at least two of them with different start
// places (else nothing alternates), and a body of at most MaxBodySize
// instructions (the body is doubled). A swap through a select, or a
// rotation of three buffers, is left alone and keeps its remark.
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
#include "NeuronISATileAccess.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-tile-pingpong-unroll"

// For measurements: the cycles a double-buffered loop costs through its
// phis (docs/Synchronization.md).
static cl::opt<bool> EnablePingPongUnroll(
    "neuronisa-tile-pingpong-unroll", cl::Hidden, cl::init(true),
    cl::desc("Unroll loops that swap tiles through phis by 2 (default on)"));

namespace {
/// Instructions of a loop body this pass doubles at most.
constexpr unsigned MaxBodySize = 512;

bool isOnChipPointer(const Type *T) {
  const auto *PT = dyn_cast<PointerType>(T);
  return PT && (PT->getAddressSpace() == NeuronISAAS::SBUF ||
                PT->getAddressSpace() == NeuronISAAS::PSUM);
}

/// A tile global at a constant offset (what each copy of the body will see).
bool isConstantPlace(const Value *V, const DataLayout &DL) {
  return isa<Constant>(V) && NeuronISA::analyzeTilePointer(V, DL).isConstant();
}

/// Do the on-chip pointer phis of L's header swap constant places every
/// iteration (see the file comment)? A header with one predecessor outside
/// the loop and one latch: each phi has an entry value and a backedge value.
bool isPingPong(const Loop &L, const DataLayout &DL) {
  const BasicBlock *Pre = L.getLoopPredecessor();
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Pre || !Latch)
    return false;
  bool Alternates = false;
  for (const PHINode &P : L.getHeader()->phis()) {
    if (!isOnChipPointer(P.getType()))
      continue;
    if (P.getNumIncomingValues() != 2)
      return false;
    const Value *Start = P.getIncomingValueForBlock(Pre);
    if (!isConstantPlace(Start, DL))
      return false;
    const auto *Next = dyn_cast<PHINode>(P.getIncomingValueForBlock(Latch));
    if (!Next || Next->getParent() != L.getHeader() ||
        Next->getNumIncomingValues() != 2 ||
        Next->getIncomingValueForBlock(Latch) != &P)
      return false;
    Alternates |= Next->getIncomingValueForBlock(Pre) != Start;
  }
  if (!Alternates)
    return false;
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    Size += BB->size();
  return Size <= MaxBodySize;
}

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
  }
  bool runOnFunction(Function &F) override;
};
} // namespace

bool NeuronISATilePingPongUnroll::runOnFunction(Function &F) {
  if (!EnablePingPongUnroll || F.isDeclaration() ||
      F.hasAvailableExternallyLinkage())
    return false;
  // The analyses UnrollLoop keeps up to date are built here, for this pass
  // alone (nothing after it uses them; the pass manager's are invalidated
  // when the function changes).
  DominatorTree DT(F);
  LoopInfo LI(DT);
  const DataLayout &DL = F.getDataLayout();
  // Innermost loops first: unrolling an outer loop clones its inner loops,
  // which are then already unrolled.
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  SmallVector<Loop *, 8> Candidates;
  for (Loop *L : reverse(Loops))
    if (isPingPong(*L, DL))
      Candidates.push_back(L);
  if (Candidates.empty())
    return false;

  AssumptionCache &AC =
      getAnalysis<AssumptionCacheTracker>().getAssumptionCache(F);
  TargetLibraryInfo &TLI =
      getAnalysis<TargetLibraryInfoWrapperPass>().getTLI(F);
  const TargetTransformInfo &TTI =
      getAnalysis<TargetTransformInfoWrapperPass>().getTTI(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  bool Changed = false;
  for (Loop *L : Candidates) {
    // UnrollLoop wants a preheader and exits reached from the loop only
    // (loop-simplify form), and loop-closed SSA: values used after the loop
    // pass through phis of its exits, which it extends for the second copy.
    Changed |= simplifyLoop(L, &DT, &LI, &SE, &AC, /*MSSAU=*/nullptr,
                            /*PreserveLCSSA=*/false);
    Changed |= formLCSSARecursively(*L, DT, &LI, &SE);
    UnrollLoopOptions ULO;
    ULO.Count = 2;
    ULO.Force = false;
    ULO.Runtime = false; // every copy keeps its exit test: no remainder
    ULO.AllowExpensiveTripCount = false;
    ULO.UnrollRemainder = false;
    ULO.ForgetAllSCEV = false;
    ULO.SCEVExpansionBudget = 0;
    Changed |= UnrollLoop(L, ULO, &LI, &SE, &DT, &AC, &TTI, /*ORE=*/nullptr,
                          /*PreserveLCSSA=*/true) !=
               LoopUnrollResult::Unmodified;
  }
  return Changed;
}

char NeuronISATilePingPongUnroll::ID = 0;
INITIALIZE_PASS_BEGIN(NeuronISATilePingPongUnroll, DEBUG_TYPE,
                      "NeuronISA tile ping-pong unroll", false, false)
INITIALIZE_PASS_DEPENDENCY(AssumptionCacheTracker)
INITIALIZE_PASS_DEPENDENCY(TargetLibraryInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(TargetTransformInfoWrapperPass)
INITIALIZE_PASS_END(NeuronISATilePingPongUnroll, DEBUG_TYPE,
                    "NeuronISA tile ping-pong unroll", false, false)

FunctionPass *llvm::createNeuronISATilePingPongUnrollPass() {
  return new NeuronISATilePingPongUnroll();
}
