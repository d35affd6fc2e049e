//===-- NeuronISAAsmParser.cpp - Parse NeuronISA assembly -----------------===//
//
// Parses what the NeuronISA AsmPrinter writes (and hand-written kernels):
// engine-prefixed mnemonics, registers r0-r31 / s0-s255 / snone, tile
// addresses "[rB+offset]" and "[rB+offset, pN]", HBM addresses "[rB+offset]",
// integer immediates, fp32 immediates, labels, and the tile placement, kernel
// and tile use directives .neuronisa_tile, .neuronisa_kernel and
// .neuronisa_tile_use (NeuronISATargetStreamer.h).
// The instruction matcher is generated from the .td files.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/Casting.h"
#include <cmath>
#include "llvm/MC/MCParser/AsmLexer.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCParsedAsmOperand.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/TargetRegistry.h"
#include <memory>
#include <optional>

using namespace llvm;

namespace {

struct NeuronISAOperand;

class NeuronISAAsmParser : public MCTargetAsmParser {
  const MCInstrInfo &MII;

  bool parseRegister(MCRegister &Reg, SMLoc &StartLoc, SMLoc &EndLoc) override;
  ParseStatus tryParseRegister(MCRegister &Reg, SMLoc &StartLoc,
                               SMLoc &EndLoc) override;
  bool parseInstruction(ParseInstructionInfo &Info, StringRef Name,
                        SMLoc NameLoc, OperandVector &Operands) override;
  bool matchAndEmitInstruction(SMLoc IDLoc, unsigned &Opcode,
                               OperandVector &Operands, MCStreamer &Out,
                               uint64_t &ErrorInfo,
                               bool MatchingInlineAsm) override;

  ParseStatus parseDirective(AsmToken DirectiveID) override;
  /// .neuronisa_cpu NAME
  bool parseCPUDirective(SMLoc DirectiveLoc);
  /// The machine operands are checked against: the subtarget's CPU, or the
  /// one .neuronisa_cpu names if the subtarget's is "generic" (not chosen).
  const NeuronISA::MachineParams *MP;
  std::string CPU;
  bool SeenInstruction = false, SeenCPUDirective = false;
  /// .neuronisa_tile NAME, sbuf|psum, ADDRESS, BYTES, PARTITIONS
  bool parseTileDirective(SMLoc DirectiveLoc);
  /// .neuronisa_kernel NAME[, scalar|hbm]...
  bool parseKernelDirective(SMLoc DirectiveLoc);
  /// .neuronisa_tile_use OPERAND, NAME
  bool parseTileUseDirective(SMLoc DirectiveLoc);
  /// .neuronisa_tile_init NAME, PARTITION, ELEMENT, WORD...
  bool parseTileInitDirective(SMLoc DirectiveLoc);
  /// The streamer's NeuronISA part; null when the streamer has none.
  NeuronISATargetStreamer *targetStreamer() {
    return static_cast<NeuronISATargetStreamer *>(
        getParser().getStreamer().getTargetStreamer());
  }
  /// A symbol-like name: an identifier or a quoted string.
  bool parseDeclName(std::string &Name, const char *What);
  /// The kernels declared so far and where: each must name a symbol the
  /// file defines, before or after its directive (checked at the end).
  SmallVector<std::pair<std::string, SMLoc>, 4> DeclaredKernels;
  /// The tiles declared and the tiles uses name, with where: each use must
  /// name a declared tile (checked at the end).
  StringMap<NeuronISA::TileDecl> DeclaredTiles;
  SmallVector<std::pair<std::string, SMLoc>, 8> UsedTiles;
  void onEndOfFile() override;

  bool parseOperand(OperandVector &Operands);
  /// Where MC operand OpIdx of an Opcode instruction was written (IDLoc for
  /// the instruction as a whole).
  SMLoc operandLoc(unsigned Opcode, unsigned OpIdx,
                   const OperandVector &Operands, SMLoc IDLoc) const;
  /// Parses an integer immediate or a symbol expression.
  bool parseImmOrExpr(const MCExpr *&E, SMLoc &S, SMLoc &End);

#define GET_ASSEMBLER_HEADER
#include "NeuronISAGenAsmMatcher.inc"

public:
  NeuronISAAsmParser(const MCSubtargetInfo &STI, MCAsmParser &Parser,
                     const MCInstrInfo &MII, const MCTargetOptions &Options)
      : MCTargetAsmParser(Options, STI, MII), MII(MII),
        MP(&NeuronISA::getMachineParamsOrGeneric(STI.getCPU())),
        CPU(NeuronISA::getMachineParams(STI.getCPU()) ? STI.getCPU().str()
                                                      : "generic") {
    setAvailableFeatures(ComputeAvailableFeatures(STI.getFeatureBits()));
  }

  ParseStatus parseTileAddr(OperandVector &Operands);
  ParseStatus parseHBMAddr(OperandVector &Operands);
  ParseStatus parseF32Imm(OperandVector &Operands);

private:
  /// Parses "[rB+offset" and, if AllowPartition, ", pN"; then "]".
  ParseStatus parseAddress(OperandVector &Operands, bool AllowPartition);
};

struct NeuronISAOperand : public MCParsedAsmOperand {
  enum KindTy { Token, Register, Immediate, TileAddr } Kind;
  SMLoc StartLoc, EndLoc;
  StringRef Tok;
  MCRegister Reg;
  const MCExpr *Imm = nullptr; // Immediate, or tile offset
  int64_t PartStart = 0;       // TileAddr: first partition ("pN")
  bool HasPartStart = false;   // TileAddr: ", pN" was written

  NeuronISAOperand(KindTy K, SMLoc S, SMLoc E) : Kind(K), StartLoc(S), EndLoc(E) {}

  bool isToken() const override { return Kind == Token; }
  bool isReg() const override { return Kind == Register; }
  bool isImm() const override { return Kind == Immediate; }
  bool isMem() const override { return Kind == TileAddr; }
  bool isTileAddr() const { return Kind == TileAddr; }
  bool isHBMAddr() const { return Kind == TileAddr && !HasPartStart; }
  // An fp32 operand may be written as a float or as an integer (its value).
  bool isF32Imm() const { return Kind == Immediate; }
  MCRegister getReg() const override { return Reg; }
  StringRef getToken() const { return Tok; }
  SMLoc getStartLoc() const override { return StartLoc; }
  SMLoc getEndLoc() const override { return EndLoc; }

  void print(raw_ostream &OS, const MCAsmInfo &MAI) const override {
    switch (Kind) {
    case Token:
      OS << "Token " << Tok;
      break;
    case Register:
      OS << "Reg " << Reg.id();
      break;
    case Immediate:
      OS << "Imm";
      break;
    case TileAddr:
      OS << "TileAddr";
      break;
    }
  }

  static void addExpr(MCInst &Inst, const MCExpr *E) {
    if (const auto *CE = dyn_cast<MCConstantExpr>(E))
      Inst.addOperand(MCOperand::createImm(CE->getValue()));
    else
      Inst.addOperand(MCOperand::createExpr(E));
  }
  void addRegOperands(MCInst &Inst, unsigned N) const {
    Inst.addOperand(MCOperand::createReg(Reg));
  }
  void addImmOperands(MCInst &Inst, unsigned N) const { addExpr(Inst, Imm); }
  void addTileAddrOperands(MCInst &Inst, unsigned N) const {
    Inst.addOperand(MCOperand::createReg(Reg));
    addExpr(Inst, Imm);
    Inst.addOperand(MCOperand::createImm(PartStart));
  }
  void addHBMAddrOperands(MCInst &Inst, unsigned N) const {
    Inst.addOperand(MCOperand::createReg(Reg));
    addExpr(Inst, Imm);
  }

  static std::unique_ptr<NeuronISAOperand> createToken(StringRef S, SMLoc L) {
    auto Op = std::make_unique<NeuronISAOperand>(Token, L, L);
    Op->Tok = S;
    return Op;
  }
  static std::unique_ptr<NeuronISAOperand> createReg(MCRegister R, SMLoc S,
                                                     SMLoc E) {
    auto Op = std::make_unique<NeuronISAOperand>(Register, S, E);
    Op->Reg = R;
    return Op;
  }
  static std::unique_ptr<NeuronISAOperand> createImm(const MCExpr *V, SMLoc S,
                                                     SMLoc E) {
    auto Op = std::make_unique<NeuronISAOperand>(Immediate, S, E);
    Op->Imm = V;
    return Op;
  }
  static std::unique_ptr<NeuronISAOperand>
  createTileAddr(MCRegister Base, const MCExpr *Off,
                 std::optional<int64_t> PartStart, SMLoc S, SMLoc E) {
    auto Op = std::make_unique<NeuronISAOperand>(TileAddr, S, E);
    Op->Reg = Base;
    Op->Imm = Off;
    Op->HasPartStart = PartStart.has_value();
    Op->PartStart = PartStart.value_or(0);
    return Op;
  }
};

} // namespace

#define GET_REGISTER_MATCHER
#define GET_MATCHER_IMPLEMENTATION
#include "NeuronISAGenAsmMatcher.inc"

bool NeuronISAAsmParser::parseRegister(MCRegister &Reg, SMLoc &StartLoc,
                                       SMLoc &EndLoc) {
  if (!tryParseRegister(Reg, StartLoc, EndLoc).isSuccess())
    return Error(StartLoc, "invalid register name");
  return false;
}

ParseStatus NeuronISAAsmParser::tryParseRegister(MCRegister &Reg,
                                                 SMLoc &StartLoc,
                                                 SMLoc &EndLoc) {
  const AsmToken &Tok = getParser().getTok();
  StartLoc = Tok.getLoc();
  EndLoc = Tok.getEndLoc();
  if (Tok.isNot(AsmToken::Identifier))
    return ParseStatus::NoMatch;
  unsigned R = MatchRegisterName(Tok.getIdentifier());
  if (!R)
    return ParseStatus::NoMatch;
  Reg = R;
  getParser().Lex();
  return ParseStatus::Success;
}

bool NeuronISAAsmParser::parseImmOrExpr(const MCExpr *&E, SMLoc &S,
                                        SMLoc &End) {
  S = getParser().getTok().getLoc();
  if (getParser().parseExpression(E, End))
    return true;
  return false;
}

ParseStatus NeuronISAAsmParser::parseTileAddr(OperandVector &Operands) {
  return parseAddress(Operands, /*AllowPartition=*/true);
}

ParseStatus NeuronISAAsmParser::parseHBMAddr(OperandVector &Operands) {
  return parseAddress(Operands, /*AllowPartition=*/false);
}

ParseStatus NeuronISAAsmParser::parseAddress(OperandVector &Operands,
                                             bool AllowPartition) {
  SMLoc S = getParser().getTok().getLoc();
  if (getParser().getTok().isNot(AsmToken::LBrac))
    return ParseStatus::NoMatch;
  getParser().Lex(); // '['
  MCRegister Base;
  SMLoc RS, RE;
  if (!tryParseRegister(Base, RS, RE).isSuccess() ||
      !NeuronISAMCRegisterClasses[NeuronISA::GPRRegClassID].contains(Base))
    return Error(RS, "expected a scalar register (r0-r31) as tile base");
  const MCExpr *Off = MCConstantExpr::create(0, getContext());
  const AsmToken &Tok = getParser().getTok();
  if (Tok.is(AsmToken::Plus) || Tok.is(AsmToken::Minus)) {
    bool Neg = Tok.is(AsmToken::Minus);
    getParser().Lex();
    SMLoc ES, EE;
    if (parseImmOrExpr(Off, ES, EE))
      return ParseStatus::Failure;
    if (Neg)
      Off = MCUnaryExpr::createMinus(Off, getContext());
    int64_t V;
    if (Off->evaluateAsAbsolute(V))
      Off = MCConstantExpr::create(V, getContext());
  }
  // ", p<N>": the lexer reads "p<N>" as one identifier.
  std::optional<int64_t> PartStart;
  if (getParser().getTok().is(AsmToken::Comma) &&
      getLexer().peekTok().is(AsmToken::Identifier) &&
      getLexer().peekTok().getIdentifier().starts_with("p")) {
    getParser().Lex();
    const AsmToken &P = getParser().getTok();
    SMLoc PS = P.getLoc();
    if (!AllowPartition)
      return Error(PS, "an HBM address has no partition start");
    StringRef Digits = P.getIdentifier().drop_front();
    uint64_t N;
    if (Digits.empty() || Digits.getAsInteger(10, N) ||
        N > uint64_t(INT32_MAX))
      return Error(PS, "expected a partition start 'p<N>'");
    PartStart = static_cast<int64_t>(N);
    getParser().Lex();
  }
  if (getParser().getTok().isNot(AsmToken::RBrac))
    return Error(getParser().getTok().getLoc(),
                 AllowPartition ? "expected ']' to close a tile address"
                                : "expected ']' to close an HBM address");
  SMLoc E = getParser().getTok().getEndLoc();
  getParser().Lex();
  Operands.push_back(
      NeuronISAOperand::createTileAddr(Base, Off, PartStart, S, E));
  return ParseStatus::Success;
}

ParseStatus NeuronISAAsmParser::parseF32Imm(OperandVector &Operands) {
  SMLoc S = getParser().getTok().getLoc();
  bool Neg = false;
  if (getParser().getTok().is(AsmToken::Minus)) {
    Neg = true;
    getParser().Lex();
  }
  const AsmToken &Tok = getParser().getTok();
  float F;
  if (Tok.is(AsmToken::Real) || Tok.is(AsmToken::Integer)) {
    APFloat AF(APFloat::IEEEsingle());
    auto Status = AF.convertFromString(Tok.getString(),
                                       APFloat::rmNearestTiesToEven);
    if (!Status)
      return Error(S, "invalid floating-point immediate");
    F = AF.convertToFloat();
  } else if (Tok.is(AsmToken::Identifier) &&
             (Tok.getIdentifier() == "inf" || Tok.getIdentifier() == "nan")) {
    F = Tok.getIdentifier() == "inf" ? INFINITY : NAN;
  } else {
    return Error(S, "expected a floating-point immediate");
  }
  if (Neg)
    F = -F;
  SMLoc E = Tok.getEndLoc();
  getParser().Lex();
  Operands.push_back(NeuronISAOperand::createImm(
      MCConstantExpr::create(bit_cast<uint32_t>(F), getContext()), S, E));
  return ParseStatus::Success;
}

ParseStatus NeuronISAAsmParser::parseDirective(AsmToken DirectiveID) {
  if (DirectiveID.getString() == NeuronISA::CPUDirective)
    return parseCPUDirective(DirectiveID.getLoc()) ? ParseStatus::Failure
                                                   : ParseStatus::Success;
  if (DirectiveID.getString() == NeuronISA::TileDirective)
    return parseTileDirective(DirectiveID.getLoc()) ? ParseStatus::Failure
                                                    : ParseStatus::Success;
  if (DirectiveID.getString() == NeuronISA::KernelDirective)
    return parseKernelDirective(DirectiveID.getLoc()) ? ParseStatus::Failure
                                                      : ParseStatus::Success;
  if (DirectiveID.getString() == NeuronISA::TileUseDirective)
    return parseTileUseDirective(DirectiveID.getLoc()) ? ParseStatus::Failure
                                                       : ParseStatus::Success;
  if (DirectiveID.getString() == NeuronISA::TileInitDirective)
    return parseTileInitDirective(DirectiveID.getLoc()) ? ParseStatus::Failure
                                                        : ParseStatus::Success;
  return ParseStatus::NoMatch;
}

bool NeuronISAAsmParser::parseCPUDirective(SMLoc DirectiveLoc) {
  MCAsmParser &P = getParser();
  SMLoc NameLoc = P.getTok().getLoc();
  StringRef Name;
  if (P.parseIdentifier(Name))
    return Error(NameLoc, "expected a CPU name");
  if (P.parseEOL())
    return true;
  const NeuronISA::MachineParams *Named = NeuronISA::getMachineParams(Name);
  if (!Named)
    return Error(NameLoc, "unknown CPU '" + Name + "' (expected one of: " +
                              join(NeuronISA::getCPUNames(), ", ") + ")");
  if (SeenInstruction)
    return Error(DirectiveLoc, Twine(NeuronISA::CPUDirective) +
                                   " must come before the first instruction");
  if (Name != CPU && (SeenCPUDirective || CPU != "generic"))
    return Error(NameLoc, "the code is for CPU '" + Name +
                              "' but the machine is '" + CPU +
                              "' (-mcpu or an earlier " +
                              NeuronISA::CPUDirective + ")");
  SeenCPUDirective = true;
  if (Name == CPU)
    return false; // the streamer has it from the subtarget's owner
  CPU = Name.str();
  MP = Named;
  if (NeuronISATargetStreamer *TS = targetStreamer())
    TS->emitCPU(CPU);
  return false;
}

bool NeuronISAAsmParser::parseDeclName(std::string &Name, const char *What) {
  MCAsmParser &P = getParser();
  SMLoc NameLoc = P.getTok().getLoc();
  StringRef Id;
  if (P.getTok().is(AsmToken::String) ? P.parseEscapedString(Name)
                                      : P.parseIdentifier(Id))
    return Error(NameLoc, Twine("expected a ") + What + " name");
  if (!Id.empty())
    Name = Id.str();
  return false;
}

bool NeuronISAAsmParser::parseKernelDirective(SMLoc DirectiveLoc) {
  MCAsmParser &P = getParser();
  NeuronISA::KernelDecl K;
  if (parseDeclName(K.Name, "kernel"))
    return true;
  while (P.getTok().is(AsmToken::Comma)) {
    P.Lex();
    SMLoc KindLoc = P.getTok().getLoc();
    StringRef Kind;
    if (P.parseIdentifier(Kind))
      return Error(KindLoc, "expected an argument kind, 'scalar', 'hbm' or "
                             "'hbm.noalias'");
    std::optional<NeuronISA::ArgKind> A = NeuronISA::parseArgKind(Kind);
    if (!A)
      return Error(KindLoc, "expected an argument kind, 'scalar', 'hbm' or "
                             "'hbm.noalias'");
    if (K.Args.size() == NeuronISA::MaxKernelArgs)
      return Error(KindLoc, "a kernel takes at most " +
                                Twine(NeuronISA::MaxKernelArgs) +
                                " arguments");
    K.Args.push_back(*A);
  }
  if (P.parseEOL())
    return true;
  DeclaredKernels.emplace_back(K.Name, DirectiveLoc);
  if (NeuronISATargetStreamer *TS = targetStreamer())
    TS->emitKernel(K);
  return false;
}

bool NeuronISAAsmParser::parseTileUseDirective(SMLoc DirectiveLoc) {
  MCAsmParser &P = getParser();
  NeuronISA::TileUse U;
  SMLoc OpLoc = P.getTok().getLoc();
  int64_t Op;
  if (P.parseAbsoluteExpression(Op))
    return true;
  if (Op < 0 || Op >= NeuronISA::MaxTileOperands)
    return Error(OpLoc, "tile operand out of range 0-" +
                            Twine(NeuronISA::MaxTileOperands - 1));
  U.Operand = unsigned(Op);
  if (P.parseComma() || parseDeclName(U.Tile, "tile") || P.parseEOL())
    return true;
  UsedTiles.emplace_back(U.Tile, DirectiveLoc);
  if (NeuronISATargetStreamer *TS = targetStreamer())
    TS->emitTileUse(U);
  return false;
}

bool NeuronISAAsmParser::parseTileInitDirective(SMLoc DirectiveLoc) {
  MCAsmParser &P = getParser();
  NeuronISA::TileInit I;
  SMLoc NameLoc = P.getTok().getLoc();
  if (parseDeclName(I.Tile, "tile"))
    return true;
  auto It = DeclaredTiles.find(I.Tile);
  if (It == DeclaredTiles.end())
    return Error(NameLoc, "initial contents of tile '" + I.Tile +
                              "', which no earlier .neuronisa_tile declares");
  // Partition, first element, then the words: 32-bit values.
  auto ParseU32 = [&](uint32_t &Out, const char *What) {
    int64_t V;
    if (P.parseComma())
      return true;
    SMLoc Loc = P.getTok().getLoc();
    if (P.parseAbsoluteExpression(V))
      return true;
    if (V < 0 || V > UINT32_MAX)
      return Error(Loc, Twine(What) + " out of range 0-" + Twine(UINT32_MAX));
    Out = static_cast<uint32_t>(V);
    return false;
  };
  if (ParseU32(I.Partition, "partition") || ParseU32(I.Element, "element"))
    return true;
  do {
    if (ParseU32(I.Words.emplace_back(), "an fp32 word"))
      return true;
  } while (P.getTok().is(AsmToken::Comma));
  if (P.parseEOL())
    return true;
  std::string Msg = NeuronISA::checkTileInit(It->second, I.Partition,
                                             I.Element, I.Words.size());
  if (!Msg.empty())
    return Error(DirectiveLoc, Msg);
  if (NeuronISATargetStreamer *TS = targetStreamer())
    TS->emitTileInit(I);
  return false;
}

void NeuronISAAsmParser::onEndOfFile() {
  // A kernel's entry is its symbol: a loader could not start one that names
  // no code.
  for (const auto &[Name, Loc] : DeclaredKernels) {
    MCSymbol *Sym = getContext().lookupSymbol(Name);
    if (!Sym || !Sym->isDefined())
      Error(Loc, "kernel '" + Name + "' names symbol '" + Name +
                     "', which is never defined");
  }
  for (const auto &[Name, Loc] : UsedTiles)
    if (!DeclaredTiles.contains(Name))
      Error(Loc, "tile use names tile '" + Name +
                     "', which no .neuronisa_tile declares");
}

bool NeuronISAAsmParser::parseTileDirective(SMLoc DirectiveLoc) {
  MCAsmParser &P = getParser();
  NeuronISA::TileDecl T;
  if (parseDeclName(T.Name, "tile"))
    return true;
  SMLoc MemLoc;
  StringRef Mem;
  if (P.parseComma())
    return true;
  MemLoc = P.getTok().getLoc();
  if (P.parseIdentifier(Mem))
    return Error(MemLoc, "expected 'sbuf' or 'psum'");
  std::optional<NeuronISA::TileMemory> M = NeuronISA::parseTileMemory(Mem);
  if (!M)
    return Error(MemLoc, "expected 'sbuf' or 'psum'");
  T.Memory = *M;
  // Address, bytes per partition, partitions: 32-bit, the last two non-zero.
  auto ParseField = [&](uint32_t &Out, const char *What, bool NonZero) {
    int64_t V;
    SMLoc Loc;
    if (P.parseComma())
      return true;
    Loc = P.getTok().getLoc();
    if (P.parseAbsoluteExpression(V))
      return true;
    if (V < (NonZero ? 1 : 0) || V > UINT32_MAX)
      return Error(Loc, Twine(What) + " out of range " +
                            (NonZero ? "1" : "0") + "-" + Twine(UINT32_MAX));
    Out = static_cast<uint32_t>(V);
    return false;
  };
  if (ParseField(T.Address, "tile address", false) ||
      ParseField(T.BytesPerPartition, "bytes per partition", true) ||
      ParseField(T.Partitions, "partition count", true))
    return true;
  if (T.Address % 4 || T.BytesPerPartition % 4)
    return Error(DirectiveLoc,
                 "tile address and size must be multiples of 4 bytes");
  if (P.parseEOL())
    return true;
  DeclaredTiles[T.Name] = T;
  if (NeuronISATargetStreamer *TS = targetStreamer())
    TS->emitTile(T);
  return false;
}

bool NeuronISAAsmParser::parseOperand(OperandVector &Operands) {
  StringRef Mnemonic = static_cast<NeuronISAOperand &>(*Operands[0]).getToken();
  // Custom operand parsers (tile addresses, fp32 immediates) first.
  ParseStatus Res = MatchOperandParserImpl(Operands, Mnemonic);
  if (Res.isSuccess())
    return false;
  if (Res.isFailure())
    return true;

  MCRegister Reg;
  SMLoc S, E;
  if (tryParseRegister(Reg, S, E).isSuccess()) {
    Operands.push_back(NeuronISAOperand::createReg(Reg, S, E));
    return false;
  }
  const MCExpr *Expr;
  if (parseImmOrExpr(Expr, S, E))
    return true;
  Operands.push_back(NeuronISAOperand::createImm(Expr, S, E));
  return false;
}

bool NeuronISAAsmParser::parseInstruction(ParseInstructionInfo &Info,
                                          StringRef Name, SMLoc NameLoc,
                                          OperandVector &Operands) {
  Operands.push_back(NeuronISAOperand::createToken(Name, NameLoc));
  if (getLexer().is(AsmToken::EndOfStatement)) {
    getParser().Lex();
    return false;
  }
  if (parseOperand(Operands))
    return true;
  while (getLexer().is(AsmToken::Comma)) {
    getParser().Lex();
    if (parseOperand(Operands))
      return true;
  }
  if (getLexer().isNot(AsmToken::EndOfStatement))
    return Error(getLexer().getLoc(), "unexpected token in operand list");
  getParser().Lex();
  return false;
}

SMLoc NeuronISAAsmParser::operandLoc(unsigned Opcode, unsigned OpIdx,
                                     const OperandVector &Operands,
                                     SMLoc IDLoc) const {
  // Operands are written in operand-list order; an address is one written
  // operand for all of its MC operands.
  const MCInstrDesc &D = MII.get(Opcode);
  unsigned Written = 1;
  for (unsigned I = 0; I < D.getNumOperands() && OpIdx != ~0u; ++Written) {
    unsigned Type = D.operands()[I].OperandType;
    if (Type == MCOI::OPERAND_NEURONISA_TILE_ADDR)
      I += NeuronISA::NumTileAddrOperands;
    else if (Type == MCOI::OPERAND_NEURONISA_HBM_ADDR)
      I += NeuronISA::NumHBMAddrOperands;
    else
      ++I;
    if (OpIdx < I)
      return Written < Operands.size() ? Operands[Written]->getStartLoc()
                                       : IDLoc;
  }
  return IDLoc;
}

bool NeuronISAAsmParser::matchAndEmitInstruction(SMLoc IDLoc, unsigned &Opcode,
                                                 OperandVector &Operands,
                                                 MCStreamer &Out,
                                                 uint64_t &ErrorInfo,
                                                 bool MatchingInlineAsm) {
  MCInst Inst;
  switch (MatchInstructionImpl(Operands, Inst, ErrorInfo, MatchingInlineAsm)) {
  case Match_Success:
    // Every field must be encodable on the machine: the one operand check
    // that the compiler and the simulator also apply.
    if (std::optional<NeuronISA::OperandError> E = NeuronISA::checkOperands(
            *MP, MII.get(Inst.getOpcode()), Inst))
      return Error(operandLoc(Inst.getOpcode(), E->OpIdx, Operands, IDLoc),
                   E->Msg);
    Inst.setLoc(IDLoc);
    SeenInstruction = true;
    Out.emitInstruction(Inst, getSTI());
    Opcode = Inst.getOpcode();
    return false;
  case Match_MissingFeature:
    return Error(IDLoc, "instruction needs a feature this CPU lacks");
  case Match_MnemonicFail:
    return Error(IDLoc, "unrecognized instruction mnemonic");
  case Match_InvalidOperand: {
    SMLoc ErrorLoc = IDLoc;
    if (ErrorInfo != ~0ULL) {
      if (ErrorInfo >= Operands.size())
        return Error(IDLoc, "too few operands for instruction");
      ErrorLoc = Operands[ErrorInfo]->getStartLoc();
      if (ErrorLoc == SMLoc())
        ErrorLoc = IDLoc;
    }
    return Error(ErrorLoc, "invalid operand for instruction");
  }
  default:
    break;
  }
  return Error(IDLoc, "invalid instruction");
}

extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY void LLVMInitializeNeuronISAAsmParser() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  RegisterMCAsmParser<NeuronISAAsmParser> X(getTheNeuronISATarget());
}
