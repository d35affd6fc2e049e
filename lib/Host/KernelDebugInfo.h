//===-- KernelDebugInfo.h - A host-built kernel, from its DWARF -*- C++ -*-===//
//
// What the host runtime needs to know about a kernel that a host C compiler
// built with -g, read from the binary's own DWARF with LLVM's DebugInfoDWARF
// (gcc and clang both describe all of it; nothing comes from neuronisa-clang):
//   - its tiles: variables with static storage of type float[P][F] (their
//     name, link-time address and dimensions: the row length is the pitch
//     that turns a pointer into a partition);
//   - its functions with external linkage and the kind of each parameter
//     (pointer or integer), to check and pass the runner's arguments;
//   - the source location of a code address, for messages.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_HOST_KERNELDEBUGINFO_H
#define NEURONISA_HOST_KERNELDEBUGINFO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class DWARFContext;
namespace object {
class ObjectFile;
template <typename T> class OwningBinary;
} // namespace object

namespace neuronisa_host {

struct KernelParam {
  enum KindTy : uint8_t {
    Pointer, ///< an HBM buffer
    Int,     ///< an integer of at most 32 bits
    Other,   ///< anything else (TypeName says what)
  };
  KindTy Kind = Other;
  bool Signed = true; // Int
  std::string Name;
  std::string TypeName;
};

struct KernelFunction {
  std::string Name;
  std::vector<KernelParam> Params;
  bool Variadic = false;
  /// Returns a value: an integer of at most 32 bits (ReturnOK) or something
  /// else.
  bool ReturnsValue = false;
  bool ReturnOK = true;
  std::string File;
  unsigned Line = 0;
};

/// A variable of type float[Partitions][Columns] with static storage.
struct StaticTile {
  std::string Name;
  uint64_t Address = 0; // link-time address
  uint32_t Partitions = 0;
  uint32_t Columns = 0;
};

class KernelDebugInfo {
public:
  /// Reads Path's DWARF. An error if it is not an object file or has no
  /// DWARF description of its variables and functions (not built with -g).
  static Expected<std::unique_ptr<KernelDebugInfo>> read(StringRef Path);
  ~KernelDebugInfo();

  /// Functions with external linkage defined in the binary, in the order of
  /// their source (file, line).
  ArrayRef<KernelFunction> functions() const { return Functions; }
  ArrayRef<StaticTile> tiles() const { return Tiles; }
  /// "file:line:col" of the code at link-time address Address, or "".
  std::string sourceLocation(uint64_t Address) const;

private:
  KernelDebugInfo();
  std::unique_ptr<object::OwningBinary<object::ObjectFile>> Binary;
  std::unique_ptr<DWARFContext> Context;
  std::vector<KernelFunction> Functions;
  std::vector<StaticTile> Tiles;
  friend class DebugInfoReader;
};

} // namespace neuronisa_host
} // namespace llvm

#endif
