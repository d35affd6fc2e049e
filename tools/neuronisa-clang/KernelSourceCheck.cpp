//===-- KernelSourceCheck.cpp - C constructs a kernel cannot have ---------===//

#include "KernelSourceCheck.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/AddressSpaces.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Twine.h"

using namespace clang;
using namespace llvm;

/// The memories of neuronisa.h's qualifiers (docs/KernelInterface.md).
enum : unsigned { HBMSpace = 1, SBUFSpace = 2, PSUMSpace = 3 };

namespace {
class KernelSourceChecker : public RecursiveASTVisitor<KernelSourceChecker> {
public:
  KernelSourceChecker(ASTContext &Ctx, DiagnosticsEngine &Diags)
      : Ctx(Ctx), Diags(Diags),
        ErrorID(Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0")) {}

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Outer = Current;
    Current = FD;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Outer;
    return Result;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && FD->isExternallyVisible())
      Kernels.push_back(FD);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE);
  bool VisitVarDecl(VarDecl *VD);
  /// After the traversal: the signatures of the kernels (functions with
  /// external linkage that no function of the file calls).
  void checkKernels();

private:
  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  unsigned ErrorID;
  const FunctionDecl *Current = nullptr;
  SmallVector<const FunctionDecl *, 4> Kernels;
  SmallPtrSet<const FunctionDecl *, 8> Called;

  void error(SourceLocation Loc, const Twine &Msg) {
    Diags.Report(Loc, ErrorID) << Msg.str();
  }
  /// The target address space of T's qualifiers (0: none).
  unsigned memoryOf(QualType T) const {
    LangAS AS = T.getAddressSpace();
    return isTargetAddressSpace(AS) ? toTargetAddressSpace(AS) : 0;
  }
  /// T as a C programmer writes it, without its memory qualifier.
  std::string typeName(QualType T) const {
    return Ctx.removeAddrSpaceQualType(T.getCanonicalType())
        .getUnqualifiedType()
        .getAsString(Ctx.getPrintingPolicy());
  }
  void checkTile(const VarDecl &VD);
  void checkKernel(const FunctionDecl &FD);
};
} // namespace

/// A builtin of neuronisa.h: a declaration named by an asm label
/// "neuronisa.<mnemonic>".
static bool isNeuronISABuiltin(const FunctionDecl &FD) {
  const auto *Label = FD.getAttr<AsmLabelAttr>();
  return Label && StringRef(Label->getLabel()).starts_with("neuronisa.");
}

bool KernelSourceChecker::VisitCallExpr(CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || !Current || isNeuronISABuiltin(*Callee) ||
      Callee->getBuiltinID())
    return true;
  Callee = Callee->getCanonicalDecl();
  Called.insert(Callee);
  const FunctionDecl *Def = nullptr;
  SourceLocation Loc = CE->getBeginLoc();
  std::string Name = Callee->getNameAsString();
  if (Callee == Current->getCanonicalDecl())
    error(Loc, "recursion is not supported: a kernel runs without calls or "
               "a stack, so every function it calls is inlined; write '" +
                   Name + "' as a loop");
  else if (!Callee->hasBody(Def))
    error(Loc, "call to '" + Name +
                   "', which is not defined in this file: kernels call only "
                   "the builtins of neuronisa.h and static functions of the "
                   "same file (there is no linker)");
  else if (Def->isExternallyVisible())
    error(Loc, "'" + Name + "' is called by '" + Current->getNameAsString() +
                   "' but is not static: every function with external "
                   "linkage is a kernel (an entry point of the object); "
                   "declare helpers 'static' (or 'static inline')");
  return true;
}

bool KernelSourceChecker::VisitVarDecl(VarDecl *VD) {
  if (isa<ParmVarDecl>(VD))
    return true;
  if (!VD->hasGlobalStorage()) {
    if (VD->getType().isVolatileQualified())
      error(VD->getLocation(),
            "volatile local variable '" + VD->getName() +
                "' is not supported: volatile makes every access a memory "
                "access, and NeuronISA engines have no stack; drop "
                "'volatile'");
    return true;
  }
  unsigned Memory = memoryOf(VD->getType());
  if (Memory == SBUFSpace || Memory == PSUMSpace) {
    checkTile(*VD);
    return true;
  }
  if (Memory == HBMSpace) {
    error(VD->getLocation(),
          "'" + VD->getName() +
              "' is an __hbm variable: HBM data comes from kernel "
              "arguments (__hbm pointers), not from variables of the file");
    return true;
  }
  // A constant is folded into the code; a variable would need memory.
  if (Ctx.getBaseElementType(VD->getType()).isConstQualified())
    return true;
  error(VD->getLocation(),
        Twine(VD->isStaticLocal() ? "static local" : "global") +
            " variable '" + VD->getName() +
            "' is not supported: NeuronISA engines have no memory for "
            "scalars (only tiles: __sbuf or __psum float arrays); pass the "
            "value as a kernel argument, or make it a constant (const, "
            "#define, enum) or a local variable");
  return true;
}

void KernelSourceChecker::checkTile(const VarDecl &VD) {
  QualType T = VD.getType();
  const ConstantArrayType *Rows = Ctx.getAsConstantArrayType(T);
  const ConstantArrayType *Cols =
      Rows ? Ctx.getAsConstantArrayType(Rows->getElementType()) : nullptr;
  if (!Cols || !Cols->getElementType()->isSpecificBuiltinType(
                   BuiltinType::Float)) {
    error(VD.getLocation(),
          "tile '" + VD.getName() + "' is " + typeName(T) +
              ": a tile is an array float[P][F], P rows (partitions, "
              "1-128) of F floats each");
    return;
  }
}

void KernelSourceChecker::checkKernel(const FunctionDecl &FD) {
  std::string Name = FD.getNameAsString();
  if (FD.isVariadic())
    error(FD.getLocation(), "kernel '" + Name +
                                "' is variadic (...): kernels take at most "
                                "8 fixed parameters");
  if (FD.getNumParams() > 8)
    error(FD.getLocation(), "kernel '" + Name + "' has " +
                                Twine(FD.getNumParams()) +
                                " parameters; kernels take at most 8 "
                                "(registers r1-r8)");
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType();
    if (T->isIntegerType() && Ctx.getTypeSize(T) <= 32)
      continue;
    if (T->isPointerType() && memoryOf(T->getPointeeType()) == HBMSpace)
      continue;
    std::string What =
        T->isRecordType() ? "a struct passed by value (pass its fields)"
        : T->isPointerType()
            ? "a pointer to " +
                  (memoryOf(T->getPointeeType())
                       ? std::string("on-chip memory (tiles are globals "
                                     "of the file, not parameters)")
                       : std::string("ordinary memory, which kernels do "
                                     "not have"))
            : "'" + typeName(T) + "'";
    std::string Param = P->getName().empty()
                            ? "parameter " + std::to_string(
                                                 P->getFunctionScopeIndex() + 1)
                            : "parameter '" + P->getName().str() + "'";
    error(P->getLocation(),
          Param + " of kernel '" + Name + "' is " + What +
              ": kernel parameters are integers of at most 32 bits (int, "
              "unsigned, short, char, bool) or __hbm pointers");
  }
  QualType R = FD.getReturnType();
  if (!R->isVoidType() && !(R->isIntegerType() && Ctx.getTypeSize(R) <= 32))
    error(FD.getLocation(), "kernel '" + Name + "' returns " + typeName(R) +
                                ": kernels return void or an int");
}

void KernelSourceChecker::checkKernels() {
  for (const FunctionDecl *FD : Kernels)
    if (!Called.contains(FD->getCanonicalDecl()))
      checkKernel(*FD);
}

namespace {
class KernelSourceConsumer : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    KernelSourceChecker Checker(Ctx, Ctx.getDiagnostics());
    Checker.TraverseDecl(Ctx.getTranslationUnitDecl());
    Checker.checkKernels();
  }
};

class KernelCheckAction : public WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Inner =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    // The checks first: their errors stop code generation.
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<KernelSourceConsumer>());
    Consumers.push_back(std::move(Inner));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
};
} // namespace

std::unique_ptr<FrontendAction>
neuronisa::withKernelSourceCheck(std::unique_ptr<FrontendAction> Action) {
  if (!Action || Action->usesPreprocessorOnly())
    return Action;
  return std::make_unique<KernelCheckAction>(std::move(Action));
}
