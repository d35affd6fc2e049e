//===-- TileAccess.h - Resolving and validating tile operands ---*- C++ -*-===//
//
// Every data-path instance resolves its tile operands (base register plus
// offset, with the executing engine's registers) and validates them against
// the memories, the rules of its format and the program's declared tiles
// (TileBounds.h) before it runs. This runs for
// every instance, so a violation is returned as a code and worded only when
// the run fails.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_TILEACCESS_H
#define NEURONISA_SIM_TILEACCESS_H

#include "Memory.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace neuronisa_sim {

struct Inst;

/// A tile operand with its address resolved and validated.
struct ResolvedTile {
  uint32_t Addr = 0;
  Region Reg = Region::SBUF;
  unsigned Buf = 0; // HBM buffer index
};

/// Which rule a tile operand breaks.
enum class TileRule : uint8_t {
  None,
  Memory,          // see TileFault::Mem
  PEDestNotPSUM,   // pe.matmul / pe.transpose write PSUM ...
  PESourceNotSBUF, // ... and read SBUF
  DMANotSBUF,      // the on-chip side of a DMA is SBUF
  OutsideDeclaredTile, // not inside one tile the program declares
  OutsideNamedTile,    // not inside the tile the instruction names
};

struct TileFault {
  TileRule Rule = TileRule::None;
  MemoryFault Mem = MemoryFault::None;
  uint8_t Operand = 0;
  explicit operator bool() const { return Rule != TileRule::None; }
};

/// Resolves the tiles of I into Out (I.NumTiles entries) and validates them.
TileFault resolveTiles(const Inst &I, const int32_t *Regs, const Memory &M,
                       ResolvedTile *Out);

/// "ROLE tile: what is wrong", for a fault resolveTiles returned with the
/// same registers.
std::string describeTileFault(const TileFault &F, const Inst &I,
                              const int32_t *Regs, const Memory &M);

} // namespace neuronisa_sim
} // namespace llvm

#endif
