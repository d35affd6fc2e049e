//===-- NeuronISATargetStreamer.h - Tile placement directives ---*- C++ -*-===//
//
// The backend places tiles (NeuronISATileLayout); the placement travels with
// the code so that tools can check accesses against it: in assembly as
//
//   .neuronisa_tile NAME, sbuf|psum, ADDRESS, BYTES, PARTITIONS
//
// (the tile's per-partition start address, bytes per partition and
// partitions), written by the AsmPrinter through the target streamer and
// read back by the assembly parser, which hands it to the target streamer
// of whoever parses (neuronisa-asm prints it again, neuronisa-sim's loader
// keeps it). TileDecl is the record every format shares.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISATARGETSTREAMER_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISATARGETSTREAMER_H

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
constexpr StringLiteral TileDirective = ".neuronisa_tile";

} // namespace NeuronISA

/// Receives tile placements. The base class drops them (a null streamer).
class NeuronISATargetStreamer : public MCTargetStreamer {
public:
  explicit NeuronISATargetStreamer(MCStreamer &S) : MCTargetStreamer(S) {}
  virtual void emitTile(const NeuronISA::TileDecl &T) {}
};

/// Writes placements as .neuronisa_tile directives.
class NeuronISATargetAsmStreamer final : public NeuronISATargetStreamer {
  formatted_raw_ostream &OS;

public:
  NeuronISATargetAsmStreamer(MCStreamer &S, formatted_raw_ostream &OS)
      : NeuronISATargetStreamer(S), OS(OS) {}
  void emitTile(const NeuronISA::TileDecl &T) override;
};

} // namespace llvm

#endif
