//===-- SyncProgram.h - The validator's view of emitted code ----*- C++ -*-===//
//
// Builds the program record that neuronisa-sync-check (proofs/) checks from
// the code a kernel ships: its decoded MCInsts, not what the compiler
// believes about them. Everything the proofs take as given is derived here
// from the instructions' operands, with the target's own tables (TSFlags for
// engines, TileOperandSpec / getTileShape for footprints):
//
// - the CFG, from the branches and `ret` (code that falls off the end of the
//   kernel is rejected);
// - the sites (data-path instructions in reachable blocks), their agent (the
//   hardware unit: an engine, or the DMA queue operand, together with the
//   completion semaphore, so that a unit the pass split into sub-agents is
//   one agent per semaphore), their waiting engine and semaphore;
// - the conflict relation, from footprints (SyncFootprint.h);
// - the waits and the scalar-register writes the thresholds use.
//
// The tracked sets (the "groups") are hints, verified by the checker.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SYNCCHECK_SYNCPROGRAM_H
#define NEURONISA_SYNCCHECK_SYNCPROGRAM_H

#include "llvm/MC/MCInst.h"
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class MCInstrInfo;
namespace NeuronISA {

/// One instruction of a kernel, as emitted.
struct CodeInst {
  MCInst MI;
  /// A branch: the index of its target in CodeKernel::Insts (-1: none or
  /// outside the kernel).
  int Target = -1;
  /// Where it is and what it says, for the findings ("softmax+0x48:
  /// dve.tsp.div ...").
  std::string Text;
};

/// A kernel: its code and what its launch contract says of its arguments.
struct CodeKernel {
  std::string Name;
  std::vector<CodeInst> Insts;
  unsigned NumArgs = 0;
  uint8_t HBMArgs = 0;     // bit k: argument r(k+1) is an HBM pointer
  uint8_t NoAliasArgs = 0; // bit k: ... and no other argument aliases it
};

/// The JSON record of K (one line, the format of proofs/README.md with
/// mode "object"), or a record with an "error" field when the code is not a
/// well-formed kernel.
std::string buildSyncRecord(const CodeKernel &K, const MCInstrInfo &MII);

} // namespace NeuronISA
} // namespace llvm

#endif
