//===-- NeuronISATileSelectSplit.cpp - One tile per builtin call ----------===//
//
// A builtin call whose on-chip tile pointer is chosen at run time by
// `select` (%t = select i1 %c, ptr @a, ptr @b) names no single tile: the
// synchronization pass must treat it as touching both candidates, so a
// consumer of @b waits for a producer that wrote @a (sound, but
// over-synchronized; the missed remark "a tile pointer chosen by select or
// phi ..."). The same choice written as if/else is exact: each arm's call
// names one tile, and the pass's thresholds know which arm ran.
//
// This pass rewrites the first form into the second. For a call to a
// builtin with an on-chip pointer operand that is, through GEPs with
// constant indices, a tree of selects over constant places in tile
// globals, it splits the block before the call on the condition of one of
// those selects and puts one copy of the call in each arm, in which every
// select on that condition is replaced by its arm's value. The copies are
// split again until every on-chip operand is one constant place in one
// tile.
//
// When it splits (and why not otherwise):
// - Only when the two arms name different places (another tile, or other
//   bytes of the same tile): a select of two equal places is already
//   exact.
// - Only when every leaf is a constant place in a tile. A run-time offset
//   (a GEP with a variable index) makes the access "not proved inside one
//   tile" in either form, so the branch would buy nothing; a phi has no
//   condition to branch on at the call (a pointer chosen by phi stays as it
//   is and keeps its remark).
// - Not on a constant condition (the select folds; nothing to gain).
// - Only if both copies pass the builtin's checks (their accesses lie
//   inside their tiles). The select form checks bytes at run time only;
//   a copy for an arm that is out of bounds would become a compile-time
//   error for a program that may never take that arm. (Arms at different
//   partitions have no select form: the verifier then rejects the call as
//   it stands, with the error it always gave.)
// - At most MaxConditions distinct conditions per call (2^3 copies).
// Cost: a branch is a few cycles of scalar code on every engine, where an
// access through a select of tiles can make another engine wait a
// producer's whole latency (a DMA transfer, a matmul) each time it runs.
// On the extended random programs (docs/Synchronization.md) the precise
// build's cycles fall in most programs that split and rise by at most about
// 1% in the others (branches, and bookkeeping for the arms' thresholds).
//
// It also makes some programs compilable: the partition start of an
// access is an immediate of the instruction, so a select between places
// at different partitions (the two halves of one tile, say) has no
// encoding, and the kernel verifier rejects it; split, each copy names
// one partition start.
//
// It runs after the last IR pass that could fold the branch back into a
// select (SimplifyCFG, CodeGenPrepare) and before the kernel verifier, so
// the verifier checks what instruction selection will see, copies
// included, and whether such a select is legal is decided in one place:
// here, by whether it can be split. The IR is therefore not yet checked:
// the pass touches only plain calls of builtins with no result and no
// operand bundles, whose tile pointers are built of constant GEPs and
// selects over tile globals, and keeps a split only if both copies pass
// the builtin's checks; anything else is left as it is for the verifier to
// report. At the machine level the arms differ in their tile operand, so
// branch folding and tail merging keep them apart.
//
//===----------------------------------------------------------------------===//

#include "NeuronISA.h"
#include "NeuronISABuiltinLowering.h"
#include "NeuronISASubtarget.h"
#include "NeuronISATileLayout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-tile-select-split"

namespace {
/// Distinct select conditions a call may be split on (2^N copies at most).
constexpr unsigned MaxConditions = 3;
/// Nodes of one pointer expression looked at.
constexpr unsigned MaxNodes = 32;

bool isOnChipPointer(const Type *T) {
  const auto *PT = dyn_cast<PointerType>(T);
  return PT && (PT->getAddressSpace() == NeuronISAAS::SBUF ||
                PT->getAddressSpace() == NeuronISAAS::PSUM);
}

/// Collects the conditions of the selects in the pointer expression V if it
/// is built of GEPs with constant indices and selects over tile globals
/// only; returns false otherwise (Conds is then meaningless).
bool collectConditions(Value *V, SmallSetVector<Value *, 4> &Conds,
                       unsigned &Nodes) {
  if (++Nodes > MaxNodes)
    return false;
  if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    uint64_t Parts, Row;
    return NeuronISATileLayout::getTileType(*GV, Parts, Row);
  }
  if (auto *GEP = dyn_cast<GEPOperator>(V))
    return GEP->hasAllConstantIndices() &&
           collectConditions(GEP->getPointerOperand(), Conds, Nodes);
  if (auto *Sel = dyn_cast<SelectInst>(V)) {
    // A pointer-typed select has a scalar i1 condition; a constant one (true,
    // false, undef, poison) is left to the folders.
    Value *C = Sel->getCondition();
    if (!C->getType()->isIntegerTy(1) || isa<Constant>(C))
      return false;
    Conds.insert(C);
    return collectConditions(Sel->getTrueValue(), Conds, Nodes) &&
           collectConditions(Sel->getFalseValue(), Conds, Nodes);
  }
  return false;
}

/// The places (tile, constant byte offset) the pointer expression V may
/// name when Cond is Arm. V is known to be built of constant GEPs and
/// selects over tiles (collectConditions).
void collectPlaces(const Value *V, const Value *Cond, bool Arm,
                   const DataLayout &DL,
                   SmallSetVector<std::pair<const Value *, int64_t>, 4> &Out) {
  if (const auto *Sel = dyn_cast<SelectInst>(V)) {
    if (Sel->getCondition() == Cond) {
      collectPlaces(Arm ? Sel->getTrueValue() : Sel->getFalseValue(), Cond,
                    Arm, DL, Out);
      return;
    }
    collectPlaces(Sel->getTrueValue(), Cond, Arm, DL, Out);
    collectPlaces(Sel->getFalseValue(), Cond, Arm, DL, Out);
    return;
  }
  if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
    SmallSetVector<std::pair<const Value *, int64_t>, 4> Bases;
    collectPlaces(GEP->getPointerOperand(), Cond, Arm, DL, Bases);
    APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
    bool Constant = GEP->accumulateConstantOffset(DL, Off);
    for (auto [Base, BaseOff] : Bases)
      Out.insert({Base, Constant ? BaseOff + Off.getSExtValue() : INT64_MIN});
    return;
  }
  Out.insert({V, 0});
}

/// V with every select on Cond replaced by its value when Cond is Arm. New
/// instructions (GEPs and selects above selects on other conditions; GEPs
/// of constants fold to constants) are inserted before InsertPt and
/// appended to Created.
Value *resolve(Value *V, Value *Cond, bool Arm, Instruction *InsertPt,
               SmallVectorImpl<Instruction *> &Created) {
  auto Record = [&](Value *New) {
    if (auto *I = dyn_cast<Instruction>(New))
      Created.push_back(I);
    return New;
  };
  if (auto *Sel = dyn_cast<SelectInst>(V)) {
    if (Sel->getCondition() == Cond)
      return resolve(Arm ? Sel->getTrueValue() : Sel->getFalseValue(), Cond,
                     Arm, InsertPt, Created);
    Value *T = resolve(Sel->getTrueValue(), Cond, Arm, InsertPt, Created);
    Value *F = resolve(Sel->getFalseValue(), Cond, Arm, InsertPt, Created);
    if (T == Sel->getTrueValue() && F == Sel->getFalseValue())
      return V;
    IRBuilder<> B(InsertPt);
    return Record(B.CreateSelect(Sel->getCondition(), T, F, Sel->getName()));
  }
  if (auto *GEP = dyn_cast<GEPOperator>(V)) {
    Value *Base =
        resolve(GEP->getPointerOperand(), Cond, Arm, InsertPt, Created);
    if (Base == GEP->getPointerOperand())
      return V;
    IRBuilder<> B(InsertPt);
    SmallVector<Value *, 4> Indices(GEP->indices());
    return Record(B.CreateGEP(GEP->getSourceElementType(), Base, Indices,
                              GEP->getName(), GEP->getNoWrapFlags()));
  }
  return V;
}

/// Erases I and the instructions that computed its operands and have no
/// other use (the selects and GEPs the copies no longer need).
void eraseWithDeadOperands(Instruction &I) {
  SmallVector<WeakTrackingVH, 4> Operands(I.operands());
  I.eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Operands);
}

class TileSelectSplitter {
public:
  TileSelectSplitter(const MCInstrInfo &MII, const NeuronISA::MachineParams &MP)
      : MII(MII), MP(MP) {}
  bool run(Function &F);

private:
  /// The condition to split CB on, or null.
  Value *splitCondition(const CallBase &CB) const;
  /// Splits CB on Cond. Returns the two copies, or nothing (and changes
  /// nothing) if a copy would not be a valid call.
  SmallVector<CallBase *, 2> split(CallBase &CB, Value *Cond);

  const MCInstrInfo &MII;
  const NeuronISA::MachineParams &MP;
};
} // namespace

Value *TileSelectSplitter::splitCondition(const CallBase &CB) const {
  const DataLayout &DL = CB.getModule()->getDataLayout();
  SmallSetVector<Value *, 4> AllConds;
  Value *Chosen = nullptr;
  for (const Use &Arg : CB.args()) {
    if (!isOnChipPointer(Arg->getType()))
      continue;
    SmallSetVector<Value *, 4> Conds;
    unsigned Nodes = 0;
    if (!collectConditions(Arg.get(), Conds, Nodes))
      continue;
    AllConds.insert_range(Conds);
    for (Value *C : Conds) {
      if (Chosen)
        break;
      SmallSetVector<std::pair<const Value *, int64_t>, 4> T, F;
      collectPlaces(Arg.get(), C, true, DL, T);
      collectPlaces(Arg.get(), C, false, DL, F);
      if (T.size() != F.size() || !all_of(T, [&](const auto &P) {
            return F.contains(P);
          }))
        Chosen = C;
    }
  }
  return AllConds.size() <= MaxConditions ? Chosen : nullptr;
}

SmallVector<CallBase *, 2> TileSelectSplitter::split(CallBase &CB,
                                                     Value *Cond) {
  // The copies, built before CB and checked before the CFG changes.
  SmallVector<CallBase *, 2> Copies;
  SmallVector<Instruction *, 4> Created[2];
  bool Valid = true;
  for (bool Arm : {true, false}) {
    auto *Copy = cast<CallBase>(CB.clone());
    Copy->insertBefore(CB.getIterator());
    for (Use &Arg : Copy->args())
      if (isOnChipPointer(Arg->getType()))
        Arg.set(resolve(Arg.get(), Cond, Arm, Copy, Created[!Arm]));
    Valid &= NeuronISA::checkBuiltinCall(*Copy, MII, MP).empty();
    Copies.push_back(Copy);
  }
  if (!Valid) {
    for (CallBase *Copy : Copies)
      eraseWithDeadOperands(*Copy);
    return {};
  }

  // head: ...; br %c, then, else   then: copy 0   else: copy 1   tail: CB...
  std::string Head = CB.getParent()->getName().str();
  Instruction *ThenTerm, *ElseTerm;
  SplitBlockAndInsertIfThenElse(Cond, CB.getIterator(), &ThenTerm,
                                &ElseTerm);
  // The branch, like the copies, is where the call was.
  ThenTerm->getParent()->getSinglePredecessor()->getTerminator()->setDebugLoc(
      CB.getDebugLoc());
  ThenTerm->getParent()->setName(Head + ".tile.then");
  ElseTerm->getParent()->setName(Head + ".tile.else");
  CB.getParent()->setName(Head + ".tile.join");
  Instruction *Terms[2] = {ThenTerm, ElseTerm};
  for (unsigned Arm = 0; Arm < 2; ++Arm) {
    for (Instruction *I : Created[Arm])
      I->moveBefore(Terms[Arm]->getIterator());
    Copies[Arm]->moveBefore(Terms[Arm]->getIterator());
    Terms[Arm]->setDebugLoc(CB.getDebugLoc());
  }
  eraseWithDeadOperands(CB);
  return Copies;
}

/// A call the pass may copy into the arms of a branch: a plain call (an
/// invoke or callbr ends its block, a musttail call must precede its ret),
/// of a builtin, without a result (nothing after the join could name it)
/// and without operand bundles (which the verifier rejects once, not once
/// per copy).
static bool isSplittable(const Instruction &I) {
  const auto *CI = dyn_cast<CallInst>(&I);
  if (!CI || CI->isMustTailCall() || CI->hasOperandBundles() ||
      !CI->getType()->isVoidTy())
    return false;
  const Function *Callee = NeuronISA::getCalledFunctionOrNull(*CI);
  return Callee && NeuronISA::isBuiltinName(Callee->getName());
}

bool TileSelectSplitter::run(Function &F) {
  SmallVector<CallBase *, 16> Work;
  for (Instruction &I : instructions(F))
    if (isSplittable(I))
      Work.push_back(cast<CallBase>(&I));
  bool Changed = false;
  while (!Work.empty()) {
    CallBase *CB = Work.pop_back_val();
    Value *Cond = splitCondition(*CB);
    if (!Cond)
      continue;
    SmallVector<CallBase *, 2> Copies = split(*CB, Cond);
    Changed |= !Copies.empty();
    Work.append(Copies.begin(), Copies.end());
  }
  return Changed;
}

//===----------------------------------------------------------------------===//
// Pass wrappers
//===----------------------------------------------------------------------===//

/// Functions that are not compiled (the kernel verifier, which runs later,
/// makes the functions it rejects available_externally).
static bool skip(const Function &F) {
  return F.isDeclaration() || F.hasAvailableExternallyLinkage();
}

// The codegen pipeline runs it (`llc -stop-after=neuronisa-tile-select-split`
// and -print-after name it).
namespace {
class NeuronISATileSelectSplit : public FunctionPass {
public:
  static char ID;
  NeuronISATileSelectSplit() : FunctionPass(ID) {}
  StringRef getPassName() const override {
    return "NeuronISA tile select split";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
  }
  bool runOnFunction(Function &F) override {
    if (skip(F))
      return false;
    const TargetMachine &TM =
        getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
    const auto &ST =
        *static_cast<const NeuronISASubtarget *>(TM.getSubtargetImpl(F));
    return TileSelectSplitter(*ST.getInstrInfo(), ST.getMachineParams())
        .run(F);
  }
};
} // namespace

char NeuronISATileSelectSplit::ID = 0;
INITIALIZE_PASS_BEGIN(NeuronISATileSelectSplit, DEBUG_TYPE,
                      "NeuronISA tile select split", false, false)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_END(NeuronISATileSelectSplit, DEBUG_TYPE,
                    "NeuronISA tile select split", false, false)

FunctionPass *llvm::createNeuronISATileSelectSplitPass() {
  return new NeuronISATileSelectSplit();
}
