//===-- neuronisa-objdump.cpp - Disassemble NeuronISA objects -------------===//
//
// llvm-objdump cannot load an out-of-tree target, so this tool disassembles
// NeuronISA objects. `-d` prints assembly that neuronisa-asm (and the
// simulator) read back: assembling it gives the same object. Branch targets
// without a symbol get labels named after their address (.L0x48);
// relocations print as their symbols; the kernel metadata section as the
// .neuronisa_tile and .neuronisa_kernel directives it is made from. A word
// that is not an instruction is an error, printed as data (.byte), and
// disassembly goes on with the next word; a branch whose target is not an
// instruction is a warning and keeps its word offset. Other sections, the
// DWARF of -g included, print as bytes in their order (they hold no
// relocations), so that the object reassembles byte for byte. With -l each
// instruction is preceded by the source line the line table gives it, as a
// comment, when the line changes.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAObject.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;
using namespace llvm::neuronisa_obj;

static cl::OptionCategory Cat("neuronisa-objdump options");
static cl::list<std::string> InputFiles(cl::Positional,
                                        cl::desc("<object files>"),
                                        cl::cat(Cat));
static cl::opt<bool> Disassemble("d",
                                 cl::desc("Print the assembly of the objects"),
                                 cl::cat(Cat));
static cl::alias DisassembleLong("disassemble", cl::aliasopt(Disassemble),
                                 cl::desc("Alias for -d"), cl::cat(Cat));
static cl::opt<bool> LineNumbers(
    "l", cl::desc("With -d, print the source file:line of the instructions "
                  "(from the DWARF line table of -g) as comments"),
    cl::cat(Cat));
static cl::alias LineNumbersLong("line-numbers", cl::aliasopt(LineNumbers),
                                 cl::desc("Alias for -l"), cl::cat(Cat));

static constexpr StringRef Tool = "neuronisa-objdump";

static std::string hex(uint64_t V) { return "0x" + utohexstr(V, true); }

/// ".section" flags string of an ELF section.
static std::string sectionFlags(uint64_t Flags) {
  std::string S;
  if (Flags & ELF::SHF_ALLOC)
    S += 'a';
  if (Flags & ELF::SHF_WRITE)
    S += 'w';
  if (Flags & ELF::SHF_EXECINSTR)
    S += 'x';
  if (Flags & ELF::SHF_MERGE)
    S += 'M';
  if (Flags & ELF::SHF_STRINGS)
    S += 'S';
  return S;
}

static void printSectionDirective(raw_ostream &OS, const ObjSection &S) {
  OS << "\t.section\t" << S.Name << ",\"" << sectionFlags(S.Flags) << "\","
     << (S.Type == ELF::SHT_NOBITS ? "@nobits" : "@progbits");
  if (S.Flags & ELF::SHF_MERGE)
    OS << "," << S.EntSize;
  OS << "\n";
}

static void printOtherSection(raw_ostream &OS, const ObjSection &S) {
  printSectionDirective(OS, S);
  if (S.Align > 1)
    OS << "\t.p2align\t" << Log2_32(S.Align) << "\n";
  for (size_t I = 0; I < S.Bytes.size(); I += 16) {
    OS << "\t.byte\t";
    for (size_t J = I; J < std::min(S.Bytes.size(), I + 16); ++J)
      OS << (J == I ? "" : ",") << unsigned(S.Bytes[J]);
    OS << "\n";
  }
}

/// The sections after .text, in their order. The assembler writes the
/// sections of the .neuronisa_* directives when it finishes, after every
/// section the assembly names; one that comes before another section here
/// is named (empty) at its place, so that it keeps it.
static void printOtherSections(raw_ostream &OS, const ObjectFile &Obj) {
  auto Printed = [](const ObjSection &S) {
    return !S.FromDirectives && (!S.Bytes.empty() || S.Type == ELF::SHT_NOBITS);
  };
  const std::vector<ObjSection> &Secs = Obj.OtherSections;
  for (auto It = Secs.begin(); It != Secs.end(); ++It) {
    if (Printed(*It)) {
      printOtherSection(OS, *It);
    } else if (It->FromDirectives && std::any_of(It + 1, Secs.end(), Printed)) {
      printSectionDirective(OS, *It);
      OS << "\t# written from the .neuronisa_* directives\n";
    }
  }
}

/// With -l: "# file.c:8" before the first instruction of each source line.
static void printSourceLine(raw_ostream &OS, const ObjectFile &Obj,
                            size_t Index, SourceLoc &Last) {
  const SourceLoc &Loc = Obj.Lines.Locs[Index];
  if (!LineNumbers || !Loc.valid() ||
      (Loc.File == Last.File && Loc.Line == Last.Line))
    return;
  OS << "# " << Obj.Lines.Files[Loc.File] << ":" << Loc.Line << "\n";
  Last = Loc;
}

/// e_flags, .neuronisa.meta and .neuronisa.tileinit, as the directives they
/// are made from (the AsmPrinter's order: the CPU, tiles, their initial
/// contents, then kernels).
static void printMetadataDirectives(raw_ostream &OS, const ObjectFile &Obj) {
  if (Obj.CPU != "generic")
    OS << '\t' << NeuronISA::CPUDirective << '\t' << Obj.CPU << '\n';
  for (const NeuronISA::TileDecl &T : Obj.Metadata.Tiles)
    NeuronISA::printTileDirective(OS, T);
  for (const NeuronISA::TileInitRecord &R : Obj.TileInits) {
    NeuronISA::TileInit I;
    I.Tile = Obj.Metadata.Tiles[R.Tile].Name;
    I.Partition = R.Partition;
    I.Element = R.Element;
    I.Words.assign(R.Words.begin(), R.Words.end());
    NeuronISA::printTileInitDirective(OS, I);
  }
  for (const NeuronISA::KernelDecl &K : Obj.Metadata.Kernels)
    NeuronISA::printKernelDirective(OS, K);
}

namespace {
/// The labels of .text: symbols in .text, then a generated label for every
/// branch target that has none.
class TextLabels {
public:
  TextLabels(const ObjectFile &Obj, MCContext &Ctx) {
    for (const ObjSymbol &S : Obj.Symbols)
      if (S.InText) {
        SymbolsAt.emplace(S.Value, &S);
        if (S.Size)
          SizeEndsAt.emplace(S.Value + S.Size, &S);
      }
    for (const auto &[Addr, S] : SymbolsAt)
      LabelAt.try_emplace(Addr, Ctx.getOrCreateSymbol(S->Name));
    for (const ObjInst &I : Obj.Insts)
      if (I.BranchTarget >= 0) {
        uint32_t Target = Obj.Insts[I.BranchTarget].Address;
        if (!LabelAt.count(Target))
          LabelAt[Target] = Ctx.getOrCreateSymbol(".L" + hex(Target));
      }
  }

  /// The label of Addr (null if there is none).
  MCSymbol *at(uint32_t Addr) const { return LabelAt.lookup(Addr); }

  /// The .size of the symbols that end at Addr, then the labels of Addr.
  void print(raw_ostream &OS, uint32_t Addr) const {
    for (auto [It, End] = SizeEndsAt.equal_range(Addr); It != End; ++It)
      OS << "\t.size\t" << It->second->Name << ", " << It->second->Size
         << "\n";
    bool Named = false;
    for (auto [It, End] = SymbolsAt.equal_range(Addr); It != End; ++It) {
      const ObjSymbol &S = *It->second;
      if (S.Global)
        OS << "\t.globl\t" << S.Name << "\n";
      if (S.Function)
        OS << "\t.type\t" << S.Name << ",@function\n";
      OS << S.Name << ":\n";
      Named = true;
    }
    auto L = LabelAt.find(Addr);
    if (!Named && L != LabelAt.end())
      OS << L->second->getName() << ":\n";
  }

private:
  std::multimap<uint32_t, const ObjSymbol *> SymbolsAt, SizeEndsAt;
  DenseMap<uint32_t, MCSymbol *> LabelAt;
};
} // namespace

/// One instruction of .text; a branch names its target's label.
static void printInstruction(raw_ostream &OS, const ObjectFile &Obj,
                             const ObjInst &I, const TextLabels &Labels,
                             MCTools &MC) {
  if (I.Invalid) {
    // Kept as data, so that the output still assembles to this object.
    OS << "\t.byte\t";
    for (unsigned K = 0; K != I.Raw.size(); ++K)
      OS << (K ? "," : "") << hex(I.Raw[K]);
    OS << "\t# invalid instruction\n";
    return;
  }
  MCInst MI = I.MI;
  if (I.BranchTarget >= 0)
    MI.getOperand(MI.getNumOperands() - 1) =
        MCOperand::createExpr(MCSymbolRefExpr::create(
            Labels.at(Obj.Insts[I.BranchTarget].Address), *MC.Ctx));
  OS << "\t";
  std::string Text;
  raw_string_ostream TS(Text);
  MC.Printer->printInst(&MI, I.Address, "", *MC.STI, TS);
  OS << StringRef(Text).ltrim() << "\n";
}

/// .text: its labels, tile uses, source lines (-l) and instructions.
static void printText(raw_ostream &OS, const ObjectFile &Obj, MCTools &MC) {
  TextLabels Labels(Obj, *MC.Ctx);
  OS << "\t.text\n";
  if (Obj.TextAlign > 1)
    OS << "\t.p2align\t" << Log2_32(Obj.TextAlign) << "\n";
  // .neuronisa.tileuse, as the directives before their instructions.
  std::multimap<uint32_t, NeuronISA::TileUse> UsesAt;
  for (const NeuronISA::TileUseRecord &U : Obj.TileUses)
    UsesAt.emplace(U.Offset, NeuronISA::TileUse{
                                 U.Operand, Obj.Metadata.Tiles[U.Tile].Name});
  SourceLoc LastLine;
  for (const auto [Index, I] : enumerate(Obj.Insts)) {
    Labels.print(OS, I.Address);
    printSourceLine(OS, Obj, Index, LastLine);
    for (auto [It, End] = UsesAt.equal_range(I.Address); It != End; ++It)
      NeuronISA::printTileUseDirective(OS, It->second);
    printInstruction(OS, Obj, I, Labels, MC);
  }
  uint32_t End = Obj.Insts.empty()
                     ? 0
                     : Obj.Insts.back().Address + Obj.Insts.back().Size;
  Labels.print(OS, End);
}

static void disassemble(raw_ostream &OS, const ObjectFile &Obj, MCTools &MC) {
  OS << "# " << Obj.FileName << "\n";
  if (Obj.SourceFileName)
    OS << "\t.file\t\"" << *Obj.SourceFileName << "\"\n";
  printMetadataDirectives(OS, Obj);
  printText(OS, Obj, MC);
  printOtherSections(OS, Obj);

  // Undefined symbols come into being where an operand names them (a
  // relocation), in the order the original assembly named them; the others
  // only had a .globl.
  StringSet<> Referenced;
  for (const ObjReloc &R : Obj.Relocs)
    Referenced.insert(R.Symbol);
  for (const ObjSymbol &S : Obj.Symbols)
    if (!S.InText && S.Global && !Referenced.count(S.Name))
      OS << "\t.globl\t" << S.Name << "\n";
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Cat);
  cl::ParseCommandLineOptions(argc, argv, "NeuronISA object disassembler\n");
  if (!Disassemble) {
    WithColor::error(errs(), Tool) << "no action given (use -d)\n";
    return 1;
  }
  if (InputFiles.empty()) {
    WithColor::error(errs(), Tool) << "no input file\n";
    return 1;
  }
  Expected<std::unique_ptr<MCTools>> MC = MCTools::create();
  if (!MC) {
    WithColor::error(errs(), Tool) << toString(MC.takeError()) << "\n";
    return 1;
  }
  int Status = 0;
  for (const std::string &File : InputFiles) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFileOrSTDIN(File, /*IsText=*/false);
    if (!Buf) {
      WithColor::error(errs(), Tool) << "cannot open '" << File
                                     << "': " << Buf.getError().message()
                                     << "\n";
      Status = 1;
      continue;
    }
    ReadOptions Opts;
    Opts.KeepInvalid = true;
    Expected<ObjectFile> Obj = ObjectFile::read(**Buf, **MC, Opts);
    if (!Obj) {
      WithColor::error(errs(), Tool) << toString(Obj.takeError()) << "\n";
      Status = 1;
      continue;
    }
    disassemble(outs(), *Obj, **MC);
    for (const ReadProblem &P : Obj->Problems) {
      if (P.IsError) {
        WithColor::error(errs(), Tool) << P.Message << "\n";
        Status = 1;
      } else {
        WithColor::warning(errs(), Tool) << P.Message << "\n";
      }
    }
  }
  return Status;
}
