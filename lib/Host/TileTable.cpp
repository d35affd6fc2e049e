//===-- TileTable.cpp - The tiles of a kernel running on the host ---------===//

#include "TileTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;
using namespace llvm::neuronisa_host;

std::string HostTile::describe() const {
  return ("'" + Name + "' [" + Twine(Partitions) + " x " + Twine(Columns) +
          "]")
      .str();
}

TileTable::TileTable(std::vector<HostTile> T) : Tiles(std::move(T)) {
  llvm::sort(Tiles, [](const HostTile &A, const HostTile &B) {
    return A.Addr < B.Addr;
  });
}

std::optional<TilePlace> TileTable::locate(const void *P) const {
  uintptr_t A = reinterpret_cast<uintptr_t>(P);
  // The last tile starting at or before A.
  auto It = llvm::upper_bound(
      Tiles, A, [](uintptr_t X, const HostTile &T) { return X < T.Addr; });
  if (It == Tiles.begin())
    return std::nullopt;
  const HostTile &T = *std::prev(It);
  uint64_t Offset = A - T.Addr;
  if (Offset >= T.sizeBytes())
    return std::nullopt;
  return TilePlace{&T, static_cast<uint32_t>(Offset / T.rowBytes()),
                   static_cast<uint32_t>(Offset % T.rowBytes())};
}

std::string neuronisa_host::checkTileAccess(const TilePlace &Place,
                                            uint32_t Partitions,
                                            uint32_t FreeElems) {
  const HostTile &T = *Place.Tile;
  if (Place.Byte % 4)
    return ("points at byte " + Twine(Place.Byte) + " of partition " +
            Twine(Place.Partition) + " of tile " + T.describe() +
            ", not at an fp32 element")
        .str();
  uint32_t Elem = Place.Byte / 4;
  std::string Access = (Twine(Partitions) + " partitions x " +
                        Twine(FreeElems) + " elements at partition " +
                        Twine(Place.Partition) + ", element " + Twine(Elem) +
                        " of tile " + T.describe())
                           .str();
  uint64_t PartEnd = uint64_t(Place.Partition) + Partitions;
  if (PartEnd > T.Partitions)
    return Access + " run " + std::to_string(PartEnd - T.Partitions) +
           " partitions past its last partition";
  uint64_t ElemEnd = uint64_t(Elem) + FreeElems;
  if (ElemEnd > T.Columns)
    return Access + " run " + std::to_string(ElemEnd - T.Columns) +
           " elements past the end of its partitions";
  return "";
}
