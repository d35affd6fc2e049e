//===-- SyncModel.h - Decoded code, CFG and footprints ----------*- C++ -*-===//
//
// The internal representation SyncProgram.cpp builds the record from: each
// instruction decoded to what the validator's model needs, the basic blocks,
// and each data-path access's footprint.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SYNCCHECK_SYNCMODEL_H
#define NEURONISA_SYNCCHECK_SYNCMODEL_H

#include "SyncProgram.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace NeuronISA {

/// A footprint: what one tile operand of a data-path instruction touches.
/// On chip: partitions [PartBegin, PartEnd) x per-partition bytes [Lo, Hi)
/// of the on-chip address space (SBUF from 0, PSUM from 0x400000). HBM:
/// the bytes of argument Arg's buffer at offsets congruent to [Lo, Hi)
/// modulo Mod (and to [SLo, SHi) modulo SMod when SMod > 0), or all of it
/// (Arg >= 0, !RangeKnown), or any HBM byte (Arg < 0). Footprint.v's fp.
struct Footprint {
  bool OnChip = true;
  bool Reads = false, Writes = false;
  uint32_t PartBegin = 0, PartEnd = 0;
  int Arg = -1;
  bool RangeKnown = false;
  int64_t Lo = 0, Hi = 0;
  /// HBM, RangeKnown: offsets from the buffer's base are congruent modulo
  /// Mod (a power of two, 2^32 for a known offset) to one of [Lo, Hi).
  uint64_t Mod = 0;
  /// HBM, SMod > 0: the offsets are also congruent modulo SMod to one of
  /// [SLo, SHi) (strided rows with gaps: the row pattern, while Lo/Hi/Mod
  /// keep the hull). Footprint.v's f_slo, f_shi, f_smod.
  int64_t SLo = 0, SHi = 0;
  uint64_t SMod = 0;

  bool sameLocation(const Footprint &O) const {
    return OnChip == O.OnChip && PartBegin == O.PartBegin &&
           PartEnd == O.PartEnd && Arg == O.Arg && RangeKnown == O.RangeKnown &&
           Lo == O.Lo && Hi == O.Hi && Mod == O.Mod && SLo == O.SLo &&
           SHi == O.SHi && SMod == O.SMod;
  }
};

/// May A and B touch a common byte? NoAliasArgs: the launch contract's
/// arguments that no other argument aliases (bit k: argument k).
bool mayOverlap(const Footprint &A, const Footprint &B, uint8_t NoAliasArgs);

/// What an instruction is to the validator.
enum class DKind : uint8_t {
  Site,  // data-path instruction
  Wait,  // E.wait / E.waitr
  Li,    // li rd, imm
  AddI,  // addi rd, ra, imm (mov rd, ra: imm 0)
  Add,   // add rd, ra, rb
  Sub,   // sub rd, ra, rb
  Sel,   // sel rd, rc, ra, rb (Ra, Rb: the values chosen from)
  ShlI,  // shli rd, ra, imm
  MulI,  // muli rd, ra, imm
  AndI,  // andi rd, ra, imm
  XorI,  // xori rd, ra, imm
  SetLess, // slt/sltu rd, ra, rb (Imm: 1 for sltu)
  SraI,  // srai rd, ra, imm
  SrlI,  // srli rd, ra, imm
  Def,   // any other write of rd
  Other, // inc, semset, barrier
  Branch, CondBranch, Ret, Nop
};

struct Decoded {
  DKind K = DKind::Nop;
  unsigned Engine = 0;    // waits and sites: the engine that runs them
  unsigned HWAgent = 0;   // sites: the hardware unit that completes them
  int Sem = -1;           // sites: completion semaphore; waits: semaphore
  unsigned Rd = 0, Ra = 0, Rb = 0;
  SmallVector<unsigned, 3> Srcs; // Def: the registers it reads
  int64_t Imm = 0;        // li, addi: the value; waits: threshold or offset;
                          // conditional branches: the opcode
  int Target = -1;        // branches
  /// Sites: the tile operands, with base register and byte offset; the
  /// footprints are filled in once register values are known.
  struct Operand {
    bool OnChip;
    bool Reads, Writes;
    unsigned Base;
    int64_t Offset;
    uint32_t PartBegin, PartEnd;
    uint64_t Extent; // bytes from the address to the end of the access
    uint32_t Rows = 1, RowStride = 0, RowBytes = 0; // HBM: the row pattern
  };
  SmallVector<Operand, 3> Ops;
  SmallVector<Footprint, 3> Foot;
};

/// Decodes MI; returns an error message, empty if fine.
std::string decodeForSync(const CodeInst &CI, const MCInstrInfo &MII,
                          Decoded &Out);

struct CodeBlock {
  unsigned Begin = 0, End = 0; // instruction indices [Begin, End)
  SmallVector<unsigned, 2> Succs;
  bool Reachable = false;
};

/// Splits the kernel into blocks; an error when the code can fall off its
/// end or branches outside it.
std::string buildBlocks(const std::vector<Decoded> &Code,
                        std::vector<CodeBlock> &Blocks);

/// Sets CodeBlock::Reachable: reachable from the entry along Succs.
void markReachable(std::vector<CodeBlock> &Blocks);

/// Fills Decoded::Foot of every site of the reachable blocks: on chip from
/// the base register's constant value, HBM from which argument's buffer the
/// base register points into (a dataflow over the CFG). A conditional
/// branch on registers of known single values loses the edge it never
/// takes, and reachability is recomputed.
void computeFootprints(const CodeKernel &K, std::vector<CodeBlock> &Blocks,
                       std::vector<Decoded> &Code);

} // namespace NeuronISA
} // namespace llvm

#endif
