//===-- NeuronISASourceTerms.cpp - Words of the kernel's language ---------===//

#include "NeuronISASourceTerms.h"
#include "NeuronISA.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

bool NeuronISA::speaksC(const Module &M) {
  for (const DICompileUnit *CU : M.debug_compile_units()) {
    DISourceLanguageName L = CU->getSourceLanguage();
    if (!L.hasVersionedName() && dwarf::isC(dwarf::SourceLanguage(L.getName())))
      return true;
  }
  return false;
}

static std::string irTypeName(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// The C name of a scalar type, or "".
static std::string cScalarName(const Type *T) {
  if (T->isIntegerTy(1))
    return "bool";
  if (T->isIntegerTy(8))
    return "char";
  if (T->isIntegerTy(16))
    return "short";
  if (T->isIntegerTy(32))
    return "int";
  if (T->isIntegerTy(64))
    return "long long";
  if (T->isIntegerTy())
    return std::to_string(T->getIntegerBitWidth()) + "-bit integer";
  if (T->isHalfTy())
    return "_Float16";
  if (T->isFloatTy())
    return "float";
  if (T->isDoubleTy())
    return "double";
  if (T->isFloatingPointTy())
    return "long double";
  if (auto *PT = dyn_cast<PointerType>(T)) {
    switch (PT->getAddressSpace()) {
    case NeuronISAAS::HBM:
      return "an __hbm pointer";
    case NeuronISAAS::SBUF:
      return "an __sbuf pointer";
    case NeuronISAAS::PSUM:
      return "a __psum pointer";
    default:
      return "a pointer to ordinary memory (without __hbm, __sbuf or "
             "__psum)";
    }
  }
  return "";
}

std::string NeuronISA::typeName(const Module &M, const Type *T) {
  if (!speaksC(M))
    return irTypeName(T);
  std::string Dims;
  while (auto *AT = dyn_cast<ArrayType>(T)) {
    Dims += "[" + std::to_string(AT->getNumElements()) + "]";
    T = AT->getElementType();
  }
  std::string Name = cScalarName(T);
  if (Name.empty())
    Name = T->isStructTy() ? "struct" : T->isVectorTy() ? "vector" : "?";
  return Name + Dims;
}

std::string NeuronISA::describeTile(const GlobalVariable &Tile) {
  const Module &M = *Tile.getParent();
  if (speaksC(M))
    return "tile '" + globalName(M, Tile.getName()) + "' (" +
           typeName(M, Tile.getValueType()) + ")";
  return "tile @" + Tile.getName().str() + " " +
         irTypeName(Tile.getValueType());
}

std::string NeuronISA::builtinName(const Module &M, StringRef IRName) {
  if (!speaksC(M))
    return IRName.str();
  std::string C = IRName.str();
  for (char &Ch : C)
    if (Ch == '.')
      Ch = '_';
  return C;
}

std::string NeuronISA::globalName(const Module &M, StringRef IRName) {
  if (!speaksC(M))
    return IRName.str();
  // clang names the constant of `T q[] = {...}` in function k
  // "__const.k.q", and a function's static variable v "k.v".
  if (IRName.consume_front("__const."))
    return IRName.rsplit('.').second.str();
  return IRName.contains('.') ? IRName.rsplit('.').second.str()
                              : IRName.str();
}
