//===-- AsmLoader.cpp - Reading a kernel with the MC assembly parser ------===//
//
// Drives the target's MC assembly parser over a .s file. A recording streamer
// keeps instructions (with their source location) and labels and ignores
// every directive except symbol attributes (to find global functions),
// assignments (".set NAME, VALUE" constants usable as immediates), tile
// declarations (.neuronisa_tile), their initial contents
// (.neuronisa_tile_init) and tile uses (.neuronisa_tile_use, for the next
// instruction), the last three through the target streamer.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAObject.h"
#include "Program.h"
#include "TileBounds.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/AsmLexer.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

namespace {

struct RecordedInst {
  MCInst MI;
  SMLoc Loc;
};

/// Keeps instructions and labels; everything else is ignored.
class RecordingStreamer final : public MCStreamer {
public:
  std::vector<RecordedInst> Insts;
  DenseMap<const MCSymbol *, unsigned> LabelIndex;
  std::vector<const MCSymbol *> Labels; // in order of definition
  DenseMap<const MCSymbol *, bool> Global, Function;

  explicit RecordingStreamer(MCContext &Ctx) : MCStreamer(Ctx) {}

  void emitInstruction(const MCInst &Inst, const MCSubtargetInfo &) override {
    Insts.push_back({Inst, getStartTokLoc()});
  }
  void emitLabel(MCSymbol *Symbol, SMLoc Loc) override {
    MCStreamer::emitLabel(Symbol, Loc);
    LabelIndex[Symbol] = Insts.size();
    Labels.push_back(Symbol);
  }
  bool emitSymbolAttribute(MCSymbol *Symbol, MCSymbolAttr Attr) override {
    if (Attr == MCSA_Global)
      Global[Symbol] = true;
    if (Attr == MCSA_ELF_TypeFunction)
      Function[Symbol] = true;
    return true;
  }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align, SMLoc) override {}
};

/// Keeps the tiles the program declares and the tile uses, with the
/// directive's location.
class TileRecorder final : public NeuronISATargetStreamer {
public:
  std::vector<std::pair<NeuronISA::TileDecl, SMLoc>> Tiles;
  struct Use {
    NeuronISA::TileUse U;
    unsigned InstIndex; // of the instruction it applies to: the next one
    SMLoc Loc;
  };
  std::vector<Use> Uses;
  std::vector<NeuronISA::TileInit> Inits;
  std::string CPU = "generic";

  explicit TileRecorder(RecordingStreamer &S) : NeuronISATargetStreamer(S) {}
  void emitCPU(StringRef Name) override { CPU = Name.str(); }
  void emitTile(const NeuronISA::TileDecl &T) override {
    Tiles.push_back({T, getStreamer().getStartTokLoc()});
  }
  void emitTileUse(const NeuronISA::TileUse &U) override {
    auto &Str = static_cast<RecordingStreamer &>(getStreamer());
    Uses.push_back({U, unsigned(Str.Insts.size()), Str.getStartTokLoc()});
  }
  void emitTileInit(const NeuronISA::TileInit &I) override {
    Inits.push_back(I);
  }
};

} // namespace

/// The kernel (--kernel=NAME, else the first global function label, else the
/// first global label, else instruction 0) and where it ends.
static Error findKernel(Program &P, const RecordingStreamer &Str,
                        StringRef KernelName) {
  const MCSymbol *Kernel = nullptr;
  if (!KernelName.empty()) {
    for (const MCSymbol *S : Str.Labels)
      if (S->getName() == KernelName)
        Kernel = S;
    if (!Kernel)
      return createStringError("no kernel named '" + KernelName + "' in '" +
                               P.FileName + "'");
  } else {
    for (const MCSymbol *S : Str.Labels)
      if (Str.Global.lookup(S) && Str.Function.lookup(S)) {
        Kernel = S;
        break;
      }
    if (!Kernel)
      for (const MCSymbol *S : Str.Labels)
        if (Str.Global.lookup(S)) {
          Kernel = S;
          break;
        }
  }
  if (Kernel) {
    P.KernelName = Kernel->getName().str();
    P.Entry = Str.LabelIndex.lookup(Kernel);
  } else {
    P.KernelName = "<none>";
  }
  if (Str.Insts.empty())
    return createStringError("'" + P.FileName + "' contains no instructions");
  // The kernel ends where the next function begins, or with the code.
  P.End = Str.Insts.size();
  for (const MCSymbol *S : Str.Labels) {
    unsigned Start = Str.LabelIndex.lookup(S);
    if (Str.Function.lookup(S) && Start > P.Entry)
      P.End = std::min(P.End, Start);
  }
  return Error::success();
}

/// The declared tiles and their initial contents; false (after printing
/// the errors) if a tile does not fit the machine.
static bool collectTiles(Program &P, const TileRecorder &Tiles,
                         const NeuronISA::MachineParams &MP, SourceMgr &SM,
                         raw_ostream &ErrOS) {
  bool BadTile = false;
  for (const auto &[T, Loc] : Tiles.Tiles) {
    std::string Msg = checkTileDecl(T, MP);
    if (!Msg.empty()) {
      SM.PrintMessage(ErrOS, Loc, SourceMgr::DK_Error, Msg);
      BadTile = true;
    }
    P.Tiles.push_back(T);
  }
  if (BadTile)
    return false;
  // The parser checked each against its tile, declared before it.
  for (const NeuronISA::TileInit &I : Tiles.Inits) {
    unsigned Tile = find_if(P.Tiles, [&](const NeuronISA::TileDecl &T) {
                      return T.Name == I.Tile;
                    }) - P.Tiles.begin();
    P.TileInits.push_back({Tile, I.Partition, I.Element,
                           std::vector<uint32_t>(I.Words.begin(),
                                                 I.Words.end())});
  }
  return true;
}

/// Decodes every recorded instruction into P.Insts; false (after printing
/// the errors) if one is invalid.
static bool decodeInsts(Program &P, const RecordingStreamer &Str,
                        const MCInstrInfo &MII,
                        const NeuronISA::MachineParams &MP, SourceMgr &SM,
                        raw_ostream &ErrOS) {
  P.OpcodeNames.resize(MII.getNumOpcodes());
  P.Insts.resize(Str.Insts.size());
  bool Failed = false;
  for (unsigned K = 0, E = Str.Insts.size(); K != E; ++K) {
    const RecordedInst &R = Str.Insts[K];
    Inst &I = P.Insts[K];
    I.Loc = R.Loc;
    I.Line = R.Loc.isValid() ? SM.FindLineNumber(R.Loc) : 0;
    unsigned Opc = R.MI.getOpcode();
    if (P.OpcodeNames[Opc].empty()) {
      // The mnemonic as written: the statement's first token.
      StringRef Name;
      if (R.Loc.isValid()) {
        StringRef Rest(R.Loc.getPointer());
        Name = Rest.take_until([](char C) { return isspace(C) || !C; });
      }
      P.OpcodeNames[Opc] = Name.empty() ? MII.getName(Opc).str() : Name.lower();
    }
    unsigned TargetIdx = ~0u;
    const MCInstrDesc &D = MII.get(Opc);
    if (D.isBranch()) {
      const MCOperand &MO = R.MI.getOperand(
          NeuronISA::getNamedOperandIdx(Opc, NeuronISA::OpName::t));
      if (MO.isExpr())
        if (const auto *SR = dyn_cast<MCSymbolRefExpr>(MO.getExpr())) {
          auto It = Str.LabelIndex.find(&SR->getSymbol());
          if (It != Str.LabelIndex.end())
            TargetIdx = It->second;
          else {
            P.printError(ErrOS, I,
                         "undefined branch target '" +
                             SR->getSymbol().getName() + "'");
            Failed = true;
            continue;
          }
        }
    }
    std::string Msg = decodeInst(R.MI, MII, MP, TargetIdx, I);
    if (!Msg.empty()) {
      P.printError(ErrOS, I, Msg);
      Failed = true;
    }
  }
  return !Failed;
}

/// Applies each tile use (.neuronisa_tile_use) to the instruction after it;
/// false (after printing the errors) if one does not fit.
static bool applyTileUses(Program &P, const TileRecorder &Tiles,
                          SourceMgr &SM, raw_ostream &ErrOS) {
  bool Failed = false;
  for (const TileRecorder::Use &U : Tiles.Uses) {
    // The parser checked that the tile is declared.
    unsigned Tile = find_if(P.Tiles, [&](const NeuronISA::TileDecl &T) {
                      return T.Name == U.U.Tile;
                    }) - P.Tiles.begin();
    std::string Msg =
        U.InstIndex == P.Insts.size()
            ? "a tile use must be followed by an instruction"
            : applyTileUse(P.Insts[U.InstIndex], U.U.Operand, Tile);
    if (!Msg.empty()) {
      SM.PrintMessage(ErrOS, U.Loc, SourceMgr::DK_Error, Msg);
      Failed = true;
    }
  }
  return !Failed;
}

Expected<Program>
neuronisa_sim::loadProgramFromBuffer(std::unique_ptr<MemoryBuffer> Buf,
                                     StringRef KernelName,
                                     const MachineChooser &Choose,
                                     raw_ostream &ErrOS) {
  neuronisa_obj::initializeTargetMC();
  Program P;
  P.FileName = Buf->getBufferIdentifier().str();
  P.SrcMgr = std::make_shared<SourceMgr>();
  SourceMgr &SM = *P.SrcMgr;
  SM.AddNewSourceBuffer(std::move(Buf), SMLoc());

  Triple TT("neuronisa");
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget("neuronisa", TT, Err);
  if (!T)
    return createStringError("target neuronisa not available: " + Err);
  MCTargetOptions Opts;
  std::unique_ptr<MCRegisterInfo> MRI(T->createMCRegInfo(TT));
  std::unique_ptr<MCAsmInfo> MAI(T->createMCAsmInfo(*MRI, TT, Opts));
  std::unique_ptr<MCInstrInfo> MII(T->createMCInstrInfo());
  std::unique_ptr<MCSubtargetInfo> STI(
      T->createMCSubtargetInfo(TT, "generic", ""));
  if (!MRI || !MAI || !MII || !STI)
    return createStringError("cannot create the NeuronISA MC layer");

  MCContext Ctx(TT, MAI.get(), MRI.get(), STI.get(), &SM, &Opts);
  std::unique_ptr<MCObjectFileInfo> MOFI(
      T->createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(MOFI.get());

  RecordingStreamer Str(Ctx);
  auto *Tiles = new TileRecorder(Str); // owned by Str
  std::unique_ptr<MCAsmParser> Parser(createMCAsmParser(SM, Ctx, Str, *MAI));
  std::unique_ptr<MCTargetAsmParser> TAP(
      T->createMCAsmParser(*STI, *Parser, *MII, Opts));
  if (!TAP)
    return createStringError("the NeuronISA target has no assembly parser");
  Parser->setTargetParser(*TAP);
  // Diagnostics go to ErrOS (the tool passes errs()).
  SM.setDiagHandler(
      [](const SMDiagnostic &D, void *Ctx) {
        D.print(nullptr, *static_cast<raw_ostream *>(Ctx));
      },
      &ErrOS);
  if (Parser->Run(/*NoInitialTextSection=*/false))
    return createStringError("cannot parse '" + P.FileName + "'");
  SM.setDiagHandler(nullptr, nullptr);
  P.CPU = Tiles->CPU;
  Expected<const NeuronISA::MachineParams *> MPOr = Choose(P.CPU);
  if (!MPOr)
    return MPOr.takeError();
  const NeuronISA::MachineParams &MP = **MPOr;

  if (Error E = findKernel(P, Str, KernelName))
    return E;
  if (!collectTiles(P, *Tiles, MP, SM, ErrOS))
    return createStringError("invalid program '" + P.FileName + "'");
  bool Decoded = decodeInsts(P, Str, *MII, MP, SM, ErrOS);
  if (!applyTileUses(P, *Tiles, SM, ErrOS) || !Decoded)
    return createStringError("invalid program '" + P.FileName + "'");
  return P;
}
