//===-- NeuronISAObject.cpp - Reading NeuronISA ELF objects ---------------===//

#include "NeuronISAObject.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAELF.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::neuronisa_obj;
using ELFT = object::ELF32LE;

//===----------------------------------------------------------------------===//
// MCTools
//===----------------------------------------------------------------------===//

MCTools::MCTools() = default;
MCTools::~MCTools() = default;

void neuronisa_obj::initializeTargetMC() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  LLVMInitializeNeuronISATargetInfo();
  LLVMInitializeNeuronISATargetMC();
  LLVMInitializeNeuronISAAsmParser();
  LLVMInitializeNeuronISADisassembler();
}

Expected<std::unique_ptr<MCTools>> MCTools::create(StringRef CPU) {
  initializeTargetMC();
  std::unique_ptr<MCTools> M(new MCTools());
  M->TT = Triple("neuronisa");
  std::string Err;
  M->T = TargetRegistry::lookupTarget(M->TT, Err);
  if (!M->T)
    return createStringError("target neuronisa not available: " + Err);
  MCTargetOptions Opts;
  M->MRI.reset(M->T->createMCRegInfo(M->TT));
  if (M->MRI)
    M->MAI.reset(M->T->createMCAsmInfo(*M->MRI, M->TT, Opts));
  M->MII.reset(M->T->createMCInstrInfo());
  if (!M->MRI || !M->MAI || !M->MII)
    return createStringError("cannot create the NeuronISA MC layer");
  if (Error E = M->retarget(CPU))
    return std::move(E);
  return M;
}

Error MCTools::retarget(StringRef CPU) {
  Disassembler.reset();
  Emitter.reset();
  Printer.reset();
  Ctx.reset();
  STI.reset(T->createMCSubtargetInfo(TT, CPU, ""));
  if (!STI)
    return createStringError("cannot create the NeuronISA MC layer");
  Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get());
  Disassembler.reset(T->createMCDisassembler(*STI, *Ctx));
  Emitter.reset(T->createMCCodeEmitter(*MII, *Ctx));
  Printer.reset(T->createMCInstPrinter(TT, 0, *MAI, *MII, *MRI));
  if (!Disassembler || !Emitter || !Printer)
    return createStringError("cannot create the NeuronISA MC layer");
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// Builds errors that name the file.
struct ErrorContext {
  StringRef FileName;
  Error operator()(const Twine &Msg) const {
    return createStringError(inconvertibleErrorCode(), FileName + ": " + Msg);
  }
  Error wrap(Error E) const { return (*this)(toString(std::move(E))); }
};
} // namespace

static std::string hex(uint64_t V) { return "0x" + utohexstr(V, true); }

/// Byte offset, inside the encoding of MI, of the 32-bit field of operand
/// OpNo: the bytes that change between the operand all zeros and all ones.
static std::optional<unsigned> fieldOffset(MCTools &MC, const MCInst &MI,
                                           unsigned OpNo) {
  SmallString<32> Zeros, Ones;
  SmallVector<MCFixup, 2> Fixups;
  MCInst Probe = MI;
  Probe.getOperand(OpNo) = MCOperand::createImm(0);
  MC.Emitter->encodeInstruction(Probe, Zeros, Fixups, *MC.STI);
  Probe.getOperand(OpNo) = MCOperand::createImm(UINT32_MAX);
  MC.Emitter->encodeInstruction(Probe, Ones, Fixups, *MC.STI);
  for (unsigned I = 0; I < Zeros.size() && I < Ones.size(); ++I)
    if (Zeros[I] != Ones[I])
      return I;
  return std::nullopt;
}

/// The operand of MI whose 32-bit field starts ByteOffset bytes into its
/// encoding, among the operands that may be symbols (NeuronISAOperandCheck:
/// the operands a relocation can patch).
static std::optional<unsigned> operandAtField(MCTools &MC, const MCInst &MI,
                                              unsigned ByteOffset) {
  const MCInstrDesc &D = MC.MII->get(MI.getOpcode());
  NeuronISA::MachineParams MP;
  for (unsigned I = 0, E = std::min(MI.getNumOperands(), D.getNumOperands());
       I != E; ++I) {
    std::optional<NeuronISA::ImmRange> R = NeuronISA::getImmRange(MP, D, I);
    if (R && R->AllowsSymbol && MI.getOperand(I).isImm() &&
        fieldOffset(MC, MI, I) == ByteOffset)
      return I;
  }
  return std::nullopt;
}

/// The source position of each instruction of Obj (none if the line table
/// is malformed: the error says so).
static Error readLines(MemoryBufferRef Buffer, ObjectFile &Obj) {
  std::vector<uint32_t> Addresses;
  for (const ObjInst &I : Obj.Insts)
    Addresses.push_back(I.Address);
  Obj.Lines.Locs.assign(Obj.Insts.size(), SourceLoc());
  Expected<SourceLines> LinesOr = readSourceLines(Buffer, Addresses);
  if (!LinesOr)
    return LinesOr.takeError();
  Obj.Lines = std::move(*LinesOr);
  return Error::success();
}

int ObjectFile::instructionAt(uint32_t Address) const {
  auto It = llvm::partition_point(
      Insts, [&](const ObjInst &I) { return I.Address < Address; });
  if (It == Insts.end() || It->Address != Address)
    return -1;
  return It - Insts.begin();
}

Expected<ObjectFile> ObjectFile::read(MemoryBufferRef Buffer, MCTools &MC,
                                      ReadOptions Opts) {
  ErrorContext Err{Buffer.getBufferIdentifier()};
  StringRef Data = Buffer.getBuffer();
  if (Data.size() < ELF::EI_NIDENT || !Data.starts_with("\x7f"
                                                         "ELF"))
    return Err("not an ELF object");
  if (uint8_t(Data[ELF::EI_CLASS]) != ELF::ELFCLASS32 ||
      uint8_t(Data[ELF::EI_DATA]) != ELF::ELFDATA2LSB)
    return Err("not a NeuronISA object: NeuronISA objects are ELF32 "
               "little-endian");
  Expected<object::ELFFile<ELFT>> FileOr = object::ELFFile<ELFT>::create(Data);
  if (!FileOr)
    return Err("malformed object: " + toString(FileOr.takeError()));
  const object::ELFFile<ELFT> &File = *FileOr;
  const ELFT::Ehdr &H = File.getHeader();
  if (H.e_machine != NeuronISA::EM_NEURONISA)
    return Err("not a NeuronISA object: e_machine is " + hex(H.e_machine) +
               ", expected " + hex(NeuronISA::EM_NEURONISA));
  if (H.e_type != ELF::ET_REL)
    return Err("not a relocatable object (e_type " + Twine(H.e_type) + ")");

  auto SectionsOr = File.sections();
  if (!SectionsOr)
    return Err("malformed object: " + toString(SectionsOr.takeError()));
  ObjectFile Obj;
  Obj.FileName = Buffer.getBufferIdentifier().str();
  Obj.CPU = NeuronISA::getCPUName(H.e_flags).str();
  if (Obj.CPU.empty())
    return Err("unknown CPU number " + Twine(H.e_flags) +
               " in e_flags (expected 0-" +
               Twine(NeuronISA::getCPUNames().size() - 1) + ")");
  if (MC.STI->getCPU() != Obj.CPU)
    if (Error E = MC.retarget(Obj.CPU))
      return Err(toString(std::move(E)));

  const ELFT::Shdr *Text = nullptr, *SymTab = nullptr;
  unsigned TextIndex = 0;
  std::vector<const ELFT::Shdr *> TextRelas;
  bool HasMetadata = false;
  std::optional<ArrayRef<uint8_t>> TileUseBytes, TileInitBytes;
  for (const ELFT::Shdr &Sec : *SectionsOr) {
    unsigned Index = &Sec - SectionsOr->begin();
    Expected<StringRef> NameOr = File.getSectionName(Sec);
    if (!NameOr)
      return Err("malformed object: " + toString(NameOr.takeError()));
    StringRef Name = *NameOr;
    switch (Sec.sh_type) {
    case ELF::SHT_NULL:
    case ELF::SHT_STRTAB:
      continue;
    case ELF::SHT_SYMTAB:
      if (SymTab)
        return Err("malformed object: two symbol tables");
      SymTab = &Sec;
      continue;
    case ELF::SHT_RELA:
    case ELF::SHT_REL:
      TextRelas.push_back(&Sec); // checked against .text below
      continue;
    default:
      break;
    }
    if (Name == ".text") {
      if (Text)
        return Err("malformed object: two .text sections");
      Text = &Sec;
      TextIndex = Index;
      continue;
    }
    Expected<ArrayRef<uint8_t>> BytesOr = File.getSectionContents(Sec);
    if (!BytesOr)
      return Err("malformed object: section '" + Name +
                 "': " + toString(BytesOr.takeError()));
    ObjSection S;
    S.Name = Name.str();
    S.Type = Sec.sh_type;
    S.Flags = Sec.sh_flags;
    S.Align = std::max<uint32_t>(Sec.sh_addralign, 1);
    S.EntSize = Sec.sh_entsize;
    S.FromDirectives = Name == NeuronISA::MetadataSection ||
                       Name == NeuronISA::TileUseSection ||
                       Name == NeuronISA::TileInitSection;
    if (Sec.sh_type != ELF::SHT_NOBITS && !S.FromDirectives)
      S.Bytes.assign(BytesOr->begin(), BytesOr->end());
    Obj.OtherSections.push_back(std::move(S));
    if (Name == NeuronISA::MetadataSection) {
      if (HasMetadata)
        return Err("malformed object: two " + NeuronISA::MetadataSection +
                   " sections");
      Expected<NeuronISA::ObjectMetadata> MetaOr =
          NeuronISA::readMetadata(*BytesOr);
      if (!MetaOr)
        return Err.wrap(MetaOr.takeError());
      Obj.Metadata = std::move(*MetaOr);
      HasMetadata = true;
      continue;
    }
    if (Name == NeuronISA::TileUseSection) {
      if (TileUseBytes)
        return Err("malformed object: two " + NeuronISA::TileUseSection +
                   " sections");
      TileUseBytes = *BytesOr;
      continue;
    }
    if (Name == NeuronISA::TileInitSection) {
      if (TileInitBytes)
        return Err("malformed object: two " + NeuronISA::TileInitSection +
                   " sections");
      TileInitBytes = *BytesOr;
      continue;
    }
  }
  if (!Text)
    return Err("no .text section");
  if (!HasMetadata)
    return Err("no " + NeuronISA::MetadataSection +
               " section (the kernels and tiles of the object)");
  if (Text->sh_type != ELF::SHT_PROGBITS)
    return Err(".text is not a SHT_PROGBITS section");
  if (TileUseBytes) {
    Expected<std::vector<NeuronISA::TileUseRecord>> UsesOr =
        NeuronISA::readTileUses(*TileUseBytes, Obj.Metadata.Tiles.size());
    if (!UsesOr)
      return Err.wrap(UsesOr.takeError());
    Obj.TileUses = std::move(*UsesOr);
  }
  if (TileInitBytes) {
    Expected<std::vector<NeuronISA::TileInitRecord>> InitsOr =
        NeuronISA::readTileInits(*TileInitBytes, Obj.Metadata.Tiles);
    if (!InitsOr)
      return Err.wrap(InitsOr.takeError());
    Obj.TileInits = std::move(*InitsOr);
  }
  Obj.TextAlign = std::max<uint32_t>(Text->sh_addralign, 1);

  // Symbols.
  std::vector<std::string> SymbolNames; // by symbol-table index
  if (SymTab) {
    auto SymsOr = File.symbols(SymTab);
    if (!SymsOr)
      return Err("malformed symbol table: " + toString(SymsOr.takeError()));
    auto StrTabOr = File.getStringTableForSymtab(*SymTab, *SectionsOr);
    if (!StrTabOr)
      return Err("malformed symbol table: " + toString(StrTabOr.takeError()));
    for (const ELFT::Sym &Sym : *SymsOr) {
      Expected<StringRef> NameOr = Sym.getName(*StrTabOr);
      if (!NameOr)
        return Err("malformed symbol table: " + toString(NameOr.takeError()));
      SymbolNames.push_back(NameOr->str());
      if (&Sym == SymsOr->begin())
        continue; // the null symbol
      if (Sym.getType() == ELF::STT_FILE) {
        Obj.SourceFileName = NameOr->str();
        continue;
      }
      if (Sym.getType() == ELF::STT_SECTION)
        continue;
      ObjSymbol S;
      S.Name = NameOr->str();
      S.Value = Sym.st_value;
      S.Size = Sym.st_size;
      S.Global = Sym.getBinding() == ELF::STB_GLOBAL;
      S.Function = Sym.getType() == ELF::STT_FUNC;
      S.InText = Sym.st_shndx == TextIndex;
      if (S.InText && S.Value > Text->sh_size)
        return Err("symbol '" + S.Name + "' is outside .text");
      Obj.Symbols.push_back(std::move(S));
    }
  }

  // Every kernel starts at a function symbol of .text.
  for (const NeuronISA::KernelDecl &K : Obj.Metadata.Kernels)
    if (llvm::none_of(Obj.Symbols, [&](const ObjSymbol &S) {
          return S.InText && S.Name == K.Name;
        }))
      return Err("kernel '" + K.Name + "' of " + NeuronISA::MetadataSection +
                 " has no entry symbol in .text");

  // Relocations of .text.
  for (const ELFT::Shdr *Rel : TextRelas) {
    if (Rel->sh_info != TextIndex)
      return Err("relocations for a section other than .text");
    if (Rel->sh_type != ELF::SHT_RELA)
      return Err("REL relocations (NeuronISA uses RELA)");
    auto RelasOr = File.relas(*Rel);
    if (!RelasOr)
      return Err("malformed relocations: " + toString(RelasOr.takeError()));
    for (const ELFT::Rela &R : *RelasOr) {
      ObjReloc OR;
      OR.Offset = R.r_offset;
      OR.Type = R.getType(false);
      OR.Addend = R.r_addend;
      uint32_t SymIdx = R.getSymbol(false);
      if (SymIdx >= SymbolNames.size())
        return Err("relocation at .text+" + hex(OR.Offset) +
                   " names symbol " + Twine(SymIdx) + ", which does not exist");
      OR.Symbol = SymbolNames[SymIdx];
      if (OR.Type != NeuronISA::R_NEURONISA_32 &&
          OR.Type != NeuronISA::R_NEURONISA_BRANCH)
        return Err("unknown relocation type " + Twine(OR.Type) +
                   " at .text+" + hex(OR.Offset));
      Obj.Relocs.push_back(std::move(OR));
    }
  }

  // Instructions.
  Expected<ArrayRef<uint8_t>> CodeOr = File.getSectionContents(*Text);
  if (!CodeOr)
    return Err("malformed .text: " + toString(CodeOr.takeError()));
  ArrayRef<uint8_t> Code = *CodeOr;
  for (uint64_t Addr = 0; Addr < Code.size();) {
    ObjInst I;
    I.Address = Addr;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Rest = Code.slice(Addr);
    std::string Why; // what the disassembler found wrong, if it says
    raw_string_ostream WhyOS(Why);
    if (MC.Disassembler->getInstruction(I.MI, Size, Rest, Addr, WhyOS) ==
        MCDisassembler::Success) {
      I.Size = Size;
      Obj.Insts.push_back(std::move(I));
      Addr += Size;
      continue;
    }
    unsigned Len = NeuronISA::instructionBytes(Rest[0]);
    std::string Msg;
    if (Rest.size() < Len) {
      Msg = ".text+" + hex(Addr) + ": truncated instruction (" +
            std::to_string(Rest.size()) + " of " + std::to_string(Len) +
            " bytes)";
    } else {
      Msg = ".text+" + hex(Addr) + ": invalid instruction ";
      for (uint8_t B : Rest.take_front(Len))
        Msg += utohexstr(B, /*LowerCase=*/true, /*Width=*/2);
      if (!Why.empty())
        Msg += " (" + Why + ")";
    }
    if (!Opts.KeepInvalid)
      return Err(Msg);
    Obj.Problems.push_back({true, Obj.FileName + ": " + Msg});
    // Go on with the next word.
    I.Invalid = true;
    I.Size = std::min<uint64_t>(Rest.size(), NeuronISA::WordBytes);
    I.Raw.assign(Rest.begin(), Rest.begin() + I.Size);
    I.MI = MCInst();
    Addr += I.Size;
    Obj.Insts.push_back(std::move(I));
  }

  // Relocations replace the operands they patch with symbol expressions.
  MCContext &Ctx = *MC.Ctx;
  for (unsigned RI = 0; RI != Obj.Relocs.size(); ++RI) {
    const ObjReloc &R = Obj.Relocs[RI];
    auto It = llvm::partition_point(Obj.Insts, [&](const ObjInst &I) {
      return I.Address + I.Size <= R.Offset;
    });
    if (It == Obj.Insts.end() || It->Invalid)
      return Err("relocation at .text+" + hex(R.Offset) +
                 " does not patch an instruction");
    const MCExpr *E = MCSymbolRefExpr::create(
        Ctx.getOrCreateSymbol(R.Symbol), Ctx);
    if (R.Addend)
      E = MCBinaryExpr::createAdd(E, MCConstantExpr::create(R.Addend, Ctx),
                                  Ctx);
    const MCInstrDesc &D = MC.MII->get(It->MI.getOpcode());
    std::optional<unsigned> OpNo;
    if (R.Type == NeuronISA::R_NEURONISA_BRANCH) {
      if (It->Address == R.Offset && D.isBranch())
        OpNo = It->MI.getNumOperands() - 1;
    } else {
      OpNo = operandAtField(MC, It->MI, R.Offset - It->Address);
    }
    if (!OpNo)
      return Err("relocation at .text+" + hex(R.Offset) +
                 " does not patch an operand of the instruction at .text+" +
                 hex(It->Address));
    It->MI.getOperand(*OpNo) = MCOperand::createExpr(E);
    It->RelocIdx.push_back(RI);
  }

  // Branch targets.
  for (ObjInst &I : Obj.Insts) {
    if (I.Invalid || !MC.MII->get(I.MI.getOpcode()).isBranch())
      continue;
    const MCOperand &T = I.MI.getOperand(I.MI.getNumOperands() - 1);
    if (!T.isImm())
      continue; // a relocation's symbol
    int64_t Target = int64_t(I.Address) + T.getImm() * NeuronISA::WordBytes;
    int Idx = Target >= 0 && Target <= UINT32_MAX
                  ? Obj.instructionAt(uint32_t(Target))
                  : -1;
    if (Idx >= 0 && Obj.Insts[Idx].Invalid)
      Idx = -1;
    if (Idx < 0) {
      std::string Msg = ".text+" + hex(I.Address) + ": branch target " +
                        (Target < 0 ? "-" + hex(-Target) : hex(Target)) +
                        " is not an instruction";
      if (!Opts.KeepInvalid)
        return Err(Msg);
      Obj.Problems.push_back({false, Obj.FileName + ": " + Msg});
      continue;
    }
    I.BranchTarget = Idx;
  }

  // Each tile use is at an instruction.
  for (const NeuronISA::TileUseRecord &U : Obj.TileUses) {
    int Idx = Obj.instructionAt(U.Offset);
    if (Idx < 0 || Obj.Insts[Idx].Invalid)
      return Err(NeuronISA::TileUseSection + ": the use of tile operand " +
                 Twine(U.Operand) + " at .text+" + hex(U.Offset) +
                 " is not at an instruction");
  }

  if (Error E = readLines(Buffer, Obj)) {
    if (!Opts.KeepInvalid)
      return Err.wrap(std::move(E));
    Obj.Problems.push_back({true, Obj.FileName + ": " + toString(std::move(E))});
  }
  return Obj;
}
