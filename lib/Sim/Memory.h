//===-- Memory.h - SBUF, PSUM and HBM contents ------------------*- C++ -*-===//
//
// fp32 storage of the three memories. On-chip addresses are per-partition
// byte addresses; an access [P x F] at address A from partition P0 covers
// partitions P0..P0+P-1, bytes [A, A + 4F) of each. HBM is a set of buffers
// (kernel arguments) placed at fixed, documented addresses with unmapped gaps
// between them.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_MEMORY_H
#define NEURONISA_SIM_MEMORY_H

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISAMetadata.h"
#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

/// Zero-initialized fp32 storage whose pages are touched only when used.
/// SBUF is 24 MiB and a kernel uses a few tiles of it; an output buffer may
/// be 1 GiB of which a kernel writes a few rows. Zeroing them up front (as
/// std::vector does) would cost more than most whole simulations and make
/// the simulator's memory follow the buffers' sizes instead of the bytes the
/// kernel touches. calloc of a large block maps fresh zero pages without
/// writing them.
class ZeroedFloats {
public:
  ZeroedFloats() = default;
  explicit ZeroedFloats(size_t Elems);
  /// A copy of Values.
  explicit ZeroedFloats(ArrayRef<float> Values);
  float &operator[](size_t I) { return Data[I]; }
  const float &operator[](size_t I) const { return Data[I]; }
  float *data() { return Data.get(); }
  const float *data() const { return Data.get(); }
  size_t size() const { return Size; }
  operator ArrayRef<float>() const { return ArrayRef(Data.get(), Size); }

private:
  struct Free {
    void operator()(float *P) const { std::free(P); }
  };
  std::unique_ptr<float[], Free> Data;
  size_t Size = 0;
};

/// Which memory (and shadow-memory region) an address lies in.
enum class Region : uint8_t { SBUF, PSUM, HBM };
const char *regionName(Region R);

/// Why a tile access is invalid. Checks run for every data-path instance, so
/// they return a code; Memory::describe words it when the run fails.
enum class MemoryFault : uint8_t {
  None,
  OnChipMisaligned,
  OnChipOutside,      // not wholly in SBUF or PSUM
  PartitionsOutside,  // past the machine's last partition
  HBMMisaligned,
  HBMPastEnd,         // starts in a buffer and runs past its end
  HBMUnmapped,        // starts in no buffer
};

/// One HBM buffer.
struct HBMBuffer {
  uint32_t Base = 0;
  ZeroedFloats Data;
  std::string Name; // for messages
  uint64_t sizeBytes() const { return 4ull * Data.size(); }
};

/// Where HBM buffers go: the first at HBMFirstBase, each next one at the
/// following multiple of HBMAlign after a gap of at least HBMGuard bytes.
constexpr uint32_t HBMFirstBase = 0x10000000;
constexpr uint32_t HBMAlign = 0x10000;
constexpr uint32_t HBMGuard = 0x10000;

class Memory {
public:
  /// Tiles: the program's declared tiles (Program::Tiles), which every
  /// on-chip access must stay inside (TileBounds.h); none: no such check.
  explicit Memory(const NeuronISA::MachineParams &MP,
                  std::vector<NeuronISA::TileDecl> Tiles = {});
  ArrayRef<NeuronISA::TileDecl> tiles() const { return Tiles; }

  /// Writes the tiles' initial contents (records of .neuronisa_tile_init,
  /// whose Tile indexes the tiles given to the constructor, and which the
  /// loaders checked against them): done before the kernel starts.
  void loadTileInits(ArrayRef<NeuronISA::TileInitRecord> Inits);

  /// Adds an HBM buffer holding Data and returns its address.
  uint32_t addBuffer(ArrayRef<float> Data, std::string Name);
  /// Adds an HBM buffer of Elems zeros and returns its address.
  uint32_t addZeroBuffer(size_t Elems, std::string Name);
  std::vector<HBMBuffer> &buffers() { return Buffers; }
  const std::vector<HBMBuffer> &buffers() const { return Buffers; }

  /// Validates an on-chip access of partitions [P0, P0 + P), F fp32 each,
  /// at Addr: wholly in SBUF or PSUM and 4-byte aligned. Sets R.
  MemoryFault checkOnChip(uint32_t Addr, uint32_t P0, uint32_t P, uint32_t F,
                          Region &R) const;
  /// Validates an HBM access of P rows of F fp32, Stride bytes apart, at
  /// Addr: aligned and inside one buffer. Sets BufIdx.
  MemoryFault checkHBM(uint32_t Addr, uint32_t P, uint32_t F, uint32_t Stride,
                       unsigned &BufIdx) const;
  /// The message of a fault the checks above returned for these arguments
  /// (P0 = 0 for HBM).
  std::string describe(MemoryFault Fault, uint32_t Addr, uint32_t P0,
                       uint32_t P, uint32_t F, uint32_t Stride) const;

  /// Row Part of an on-chip tile at Addr (already validated).
  float *onChipRow(Region R, unsigned Part, uint32_t Addr) {
    if (R == Region::SBUF)
      return &SBUF[size_t(Part) * SBUFRowElems + (Addr - MP.SBUFBase) / 4];
    return &PSUM[size_t(Part) * PSUMRowElems + (Addr - MP.PSUMBase) / 4];
  }
  /// fp32 elements from one partition's row of R to the next's.
  size_t rowElems(Region R) const {
    return R == Region::SBUF ? SBUFRowElems : PSUMRowElems;
  }
  float *hbmAt(unsigned BufIdx, uint32_t Addr) {
    HBMBuffer &B = Buffers[BufIdx];
    return &B.Data[(Addr - B.Base) / 4];
  }

  const NeuronISA::MachineParams &params() const { return MP; }

private:
  const NeuronISA::MachineParams &MP;
  size_t SBUFRowElems, PSUMRowElems;
  ZeroedFloats SBUF, PSUM;
  std::vector<HBMBuffer> Buffers;
  std::vector<NeuronISA::TileDecl> Tiles;
  uint32_t NextBase = HBMFirstBase;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
