//===-- NeuronISAMetadata.h - The kernel metadata of an object --*- C++ -*-===//
//
// What an object says about its kernels besides their code: each kernel's
// entry symbol and arguments, and where the backend placed each tile. In
// assembly these are the .neuronisa_kernel and .neuronisa_tile directives
// (NeuronISATargetStreamer.h); in an object, the .neuronisa.meta section
// (docs/ObjectFormat.md), which the ELF target streamer writes and
// NeuronISAObject reads, both with this file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMETADATA_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMETADATA_H

#include "NeuronISATargetStreamer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <vector>

namespace llvm {
class raw_ostream;
namespace NeuronISA {

/// Everything the metadata section holds.
struct ObjectMetadata {
  std::vector<KernelDecl> Kernels;
  std::vector<TileDecl> Tiles;
};

/// The section's name.
constexpr StringLiteral MetadataSection = ".neuronisa.meta";

/// The section's bytes for M.
std::string writeMetadata(const ObjectMetadata &M);
/// Parses and checks a section's bytes; errors say what is wrong.
Expected<ObjectMetadata> readMetadata(ArrayRef<uint8_t> Bytes);

} // namespace NeuronISA
} // namespace llvm

#endif
