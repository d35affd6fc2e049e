//===-- NeuronISATargetStreamer.cpp - Tile placement directives -----------===//

#include "NeuronISATargetStreamer.h"
#include "llvm/ADT/StringExtras.h"
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

/// Can Name be written without quotes (an assembler identifier)?
static bool isPlainName(StringRef Name) {
  auto IsIdChar = [](char C) {
    return isAlnum(C) || C == '_' || C == '.' || C == '$';
  };
  return !Name.empty() && !isDigit(Name.front()) && all_of(Name, IsIdChar);
}

void NeuronISATargetAsmStreamer::emitTile(const TileDecl &T) {
  OS << '\t' << TileDirective << '\t';
  if (isPlainName(T.Name)) {
    OS << T.Name;
  } else {
    // Escapes the assembly parser reads back (parseEscapedString).
    OS << '"';
    for (unsigned char C : T.Name) {
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
  OS << ", " << tileMemoryName(T.Memory) << ", " << format_hex(T.Address, 2)
     << ", " << format_hex(T.BytesPerPartition, 2) << ", " << T.Partitions
     << '\n';
}
