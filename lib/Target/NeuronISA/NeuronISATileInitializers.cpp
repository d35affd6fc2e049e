//===-- NeuronISATileInitializers.cpp - Initial tile contents -------------===//

#include "NeuronISATileInitializers.h"
#include "NeuronISA.h"
#include "NeuronISATileLayout.h"
#include "llvm/ADT/bit.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

/// Appends the fp32 values of C (an aggregate of floats at any depth) to
/// Out. False if C holds anything but floats.
static bool appendFloats(const Constant *C, std::vector<float> &Out) {
  Type *T = C->getType();
  if (T->isFloatTy()) {
    if (const auto *FP = dyn_cast<ConstantFP>(C))
      Out.push_back(FP->getValueAPF().convertToFloat());
    else if (isa<UndefValue>(C) || C->isNullValue())
      Out.push_back(0.0f);
    else
      return false;
    return true;
  }
  if (!T->isArrayTy() && !T->isStructTy())
    return false;
  unsigned N = T->isArrayTy() ? T->getArrayNumElements()
                              : T->getStructNumElements();
  for (unsigned I = 0; I != N; ++I) {
    const Constant *E = C->getAggregateElement(I);
    if (!E || !appendFloats(E, Out))
      return false;
  }
  return true;
}

/// Floats in a value of type T (an aggregate of floats at any depth), or 0
/// if T holds anything else.
static uint64_t floatCount(const Type *T) {
  if (T->isFloatTy())
    return 1;
  if (const auto *AT = dyn_cast<ArrayType>(T))
    return AT->getNumElements() * floatCount(AT->getElementType());
  if (const auto *ST = dyn_cast<StructType>(T)) {
    uint64_t N = 0;
    for (const Type *E : ST->elements()) {
      uint64_t K = floatCount(E);
      if (!K)
        return 0;
      N += K;
    }
    return N;
  }
  return 0;
}

/// Is T a row of a tile as clang lays out its initializer: an array of
/// floats, or a struct of floats and arrays of floats (a row with trailing
/// zeros)?
static bool isRowType(const Type *T) {
  if (const auto *AT = dyn_cast<ArrayType>(T))
    return AT->getElementType()->isFloatTy();
  if (const auto *ST = dyn_cast<StructType>(T))
    return all_of(ST->elements(), [](const Type *E) {
      return E->isFloatTy() ||
             (E->isArrayTy() && E->getArrayElementType()->isFloatTy());
    });
  return false;
}

/// The tile shape of an initializer type clang made for float[P][F]: an
/// array of rows, or a struct of rows and arrays of rows. False otherwise.
static bool getInitializerShape(const Type *T, uint64_t &P, uint64_t &F) {
  SmallVector<std::pair<const Type *, uint64_t>, 8> Rows; // row type, count
  if (const auto *AT = dyn_cast<ArrayType>(T)) {
    Rows.push_back({AT->getElementType(), AT->getNumElements()});
  } else if (const auto *ST = dyn_cast<StructType>(T)) {
    for (const Type *E : ST->elements()) {
      if (isRowType(E))
        Rows.push_back({E, 1});
      else if (E->isArrayTy())
        Rows.push_back({E->getArrayElementType(), E->getArrayNumElements()});
      else
        return false;
    }
  } else {
    return false;
  }
  P = 0;
  F = 0;
  for (const auto &[Row, Count] : Rows) {
    uint64_t N = isRowType(Row) ? floatCount(Row) : 0;
    if (!N || (F && N != F))
      return false;
    F = N;
    P += Count;
  }
  return P && F;
}

/// GV, of an initializer type of shape P x F, as a tile global.
static void retypeTile(GlobalVariable &GV, uint64_t P, uint64_t F) {
  LLVMContext &Ctx = GV.getContext();
  std::vector<float> Values;
  appendFloats(GV.getInitializer(), Values);
  auto *RowTy = ArrayType::get(Type::getFloatTy(Ctx), F);
  auto *TileTy = ArrayType::get(RowTy, P);
  SmallVector<Constant *, 128> Rows;
  for (uint64_t R = 0; R != P; ++R)
    Rows.push_back(ConstantDataArray::get(
        Ctx, ArrayRef<float>(Values).slice(R * F, F)));
  auto *New = new GlobalVariable(
      *GV.getParent(), TileTy, GV.isConstant(), GV.getLinkage(),
      ConstantArray::get(TileTy, Rows), "", &GV, GV.getThreadLocalMode(),
      GV.getAddressSpace());
  New->copyAttributesFrom(&GV);
  New->copyMetadata(&GV, 0);
  New->takeName(&GV);
  GV.replaceAllUsesWith(New);
  GV.eraseFromParent();
}

bool NeuronISA::restoreTileTypes(Module &M) {
  SmallVector<std::tuple<GlobalVariable *, uint64_t, uint64_t>, 4> ToRetype;
  for (GlobalVariable &GV : M.globals()) {
    unsigned AS = GV.getAddressSpace();
    uint64_t P, F, RowBytes;
    if ((AS != NeuronISAAS::SBUF && AS != NeuronISAAS::PSUM) ||
        !GV.hasInitializer() ||
        NeuronISATileLayout::getTileType(GV, P, RowBytes) ||
        !getInitializerShape(GV.getValueType(), P, F))
      continue;
    std::vector<float> Values;
    if (appendFloats(GV.getInitializer(), Values) && Values.size() == P * F)
      ToRetype.push_back({&GV, P, F});
  }
  for (auto &[GV, P, F] : ToRetype)
    retypeTile(*GV, P, F);
  return !ToRetype.empty();
}

std::vector<NeuronISA::TileInit>
NeuronISA::getTileInits(const GlobalVariable &Tile, StringRef Name) {
  std::vector<TileInit> Inits;
  uint64_t P, RowBytes;
  if (!Tile.hasInitializer() || Tile.getInitializer()->isNullValue() ||
      !NeuronISATileLayout::getTileType(Tile, P, RowBytes))
    return Inits;
  std::vector<float> Values;
  if (!appendFloats(Tile.getInitializer(), Values))
    return Inits;
  uint64_t F = RowBytes / 4;
  for (uint64_t R = 0; R != P; ++R)
    for (uint64_t E = 0; E != F; ++E) {
      uint32_t Word = bit_cast<uint32_t>(Values[R * F + E]);
      if (!Word)
        continue;
      // Continue the directive of the word before, unless it is full.
      if (Inits.empty() || Inits.back().Partition != R ||
          Inits.back().Element + Inits.back().Words.size() != E ||
          Inits.back().Words.size() == TileInitWordsPerDirective)
        Inits.push_back({Name.str(), uint32_t(R), uint32_t(E), {}});
      Inits.back().Words.push_back(Word);
    }
  return Inits;
}
