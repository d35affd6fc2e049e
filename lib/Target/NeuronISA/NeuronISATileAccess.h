//===-- NeuronISATileAccess.h - Where a tile operand points -----*- C++ -*-===//
//
// A tile global [P x [F x float]] is addressed with LLVM's own memory model
// (docs/KernelInterface.md): a byte offset B into it means partition
// B / 4F, byte B % 4F of that partition, so a typed GEP's first index is a
// partition and its second an element (C's t[row][column]: a row is a
// partition). The instruction's partition start is an immediate, hence the
// one rule for run-time addresses: the partition is the row of the
// offset's constant part, and the run-time part is a column offset inside
// that row. A run-time part that can move the address by a whole row or
// more is an error at compile time; one that leaves the row at run time is
// stopped by the simulator.
//
// This file finds, for the pointer an on-chip tile operand of a builtin is
// given, the tile and the partition and byte the access starts at, and
// checks the access against the tile and that rule.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISATILEACCESS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISATILEACCESS_H

#include <cstdint>
#include <string>

namespace llvm {
class CallBase;
class DataLayout;
class GlobalVariable;
class ScalarEvolution;
class Value;

namespace NeuronISA {

/// What an on-chip tile pointer addresses.
struct TilePointer {
  /// The tile every value of the pointer points into; null if that is not
  /// known (a pointer through phis or selects of several tiles, ...).
  const GlobalVariable *Tile = nullptr;
  uint64_t TilePartitions = 0; // of Tile
  /// Bytes per partition of Tile (or of every tile the pointer may point
  /// into); 0 if not known.
  uint64_t RowBytes = 0;
  /// The constant part of the byte offset into Tile (B).
  int64_t ByteOffset = 0;
  /// The first partition of the access: B / RowBytes (0 for a run-time
  /// pointer whose constant part is negative or whose tile is unknown).
  uint32_t PartStart = 0;
  /// Bytes from the start of partition PartStart: B - PartStart * RowBytes.
  int64_t ColumnOffset = 0;
  /// The offset has a run-time part (or the tile is not known).
  bool RunTime = false;
  /// Why the pointer cannot be compiled as the interface requires (its
  /// partition start would depend on run-time values); empty if it can.
  std::string Problem;

  /// Offset and tile are compile-time constants.
  bool isConstant() const { return Tile && !RunTime; }
};

/// Analyzes an on-chip tile pointer: GEPs with constant and run-time
/// indices, through phis and selects, down to tile globals.
TilePointer analyzeTilePointer(const Value *Ptr, const DataLayout &DL);

/// Checks an access of Partitions x FreeElems fp32 elements through P
/// against its tile: every partition and byte it touches must lie in the
/// tile (for a run-time offset, the access must fit in its row at the
/// constant part's column; how far the run-time column moves it is checked
/// by the simulator). Returns "" if fine, else what is wrong.
std::string checkTileBounds(const TilePointer &P, uint32_t Partitions,
                            uint32_t FreeElems);

/// With ScalarEvolution, which also sees through the pointer phis that loop
/// strength reduction makes and through flattened arithmetic
/// (`t[0] + i * F + n` is 4F * i + 4 * n): "" unless a term of the run-time
/// part of Ptr's offset into its tile, or a step of a loop recurrence in
/// it, moves by a whole row or more (a run-time row, which the instruction
/// set cannot express).
std::string checkRunTimeOffset(const Value *Ptr, const TilePointer &P,
                               ScalarEvolution &SE);

/// The row of Ptr's constant part is the partition of its access. A GEP
/// may hide part of that constant in a run-time index (loop strength
/// reduction starts a pointer at tile + (C + 16 * c) and steps it down), so
/// that the constant the GEPs show lies in an earlier row than the constant
/// part ScalarEvolution finds (its constant terms and the constants of its
/// recurrences' starts). Then tile argument ArgNo of CB is rewritten as
/// tile + C + (Ptr - tile - C), whose GEPs show that row, for every later
/// analysis (the checks, instruction selection) to see. Returns true if
/// it rewrote the argument.
bool makeRowExplicit(CallBase &CB, unsigned ArgNo, const DataLayout &DL,
                     ScalarEvolution &SE);

} // namespace NeuronISA
} // namespace llvm

#endif
