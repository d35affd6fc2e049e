//===-- NeuronISATargetStreamer.h - Tile and kernel directives --*- C++ -*-===//
//
// The backend places tiles (NeuronISATileLayout); the placement travels with
// the code so that tools can check accesses against it, and so does what
// each kernel takes: in assembly as
//
//   .neuronisa_tile NAME, sbuf|psum, ADDRESS, BYTES, PARTITIONS
//   .neuronisa_kernel NAME[, scalar|hbm]...
//   .neuronisa_tile_use OPERAND, NAME
//   .neuronisa_tile_init NAME, PARTITION, ELEMENT, WORD...
//
// (the tile's per-partition start address, bytes per partition and
// partitions; the kernel's entry symbol and its arguments r1.. in order;
// the tile that tile operand OPERAND of the next instruction names; initial
// contents of a tile: fp32 words, as their bits, from element ELEMENT of
// partition PARTITION on),
// written by the AsmPrinter through the target streamer and read back by
// the assembly parser, which hands them to the target streamer of whoever
// parses (neuronisa-asm prints them again, neuronisa-sim's loader keeps
// them, the ELF streamer writes them into the object's .neuronisa.meta
// section, the tile uses into .neuronisa.tileuse and the initial contents
// into .neuronisa.tileinit). TileDecl, KernelDecl, TileUse and TileInit are
// the records every format shares.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISATARGETSTREAMER_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISATARGETSTREAMER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCStreamer.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class formatted_raw_ostream;

namespace NeuronISA {

/// The on-chip memory a tile lives in.
enum class TileMemory : uint8_t { SBUF, PSUM };
StringRef tileMemoryName(TileMemory M); // "sbuf", "psum"
std::optional<TileMemory> parseTileMemory(StringRef Name);

/// The placement of one tile: partitions [0, Partitions), bytes
/// [Address, Address + BytesPerPartition) of each (per-partition addresses).
struct TileDecl {
  std::string Name;
  TileMemory Memory = TileMemory::SBUF;
  uint32_t Address = 0;
  uint32_t BytesPerPartition = 0;
  uint32_t Partitions = 0;

  uint64_t end() const { return uint64_t(Address) + BytesPerPartition; }
};

/// The name of the directive, with its leading dot.
/// .neuronisa_cpu NAME: the machine preset (-mcpu) the code is for. Written
/// before everything else when the CPU is not "generic"; an object records
/// it in e_flags (docs/ObjectFormat.md).
constexpr StringLiteral CPUDirective = ".neuronisa_cpu";

constexpr StringLiteral TileDirective = ".neuronisa_tile";

/// What a kernel argument (r1..r8) is: an i32 or an HBM pointer. An
/// `hbm.noalias` pointer is one the launch contract says no other argument
/// aliases (the IR's `noalias`, C's `restrict`): the synchronization
/// validator takes accesses through two such arguments as disjoint.
enum class ArgKind : uint8_t { Scalar = 1, HBM = 2, HBMNoAlias = 3 };
StringRef argKindName(ArgKind K); // "scalar", "hbm", "hbm.noalias"
std::optional<ArgKind> parseArgKind(StringRef Name);
inline bool isHBMArg(ArgKind K) {
  return K == ArgKind::HBM || K == ArgKind::HBMNoAlias;
}
constexpr unsigned MaxKernelArgs = 8;

/// A kernel: its entry is the symbol Name; its arguments, in order.
struct KernelDecl {
  std::string Name;
  SmallVector<ArgKind, MaxKernelArgs> Args;
};

/// .neuronisa_kernel NAME[, scalar|hbm]...
constexpr StringLiteral KernelDirective = ".neuronisa_kernel";

/// The tile an access of the next instruction names: its tile operand
/// Operand (0 for its first tile operand, in the order of the format's
/// TileOperandSpecs) addresses tile Tile (a .neuronisa_tile name) and must
/// stay inside it. The compiler writes one for every on-chip access whose
/// address comes from a register; a constant address it checks itself.
struct TileUse {
  unsigned Operand = 0;
  std::string Tile;
};

/// .neuronisa_tile_use OPERAND, NAME
constexpr StringLiteral TileUseDirective = ".neuronisa_tile_use";
/// Tile operands an instruction has at most.
constexpr unsigned MaxTileOperands = 3;

/// Initial contents of part of a tile, loaded before the kernel starts
/// (docs/KernelInterface.md): the fp32 words Words (their bits) at elements
/// [Element, Element + Words.size()) of partition Partition of tile Tile.
/// Tile memory not initialized so is zero.
struct TileInit {
  std::string Tile;
  uint32_t Partition = 0;
  uint32_t Element = 0;
  SmallVector<uint32_t, 8> Words;
};

/// .neuronisa_tile_init NAME, PARTITION, ELEMENT, WORD...
constexpr StringLiteral TileInitDirective = ".neuronisa_tile_init";
/// Words the compiler writes per directive at most (any number parses).
constexpr unsigned TileInitWordsPerDirective = 8;

/// "" if Count words at Element of partition Partition lie inside T, else
/// what is wrong (the assembly parser's and the object reader's check).
std::string checkTileInit(const TileDecl &T, uint64_t Partition,
                          uint64_t Element, uint64_t Count);

/// The directives as they are written (a line each, with a leading tab):
/// the assembly printer's and the disassembler's.
void printTileDirective(raw_ostream &OS, const TileDecl &T);
void printKernelDirective(raw_ostream &OS, const KernelDecl &K);
void printTileUseDirective(raw_ostream &OS, const TileUse &U);
void printTileInitDirective(raw_ostream &OS, const TileInit &I);

} // namespace NeuronISA

/// Receives tile placements and kernel declarations. The base class drops
/// them (a null streamer).
class NeuronISATargetStreamer : public MCTargetStreamer {
public:
  explicit NeuronISATargetStreamer(MCStreamer &S) : MCTargetStreamer(S) {}
  /// The CPU the code is for (a known preset name).
  virtual void emitCPU(StringRef CPU) {}
  virtual void emitTile(const NeuronISA::TileDecl &T) {}
  virtual void emitKernel(const NeuronISA::KernelDecl &K) {}
  /// U applies to the next instruction emitted.
  virtual void emitTileUse(const NeuronISA::TileUse &U) {}
  virtual void emitTileInit(const NeuronISA::TileInit &I) {}
};

/// Writes placements as .neuronisa_tile directives.
class NeuronISATargetAsmStreamer final : public NeuronISATargetStreamer {
  formatted_raw_ostream &OS;

public:
  NeuronISATargetAsmStreamer(MCStreamer &S, formatted_raw_ostream &OS)
      : NeuronISATargetStreamer(S), OS(OS) {}
  void emitCPU(StringRef CPU) override;
  void emitTile(const NeuronISA::TileDecl &T) override;
  void emitKernel(const NeuronISA::KernelDecl &K) override;
  void emitTileUse(const NeuronISA::TileUse &U) override;
  void emitTileInit(const NeuronISA::TileInit &I) override;
};

/// Keeps placements and kernels and, when the object is finished, writes
/// them into its .neuronisa.meta section (NeuronISAMetadata.h). Every object
/// has that section, empty or not. Tile uses go to .neuronisa.tileuse (only
/// if there are any), each at the .text offset of its instruction: a label
/// placed where the directive is, whose distance from the start of .text the
/// assembler computes. Initial contents go to .neuronisa.tileinit (only if
/// there are any).
class NeuronISATargetELFStreamer final : public NeuronISATargetStreamer {
  std::vector<NeuronISA::TileDecl> Tiles;
  std::vector<NeuronISA::KernelDecl> Kernels;
  unsigned CPUNumber = 0; // e_flags
  std::vector<std::pair<NeuronISA::TileInit, SMLoc>> Inits;
  void emitTileInits();
  struct PendingUse {
    NeuronISA::TileUse U;
    MCSymbol *At;
    SMLoc Loc;
  };
  std::vector<PendingUse> Uses;
  void emitTileUses();

public:
  explicit NeuronISATargetELFStreamer(MCStreamer &S)
      : NeuronISATargetStreamer(S) {}
  void emitCPU(StringRef CPU) override;
  void emitTile(const NeuronISA::TileDecl &T) override { Tiles.push_back(T); }
  void emitKernel(const NeuronISA::KernelDecl &K) override {
    Kernels.push_back(K);
  }
  void emitTileUse(const NeuronISA::TileUse &U) override;
  void emitTileInit(const NeuronISA::TileInit &I) override {
    Inits.push_back({I, getStreamer().getStartTokLoc()});
  }
  void finish() override;
};

} // namespace llvm

#endif
