//===-- NeuronISATargetStreamer.cpp - Tile and kernel directives ----------===//

#include "NeuronISATargetStreamer.h"
#include "NeuronISAMetadata.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormattedStream.h"

using namespace llvm;
using namespace llvm::NeuronISA;

StringRef NeuronISA::tileMemoryName(TileMemory M) {
  return M == TileMemory::SBUF ? "sbuf" : "psum";
}

std::optional<TileMemory> NeuronISA::parseTileMemory(StringRef Name) {
  if (Name == "sbuf")
    return TileMemory::SBUF;
  if (Name == "psum")
    return TileMemory::PSUM;
  return std::nullopt;
}

StringRef NeuronISA::argKindName(ArgKind K) {
  return K == ArgKind::HBM ? "hbm" : "scalar";
}

std::optional<ArgKind> NeuronISA::parseArgKind(StringRef Name) {
  if (Name == "scalar")
    return ArgKind::Scalar;
  if (Name == "hbm")
    return ArgKind::HBM;
  return std::nullopt;
}

/// Can Name be written without quotes (an assembler identifier)?
static bool isPlainName(StringRef Name) {
  auto IsIdChar = [](char C) {
    return isAlnum(C) || C == '_' || C == '.' || C == '$';
  };
  return !Name.empty() && !isDigit(Name.front()) && all_of(Name, IsIdChar);
}

/// Name as an identifier, or quoted with the escapes the assembly parser
/// reads back (parseEscapedString).
static void printName(raw_ostream &OS, StringRef Name) {
  if (isPlainName(Name)) {
    OS << Name;
    return;
  }
  OS << '"';
  for (unsigned char C : Name) {
    if (C == '"' || C == '\\')
      OS << '\\' << C;
    else if (isPrint(C))
      OS << C;
    else
      OS << '\\' << char('0' + (C >> 6)) << char('0' + ((C >> 3) & 7))
         << char('0' + (C & 7));
  }
  OS << '"';
}

void NeuronISA::printTileDirective(raw_ostream &OS, const TileDecl &T) {
  OS << '\t' << TileDirective << '\t';
  printName(OS, T.Name);
  OS << ", " << tileMemoryName(T.Memory) << ", " << format_hex(T.Address, 2)
     << ", " << format_hex(T.BytesPerPartition, 2) << ", " << T.Partitions
     << '\n';
}

void NeuronISA::printKernelDirective(raw_ostream &OS, const KernelDecl &K) {
  OS << '\t' << KernelDirective << '\t';
  printName(OS, K.Name);
  for (ArgKind A : K.Args)
    OS << ", " << argKindName(A);
  OS << '\n';
}

void NeuronISATargetAsmStreamer::emitTile(const TileDecl &T) {
  printTileDirective(OS, T);
}

void NeuronISATargetAsmStreamer::emitKernel(const KernelDecl &K) {
  printKernelDirective(OS, K);
}

void NeuronISATargetELFStreamer::finish() {
  MCStreamer &S = getStreamer();
  MCSection *Sec = S.getContext().getELFSection(
      NeuronISA::MetadataSection, ELF::SHT_PROGBITS, /*Flags=*/0);
  S.pushSection();
  S.switchSection(Sec);
  S.emitValueToAlignment(Align(4));
  S.emitBytes(NeuronISA::writeMetadata({Kernels, Tiles}));
  S.popSection();
}
