//===-- NeuronISATargetStreamer.cpp - Tile and kernel directives ----------===//

#include "NeuronISATargetStreamer.h"
#include "NeuronISAMachineModel.h"
#include "NeuronISAMetadata.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCELFStreamer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCSymbol.h"
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
  switch (K) {
  case ArgKind::HBM:
    return "hbm";
  case ArgKind::HBMNoAlias:
    return "hbm.noalias";
  default:
    return "scalar";
  }
}

std::optional<ArgKind> NeuronISA::parseArgKind(StringRef Name) {
  if (Name == "scalar")
    return ArgKind::Scalar;
  if (Name == "hbm")
    return ArgKind::HBM;
  if (Name == "hbm.noalias")
    return ArgKind::HBMNoAlias;
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

void NeuronISA::printTileUseDirective(raw_ostream &OS, const TileUse &U) {
  OS << '\t' << TileUseDirective << '\t' << U.Operand << ", ";
  printName(OS, U.Tile);
  OS << '\n';
}

std::string NeuronISA::checkTileInit(const TileDecl &T, uint64_t Partition,
                                     uint64_t Element, uint64_t Count) {
  if (Partition >= T.Partitions)
    return ("initial contents of tile '" + T.Name + "' at partition " +
            Twine(Partition) + ", past its " + Twine(T.Partitions) +
            " partitions")
        .str();
  uint64_t Elems = T.BytesPerPartition / 4;
  if (Element + Count > Elems)
    return ("initial contents of tile '" + T.Name + "' at elements [" +
            Twine(Element) + ", " + Twine(Element + Count) +
            ") of a partition, past its " + Twine(Elems) + " elements")
        .str();
  return "";
}

void NeuronISA::printTileInitDirective(raw_ostream &OS, const TileInit &I) {
  OS << '\t' << TileInitDirective << '\t';
  printName(OS, I.Tile);
  OS << ", " << I.Partition << ", " << I.Element;
  for (uint32_t W : I.Words)
    OS << ", " << format_hex(W, 10);
  OS << '\n';
}

void NeuronISATargetAsmStreamer::emitCPU(StringRef CPU) {
  if (CPU != getCPUName(0))
    OS << '\t' << CPUDirective << '\t' << CPU << '\n';
}

void NeuronISATargetELFStreamer::emitCPU(StringRef CPU) {
  CPUNumber = getCPUNumber(CPU).value_or(0);
}

void NeuronISATargetAsmStreamer::emitTile(const TileDecl &T) {
  printTileDirective(OS, T);
}

void NeuronISATargetAsmStreamer::emitKernel(const KernelDecl &K) {
  printKernelDirective(OS, K);
}

void NeuronISATargetAsmStreamer::emitTileUse(const TileUse &U) {
  printTileUseDirective(OS, U);
}

void NeuronISATargetAsmStreamer::emitTileInit(const TileInit &I) {
  printTileInitDirective(OS, I);
}

void NeuronISATargetELFStreamer::emitTileUse(const TileUse &U) {
  MCStreamer &S = getStreamer();
  MCSymbol *At = S.getContext().createTempSymbol();
  S.emitLabel(At);
  Uses.push_back({U, At, S.getStartTokLoc()});
}

void NeuronISATargetELFStreamer::emitTileUses() {
  MCStreamer &S = getStreamer();
  MCContext &Ctx = S.getContext();
  S.switchSection(Ctx.getELFSection(NeuronISA::TileUseSection,
                                    ELF::SHT_PROGBITS, /*Flags=*/0));
  S.emitValueToAlignment(Align(4));
  S.emitBytes(NeuronISA::writeTileUseHeader(Uses.size()));
  for (const PendingUse &P : Uses) {
    auto It = find_if(Tiles, [&](const TileDecl &T) {
      return T.Name == P.U.Tile;
    });
    const MCSection *Text = P.At->isInSection() ? &P.At->getSection() : nullptr;
    if (It == Tiles.end()) {
      Ctx.reportError(P.Loc, "tile use names tile '" + P.U.Tile +
                                 "', which no .neuronisa_tile declares");
      continue;
    }
    if (!Text || Text->getName() != ".text") {
      Ctx.reportError(P.Loc, "a tile use outside .text");
      continue;
    }
    // The instruction's offset in .text: a difference of two labels of one
    // section, which the assembler resolves (no relocation).
    S.emitValue(MCBinaryExpr::createSub(
                    MCSymbolRefExpr::create(P.At, Ctx),
                    MCSymbolRefExpr::create(Text->getBeginSymbol(), Ctx), Ctx),
                4);
    S.emitIntValue(P.U.Operand, 4);
    S.emitIntValue(It - Tiles.begin(), 4);
  }
}

void NeuronISATargetELFStreamer::emitTileInits() {
  MCStreamer &S = getStreamer();
  MCContext &Ctx = S.getContext();
  std::vector<TileInitRecord> Records;
  for (const auto &[I, Loc] : Inits) {
    StringRef Name = I.Tile;
    auto It = find_if(Tiles, [&](const TileDecl &T) { return T.Name == Name; });
    if (It == Tiles.end()) {
      Ctx.reportError(Loc, "initial contents of tile '" + I.Tile +
                               "', which no .neuronisa_tile declares");
      continue;
    }
    Records.push_back({uint32_t(It - Tiles.begin()), I.Partition, I.Element,
                       std::vector<uint32_t>(I.Words.begin(), I.Words.end())});
  }
  S.switchSection(Ctx.getELFSection(NeuronISA::TileInitSection,
                                    ELF::SHT_PROGBITS, /*Flags=*/0));
  S.emitValueToAlignment(Align(4));
  S.emitBytes(NeuronISA::writeTileInits(Records));
}

void NeuronISATargetELFStreamer::finish() {
  MCStreamer &S = getStreamer();
  static_cast<MCELFStreamer &>(S).getWriter().setELFHeaderEFlags(CPUNumber);
  MCContext &Ctx = S.getContext();
  MCSection *Sec = Ctx.getELFSection(NeuronISA::MetadataSection,
                                     ELF::SHT_PROGBITS, /*Flags=*/0);
  S.pushSection();
  // The assembler writes the line table (.file/.loc) after this; assembly
  // written by llc names .debug_line before its end. Opening the section
  // here puts it before the kernel's sections in both, so that llc and
  // neuronisa-asm write the same object.
  if (!Ctx.getMCDwarfLineTables().empty())
    S.switchSection(Ctx.getObjectFileInfo()->getDwarfLineSection());
  S.switchSection(Sec);
  S.emitValueToAlignment(Align(4));
  S.emitBytes(NeuronISA::writeMetadata({Kernels, Tiles}));
  if (!Uses.empty())
    emitTileUses();
  if (!Inits.empty())
    emitTileInits();
  S.popSection();
}
