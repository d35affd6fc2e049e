//===-- TileBounds.cpp - On-chip accesses stay inside their tiles ---------===//

#include "TileBounds.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::TileDecl;
using NeuronISA::TileMemory;

static TileMemory memoryOf(Region R) {
  return R == Region::PSUM ? TileMemory::PSUM : TileMemory::SBUF;
}

static void describe(raw_ostream &OS, const TileDecl &T) {
  OS << "@" << T.Name << " " << NeuronISA::tileMemoryName(T.Memory) << " ["
     << format_hex(T.Address, 2) << ", " << format_hex(T.end(), 2) << ") x "
     << T.Partitions << " partitions";
}

bool neuronisa_sim::isInsideTile(const TileDecl &T, Region R, uint32_t Addr,
                                 uint32_t P0, uint32_t Parts,
                                 uint32_t FreeElems) {
  uint64_t End = uint64_t(Addr) + 4ull * FreeElems;
  uint64_t PEnd = uint64_t(P0) + Parts;
  return T.Memory == memoryOf(R) && Addr >= T.Address && Addr < T.end() &&
         End <= T.end() && PEnd <= T.Partitions;
}

bool neuronisa_sim::isInsideDeclaredTile(ArrayRef<TileDecl> Tiles, Region R,
                                         uint32_t Addr, uint32_t P0,
                                         uint32_t Parts, uint32_t FreeElems) {
  if (Tiles.empty())
    return true;
  for (const TileDecl &T : Tiles)
    if (isInsideTile(T, R, Addr, P0, Parts, FreeElems))
      return true;
  return false;
}

std::string neuronisa_sim::describeOutsideNamedTile(
    ArrayRef<TileDecl> Tiles, unsigned Named, Region R, uint32_t Addr,
    uint32_t P0, uint32_t Parts, uint32_t FreeElems) {
  uint64_t End = uint64_t(Addr) + 4ull * FreeElems;
  // The other tile the access lies in, else the first other tile whose
  // bytes it overlaps.
  const TileDecl *Other = nullptr;
  bool Inside = false;
  for (auto [I, T] : enumerate(Tiles)) {
    if (I == Named)
      continue;
    if (isInsideTile(T, R, Addr, P0, Parts, FreeElems)) {
      Other = &T;
      Inside = true;
      break;
    }
    if (!Other && T.Memory == memoryOf(R) && Addr < T.end() &&
        End > T.Address)
      Other = &T;
  }
  std::string S;
  raw_string_ostream OS(S);
  OS << regionName(R) << " bytes [" << format_hex(Addr, 2) << ", "
     << format_hex(End, 2) << ") of partitions [" << P0 << ", "
     << uint64_t(P0) + Parts << ") leave ";
  describe(OS, Tiles[Named]);
  OS << ", the tile the instruction names";
  if (Other) {
    OS << (Inside ? " (they lie in " : " (they run into ");
    describe(OS, *Other);
    OS << ")";
  }
  return S;
}

std::string neuronisa_sim::describeOutsideDeclaredTile(
    ArrayRef<TileDecl> Tiles, Region R, uint32_t Addr, uint32_t P0,
    uint32_t Parts, uint32_t FreeElems) {
  TileMemory Mem = memoryOf(R);
  uint64_t End = uint64_t(Addr) + 4ull * FreeElems;
  uint64_t PEnd = uint64_t(P0) + Parts;
  // The last tile whose bytes contain the access's first byte, if any: the
  // one to name.
  const TileDecl *Nearest = nullptr;
  for (const TileDecl &T : Tiles)
    if (T.Memory == Mem && Addr >= T.Address && Addr < T.end())
      Nearest = &T;
  std::string S;
  raw_string_ostream OS(S);
  OS << regionName(R) << " bytes [" << format_hex(Addr, 2) << ", "
     << format_hex(End, 2) << ") of partitions [" << P0 << ", " << PEnd
     << ") are not inside one declared tile";
  if (Nearest) {
    OS << " (they start in ";
    describe(OS, *Nearest);
    OS << ")";
  }
  return S;
}

std::string neuronisa_sim::checkTileDecl(const TileDecl &T,
                                         const NeuronISA::MachineParams &MP) {
  bool SBUF = T.Memory == TileMemory::SBUF;
  bool Inside =
      SBUF ? MP.isSBUF(T.Address, T.end()) : MP.isPSUM(T.Address, T.end());
  std::string S;
  raw_string_ostream OS(S);
  if (!Inside) {
    OS << "tile ";
    describe(OS, T);
    OS << " is not inside " << (SBUF ? "SBUF [" : "PSUM [")
       << format_hex(SBUF ? MP.SBUFBase : MP.PSUMBase, 2) << ", "
       << format_hex(SBUF ? uint64_t(MP.SBUFBase) + MP.SBUFBytesPerPartition
                          : uint64_t(MP.PSUMBase) + MP.PSUMBytesPerPartition,
                     2)
       << ")";
  } else if (T.Partitions > MP.NumPartitions) {
    OS << "tile ";
    describe(OS, T);
    OS << " has more partitions than the machine's " << MP.NumPartitions;
  }
  return S;
}
