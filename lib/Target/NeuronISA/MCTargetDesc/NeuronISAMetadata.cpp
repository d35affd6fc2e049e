//===-- NeuronISAMetadata.cpp - The kernel metadata of an object ----------===//
//
// Layout of .neuronisa.meta (little-endian; docs/ObjectFormat.md):
//   header   "NIMD", u16 version (1), u16 0, u32 kernel count, u32 tile count
//   kernels  u32 name, u32 argument count, u8 kinds[8] (16 bytes each)
//   tiles    u32 name, u32 memory, u32 address, u32 bytes per partition,
//            u32 partitions (20 bytes each)
//   strings  NUL-terminated names; a name is an offset from the start of
//            this area
//
// Layout of .neuronisa.tileuse (little-endian), present if the code has tile
// uses:
//   header   "NITU", u16 version (1), u16 0, u32 record count
//   records  u32 .text offset of the instruction, u32 tile operand, u32
//            tile (index into the tiles of .neuronisa.meta) (12 bytes each)
//
// Layout of .neuronisa.tileinit (little-endian), present if tiles have
// initial contents:
//   header   "NITI", u16 version (1), u16 0, u32 record count
//   records  u32 tile (index into the tiles of .neuronisa.meta), u32
//            partition, u32 first element, u32 word count N, N u32 words
//            (fp32 bits)
//
//===----------------------------------------------------------------------===//

#include "NeuronISAMetadata.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::NeuronISA;

static constexpr char Magic[4] = {'N', 'I', 'M', 'D'};
static constexpr uint16_t Version = 1;
static constexpr size_t HeaderBytes = 16, KernelBytes = 16, TileBytes = 20;

static constexpr char TileUseMagic[4] = {'N', 'I', 'T', 'U'};
static constexpr uint16_t TileUseVersion = 1;
static constexpr size_t TileUseHeaderBytes = 12, TileUseBytes = 12;

static constexpr char TileInitMagic[4] = {'N', 'I', 'T', 'I'};
static constexpr uint16_t TileInitVersion = 1;
static constexpr size_t TileInitHeaderBytes = 12, TileInitRecordBytes = 16;

static Error malformedSection(StringRef Section, const Twine &Msg) {
  return createStringError("malformed " + Section + " section: " + Msg);
}

/// Both sections start alike: a 4-byte magic number, a u16 version, a u16 0.
static void writeSectionPrefix(raw_ostream &OS,
                               const char (&SectionMagic)[4],
                               uint16_t SectionVersion) {
  support::endian::Writer W(OS, endianness::little);
  OS.write(SectionMagic, sizeof(SectionMagic));
  W.write<uint16_t>(SectionVersion);
  W.write<uint16_t>(0);
}

/// Checks what writeSectionPrefix wrote, and that the whole header of
/// HeaderSize bytes is there.
static Error checkSectionPrefix(StringRef Section, ArrayRef<uint8_t> Bytes,
                                size_t HeaderSize,
                                const char (&SectionMagic)[4],
                                uint16_t SectionVersion) {
  if (Bytes.size() < HeaderSize)
    return malformedSection(Section, "shorter than its " + Twine(HeaderSize) +
                                         "-byte header");
  if (!std::equal(std::begin(SectionMagic), std::end(SectionMagic),
                  Bytes.begin()))
    return malformedSection(Section,
                            "no \"" +
                                StringRef(SectionMagic, sizeof(SectionMagic)) +
                                "\" magic number");
  if (uint16_t V = support::endian::read16le(Bytes.data() + 4);
      V != SectionVersion)
    return malformedSection(Section, "version " + Twine(V) + ", expected " +
                                         Twine(SectionVersion));
  return Error::success();
}

namespace {
/// The string area: each distinct name once.
class StringArea {
  std::string Bytes;
  StringMap<uint32_t> Offsets;

public:
  uint32_t add(StringRef S) {
    auto [It, New] = Offsets.try_emplace(S, Bytes.size());
    if (New) {
      Bytes += S;
      Bytes += '\0';
    }
    return It->second;
  }
  const std::string &bytes() const { return Bytes; }
};
} // namespace

std::string NeuronISA::writeMetadata(const ObjectMetadata &M) {
  StringArea Strings;
  std::string Out;
  raw_string_ostream OS(Out);
  writeSectionPrefix(OS, Magic, Version);
  support::endian::Writer W(OS, endianness::little);
  W.write<uint32_t>(M.Kernels.size());
  W.write<uint32_t>(M.Tiles.size());
  for (const KernelDecl &K : M.Kernels) {
    W.write<uint32_t>(Strings.add(K.Name));
    W.write<uint32_t>(K.Args.size());
    for (unsigned I = 0; I != MaxKernelArgs; ++I)
      W.write<uint8_t>(I < K.Args.size() ? uint8_t(K.Args[I]) : 0);
  }
  for (const TileDecl &T : M.Tiles) {
    W.write<uint32_t>(Strings.add(T.Name));
    W.write<uint32_t>(T.Memory == TileMemory::SBUF ? 0 : 1);
    W.write<uint32_t>(T.Address);
    W.write<uint32_t>(T.BytesPerPartition);
    W.write<uint32_t>(T.Partitions);
  }
  OS << Strings.bytes();
  return Out;
}

static Error malformed(const Twine &Msg) {
  return malformedSection(MetadataSection, Msg);
}

std::string NeuronISA::writeTileUseHeader(size_t Count) {
  std::string Out;
  raw_string_ostream OS(Out);
  writeSectionPrefix(OS, TileUseMagic, TileUseVersion);
  support::endian::Writer W(OS, endianness::little);
  W.write<uint32_t>(Count);
  return Out;
}

Expected<std::vector<TileUseRecord>>
NeuronISA::readTileUses(ArrayRef<uint8_t> Bytes, size_t NumTiles) {
  using support::endian::read32le;
  auto Malformed = [](const Twine &Msg) {
    return malformedSection(TileUseSection, Msg);
  };
  if (Error E = checkSectionPrefix(TileUseSection, Bytes, TileUseHeaderBytes,
                                   TileUseMagic, TileUseVersion))
    return E;
  uint64_t Count = read32le(Bytes.data() + 8);
  if (TileUseHeaderBytes + Count * TileUseBytes != Bytes.size())
    return Malformed(Twine(Count) + " record(s) need " +
                     Twine(TileUseHeaderBytes + Count * TileUseBytes) +
                     " bytes, the section has " + Twine(Bytes.size()));
  std::vector<TileUseRecord> Uses;
  for (const uint8_t *P = Bytes.data() + TileUseHeaderBytes,
                     *E = Bytes.data() + Bytes.size();
       P != E; P += TileUseBytes) {
    TileUseRecord R{read32le(P), read32le(P + 4), read32le(P + 8)};
    if (R.Operand >= MaxTileOperands)
      return Malformed("the use at .text+0x" + Twine::utohexstr(R.Offset) +
                       " names tile operand " + Twine(R.Operand) +
                       " (at most " + Twine(MaxTileOperands - 1) + ")");
    if (R.Tile >= NumTiles)
      return Malformed("the use at .text+0x" + Twine::utohexstr(R.Offset) +
                       " names tile " + Twine(R.Tile) + " of the " +
                       Twine(NumTiles) + " in " + MetadataSection);
    Uses.push_back(R);
  }
  return Uses;
}

Expected<ObjectMetadata> NeuronISA::readMetadata(ArrayRef<uint8_t> Bytes) {
  using support::endian::read32le;
  if (Error E = checkSectionPrefix(MetadataSection, Bytes, HeaderBytes, Magic,
                                   Version))
    return E;
  uint64_t NumKernels = read32le(Bytes.data() + 8);
  uint64_t NumTiles = read32le(Bytes.data() + 12);
  uint64_t StringsAt =
      HeaderBytes + NumKernels * KernelBytes + NumTiles * TileBytes;
  if (StringsAt > Bytes.size())
    return malformed("a table of " + Twine(NumKernels) + " kernel(s) and " +
                     Twine(NumTiles) + " tile(s) needs " + Twine(StringsAt) +
                     " bytes, the section has " + Twine(Bytes.size()));
  ArrayRef<uint8_t> Strings = Bytes.drop_front(StringsAt);
  auto Name = [&](uint32_t Off, const char *What) -> Expected<std::string> {
    StringRef Area(reinterpret_cast<const char *>(Strings.data()),
                   Strings.size());
    if (Off >= Area.size())
      return malformed(Twine(What) + " name at offset " + Twine(Off) +
                       " is outside the string area");
    size_t End = Area.find('\0', Off);
    if (End == StringRef::npos)
      return malformed(Twine(What) + " name at offset " + Twine(Off) +
                       " is not terminated");
    return Area.slice(Off, End).str();
  };

  ObjectMetadata M;
  const uint8_t *P = Bytes.data() + HeaderBytes;
  for (uint64_t I = 0; I != NumKernels; ++I, P += KernelBytes) {
    KernelDecl K;
    Expected<std::string> N = Name(read32le(P), "kernel");
    if (!N)
      return N.takeError();
    K.Name = std::move(*N);
    uint32_t NumArgs = read32le(P + 4);
    if (NumArgs > MaxKernelArgs)
      return malformed("kernel '" + K.Name + "' has " + Twine(NumArgs) +
                       " arguments (at most " + Twine(MaxKernelArgs) + ")");
    for (unsigned A = 0; A != MaxKernelArgs; ++A) {
      uint8_t Kind = P[8 + A];
      if (A >= NumArgs) {
        if (Kind != 0)
          return malformed("kernel '" + K.Name + "': argument kind after " +
                           "the last argument");
        continue;
      }
      if (Kind != uint8_t(ArgKind::Scalar) && Kind != uint8_t(ArgKind::HBM) &&
          Kind != uint8_t(ArgKind::HBMNoAlias))
        return malformed("kernel '" + K.Name + "': unknown kind " +
                         Twine(Kind) + " of argument " + Twine(A + 1));
      K.Args.push_back(ArgKind(Kind));
    }
    M.Kernels.push_back(std::move(K));
  }
  for (uint64_t I = 0; I != NumTiles; ++I, P += TileBytes) {
    TileDecl T;
    Expected<std::string> N = Name(read32le(P), "tile");
    if (!N)
      return N.takeError();
    T.Name = std::move(*N);
    uint32_t Mem = read32le(P + 4);
    if (Mem > 1)
      return malformed("tile '" + T.Name + "': unknown memory " + Twine(Mem));
    T.Memory = Mem == 0 ? TileMemory::SBUF : TileMemory::PSUM;
    T.Address = read32le(P + 8);
    T.BytesPerPartition = read32le(P + 12);
    T.Partitions = read32le(P + 16);
    M.Tiles.push_back(std::move(T));
  }
  return M;
}

std::string NeuronISA::writeTileInits(ArrayRef<TileInitRecord> Records) {
  std::string Out;
  raw_string_ostream OS(Out);
  writeSectionPrefix(OS, TileInitMagic, TileInitVersion);
  support::endian::Writer W(OS, endianness::little);
  W.write<uint32_t>(Records.size());
  for (const TileInitRecord &R : Records) {
    W.write<uint32_t>(R.Tile);
    W.write<uint32_t>(R.Partition);
    W.write<uint32_t>(R.Element);
    W.write<uint32_t>(R.Words.size());
    for (uint32_t Word : R.Words)
      W.write<uint32_t>(Word);
  }
  return Out;
}

Expected<std::vector<TileInitRecord>>
NeuronISA::readTileInits(ArrayRef<uint8_t> Bytes, ArrayRef<TileDecl> Tiles) {
  using support::endian::read32le;
  auto Malformed = [](const Twine &Msg) {
    return malformedSection(TileInitSection, Msg);
  };
  if (Error E = checkSectionPrefix(TileInitSection, Bytes, TileInitHeaderBytes,
                                   TileInitMagic, TileInitVersion))
    return E;
  uint64_t Count = read32le(Bytes.data() + 8);
  std::vector<TileInitRecord> Records;
  uint64_t At = TileInitHeaderBytes;
  for (uint64_t I = 0; I != Count; ++I) {
    if (At + TileInitRecordBytes > Bytes.size())
      return Malformed("record " + Twine(I) + " of " + Twine(Count) +
                       " runs past the end of the section");
    const uint8_t *P = Bytes.data() + At;
    TileInitRecord R{read32le(P), read32le(P + 4), read32le(P + 8), {}};
    uint64_t N = read32le(P + 12);
    At += TileInitRecordBytes;
    if (At + 4 * N > Bytes.size())
      return Malformed("the " + Twine(N) + " words of record " + Twine(I) +
                       " run past the end of the section");
    if (R.Tile >= Tiles.size())
      return Malformed("record " + Twine(I) + " names tile " + Twine(R.Tile) +
                       " of the " + Twine(Tiles.size()) + " in " +
                       MetadataSection);
    std::string Msg = checkTileInit(Tiles[R.Tile], R.Partition, R.Element, N);
    if (!Msg.empty())
      return Malformed(Msg);
    for (uint64_t K = 0; K != N; ++K)
      R.Words.push_back(read32le(Bytes.data() + At + 4 * K));
    At += 4 * N;
    Records.push_back(std::move(R));
  }
  if (At != Bytes.size())
    return Malformed(Twine(Bytes.size() - At) +
                     " bytes after the last record");
  return Records;
}
