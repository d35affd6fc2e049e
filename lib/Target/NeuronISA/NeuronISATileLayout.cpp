//===-- NeuronISATileLayout.cpp - Placement of tiles on chip --------------===//

#include "NeuronISATileLayout.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "NeuronISASourceTerms.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

/// "tile 't' (float[128][512])" in C, "tile @t" in IR.
static std::string tileName(const GlobalVariable &GV) {
  if (NeuronISA::speaksC(*GV.getParent()))
    return NeuronISA::describeTile(GV);
  return "tile @" + GV.getName().str();
}

/// Why GV, in Mem, is not a tile.
static std::string describeTypeError(const GlobalVariable &GV,
                                     StringRef Mem) {
  const Module &M = *GV.getParent();
  if (!NeuronISA::speaksC(M))
    return ("tile @" + GV.getName() + " in " + Mem +
            " must have type [P x [F x float]]")
        .str();
  return "tile '" + NeuronISA::globalName(M, GV.getName()) + "' in " +
         Mem.str() + " is " + NeuronISA::typeName(M, GV.getValueType()) +
         ": a tile is an array float[P][F], P rows (partitions, 1-128) of F "
         "floats each";
}

/// Why GV's linkage keeps it from being a tile, or "" if it does not. The
/// backend places each tile on chip, which needs the one definition a tile
/// will have: a declaration (external, extern_weak, available_externally)
/// is defined elsewhere, and a weak, linkonce or common definition may be
/// replaced by another at link time.
static std::string describeLinkageError(const GlobalVariable &GV) {
  const char *What = nullptr;
  if (GV.hasExternalWeakLinkage())
    What = "extern_weak";
  else if (GV.hasAvailableExternallyLinkage())
    What = "available_externally";
  else if (GV.isDeclaration())
    What = "external";
  else if (GV.hasCommonLinkage())
    What = "common";
  else if (GV.hasWeakAnyLinkage())
    What = "weak";
  else if (GV.hasLinkOnceAnyLinkage())
    What = "linkonce";
  if (!What)
    return "";
  if (NeuronISA::speaksC(*GV.getParent()))
    return "tile '" +
           NeuronISA::globalName(*GV.getParent(), GV.getName()) +
           "' is " +
           (GV.isDeclaration() ? "declared but not defined (extern)"
                               : "a tentative or weak definition") +
           ": a tile must be defined once, in the kernel's file";
  return ("tile @" + GV.getName() + " has " + What +
          " linkage: a tile must be defined in the module, with a definition "
          "the linker cannot replace (internal, private or external)")
      .str();
}

NeuronISATileLayout
NeuronISATileLayout::compute(const Module &M,
                             const NeuronISA::MachineParams &MP,
                             SmallVectorImpl<Error> &Errors) {
  NeuronISATileLayout L;
  uint64_t Next[2] = {MP.SBUFBase, MP.PSUMBase};
  const uint64_t End[2] = {uint64_t(MP.SBUFBase) + MP.SBUFBytesPerPartition,
                           uint64_t(MP.PSUMBase) + MP.PSUMBytesPerPartition};
  const char *MemName[2] = {"SBUF", "PSUM"};
  bool Reported[2] = {false, false};

  for (const GlobalVariable &GV : M.globals()) {
    unsigned AS = GV.getAddressSpace();
    if (AS != NeuronISAAS::SBUF && AS != NeuronISAAS::PSUM)
      continue;
    unsigned Mem = AS == NeuronISAAS::SBUF ? 0 : 1;
    if (std::string Msg = describeLinkageError(GV); !Msg.empty()) {
      Errors.push_back({&GV, Msg});
      continue;
    }
    uint64_t P, Bytes;
    if (!getTileType(GV, P, Bytes)) {
      Errors.push_back({&GV, describeTypeError(GV, MemName[Mem])});
      continue;
    }
    if (P > MP.NumPartitions) {
      Errors.push_back(
          {&GV, (tileName(GV) + " has " + Twine(P) +
                 (NeuronISA::speaksC(M) ? " rows (a row is a partition)"
                                        : " partitions") +
                 "; the machine has " +
                 Twine(MP.NumPartitions))
                    .str()});
      continue;
    }
    uint64_t Addr = alignTo(Next[Mem], TileAlignment);
    if (Addr + Bytes > End[Mem]) {
      if (!Reported[Mem])
        Errors.push_back(
            {&GV,
            (Twine("tiles do not fit in ") + MemName[Mem] + ": " +
             (NeuronISA::speaksC(M) ? NeuronISA::describeTile(GV)
                                    : "@" + GV.getName().str()) +
             " needs " + Twine(Bytes) +
             " bytes per partition at offset " + Twine(Addr - (Mem ? MP.PSUMBase : MP.SBUFBase)) +
             ", capacity is " +
             Twine(Mem ? MP.PSUMBytesPerPartition : MP.SBUFBytesPerPartition) +
             " bytes per partition")
                .str()});
      Reported[Mem] = true;
      continue;
    }
    L.Index[&GV] = L.Placements.size();
    L.Placements.push_back({&GV, AS, static_cast<uint32_t>(Addr),
                            static_cast<uint32_t>(P),
                            static_cast<uint32_t>(Bytes)});
    Next[Mem] = Addr + Bytes;
  }
  return L;
}

bool NeuronISATileLayout::getTileType(const GlobalVariable &GV,
                                      uint64_t &Partitions,
                                      uint64_t &RowBytes) {
  auto *Outer = dyn_cast<ArrayType>(GV.getValueType());
  auto *Inner = Outer ? dyn_cast<ArrayType>(Outer->getElementType()) : nullptr;
  if (!Inner || !Inner->getElementType()->isFloatTy() ||
      Outer->getNumElements() == 0 || Inner->getNumElements() == 0)
    return false;
  Partitions = Outer->getNumElements();
  RowBytes = 4 * Inner->getNumElements();
  return true;
}

bool NeuronISATileLayout::getAddress(const GlobalValue *GV,
                                     uint32_t &Address) const {
  auto It = Index.find(GV);
  if (It == Index.end())
    return false;
  Address = Placements[It->second].Address;
  return true;
}
