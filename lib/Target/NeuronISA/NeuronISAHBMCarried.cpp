//===-- NeuronISAHBMCarried.cpp - HBM dependences across iterations -------===//
//
// The distance rule is the synchronization pass's own (carriedDistance in
// NeuronISADependenceAnalysis.h), on the same ScalarEvolution addresses and
// the same footprints (rows of the DMA's shape immediates), so a loop is
// unrolled for exactly the dependences that pass would remark.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAHBMCarried.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISABuiltinSignature.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "NeuronISABuiltinLowering.h"
#include "NeuronISADependenceAnalysis.h"
#include "NeuronISATileRotation.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/MC/MCInstrInfo.h"
#include <numeric>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {
/// A DMA of L at an HBM address that ScalarEvolution describes.
struct HBMAccess {
  const CallBase *Call;
  const SCEV *Addr;
  TileRef Ref; // its footprint: rows of the shape immediates
  uint64_t Extent;
};
} // namespace

/// The HBM access of a builtin call with one HBM operand whose shape
/// immediates are constants (dma.load reads HBM, dma.store writes it); false
/// for any other call. The operand and its shape come from the builtin's
/// signature (NeuronISABuiltinSignature.h), as the call is lowered.
static bool hbmAccessOf(const CallBase &CB, const MCInstrInfo &MII,
                        ScalarEvolution &SE, HBMAccess &Out, bool &IsStore) {
  const Function *Callee = getCalledFunctionOrNull(CB);
  if (!Callee || !isBuiltinName(Callee->getName()))
    return false;
  const BuiltinInfo *B =
      findBuiltin(Callee->getName().drop_front(BuiltinPrefix.size()));
  if (!B)
    return false;
  BuiltinSignature Sig = getBuiltinSignature(B->BuiltinOpcode, MII);
  if (CB.arg_size() < Sig.Args.size())
    return false;
  // The constant arguments by the operand they fill; the HBM operand.
  SmallVector<int64_t, 16> Imms(MII.get(Sig.Opcode).getNumOperands(), 0);
  const BuiltinArg *HBMArg = nullptr;
  const Value *Ptr = nullptr;
  for (unsigned I = 0; I < Sig.Args.size(); ++I) {
    const BuiltinArg &A = Sig.Args[I];
    if (A.Kind == BuiltinArg::Tile && A.Spec->Space == MemSpace::HBM) {
      if (HBMArg)
        return false; // two HBM operands: not a DMA
      HBMArg = &A;
      Ptr = CB.getArgOperand(I);
    } else if (A.Kind == BuiltinArg::Imm) {
      const auto *C = dyn_cast<ConstantInt>(CB.getArgOperand(I));
      if (!C || C->getValue().isNegative() || C->getValue().getActiveBits() > 31)
        return false;
      if (A.MIOp < Imms.size())
        Imms[A.MIOp] = int64_t(C->getZExtValue());
    }
  }
  if (!HBMArg || !Ptr->getType()->isPointerTy() ||
      Ptr->getType()->getPointerAddressSpace() != NeuronISAAS::HBM ||
      !SE.isSCEVable(Ptr->getType()))
    return false;
  TileShape Shape = getTileShape(*HBMArg->Spec, [&](unsigned Idx) {
    return Idx < Imms.size() ? Imms[Idx] : int64_t(0);
  });
  if (Shape.Reads == Shape.Writes)
    return false;
  IsStore = Shape.Writes;
  Out.Call = &CB;
  Out.Addr = SE.getSCEV(const_cast<Value *>(Ptr));
  Out.Ref = TileRef();
  Out.Ref.AddrSpace = NeuronISAAS::HBM;
  Out.Ref.Rows = Shape.Partitions;
  Out.Ref.RowBytes = 4 * Shape.FreeElems;
  Out.Ref.RowStride = Shape.RowStride;
  Out.Extent = Shape.extentBytes(MemSpace::HBM);
  return !isa<SCEVCouldNotCompute>(Out.Addr);
}

static HBMCarriedPlan leaveAlone(StringRef Name, const Twine &Why) {
  HBMCarriedPlan Plan;
  Plan.Verdict = HBMCarriedPlan::LeftAlone;
  Plan.RemarkName = Name;
  Plan.Why = Why.str();
  return Plan;
}

HBMCarriedPlan NeuronISA::planHBMCarried(Loop &L, ScalarEvolution &SE,
                                         const DominatorTree &DT,
                                         const MCInstrInfo &MII) {
  SmallVector<HBMAccess, 4> Stores, Loads;
  const CallBase *Unduplicable = nullptr;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (CB->cannotDuplicate() || CB->isConvergent())
        Unduplicable = CB;
      HBMAccess A;
      bool IsStore;
      if (hbmAccessOf(*CB, MII, SE, A, IsStore))
        (IsStore ? Stores : Loads).push_back(A);
    }
  uint64_t Factor = 1;
  int64_t Distance = 0;
  HBMCarriedPlan Unknown;
  for (const HBMAccess &S : Stores)
    for (const HBMAccess &Ld : Loads) {
      // One HBM object, at offsets that move with this loop.
      if (SE.getPointerBase(S.Addr) != SE.getPointerBase(Ld.Addr))
        continue;
      auto StepS = constantStep(S.Addr, SE), StepL = constantStep(Ld.Addr, SE);
      bool MovesS = StepS && StepS->first == &L && StepS->second;
      bool MovesL = StepL && StepL->first == &L && StepL->second;
      if (!MovesS && !MovesL)
        continue;
      if (MovesS && MovesL && StepS->second != StepL->second) {
        Unknown = leaveAlone("DifferentSteps",
                             "the HBM store steps by " +
                                 Twine(StepS->second) +
                                 " bytes per iteration and the load by " +
                                 Twine(StepL->second));
        continue;
      }
      const auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Ld.Addr, S.Addr));
      if (!MovesS || !MovesL || !D ||
          D->getAPInt().getSignificantBits() > 40) {
        Unknown = leaveAlone(
            "UnknownDistance",
            "ScalarEvolution does not know the distance in iterations "
            "between the HBM store and the load of one object");
        continue;
      }
      int64_t Delta = D->getAPInt().getSExtValue();
      // A dependence within the iteration stays, whatever the unroll.
      if (footprintsMeet(S.Ref, S.Extent, Ld.Ref, Ld.Extent, Delta))
        continue;
      std::optional<int64_t> K = carriedDistance(
          S.Ref, S.Extent, Ld.Ref, Ld.Extent, Delta, StepS->second);
      if (!K)
        continue;
      // A store after the load in every iteration: the latest instance the
      // load waits for is the previous iteration's, exact at distance 1
      // (a loop already unrolled).
      if (*K == 1 && DT.dominates(Ld.Call, S.Call))
        continue;
      // Unrolled by a power of two U > K, copy j's load meets the store of
      // copy j - K (mod U) only, never its own copy's.
      uint64_t U = 2;
      while (U <= uint64_t(*K))
        U *= 2;
      if (U > MaxRotationFactor) {
        Unknown = leaveAlone("DistanceTooLarge",
                             "the HBM load reads what the store wrote " +
                                 Twine(*K) + " iterations back, more than " +
                                 Twine(MaxRotationFactor - 1));
        continue;
      }
      Factor = std::lcm(Factor, U);
      Distance = std::max(Distance, *K);
    }
  if (Factor == 1)
    return Unknown;
  if (Unduplicable)
    return leaveAlone("NotDuplicable",
                      "the loop holds a call that cannot be duplicated");
  uint64_t Size = 0;
  for (BasicBlock *BB : L.blocks())
    Size += BB->size();
  if (Size * Factor > MaxUnrolledSize)
    return leaveAlone("TooLarge", "its body of " + Twine(Size) +
                                      " instructions is larger than " +
                                      Twine(MaxUnrolledSize / Factor));
  HBMCarriedPlan Plan;
  Plan.Verdict = HBMCarriedPlan::Unroll;
  Plan.Factor = Factor;
  Plan.Distance = Distance;
  return Plan;
}
