//===-- NeuronISATileLayout.h - Placement of tiles on chip ------*- C++ -*-===//
//
// Tiles are module globals in the SBUF (addrspace 2) or PSUM (addrspace 3)
// address space, of type [P x [F x float]]: P partitions of F fp32 each. The
// backend places them: each tile gets a per-partition byte address, first
// fit in declaration order, 64-byte aligned, within the memory's capacity
// (NeuronISAMachineModel.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISATILELAYOUT_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISATILELAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <string>
#include <utility>

namespace llvm {
class GlobalValue;
class GlobalVariable;
class Module;

namespace NeuronISA {
struct MachineParams;
}

class NeuronISATileLayout {
public:
  struct Placement {
    const GlobalVariable *Tile;
    unsigned AddrSpace;
    uint32_t Address;
    uint32_t Partitions;
    uint32_t BytesPerPartition;
  };

  /// A problem with a tile: the tile and what is wrong.
  using Error = std::pair<const GlobalVariable *, std::string>;

  /// Places every tile of M. Problems (a tile of the wrong type, memory
  /// exhausted) are appended to Errors; placement continues past them.
  static NeuronISATileLayout compute(const Module &M,
                                     const NeuronISA::MachineParams &MP,
                                     SmallVectorImpl<Error> &Errors);

  /// The shape of a tile global of type [P x [F x float]]: P partitions of
  /// RowBytes = 4F bytes. False if GV has another type.
  static bool getTileType(const GlobalVariable &GV, uint64_t &Partitions,
                          uint64_t &RowBytes);

  /// Per-partition byte address of a placed tile.
  bool getAddress(const GlobalValue *GV, uint32_t &Address) const;
  ArrayRef<Placement> placements() const { return Placements; }

  static constexpr uint32_t TileAlignment = 64;

private:
  SmallVector<Placement, 16> Placements;
  DenseMap<const GlobalValue *, unsigned> Index;
};

} // namespace llvm

#endif
