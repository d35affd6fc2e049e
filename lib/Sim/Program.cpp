//===-- Program.cpp - Decoding NeuronISA instructions ---------------------===//

#include "Program.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using namespace llvm::NeuronISA;

/// ".text+0xA" of an instruction loaded from an object, else "".
static std::string textOffset(const Program &P, const Inst &I) {
  size_t Index = &I - P.Insts.data();
  if (Index >= P.Addresses.size())
    return "";
  return ".text+0x" + utohexstr(P.Addresses[Index], /*LowerCase=*/true);
}

/// The source position the object's line table gives I, else "".
static StringRef sourceLoc(const Program &P, const Inst &I) {
  size_t Index = &I - P.Insts.data();
  return Index < P.SourceLocs.size() ? StringRef(P.SourceLocs[Index]) : "";
}

std::string Program::describe(const Inst &I) const {
  std::string Offset = textOffset(*this, I);
  StringRef Src = sourceLoc(*this, I);
  if (!Src.empty())
    return (Twine(name(I)) + " (" + Src + ", " + Offset + ")").str();
  if (!Offset.empty())
    return (Twine(name(I)) + " (" + Offset + ")").str();
  return (Twine(name(I)) + " (line " + Twine(I.Line) + ")").str();
}

void Program::printError(raw_ostream &OS, const Inst &I,
                         const Twine &Msg) const {
  if (SrcMgr && I.Loc.isValid()) {
    SrcMgr->PrintMessage(OS, I.Loc, SourceMgr::DK_Error, Msg);
    return;
  }
  std::string Offset = textOffset(*this, I);
  StringRef Src = sourceLoc(*this, I);
  if (!Src.empty())
    OS << Src << ": error: " << Msg << " (" << FileName << ":" << Offset
       << ")\n";
  else if (!Offset.empty())
    OS << FileName << ":" << Offset << ": error: " << Msg << "\n";
  else
    OS << FileName << ":" << I.Line << ": error: " << Msg << "\n";
}

static bool controlOp(unsigned Opc, Op &K) {
  switch (Opc) {
#define MAP(OPC, KIND)                                                         \
  case NeuronISA::OPC:                                                         \
    K = Op::KIND;                                                              \
    return true;
    MAP(ADD, Add) MAP(SUB, Sub) MAP(MUL, Mul) MAP(DIVS, DivS) MAP(DIVU, DivU)
    MAP(REMS, RemS) MAP(REMU, RemU) MAP(AND, And) MAP(OR, Or) MAP(XOR, Xor)
    MAP(SHL, Shl) MAP(SRL, Srl) MAP(SRA, Sra) MAP(SEQ, Seq) MAP(SNE, Sne)
    MAP(SLT, Slt) MAP(SLTU, Sltu) MAP(ADDI, AddI) MAP(MULI, MulI)
    MAP(ANDI, AndI) MAP(ORI, OrI) MAP(XORI, XorI) MAP(SHLI, ShlI)
    MAP(SRLI, SrlI) MAP(SRAI, SraI) MAP(LI, Li) MAP(MOV, Mov) MAP(SEL, Sel)
    MAP(NOP, Nop) MAP(B, B) MAP(BEQ, Beq) MAP(BNE, Bne) MAP(BLT, Blt)
    MAP(BGE, Bge) MAP(BLTU, Bltu) MAP(BGEU, Bgeu) MAP(RET, Ret)
#undef MAP
  default:
    return false;
  }
}

// Register operand -> slot: r0 reads 0; a destination r0 writes a scratch slot.
static std::string gpr(const MCInst &MI, unsigned Idx, bool IsDef,
                       uint8_t &Slot) {
  if (Idx >= MI.getNumOperands() || !MI.getOperand(Idx).isReg())
    return "expected a scalar register operand";
  int R = getGPRIndex(MI.getOperand(Idx).getReg().id());
  if (R < 0)
    return "expected a scalar register r0-r31";
  Slot = (IsDef && R == 0) ? DiscardReg : static_cast<uint8_t>(R);
  return "";
}

static bool immOf(const MCOperand &MO, int64_t &V) {
  if (MO.isImm()) {
    V = MO.getImm();
    return true;
  }
  if (MO.isExpr())
    return MO.getExpr()->evaluateAsAbsolute(V);
  return false;
}

/// A semaphore operand (checked by checkOperands: s0..s<NumSemaphores - 1>,
/// or snone where the operand allows it).
static void setSemaphore(const MCInst &MI, unsigned Idx, Inst &I) {
  int S = getSemaphoreIndex(MI.getOperand(Idx).getReg().id());
  I.Sem = static_cast<int16_t>(S);
}

/// Operand Name's index (NeuronISAInstrInfo.td); ~0u if there is none.
static unsigned operandIdx(const Inst &I, OpName Name) {
  return static_cast<unsigned>(getNamedOperandIdx(I.Opcode, Name));
}

/// Raw operand values into I.Ops: registers as their index, immediates as
/// values.
static std::string decodeRawOperands(const MCInst &MI, const MCInstrDesc &D,
                                     Inst &I) {
  for (unsigned K = 0, E = MI.getNumOperands(); K != E; ++K) {
    const MCOperand &MO = MI.getOperand(K);
    if (MO.isReg()) {
      unsigned R = MO.getReg().id();
      int G = getGPRIndex(R), S = getSemaphoreIndex(R);
      I.Ops[K] = G >= 0 ? G : S >= 0 ? S : -1;
    } else if (MO.isImm() || MO.isExpr()) {
      int64_t V = 0;
      if (!immOf(MO, V)) {
        if (D.isBranch())
          continue; // resolved by the loader
        return "operand " + std::to_string(K) +
               " is not a constant (undefined symbol?)";
      }
      if (V < INT32_MIN || V > UINT32_MAX)
        return "immediate " + std::to_string(V) + " does not fit in 32 bits";
      I.Ops[K] = static_cast<int32_t>(static_cast<uint32_t>(V));
    }
  }
  return "";
}

/// A synchronization instruction of kind SK.
static std::string decodeSync(const MCInst &MI, const MCInstrDesc &D,
                              const MachineParams &MP, SyncKind SK, Inst &I) {
  auto Idx = [&](OpName Name) { return operandIdx(I, Name); };
  std::string Err;
  I.Cost = static_cast<uint32_t>(getControlTicks(MP, D, I.Eng));
  if (SK == SyncKind::Barrier) {
    I.Kind = Op::Barrier;
    return "";
  }
  I.Agent = static_cast<uint8_t>(agentOfEngine(I.Eng));
  setSemaphore(MI, Idx(OpName::s), I);
  switch (SK) {
  case SyncKind::Wait:
    I.Kind = Op::Wait;
    I.Imm = I.named(OpName::thr);
    break;
  case SyncKind::WaitReg:
    I.Kind = Op::WaitR;
    if (!(Err = gpr(MI, Idx(OpName::r), false, I.Ra)).empty())
      return Err;
    I.Imm = I.named(OpName::off);
    break;
  case SyncKind::Inc:
    I.Kind = Op::Inc;
    break;
  case SyncKind::SemSet:
    I.Kind = Op::SemSet;
    I.Imm = I.named(OpName::v);
    break;
  default:
    return "unknown synchronization kind";
  }
  return "";
}

/// A data-path instruction: its tiles, cost and DMA queue.
static std::string decodeDataPath(const MCInst &MI, const MCInstrDesc &D,
                                  const MachineParams &MP, Inst &I) {
  std::string Err;
  I.Kind = Op::Data;
  I.Agent = static_cast<uint8_t>(agentOfEngine(I.Eng));
  auto Imm = [&](unsigned Idx) -> int64_t {
    return Idx < MI.getNumOperands() ? I.Ops[Idx] : 0;
  };
  setSemaphore(MI, DataOperands::semaphore(D), I);
  ArrayRef<TileOperandSpec> Specs = getTileOperandSpecs(I.Fmt);
  I.NumTiles = static_cast<uint8_t>(Specs.size());
  for (unsigned K = 0; K != Specs.size(); ++K) {
    const TileOperandSpec &S = Specs[K];
    TileShape T = getTileShape(S, Imm);
    TileOperand &TO = I.Tiles[K];
    if (!(Err = gpr(MI, S.baseOp(), false, TO.BaseReg)).empty())
      return Err;
    TO.Offset = I.Ops[S.offsetOp()];
    TO.PartStart = static_cast<uint8_t>(T.PartStart);
    TO.Space = S.Space;
    TO.Reads = T.Reads;
    TO.Writes = T.Writes;
    TO.Partitions = T.Partitions;
    TO.FreeElems = T.FreeElems;
    TO.RowStride = T.RowStride;
    TO.Role = S.Role;
  }
  I.Cost = static_cast<uint32_t>(getDataPathCycles(MP, I.Eng, I.Fmt, Imm));
  if (I.isDMA()) {
    I.Queue = static_cast<uint8_t>(I.named(OpName::queue));
    I.DMACycles = static_cast<uint32_t>(getDMATransferCycles(MP, Imm));
  }
  return "";
}

/// A control instruction (branches to TargetIndex).
static std::string decodeControl(const MCInst &MI, const MCInstrDesc &D,
                                 const MachineParams &MP,
                                 unsigned TargetIndex, Inst &I) {
  auto Idx = [&](OpName Name) { return operandIdx(I, Name); };
  std::string Err;
  if (!controlOp(MI.getOpcode(), I.Kind))
    return "instruction not supported by the simulator";
  // Cycles of whichever engine runs it (the stream converts them to ticks).
  I.Cost = static_cast<uint32_t>(getControlCycles(MP, D));
  switch (I.Kind) {
  case Op::Nop:
  case Op::Ret:
    return "";
  case Op::B:
    I.Target = TargetIndex;
    return TargetIndex == ~0u ? "unresolved branch target" : "";
  case Op::Beq:
  case Op::Bne:
  case Op::Blt:
  case Op::Bge:
  case Op::Bltu:
  case Op::Bgeu:
    if (!(Err = gpr(MI, Idx(OpName::ra), false, I.Ra)).empty() ||
        !(Err = gpr(MI, Idx(OpName::rb), false, I.Rb)).empty())
      return Err;
    I.Target = TargetIndex;
    return TargetIndex == ~0u ? "unresolved branch target" : "";
  case Op::Li:
    if (!(Err = gpr(MI, Idx(OpName::rd), true, I.Rd)).empty())
      return Err;
    I.Imm = I.named(OpName::imm);
    return "";
  case Op::Mov:
    if (!(Err = gpr(MI, Idx(OpName::rd), true, I.Rd)).empty() ||
        !(Err = gpr(MI, Idx(OpName::ra), false, I.Ra)).empty())
      return Err;
    return "";
  case Op::Sel:
    if (!(Err = gpr(MI, Idx(OpName::rd), true, I.Rd)).empty() ||
        !(Err = gpr(MI, Idx(OpName::rc), false, I.Rc)).empty() ||
        !(Err = gpr(MI, Idx(OpName::ra), false, I.Ra)).empty() ||
        !(Err = gpr(MI, Idx(OpName::rb), false, I.Rb)).empty())
      return Err;
    return "";
  case Op::AddI:
  case Op::MulI:
  case Op::AndI:
  case Op::OrI:
  case Op::XorI:
  case Op::ShlI:
  case Op::SrlI:
  case Op::SraI:
    if (!(Err = gpr(MI, Idx(OpName::rd), true, I.Rd)).empty() ||
        !(Err = gpr(MI, Idx(OpName::ra), false, I.Ra)).empty())
      return Err;
    I.Imm = I.named(OpName::imm);
    return "";
  default:
    if (!(Err = gpr(MI, Idx(OpName::rd), true, I.Rd)).empty() ||
        !(Err = gpr(MI, Idx(OpName::ra), false, I.Ra)).empty() ||
        !(Err = gpr(MI, Idx(OpName::rb), false, I.Rb)).empty())
      return Err;
    return "";
  }
}

std::string neuronisa_sim::decodeInst(const MCInst &MI, const MCInstrInfo &MII,
                                      const MachineParams &MP,
                                      unsigned TargetIndex, Inst &I) {
  const MCInstrDesc &D = MII.get(MI.getOpcode());
  I.Opcode = MI.getOpcode();
  I.Eng = getEngine(D);
  I.Fmt = getTileFormat(D);
  I.SubOp = static_cast<uint8_t>(getSubOp(D.TSFlags));
  if (MI.getNumOperands() > std::size(I.Ops))
    return "too many operands";
  // Every field in range on this machine (semaphores, partitions, queues,
  // sizes, immediates) and the shape rules: the compiler's check.
  if (std::optional<OperandError> E = checkOperands(MP, D, MI))
    return E->Msg;

  if (std::string Err = decodeRawOperands(MI, D, I); !Err.empty())
    return Err;
  if (SyncKind SK = getSyncKind(D); SK != SyncKind::None)
    return decodeSync(MI, D, MP, SK, I);
  if (I.Fmt != TileFormat::None)
    return decodeDataPath(MI, D, MP, I);
  return decodeControl(MI, D, MP, TargetIndex, I);
}

std::string neuronisa_sim::applyTileUse(Inst &I, unsigned Operand,
                                        unsigned Tile) {
  if (Operand >= I.NumTiles)
    return "a tile use of tile operand " + std::to_string(Operand) +
           ", but the instruction has " + std::to_string(I.NumTiles) +
           " tile operand(s)";
  TileOperand &T = I.Tiles[Operand];
  if (T.Space != MemSpace::OnChip)
    return "a tile use of tile operand " + std::to_string(Operand) +
           ", which is in HBM";
  T.NamedTile = static_cast<int16_t>(Tile);
  return "";
}
