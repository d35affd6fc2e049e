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
#include "NeuronISASourceTerms.h"
#include "NeuronISASubtarget.h"
#include "NeuronISATileInitializers.h"
#include "NeuronISATileAccess.h"
#include "NeuronISATileLayout.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/ADT/DenseMap.h"
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
#include <set>
#include <utility>

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
  bool doFinalization(Module &M) override;
  bool runOnFunction(Function &F) override;
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
    // Run-time tile offsets, also through loop strength reduction's phis.
    AU.addRequired<ScalarEvolutionWrapperPass>();
  }

private:
  /// Reports Msg at I (or at F when I is null), once per source location
  /// and message. Returns true.
  bool report(const Function &F, const Instruction *I, const Twine &Msg);
  /// Checks one instruction; true if it has a problem.
  bool checkInstruction(const Function &F, const Instruction &I,
                        const MCInstrInfo &MII);
  bool checkCall(const Function &F, const CallBase &CB,
                 const MCInstrInfo &MII);
  bool checkArguments(const Function &F);
  bool makeRowsExplicit(Function &F);

  /// The machine compiled for (the target machine's CPU).
  const NeuronISA::MachineParams *MP = nullptr;

  /// (line, message) already reported in this function: clang may make
  /// several instructions of one construct (the two stores of a struct
  /// initialized at once, the two operands of a long long product), which
  /// are one error.
  std::set<std::pair<unsigned, std::string>> ReportedAt;
  /// Globals that cannot be used (not tiles, or tiles that cannot be
  /// placed) and why; each is reported at its first use, or at the end.
  DenseMap<const GlobalVariable *, std::string> BadGlobals;
  SmallPtrSet<const GlobalVariable *, 4> ReportedGlobals;

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

/// A call to an integer overflow intrinsic. Its {i32, i1} result is no
/// scalar, but the DAG expands it into an add or sub and a compare as long
/// as only extractvalue reads it.
static bool isOverflowArithmetic(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
    return all_of(II->users(),
                  [](const User *U) { return isa<ExtractValueInst>(U); });
  default:
    return false;
  }
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

/// A usable source location: line 0 (code clang made up) is none.
static bool hasLine(const DebugLoc &DL) { return DL && DL.getLine() != 0; }

/// Where to report a problem with I: its own location or, for an
/// instruction without one (an alloca in the entry block), that of its
/// first user that has one; for the function itself (I null) or failing
/// those, the line of its definition.
static DiagnosticLocation locationOf(const Function &F, const Instruction *I) {
  if (I && hasLine(I->getDebugLoc()))
    return I->getDebugLoc();
  if (I)
    for (const User *U : I->users())
      if (const auto *UI = dyn_cast<Instruction>(U))
        if (hasLine(UI->getDebugLoc()))
          return UI->getDebugLoc();
  return F.getSubprogram() ? DiagnosticLocation(F.getSubprogram())
                           : DiagnosticLocation();
}

bool NeuronISAKernelVerifier::report(const Function &F, const Instruction *I,
                                     const Twine &Msg) {
  if (I)
    Reported.insert(I);
  DiagnosticLocation Loc = locationOf(F, I);
  if (Loc.getLine() && !ReportedAt.insert({Loc.getLine(), Msg.str()}).second)
    return true;
  F.getContext().diagnose(DiagnosticInfoUnsupported(F, Msg, Loc));
  return true;
}

/// Why global GV, which is not in SBUF or PSUM, cannot be used.
static std::string describeNonTileGlobal(const GlobalVariable &GV) {
  const Module &M = *GV.getParent();
  if (!NeuronISA::speaksC(M))
    return ("global @" + GV.getName() + " is in address space " +
            Twine(GV.getAddressSpace()) +
            ": NeuronISA kernels have only tiles (addrspace(2) SBUF, "
            "addrspace(3) PSUM); HBM data comes from kernel arguments")
        .str();
  std::string Name = NeuronISA::globalName(M, GV.getName());
  if (GV.getName().starts_with("__const."))
    return "the constant local array or struct '" + Name +
           "' is read at a run-time index, which needs memory: NeuronISA "
           "engines have no scalar memory. Compute the value instead (?:, "
           "a switch, arithmetic), or load the table from HBM into a tile";
  return "the variable '" + Name +
         "' is in memory, which NeuronISA engines do not have for scalars "
         "(only tiles: __sbuf or __psum float arrays). Pass the value as a "
         "kernel argument, make it a constant (#define, enum), or a local "
         "variable";
}

bool NeuronISAKernelVerifier::doInitialization(Module &M) {
  // Before anything looks at the tiles (this runs before any pass).
  bool Changed = NeuronISA::restoreTileTypes(M);
  BadGlobals.clear();
  ReportedGlobals.clear();
  for (const GlobalVariable &GV : M.globals()) {
    unsigned AS = GV.getAddressSpace();
    if (AS != NeuronISAAS::SBUF && AS != NeuronISAAS::PSUM)
      BadGlobals[&GV] = describeNonTileGlobal(GV);
  }
  auto *TPC = getAnalysisIfAvailable<TargetPassConfig>();
  MP = &NeuronISA::getMachineParamsOrGeneric(
      TPC ? TPC->getTM<TargetMachine>().getTargetCPU() : "");
  SmallVector<NeuronISATileLayout::Error, 4> Errors;
  NeuronISATileLayout::compute(M, *MP, Errors);
  for (const auto &[GV, Msg] : Errors)
    BadGlobals[GV] = Msg;
  return Changed;
}

bool NeuronISAKernelVerifier::doFinalization(Module &M) {
  // Problems of globals no function uses have no better place.
  for (const auto &[GV, Msg] : BadGlobals)
    if (!ReportedGlobals.contains(GV))
      M.getContext().emitError(Msg);
  return false;
}

/// The first global of Globals that an operand of I uses (also inside
/// constant expressions), or null.
static const GlobalVariable *
usedGlobal(const Instruction &I,
           const DenseMap<const GlobalVariable *, std::string> &Globals) {
  SmallVector<const Value *, 8> Work(I.value_op_begin(), I.value_op_end());
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
      if (Globals.contains(GV))
        return GV;
    } else if (const auto *CE = dyn_cast<ConstantExpr>(V)) {
      Work.append(CE->value_op_begin(), CE->value_op_end());
    }
  }
  return nullptr;
}

bool NeuronISAKernelVerifier::checkArguments(const Function &F) {
  const Module &M = *F.getParent();
  bool C = NeuronISA::speaksC(M);
  bool Bad = false;
  if (F.isVarArg())
    Bad |= report(F, nullptr,
                  C ? "variadic functions (...) are not supported: kernels "
                      "take at most 8 fixed arguments"
                    : "variadic functions are not supported");
  if (F.arg_size() > 8)
    Bad |= report(F, nullptr,
                  "has " + Twine(F.arg_size()) +
                      " arguments; kernels take at most 8 (r1-r8)");
  StringRef Allowed =
      C ? "kernel arguments are integers of at most 32 bits (int, "
          "unsigned, short, char, bool) or __hbm pointers"
        : "kernel arguments are i32 scalars or HBM pointers (ptr "
          "addrspace(1))";
  for (const Argument &A : F.args()) {
    Type *T = A.getType();
    if ((T->isIntegerTy() && T->getIntegerBitWidth() <= 32) ||
        (T->isPointerTy() && T->getPointerAddressSpace() == NeuronISAAS::HBM))
      continue;
    std::string What = A.hasByValAttr()       ? "is a struct passed by value"
                       : A.hasStructRetAttr() ? "returns a struct by value"
                       : C ? "is " + NeuronISA::typeName(M, T)
                           : "has type " + NeuronISA::typeName(M, T);
    if (C && !A.hasByValAttr() && !A.hasStructRetAttr() && !T->isPointerTy())
      What = "is a " + NeuronISA::typeName(M, T);
    Bad |= report(F, nullptr,
                  "argument " + Twine(A.getArgNo() + 1) + " " + What + "; " +
                      Allowed);
    // Accesses to a struct argument's fields follow from the struct.
    if (A.hasByValAttr() || A.hasStructRetAttr())
      Reported.insert(&A);
  }
  Type *RetTy = F.getReturnType();
  if (!RetTy->isVoidTy() &&
      !(RetTy->isIntegerTy() && RetTy->getIntegerBitWidth() <= 32))
    Bad |= report(F, nullptr,
                  "returns " + NeuronISA::typeName(M, RetTy) +
                      (C ? "; kernels return void or an int"
                         : "; kernels return void or an i32"));
  return Bad;
}

/// What is wrong with a value of type T (not a scalar the engines hold)
/// made by I.
static std::string describeScalarProblem(const Instruction &I, const Type *T) {
  const Module &M = *I.getModule();
  std::string IRType = NeuronISA::typeName(M, T);
  if (!NeuronISA::speaksC(M))
    return "unsupported type " + IRType + " in '" + I.getOpcodeName() +
           "': scalar code is i32" +
           (T != I.getType()
                ? ""
                : " (floating-point math runs on tiles, through builtins)");
  if (T->isIntegerTy())
    return IRType + " arithmetic is not supported: scalar code is 32-bit "
                    "(int, unsigned)";
  if (T->isFloatingPointTy() && (isa<SelectInst>(I) || isa<PHINode>(I)))
    return "choosing a " + IRType +
           " at run time (?:, or a variable assigned on several paths) is "
           "not supported: float builtin arguments are compile-time "
           "constants; call the builtin once per value, with if/else";
  if (T->isFloatingPointTy()) {
    std::string What;
    switch (I.getOpcode()) {
    case Instruction::SIToFP:
    case Instruction::UIToFP:
      What = "converting an integer to " + IRType;
      break;
    case Instruction::FPToSI:
    case Instruction::FPToUI:
      What = "converting a " + IRType + " to an integer";
      break;
    case Instruction::FCmp:
      What = "comparing " + IRType + " values";
      break;
    default:
      What = IRType + " arithmetic in scalar code";
    }
    return What + " is not supported: scalar code is integer; floating-point "
                  "math runs on tiles, through builtins, whose float "
                  "arguments are compile-time constants";
  }
  if (T->isPointerTy())
    return IRType + " is not supported: kernels address HBM (__hbm, kernel "
                    "arguments) and tiles (__sbuf, __psum) only";
  return "a value of type " + IRType +
         " is not supported: scalar code is 32-bit integer arithmetic";
}

bool NeuronISAKernelVerifier::checkCall(const Function &F, const CallBase &CB,
                                        const MCInstrInfo &MII) {
  bool C = NeuronISA::speaksC(*F.getParent());
  if (CB.isInlineAsm())
    return report(F, &CB,
                  "inline assembly is not supported: kernels use the "
                  "builtins of neuronisa.h");
  const Function *Callee = NeuronISA::getCalledFunctionOrNull(CB);
  if (!Callee)
    return report(F, &CB,
                  C ? "calls through function pointers are not supported: "
                      "call the function by its name (a static function, "
                      "which is inlined)"
                    : "indirect calls are not supported");
  // (A "deopt" bundle would make the call a statepoint.) An assume's
  // bundles are assumptions, dropped with it.
  if (CB.hasOperandBundles() && Callee->getIntrinsicID() != Intrinsic::assume)
    return report(F, &CB,
                  "operand bundles are not supported on calls (here on a "
                  "call to '" +
                      Callee->getName() + "')");
  // CodeGenPrepare forms uadd.with.overflow from `a + b < a`; C's
  // __builtin_*_overflow makes all four.
  if (isOverflowArithmetic(&CB))
    return false;
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
      return false;
    case Intrinsic::memcpy:
    case Intrinsic::memmove:
    case Intrinsic::memset:
    case Intrinsic::memcpy_inline:
    case Intrinsic::memset_inline:
      if (C)
        return report(F, &CB,
                      "copying or clearing an array or struct as a whole "
                      "needs memory, which NeuronISA engines do not have "
                      "for scalars: assign its elements or fields one by "
                      "one, with constant indices");
      [[fallthrough]];
    default:
      return report(F, &CB,
                    C ? "'" + Callee->getName() +
                            "' (made of a C builtin or operation) is not "
                            "supported: scalar code is 32-bit integer "
                            "arithmetic, comparisons and control flow"
                      : "intrinsic " + Callee->getName() +
                            " is not supported");
    }
  }
  if (Callee == &F)
    return report(F, &CB,
                  C ? "recursion is not supported: a kernel runs without "
                      "calls or a stack, so every function it calls is "
                      "inlined"
                    : "recursion is not supported: NeuronISA kernels make "
                      "no calls");
  if (!NeuronISA::isBuiltinName(Callee->getName())) {
    if (!C)
      return report(F, &CB,
                    "call to unknown function '" + Callee->getName() +
                        "': kernels can only call @neuronisa.* builtins");
    if (Callee->isDeclaration())
      return report(F, &CB,
                    "call to '" + Callee->getName() +
                        "', which is not defined in this file: kernels call "
                        "only the builtins of neuronisa.h and static "
                        "functions of the same file (there is no linker)");
    return report(F, &CB,
                  "call to '" + Callee->getName() +
                      "', which was not inlined: a kernel runs without "
                      "calls or a stack; make helpers static (or static "
                      "inline) and not recursive");
  }
  std::string Err = NeuronISA::checkBuiltinCall(
      CB, MII, *MP, &getAnalysis<ScalarEvolutionWrapperPass>().getSE());
  return !Err.empty() && report(F, &CB, Err);
}

bool NeuronISAKernelVerifier::checkInstruction(const Function &F,
                                               const Instruction &I,
                                               const MCInstrInfo &MII) {
  bool C = NeuronISA::speaksC(*F.getParent());
  if (const GlobalVariable *GV = usedGlobal(I, BadGlobals)) {
    ReportedGlobals.insert(GV);
    return report(F, &I, BadGlobals.lookup(GV));
  }
  if (const auto *AI = dyn_cast<AllocaInst>(&I)) {
    if (C)
      return report(F, &I,
                    AI->isStaticAlloca()
                        ? "this local variable needs memory (a local array "
                          "indexed at run time, a struct or array used as a "
                          "whole, or a variable whose address is taken), "
                          "and NeuronISA engines have no stack: index local "
                          "arrays with constants only and keep values in "
                          "scalar variables"
                        : "alloca is not supported: NeuronISA engines have "
                          "no stack");
    return report(F, &I,
                  AI->isStaticAlloca()
                      ? "stack objects (alloca) are not supported: "
                        "NeuronISA engines have no stack"
                      : "dynamic allocas are not supported: NeuronISA "
                        "engines have no stack");
  }
  if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) ||
      isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I))
    return report(F, &I,
                  C ? "reading or writing memory as a scalar (through a "
                      "pointer, a global variable or an array element) is "
                      "not supported: NeuronISA engines have no scalar "
                      "memory; tiles are read and written by builtins, HBM "
                      "by DMA builtins"
                    : "scalar memory accesses are not supported: move tiles "
                      "with the @neuronisa.dma.* builtins");
  if (isa<VAArgInst>(I))
    return report(F, &I,
                  "va_arg is not supported: kernels take at most 8 fixed "
                  "arguments");
  // SBUF, PSUM and HBM are distinct memories: a pointer of one is never
  // a pointer of another (also inside constant expressions).
  if (isa<AddrSpaceCastInst>(I) || usesAddrSpaceCast(I))
    return report(F, &I,
                  C ? "a cast between memories (__hbm, __sbuf, __psum, "
                      "plain pointers) is not supported: they are distinct "
                      "memories"
                    : "address space casts are not supported: HBM, SBUF "
                      "and PSUM are distinct memories");
  // (A label's address, &&label, is only for an indirect branch.)
  if (isa<IndirectBrInst>(I) || isa<CallBrInst>(I) || isa<InvokeInst>(I) ||
      isa<LandingPadInst>(I) || isa<ResumeInst>(I) || I.isEHPad() ||
      any_of(I.operands(), [](const Use &U) { return isa<BlockAddress>(U); }))
    return report(F, &I,
                  C ? "computed goto (goto *p) is not supported: use a "
                      "switch"
                    : "indirect branches and exception handling are not "
                      "supported");
  if (const auto *CB = dyn_cast<CallBase>(&I))
    return checkCall(F, *CB, MII);
  // A function used as a value is a function pointer, only good for an
  // indirect call.
  if (any_of(I.operands(), [](const Use &U) { return isa<Function>(U); }))
    return report(F, &I,
                  C ? "calls through function pointers are not supported: "
                      "call the function by its name (a static function, "
                      "which is inlined)"
                    : "indirect calls are not supported (a function is "
                      "used as a value here)");
  if (!isScalarTypeOK(I.getType()))
    return report(F, &I, describeScalarProblem(I, I.getType()));
  for (const Use &U : I.operands()) {
    const Value *V = U.get();
    if (isa<ConstantInt>(V) && isa<GetElementPtrInst>(I))
      continue; // constant indices of any width
    if (isa<BasicBlock>(V) || isa<Function>(V) || isa<MetadataAsValue>(V))
      continue;
    if (isa<ExtractValueInst>(I) && isOverflowArithmetic(V))
      continue;
    if (!isScalarTypeOK(V->getType()))
      return report(F, &I, describeScalarProblem(I, V->getType()));
  }
  return false;
}

/// The row of each run-time tile argument of a builtin as its GEPs show it
/// (NeuronISA::makeRowExplicit), before anything analyzes them.
bool NeuronISAKernelVerifier::makeRowsExplicit(Function &F) {
  ScalarEvolution &SE = getAnalysis<ScalarEvolutionWrapperPass>().getSE();
  const DataLayout &DL = F.getDataLayout();
  SmallVector<CallBase *, 16> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = NeuronISA::getCalledFunctionOrNull(*CB))
        if (NeuronISA::isBuiltinName(Callee->getName()))
          Calls.push_back(CB);
  bool Changed = false;
  for (CallBase *CB : Calls)
    for (unsigned I = 0, E = CB->arg_size(); I != E; ++I) {
      auto *PT = dyn_cast<PointerType>(CB->getArgOperand(I)->getType());
      if (PT && (PT->getAddressSpace() == NeuronISAAS::SBUF ||
                 PT->getAddressSpace() == NeuronISAAS::PSUM))
        Changed |= NeuronISA::makeRowExplicit(*CB, I, DL, SE);
    }
  return Changed;
}

bool NeuronISAKernelVerifier::runOnFunction(Function &F) {
  const TargetMachine &TM =
      getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
  const MCInstrInfo &MII =
      *static_cast<const NeuronISASubtarget *>(TM.getSubtargetImpl(F))
           ->getInstrInfo();
  Reported.clear();
  ReportedAt.clear();
  bool Changed = makeRowsExplicit(F);
  bool Bad = checkArguments(F);
  for (const Instruction &I : instructions(F)) {
    if (usesReported(I)) {
      // Follows from a problem reported at its root (so do the globals it
      // uses: the constant a local array was copied from).
      Reported.insert(&I);
      if (const GlobalVariable *GV = usedGlobal(I, BadGlobals))
        ReportedGlobals.insert(GV);
      continue;
    }
    Bad |= checkInstruction(F, I, MII);
  }
  if (Bad) {
    // Nothing more is compiled for F: machine passes and the AsmPrinter skip
    // functions whose definition is available externally.
    F.setLinkage(GlobalValue::AvailableExternallyLinkage);
    return true;
  }
  return Changed;
}
