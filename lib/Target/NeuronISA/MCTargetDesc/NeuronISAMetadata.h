//===-- NeuronISAMetadata.h - The kernel metadata of an object --*- C++ -*-===//
//
// What an object says about its kernels besides their code: each kernel's
// entry symbol and arguments, and where the backend placed each tile. In
// assembly these are the .neuronisa_kernel and .neuronisa_tile directives
// (NeuronISATargetStreamer.h); in an object, the .neuronisa.meta section
// (docs/ObjectFormat.md), which the ELF target streamer writes and
// NeuronISAObject reads, both with this file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMETADATA_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMETADATA_H

#include "NeuronISATargetStreamer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <vector>

namespace llvm {
class raw_ostream;
namespace NeuronISA {

/// Everything the metadata section holds.
struct ObjectMetadata {
  std::vector<KernelDecl> Kernels;
  std::vector<TileDecl> Tiles;
};

/// The section's name.
constexpr StringLiteral MetadataSection = ".neuronisa.meta";

/// The section's bytes for M.
std::string writeMetadata(const ObjectMetadata &M);
/// Parses and checks a section's bytes; errors say what is wrong.
Expected<ObjectMetadata> readMetadata(ArrayRef<uint8_t> Bytes);

/// The tile uses (.neuronisa_tile_use) of an object: which tile an access
/// of an instruction names.
constexpr StringLiteral TileUseSection = ".neuronisa.tileuse";

/// One tile use: tile operand Operand of the instruction at .text offset
/// Offset addresses tile Tile (an index into ObjectMetadata::Tiles).
struct TileUseRecord {
  uint32_t Offset = 0;
  uint32_t Operand = 0;
  uint32_t Tile = 0;
};

/// The header of a .neuronisa.tileuse section of Count records; each record
/// follows as three u32 (offset, operand, tile), which the ELF streamer
/// writes as values (the offset is an expression).
std::string writeTileUseHeader(size_t Count);
/// Parses a .neuronisa.tileuse section and checks it against the tiles
/// NumTiles of .neuronisa.meta (operand and tile in range).
Expected<std::vector<TileUseRecord>> readTileUses(ArrayRef<uint8_t> Bytes,
                                                  size_t NumTiles);

/// The initial contents of tiles (.neuronisa_tile_init): loaded into the
/// tiles before the kernel starts.
constexpr StringLiteral TileInitSection = ".neuronisa.tileinit";

/// Words (fp32 bits) at elements [Element, Element + Words.size()) of
/// partition Partition of tile Tile (an index into ObjectMetadata::Tiles).
struct TileInitRecord {
  uint32_t Tile = 0;
  uint32_t Partition = 0;
  uint32_t Element = 0;
  std::vector<uint32_t> Words;
};

/// The bytes of a .neuronisa.tileinit section holding Records.
std::string writeTileInits(ArrayRef<TileInitRecord> Records);
/// Parses a .neuronisa.tileinit section and checks every record against
/// the tiles of .neuronisa.meta (tile index, partition, elements).
Expected<std::vector<TileInitRecord>>
readTileInits(ArrayRef<uint8_t> Bytes, ArrayRef<TileDecl> Tiles);

} // namespace NeuronISA
} // namespace llvm

#endif
