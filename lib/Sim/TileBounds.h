//===-- TileBounds.h - On-chip accesses stay inside their tiles -*- C++ -*-===//
//
// The compiler checks every on-chip access whose offset is a constant
// against the tile it names; an access whose address comes from a register
// is checked here, when it executes: it must lie inside one tile the
// program declares (.neuronisa_tile), in bytes and in partitions, in that
// tile's memory. Otherwise it would read or write whatever lies next to its
// tile. An access whose instruction names its tile (.neuronisa_tile_use,
// which the compiler writes for every on-chip access with a run-time
// address) must lie inside that tile: an offset that carries it wholly into
// a neighbouring tile is caught too. A program that declares no tile
// (hand-written assembly) is only checked against the memories' bounds.
//
// The check runs for every on-chip operand of every data-path instance, so
// it answers yes or no; the message is worded only when a run fails.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_TILEBOUNDS_H
#define NEURONISA_SIM_TILEBOUNDS_H

#include "Memory.h"
#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace neuronisa_sim {

/// True if the access to bytes [Addr, Addr + 4 * FreeElems) of partitions
/// [P0, P0 + Parts) of memory R lies inside tile T.
bool isInsideTile(const NeuronISA::TileDecl &T, Region R, uint32_t Addr,
                  uint32_t P0, uint32_t Parts, uint32_t FreeElems);
/// True if Tiles is empty or the access to bytes [Addr, Addr + 4 *
/// FreeElems) of partitions [P0, P0 + Parts) of memory R lies inside one of
/// them.
bool isInsideDeclaredTile(ArrayRef<NeuronISA::TileDecl> Tiles, Region R,
                          uint32_t Addr, uint32_t P0, uint32_t Parts,
                          uint32_t FreeElems);
/// What is wrong with an access isInsideDeclaredTile rejected.
std::string describeOutsideDeclaredTile(ArrayRef<NeuronISA::TileDecl> Tiles,
                                        Region R, uint32_t Addr, uint32_t P0,
                                        uint32_t Parts, uint32_t FreeElems);

/// What is wrong with an access that leaves Tiles[Named], the tile its
/// instruction names: both tiles when it lies in another.
std::string describeOutsideNamedTile(ArrayRef<NeuronISA::TileDecl> Tiles,
                                     unsigned Named, Region R, uint32_t Addr,
                                     uint32_t P0, uint32_t Parts,
                                     uint32_t FreeElems);

/// Checks a declared tile against the machine: in its memory, at most
/// NumPartitions partitions. "" if fine.
std::string checkTileDecl(const NeuronISA::TileDecl &T,
                          const NeuronISA::MachineParams &MP);

} // namespace neuronisa_sim
} // namespace llvm

#endif
