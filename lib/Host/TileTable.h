//===-- TileTable.h - The tiles of a kernel running on the host -*- C++ -*-===//
//
// On the host a tile is a C array `float t[P][F]` with static storage, and a
// builtin receives plain pointers into it (t, &t[64][0], &t[0][256], a
// ping-pong pointer variable). The table maps such a pointer back to its
// tile and, with the tile's row length (its pitch), to the partition (row)
// and byte within the row it designates: the rule of docs/KernelInterface.md
// ("a pointer at byte offset B into a tile means partition B / 4F, byte
// B % 4F of that partition"), applied to the address the host computed.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_HOST_TILETABLE_H
#define NEURONISA_HOST_TILETABLE_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace neuronisa_host {

/// A tile: a float[Partitions][Columns] array at Addr.
struct HostTile {
  std::string Name;
  uintptr_t Addr = 0;
  uint32_t Partitions = 0;
  uint32_t Columns = 0; // fp32 elements per partition (row)

  uint64_t rowBytes() const { return 4ull * Columns; }
  uint64_t sizeBytes() const { return rowBytes() * Partitions; }
  /// "'t' [128 x 512]"
  std::string describe() const;
};

/// Where a pointer points: into Tile, at row Partition, byte Byte of it.
struct TilePlace {
  const HostTile *Tile = nullptr;
  uint32_t Partition = 0;
  uint32_t Byte = 0;
  float *first() const {
    return reinterpret_cast<float *>(Tile->Addr + Partition * Tile->rowBytes() +
                                     Byte);
  }
};

class TileTable {
public:
  TileTable() = default;
  /// Tiles must not overlap (distinct objects of one program).
  explicit TileTable(std::vector<HostTile> Tiles);

  /// The tile whose bytes hold P, and the place P designates in it.
  std::optional<TilePlace> locate(const void *P) const;
  ArrayRef<HostTile> tiles() const { return Tiles; }

private:
  std::vector<HostTile> Tiles; // by address
};

/// Checks an access of Partitions rows of FreeElems fp32 from Place: it
/// must start on an element and lie inside the tile's rows and columns.
/// Returns "" or what is wrong, in the compiler's words.
std::string checkTileAccess(const TilePlace &Place, uint32_t Partitions,
                            uint32_t FreeElems);

} // namespace neuronisa_host
} // namespace llvm

#endif
