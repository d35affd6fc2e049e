//===-- NeuronISALineTable.h - Source lines of a NeuronISA object -*- C++ -*-===//
//
// The source position of each instruction of an object, from its DWARF line
// table (docs/ObjectFormat.md, "Debug information"), read with LLVM's DWARF
// library. The disassembler prints them (-l); the simulator names them in
// its messages.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_OBJECT_NEURONISALINETABLE_H
#define NEURONISA_OBJECT_NEURONISALINETABLE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
namespace neuronisa_obj {

/// A source position: a line of a file, and a column if the table has one.
struct SourceLoc {
  /// Index into the file names of the object's SourceLines, or -1: the
  /// instruction has no source line (no debug information, or line 0).
  int File = -1;
  uint32_t Line = 0;
  uint32_t Column = 0;

  bool valid() const { return File >= 0; }
};

/// The source positions of a list of instructions.
struct SourceLines {
  std::vector<std::string> Files;
  std::vector<SourceLoc> Locs; // one per address asked for

  /// "file.c:8:3" (or "file.c:8" without a column); "" if Loc is invalid.
  std::string format(const SourceLoc &Loc) const;
};

/// Looks up Addresses (byte offsets in .text, where the loader puts address
/// 0) in the DWARF line tables of the ELF object in Buffer. An object
/// without line tables gives no position for any address; malformed DWARF
/// is an error.
Expected<SourceLines> readSourceLines(MemoryBufferRef Buffer,
                                      const std::vector<uint32_t> &Addresses);

} // namespace neuronisa_obj
} // namespace llvm

#endif
