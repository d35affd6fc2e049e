//===-- ObjLoader.cpp - Reading a kernel from a NeuronISA object ----------===//
//
// Reads an ELF object (docs/ObjectFormat.md) with NeuronISAObject, which
// decodes .text with the target's disassembler, and decodes every MCInst
// exactly as the assembly loader does (decodeInst); the tile placements come
// from the object's .neuronisa.meta section, the tile uses from its
// .neuronisa.tileuse section, their initial contents from .neuronisa.tileinit. So an object and the assembly
// it was made from give the same Program. Only self-contained
// objects run: a relocation left for a linker is an error. Messages name
// an instruction by its source line where the object's line table (-g)
// gives one.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAObject.h"
#include "Program.h"
#include "TileBounds.h"
#include "MCTargetDesc/NeuronISAELF.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using namespace llvm::neuronisa_obj;

static std::string hex(uint64_t V) { return "0x" + utohexstr(V, true); }

static StringRef relocName(uint32_t Type) {
  switch (Type) {
  case NeuronISA::R_NEURONISA_32:
    return "R_NEURONISA_32";
  case NeuronISA::R_NEURONISA_BRANCH:
    return "R_NEURONISA_BRANCH";
  default:
    return "R_NEURONISA_NONE";
  }
}

/// The kernel's symbol: --kernel=NAME, else the global function at the
/// lowest address, else the global symbol at the lowest address (the
/// assembly loader's rule: labels are defined in address order).
static Expected<const ObjSymbol *> findKernel(const ObjectFile &Obj,
                                              StringRef KernelName) {
  const ObjSymbol *Best = nullptr;
  auto Better = [&](const ObjSymbol &S) {
    if (!Best)
      return true;
    if (S.Function != Best->Function)
      return S.Function;
    return S.Value < Best->Value;
  };
  for (const ObjSymbol &S : Obj.Symbols) {
    if (!S.InText)
      continue;
    if (!KernelName.empty()) {
      if (S.Name == KernelName)
        return &S;
      continue;
    }
    if (S.Global && Better(S))
      Best = &S;
  }
  if (!KernelName.empty())
    return createStringError("no kernel named '" + KernelName + "' in '" +
                             Obj.FileName + "'");
  return Best;
}

/// One past the kernel's last instruction: the end of its symbol's extent
/// (st_size), else the next function's start, else the end of .text.
static unsigned kernelEnd(const ObjectFile &Obj, const ObjSymbol *Kernel,
                          unsigned Entry) {
  unsigned End = Obj.Insts.size();
  auto StartOf = [&](uint32_t Address) {
    int Idx = Obj.instructionAt(Address);
    return Idx < 0 ? End : unsigned(Idx);
  };
  if (Kernel && Kernel->Function && Kernel->Size)
    return std::min(End, StartOf(Kernel->Value + Kernel->Size));
  for (const ObjSymbol &S : Obj.Symbols)
    if (S.InText && S.Function && StartOf(S.Value) > Entry)
      End = std::min(End, StartOf(S.Value));
  return End;
}

Expected<Program>
neuronisa_sim::loadObjectProgram(std::unique_ptr<MemoryBuffer> Buf,
                                 StringRef KernelName,
                                 const MachineChooser &Choose,
                                 raw_ostream &ErrOS) {
  Expected<std::unique_ptr<MCTools>> MCOr = MCTools::create();
  if (!MCOr)
    return MCOr.takeError();
  MCTools &MC = **MCOr;
  Expected<ObjectFile> ObjOr = ObjectFile::read(*Buf, MC);
  if (!ObjOr)
    return ObjOr.takeError();
  const ObjectFile &Obj = *ObjOr;
  if (!Obj.Relocs.empty()) {
    const ObjReloc &R = Obj.Relocs.front();
    return createStringError(Obj.FileName + ": unresolved relocation " +
                             relocName(R.Type) + " against '" + R.Symbol +
                             "' at .text+" + hex(R.Offset) +
                             ": the simulator runs self-contained objects");
  }
  if (Obj.Insts.empty())
    return createStringError("'" + Obj.FileName + "' contains no instructions");

  Program P;
  P.FileName = Obj.FileName;
  P.CPU = Obj.CPU;
  Expected<const NeuronISA::MachineParams *> MPOr = Choose(P.CPU);
  if (!MPOr)
    return MPOr.takeError();
  const NeuronISA::MachineParams &MP = **MPOr;
  Expected<const ObjSymbol *> Kernel = findKernel(Obj, KernelName);
  if (!Kernel)
    return Kernel.takeError();
  if (*Kernel) {
    P.KernelName = (*Kernel)->Name;
    int Entry = Obj.instructionAt((*Kernel)->Value);
    if (Entry < 0)
      return createStringError(Obj.FileName + ": kernel '" + P.KernelName +
                               "' does not start at an instruction");
    P.Entry = Entry;
  } else {
    P.KernelName = "<none>";
  }
  P.End = kernelEnd(Obj, *Kernel, P.Entry);

  // The tiles: what the assembly's .neuronisa_tile directives declare.
  bool BadTile = false;
  for (const NeuronISA::TileDecl &T : Obj.Metadata.Tiles) {
    std::string Msg = checkTileDecl(T, MP);
    if (!Msg.empty()) {
      ErrOS << Obj.FileName << ": " << NeuronISA::MetadataSection
            << ": error: " << Msg << "\n";
      BadTile = true;
    }
    P.Tiles.push_back(T);
  }
  if (BadTile)
    return createStringError("invalid program '" + P.FileName + "'");
  // Checked against the tiles by the object reader.
  P.TileInits = Obj.TileInits;

  const MCInstrInfo &MII = *MC.MII;
  P.OpcodeNames.resize(MII.getNumOpcodes());
  P.Insts.resize(Obj.Insts.size());
  P.Addresses.resize(Obj.Insts.size());
  if (!Obj.Lines.Files.empty())
    for (const SourceLoc &L : Obj.Lines.Locs)
      P.SourceLocs.push_back(Obj.Lines.format(L));
  bool Failed = false;
  for (unsigned K = 0, E = Obj.Insts.size(); K != E; ++K) {
    const ObjInst &OI = Obj.Insts[K];
    Inst &I = P.Insts[K];
    P.Addresses[K] = OI.Address;
    unsigned Opc = OI.MI.getOpcode();
    if (P.OpcodeNames[Opc].empty())
      P.OpcodeNames[Opc] =
          StringRef(MC.Printer->getMnemonic(OI.MI).first).trim().str();
    unsigned Target = OI.BranchTarget >= 0 ? OI.BranchTarget : ~0u;
    std::string Msg = decodeInst(OI.MI, MII, MP, Target, I);
    if (!Msg.empty()) {
      P.printError(ErrOS, I, Msg);
      Failed = true;
    }
  }
  for (const NeuronISA::TileUseRecord &U : Obj.TileUses) {
    Inst &I = P.Insts[Obj.instructionAt(U.Offset)];
    std::string Msg = applyTileUse(I, U.Operand, U.Tile);
    if (!Msg.empty()) {
      P.printError(ErrOS, I, Msg);
      Failed = true;
    }
  }
  if (Failed)
    return createStringError("invalid program '" + P.FileName + "'");
  return P;
}
