//===-- DataPath.h - What data-path instructions compute --------*- C++ -*-===//
//
// The arithmetic of every data-path format, written once over row views: an
// operand of P partitions is a pointer to its first row and the distance
// from one row to the next, wherever the rows live. neuronisa-sim runs it on
// the rows of its simulated memories (executeDataPath); the host runtime of C
// kernels (lib/Host) runs it on tiles that are host arrays, so that both
// compute bit-identical results. The scalar math comes from
// NeuronISASemantics.h. Each row is computed before it is written (a
// destination may overlap its sources within a partition); matmul, transpose
// and reductions compute their whole result before writing it.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_DATAPATH_H
#define NEURONISA_SIM_DATAPATH_H

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include <cstddef>
#include <cstdint>

namespace llvm {
namespace neuronisa_sim {

struct Inst;
struct ResolvedTile;
class Memory;

/// The rows of one tile operand: row (partition) P of the access starts at
/// row(P), each row holding the operand's free size of fp32 elements.
class RowView {
public:
  RowView() = default;
  RowView(float *First, size_t Pitch) : First(First), Pitch(Pitch) {}
  float *row(unsigned P) const { return First + P * Pitch; }

private:
  float *First = nullptr;
  size_t Pitch = 0; // fp32 elements from one row to the next
};

/// One data-path instance as its arithmetic needs it.
struct DataPathOp {
  unsigned Opcode = 0;
  NeuronISA::TileFormat Fmt = NeuronISA::TileFormat::None;
  uint8_t SubOp = 0;
  /// Raw operand values by MC operand index (immediates, fp32 bits).
  const int32_t *Ops = nullptr;
  /// Each tile operand's shape, in the format's tile operand order.
  struct Shape {
    uint32_t Partitions = 0;
    uint32_t FreeElems = 0;
  } Tiles[3];

  /// The raw value of operand Name (NeuronISAInstrInfo.td).
  int32_t named(NeuronISA::OpName Name) const {
    return Ops[NeuronISA::getNamedOperandIdx(Opcode, Name)];
  }
};

/// Computes Op: reads the rows of its source operands and writes those of
/// its destination, Rows[0] (the tile operands in the format's order).
void computeDataPath(const DataPathOp &Op, const RowView *Rows);

/// Executes I's data semantics on the simulated memories, with its tile
/// operands resolved and validated in T.
void executeDataPath(const Inst &I, const ResolvedTile *T, Memory &M);

} // namespace neuronisa_sim
} // namespace llvm

#endif
