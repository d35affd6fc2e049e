//===-- Memory.cpp - SBUF, PSUM and HBM contents --------------------------===//

#include "Memory.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

const char *neuronisa_sim::regionName(Region R) {
  switch (R) {
  case Region::SBUF:
    return "SBUF";
  case Region::PSUM:
    return "PSUM";
  case Region::HBM:
    return "HBM";
  }
  return "?";
}

ZeroedFloats::ZeroedFloats(size_t Elems)
    : Data(static_cast<float *>(
          std::calloc(Elems ? Elems : 1, sizeof(float)))),
      Size(Elems) {
  if (!Data)
    report_bad_alloc_error("cannot allocate the simulated memory");
}

ZeroedFloats::ZeroedFloats(ArrayRef<float> Values)
    : ZeroedFloats(Values.size()) {
  std::copy(Values.begin(), Values.end(), Data.get());
}

Memory::Memory(const NeuronISA::MachineParams &MP,
               std::vector<NeuronISA::TileDecl> Tiles)
    : MP(MP), SBUFRowElems(MP.SBUFBytesPerPartition / 4),
      PSUMRowElems(MP.PSUMBytesPerPartition / 4),
      SBUF(size_t(MP.NumPartitions) * SBUFRowElems),
      PSUM(size_t(MP.NumPartitions) * PSUMRowElems),
      Tiles(std::move(Tiles)) {}

void Memory::loadTileInits(ArrayRef<NeuronISA::TileInitRecord> Inits) {
  for (const NeuronISA::TileInitRecord &I : Inits) {
    const NeuronISA::TileDecl &T = Tiles[I.Tile];
    Region R = T.Memory == NeuronISA::TileMemory::SBUF ? Region::SBUF
                                                       : Region::PSUM;
    float *Row = onChipRow(R, I.Partition, T.Address + 4 * I.Element);
    for (size_t K = 0; K != I.Words.size(); ++K)
      Row[K] = llvm::bit_cast<float>(I.Words[K]);
  }
}

uint32_t Memory::addBuffer(ArrayRef<float> Data, std::string Name) {
  uint32_t Base = addZeroBuffer(Data.size(), std::move(Name));
  std::copy(Data.begin(), Data.end(), Buffers.back().Data.data());
  return Base;
}

uint32_t Memory::addZeroBuffer(size_t Elems, std::string Name) {
  HBMBuffer B;
  B.Base = NextBase;
  B.Data = ZeroedFloats(Elems);
  B.Name = std::move(Name);
  uint64_t End = uint64_t(B.Base) + B.sizeBytes() + HBMGuard;
  NextBase = static_cast<uint32_t>((End + HBMAlign - 1) / HBMAlign * HBMAlign);
  Buffers.push_back(std::move(B));
  return Buffers.back().Base;
}

static std::string hex(uint64_t V) {
  std::string S;
  raw_string_ostream(S) << format_hex(V, 2);
  return S;
}

MemoryFault Memory::checkOnChip(uint32_t Addr, uint32_t P0, uint32_t P,
                                uint32_t F, Region &R) const {
  uint64_t End = uint64_t(Addr) + 4ull * F;
  if (Addr % 4)
    return MemoryFault::OnChipMisaligned;
  if (MP.isSBUF(Addr, End) && (End - MP.SBUFBase) / 4 <= SBUFRowElems)
    R = Region::SBUF;
  else if (MP.isPSUM(Addr, End) && (End - MP.PSUMBase) / 4 <= PSUMRowElems)
    R = Region::PSUM;
  else
    return MemoryFault::OnChipOutside;
  if (uint64_t(P0) + P > MP.NumPartitions)
    return MemoryFault::PartitionsOutside;
  return MemoryFault::None;
}

MemoryFault Memory::checkHBM(uint32_t Addr, uint32_t P, uint32_t F,
                             uint32_t Stride, unsigned &BufIdx) const {
  if (Addr % 4 || (P > 1 && Stride % 4))
    return MemoryFault::HBMMisaligned;
  uint64_t End = uint64_t(Addr) + uint64_t(P ? P - 1 : 0) * Stride + 4ull * F;
  for (unsigned K = 0; K != Buffers.size(); ++K) {
    const HBMBuffer &B = Buffers[K];
    if (Addr >= B.Base && Addr < B.Base + B.sizeBytes()) {
      if (End > B.Base + B.sizeBytes())
        return MemoryFault::HBMPastEnd;
      BufIdx = K;
      return MemoryFault::None;
    }
  }
  return MemoryFault::HBMUnmapped;
}

std::string Memory::describe(MemoryFault Fault, uint32_t Addr, uint32_t P0,
                             uint32_t P, uint32_t F, uint32_t Stride) const {
  switch (Fault) {
  case MemoryFault::None:
    return "";
  case MemoryFault::OnChipMisaligned:
    return "tile address " + hex(Addr) + " is not 4-byte aligned";
  case MemoryFault::OnChipOutside:
    return "tile bytes [" + hex(Addr) + ", " + hex(uint64_t(Addr) + 4ull * F) +
           ") are not inside SBUF [" + hex(MP.SBUFBase) + ", " +
           hex(uint64_t(MP.SBUFBase) + MP.SBUFBytesPerPartition) +
           ") or PSUM [" + hex(MP.PSUMBase) + ", " +
           hex(uint64_t(MP.PSUMBase) + MP.PSUMBytesPerPartition) + ")";
  case MemoryFault::PartitionsOutside:
    return "partitions [" + std::to_string(P0) + ", " +
           std::to_string(uint64_t(P0) + P) + ") exceed the machine's " +
           std::to_string(MP.NumPartitions);
  case MemoryFault::HBMMisaligned:
    return "HBM address " + hex(Addr) + " or row stride " +
           std::to_string(Stride) + " is not 4-byte aligned";
  case MemoryFault::HBMPastEnd: {
    uint64_t End =
        uint64_t(Addr) + uint64_t(P ? P - 1 : 0) * Stride + 4ull * F;
    for (const HBMBuffer &B : Buffers)
      if (Addr >= B.Base && Addr < B.Base + B.sizeBytes())
        return "HBM access [" + hex(Addr) + ", " + hex(End) +
               ") runs past the end of buffer " + B.Name + " [" +
               hex(B.Base) + ", " + hex(B.Base + B.sizeBytes()) + ")";
    break;
  }
  case MemoryFault::HBMUnmapped:
    return "HBM address " + hex(Addr) + " is not inside any buffer";
  }
  return "invalid memory access";
}
