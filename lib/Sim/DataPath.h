//===-- DataPath.h - Functional execution of data-path ops ------*- C++ -*-===//
//
// Computes what one data-path instruction writes, from the tiles it reads.
// The arithmetic comes from NeuronISASemantics.h. Each instruction reads all
// its inputs before writing its output, so in-place forms are well defined.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_DATAPATH_H
#define NEURONISA_SIM_DATAPATH_H

#include "Memory.h"
#include "Program.h"

namespace llvm {
namespace neuronisa_sim {

/// A tile operand with its address resolved and validated.
struct ResolvedTile {
  uint32_t Addr = 0;
  Region Reg = Region::SBUF;
  unsigned Buf = 0; // HBM buffer index
};

/// Resolves and validates the tiles of I against the memories, using the
/// executing engine's registers. Returns an error message or "".
std::string resolveTiles(const Inst &I, const int32_t *Regs, const Memory &M,
                         ResolvedTile *Out);

/// Executes I's data semantics.
void executeDataPath(const Inst &I, const ResolvedTile *T, Memory &M);

} // namespace neuronisa_sim
} // namespace llvm

#endif
