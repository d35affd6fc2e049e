//===-- NeuronISATileLayout.cpp - Placement of tiles on chip --------------===//

#include "NeuronISATileLayout.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISA.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

NeuronISATileLayout
NeuronISATileLayout::compute(const Module &M,
                             const NeuronISA::MachineParams &MP,
                             SmallVectorImpl<std::string> &Errors) {
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
    uint64_t P, Bytes;
    if (!getTileType(GV, P, Bytes)) {
      Errors.push_back(("tile @" + GV.getName() + " in " + MemName[Mem] +
                        " must have type [P x [F x float]]")
                           .str());
      continue;
    }
    if (P > MP.NumPartitions) {
      Errors.push_back(("tile @" + GV.getName() + " has " + Twine(P) +
                        " partitions; the machine has " +
                        Twine(MP.NumPartitions))
                           .str());
      continue;
    }
    uint64_t Addr = alignTo(Next[Mem], TileAlignment);
    if (Addr + Bytes > End[Mem]) {
      if (!Reported[Mem])
        Errors.push_back(
            (Twine("tiles do not fit in ") + MemName[Mem] + ": @" +
             GV.getName() + " needs " + Twine(Bytes) +
             " bytes per partition at offset " + Twine(Addr - (Mem ? MP.PSUMBase : MP.SBUFBase)) +
             ", capacity is " +
             Twine(Mem ? MP.PSUMBytesPerPartition : MP.SBUFBytesPerPartition) +
             " bytes per partition")
                .str());
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
