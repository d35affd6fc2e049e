//===-- NeuronISAKernelVerifier.cpp - Reject what cannot be compiled ------===//
//
// The last IR pass before instruction selection. It diagnoses, with the
// source location, everything NeuronISA cannot compile: scalar types other
// than i1-i32 and pointers, floating-point scalar code, scalar memory
// accesses, stack objects, calls other than to @neuronisa.* builtins
// (recursion included) and calls with operand bundles, va_arg, address space
// casts, indirect branches, too many kernel arguments, tiles that do not
// fit, builtin calls whose operands or tile accesses are invalid. A
// function with an error is not compiled further (its output would be
// meaningless), so later passes never see unsupported IR. It runs after
// NeuronISATileSelectSplit, so a select between tile places that the split
// made one call per arm is checked as those calls.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "NeuronISABuiltinLowering.h"
#include "NeuronISASubtarget.h"
#include "NeuronISATileLayout.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/InitializePasses.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-kernel-verifier"

namespace {
class NeuronISAKernelVerifier : public FunctionPass {
public:
  static char ID;
  NeuronISAKernelVerifier() : FunctionPass(ID) {}

  StringRef getPassName() const override {
    return "NeuronISA kernel verifier";
  }
  bool doInitialization(Module &M) override;
  bool runOnFunction(Function &F) override;
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
    // Run-time tile offsets, also through loop strength reduction's phis.
    AU.addRequired<ScalarEvolutionWrapperPass>();
  }

private:
  /// Reports Msg at I (or at F when I is null). Returns true.
  bool report(const Function &F, const Instruction *I, const Twine &Msg);

  /// Values already reported, and values computed from them: an error is
  /// reported at its root only (the i64 `sext`, not every operation on its
  /// result; the alloca, not every access to it).
  SmallPtrSet<const Value *, 16> Reported;
  bool usesReported(const Instruction &I) const {
    return any_of(I.operands(),
                  [&](const Use &U) { return Reported.contains(U.get()); });
  }
};
} // namespace

char NeuronISAKernelVerifier::ID = 0;
INITIALIZE_PASS_BEGIN(NeuronISAKernelVerifier, DEBUG_TYPE,
                      "NeuronISA kernel verifier", false, false)
INITIALIZE_PASS_DEPENDENCY(TargetPassConfig)
INITIALIZE_PASS_DEPENDENCY(ScalarEvolutionWrapperPass)
INITIALIZE_PASS_END(NeuronISAKernelVerifier, DEBUG_TYPE,
                    "NeuronISA kernel verifier", false, false)

FunctionPass *llvm::createNeuronISAKernelVerifierPass() {
  return new NeuronISAKernelVerifier();
}

static std::string typeName(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// A scalar value type the engines' sequencers can hold.
static bool isScalarTypeOK(const Type *T) {
  if (T->isVoidTy() || T->isLabelTy() || T->isMetadataTy() ||
      T->isTokenTy())
    return true;
  if (auto *IT = dyn_cast<IntegerType>(T))
    return IT->getBitWidth() <= 32;
  if (auto *PT = dyn_cast<PointerType>(T))
    return PT->getAddressSpace() == NeuronISAAS::HBM ||
           PT->getAddressSpace() == NeuronISAAS::SBUF ||
           PT->getAddressSpace() == NeuronISAAS::PSUM;
  return false;
}

/// Does an operand of I (a constant expression, at any depth) contain an
/// address space cast?
static bool usesAddrSpaceCast(const Instruction &I) {
  SmallVector<const Constant *, 8> Work;
  SmallPtrSet<const Constant *, 8> Seen;
  for (const Use &U : I.operands())
    if (const auto *C = dyn_cast<ConstantExpr>(U.get()))
      Work.push_back(C);
  while (!Work.empty()) {
    const Constant *C = Work.pop_back_val();
    if (!Seen.insert(C).second)
      continue;
    if (const auto *CE = dyn_cast<ConstantExpr>(C)) {
      if (CE->getOpcode() == Instruction::AddrSpaceCast)
        return true;
      for (const Use &U : CE->operands())
        if (const auto *Op = dyn_cast<Constant>(U.get()))
          Work.push_back(Op);
    }
  }
  return false;
}

/// Where to report a problem with I: its own location or, for an
/// instruction without one (an alloca in the entry block), that of its
/// first user that has one; for the function itself (I null), the line of
/// its definition.
static DiagnosticLocation locationOf(const Function &F, const Instruction *I) {
  if (!I)
    return F.getSubprogram() ? DiagnosticLocation(F.getSubprogram())
                             : DiagnosticLocation();
  if (I->getDebugLoc())
    return I->getDebugLoc();
  for (const User *U : I->users())
    if (const auto *UI = dyn_cast<Instruction>(U))
      if (UI->getDebugLoc())
        return UI->getDebugLoc();
  return DiagnosticLocation();
}

bool NeuronISAKernelVerifier::report(const Function &F, const Instruction *I,
                                     const Twine &Msg) {
  if (I)
    Reported.insert(I);
  F.getContext().diagnose(
      DiagnosticInfoUnsupported(F, Msg, locationOf(F, I)));
  return true;
}

bool NeuronISAKernelVerifier::doInitialization(Module &M) {
  for (const GlobalVariable &GV : M.globals()) {
    unsigned AS = GV.getAddressSpace();
    if (AS == NeuronISAAS::SBUF || AS == NeuronISAAS::PSUM)
      continue;
    M.getContext().emitError(
        "global @" + GV.getName() + " is in address space " + Twine(AS) +
        ": NeuronISA kernels have only tiles (addrspace(2) SBUF, "
        "addrspace(3) PSUM); HBM data comes from kernel arguments");
  }
  SmallVector<std::string, 4> Errors;
  NeuronISATileLayout::compute(M, NeuronISA::MachineParams(), Errors);
  for (const std::string &E : Errors)
    M.getContext().emitError(E);
  return false;
}

bool NeuronISAKernelVerifier::runOnFunction(Function &F) {
  const TargetMachine &TM =
      getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
  const MCInstrInfo &MII =
      *static_cast<const NeuronISASubtarget *>(TM.getSubtargetImpl(F))
           ->getInstrInfo();
  bool Bad = false;
  Reported.clear();

  if (F.isVarArg())
    Bad |= report(F, nullptr, "variadic functions are not supported");
  if (F.arg_size() > 8)
    Bad |= report(F, nullptr,
                  "has " + Twine(F.arg_size()) +
                      " arguments; kernels take at most 8 (r1-r8)");
  for (const Argument &A : F.args())
    if (!A.getType()->isIntegerTy() ||
        A.getType()->getIntegerBitWidth() > 32) {
      auto *PT = dyn_cast<PointerType>(A.getType());
      if (PT && PT->getAddressSpace() == NeuronISAAS::HBM)
        continue;
      std::string What = A.hasByValAttr()       ? "is a struct passed by value"
                         : A.hasStructRetAttr() ? "returns a struct by value"
                                                : "has type " +
                                                      typeName(A.getType());
      Bad |= report(F, nullptr,
                    "argument " + Twine(A.getArgNo() + 1) + " " + What +
                        "; kernel arguments are i32 scalars or HBM "
                        "pointers (ptr addrspace(1))");
      // Accesses to a struct argument's fields follow from the struct.
      if (A.hasByValAttr() || A.hasStructRetAttr())
        Reported.insert(&A);
    }
  Type *RetTy = F.getReturnType();
  if (!RetTy->isVoidTy() &&
      !(RetTy->isIntegerTy() && RetTy->getIntegerBitWidth() <= 32))
    Bad |= report(F, nullptr,
                  "returns " + typeName(RetTy) +
                      "; kernels return void or an i32");

  for (const Instruction &I : instructions(F)) {
    if (usesReported(I)) {
      Reported.insert(&I);
      continue;
    }
    if (isa<AllocaInst>(I)) {
      Bad |= report(F, &I,
                    cast<AllocaInst>(I).isStaticAlloca()
                        ? "stack objects (alloca) are not supported: "
                          "NeuronISA engines have no stack"
                        : "dynamic allocas are not supported: NeuronISA "
                          "engines have no stack");
      continue;
    }
    if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) ||
        isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I)) {
      Bad |= report(F, &I,
                    "scalar memory accesses are not supported: move tiles "
                    "with the @neuronisa.dma.* builtins");
      continue;
    }
    if (isa<VAArgInst>(I)) {
      Bad |= report(F, &I, "va_arg is not supported: kernels take at most 8 "
                           "fixed arguments");
      continue;
    }
    // SBUF, PSUM and HBM are distinct memories: a pointer of one is never
    // a pointer of another (also inside constant expressions).
    if (isa<AddrSpaceCastInst>(I) || usesAddrSpaceCast(I)) {
      Bad |= report(F, &I,
                    "address space casts are not supported: HBM, SBUF and "
                    "PSUM are distinct memories");
      continue;
    }
    if (isa<IndirectBrInst>(I) || isa<CallBrInst>(I) || isa<InvokeInst>(I) ||
        isa<LandingPadInst>(I) || isa<ResumeInst>(I) ||
        I.isEHPad()) {
      Bad |= report(F, &I,
                    "indirect branches and exception handling are not "
                    "supported");
      continue;
    }
    if (const auto *CB = dyn_cast<CallBase>(&I)) {
      const Function *Callee = NeuronISA::getCalledFunctionOrNull(*CB);
      if (!Callee) {
        Bad |= report(F, &I, "indirect calls are not supported");
        continue;
      }
      // (A "deopt" bundle would make the call a statepoint.) An assume's
      // bundles are assumptions, dropped with it.
      if (CB->hasOperandBundles() &&
          Callee->getIntrinsicID() != Intrinsic::assume) {
        Bad |= report(F, &I,
                      "operand bundles are not supported on calls (here "
                      "on a call to '" +
                          Callee->getName() + "')");
        continue;
      }
      if (Callee->isIntrinsic()) {
        switch (Callee->getIntrinsicID()) {
        case Intrinsic::lifetime_start:
        case Intrinsic::lifetime_end:
        case Intrinsic::assume:
        case Intrinsic::expect:
        case Intrinsic::smax:
        case Intrinsic::smin:
        case Intrinsic::umax:
        case Intrinsic::umin:
        case Intrinsic::abs:
        case Intrinsic::dbg_value:
        case Intrinsic::dbg_declare:
        case Intrinsic::dbg_label:
          break;
        default:
          Bad |= report(F, &I,
                        "intrinsic " + Callee->getName() +
                            " is not supported");
          continue;
        }
      } else if (Callee == &F) {
        Bad |= report(F, &I,
                      "recursion is not supported: NeuronISA kernels make "
                      "no calls");
        continue;
      } else if (!NeuronISA::isBuiltinName(Callee->getName())) {
        Bad |= report(F, &I,
                      "call to unknown function '" + Callee->getName() +
                          "': kernels can only call @neuronisa.* builtins");
        continue;
      } else {
        std::string Err = NeuronISA::checkBuiltinCall(
            *CB, MII, &getAnalysis<ScalarEvolutionWrapperPass>().getSE());
        if (!Err.empty())
          Bad |= report(F, &I, Err);
        continue; // builtin arguments are checked by the builtin's rules
      }
    }
    if (!isScalarTypeOK(I.getType())) {
      Bad |= report(F, &I,
                    "unsupported type " + typeName(I.getType()) + " in '" +
                        I.getOpcodeName() +
                        "': scalar code is i32 (floating-point math runs on "
                        "tiles, through builtins)");
      continue;
    }
    for (const Use &U : I.operands()) {
      const Value *V = U.get();
      if (isa<ConstantInt>(V) && isa<GetElementPtrInst>(I))
        continue; // constant indices of any width
      if (isa<BasicBlock>(V) || isa<Function>(V) || isa<MetadataAsValue>(V))
        continue;
      if (!isScalarTypeOK(V->getType())) {
        Bad |= report(F, &I,
                      "unsupported type " + typeName(V->getType()) +
                          " in '" + I.getOpcodeName() +
                          "': scalar code is i32");
        break;
      }
    }
  }

  if (Bad) {
    // Nothing more is compiled for F: machine passes and the AsmPrinter skip
    // functions whose definition is available externally.
    F.setLinkage(GlobalValue::AvailableExternallyLinkage);
    return true;
  }
  return false;
}
