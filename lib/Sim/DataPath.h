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
#include "TileAccess.h"

namespace llvm {
namespace neuronisa_sim {

/// Executes I's data semantics.
void executeDataPath(const Inst &I, const ResolvedTile *T, Memory &M);

} // namespace neuronisa_sim
} // namespace llvm

#endif
