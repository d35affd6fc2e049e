//===-- SyncDecode.cpp - Instructions and blocks, from the code -----------===//
//
// What each emitted instruction is to the validator, read from the target's
// tables only: the engine and format from TSFlags (NeuronISABaseInfo.h), the
// tile operands and their extents from TileOperandSpec and getTileShape
// (NeuronISAMachineModel.h), the DMA queue and semaphores from the named
// operands. Then the basic blocks, from the branches and `ret`.
//
//===----------------------------------------------------------------------===//

#include "SyncModel.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInstrInfo.h"

using namespace llvm;
using namespace llvm::NeuronISA;

static bool immOf(const MCInst &MI, int Idx, int64_t &V) {
  if (Idx < 0 || unsigned(Idx) >= MI.getNumOperands())
    return false;
  const MCOperand &MO = MI.getOperand(Idx);
  if (MO.isImm()) {
    V = MO.getImm();
    return true;
  }
  return MO.isExpr() && MO.getExpr()->evaluateAsAbsolute(V);
}

/// A 32-bit field as the machine reads it: two's complement.
static int64_t s32(int64_t V) { return int64_t(int32_t(uint32_t(V))); }

static int gprOf(const MCInst &MI, int Idx) {
  if (Idx < 0 || unsigned(Idx) >= MI.getNumOperands() ||
      !MI.getOperand(Idx).isReg())
    return -1;
  return getGPRIndex(MI.getOperand(Idx).getReg().id());
}

static int semOf(const MCInst &MI, int Idx) {
  if (Idx < 0 || unsigned(Idx) >= MI.getNumOperands() ||
      !MI.getOperand(Idx).isReg())
    return -1;
  return getSemaphoreIndex(MI.getOperand(Idx).getReg().id());
}

static std::string decodeSite(const MCInst &MI, const MCInstrDesc &D,
                              Decoded &Out) {
  TileFormat F = getTileFormat(D);
  Out.K = DKind::Site;
  Out.Engine = unsigned(getEngine(D));
  Out.Sem = semOf(MI, DataOperands::semaphore(D));
  bool Bad = false;
  auto Imm = [&](unsigned Idx) -> int64_t {
    int64_t V = 0;
    if (!immOf(MI, Idx, V))
      Bad = true;
    return V;
  };
  if (isDMA(F)) {
    int64_t Q = Imm(getNamedOperandIdx(MI.getOpcode(), OpName::queue));
    if (Q < 0 || Q >= int64_t(MaxDMAQueues))
      return "DMA queue out of range";
    Out.HWAgent = agentOfDMAQueue(unsigned(Q));
  } else {
    Out.HWAgent = agentOfEngine(getEngine(D));
  }
  for (const TileOperandSpec &S : getTileOperandSpecs(F)) {
    TileShape T = getTileShape(S, Imm);
    int Base = gprOf(MI, S.baseOp());
    if (Base < 0)
      return "a tile operand without a scalar base register";
    Decoded::Operand O;
    O.OnChip = S.Space == MemSpace::OnChip;
    O.Reads = T.Reads;
    O.Writes = T.Writes;
    O.Base = unsigned(Base);
    O.Offset = s32(Imm(S.offsetOp()));
    O.PartBegin = O.OnChip ? T.PartStart : 0;
    O.PartEnd = O.OnChip ? T.PartStart + T.Partitions : 0;
    O.Extent = T.extentBytes(S.Space);
    O.Rows = T.Partitions;
    O.RowStride = T.RowStride;
    O.RowBytes = 4 * T.FreeElems;
    Out.Ops.push_back(O);
  }
  return Bad ? "a data-path field is not a constant" : "";
}

static std::string decodeSync(const MCInst &MI, const MCInstrDesc &D,
                              Decoded &Out) {
  unsigned Opc = MI.getOpcode();
  Out.Engine = unsigned(getEngine(D));
  switch (getSyncKind(D)) {
  case SyncKind::Wait:
    Out.K = DKind::Wait;
    Out.Sem = semOf(MI, getNamedOperandIdx(Opc, OpName::s));
    Out.Rd = 0;
    if (!immOf(MI, getNamedOperandIdx(Opc, OpName::thr), Out.Imm))
      return "a wait threshold is not a constant";
    Out.Imm = s32(Out.Imm);
    return Out.Sem < 0 ? "a wait without a semaphore" : "";
  case SyncKind::WaitReg: {
    Out.K = DKind::Wait;
    Out.Sem = semOf(MI, getNamedOperandIdx(Opc, OpName::s));
    int R = gprOf(MI, getNamedOperandIdx(Opc, OpName::r));
    if (R < 0 || !immOf(MI, getNamedOperandIdx(Opc, OpName::off), Out.Imm))
      return "a malformed waitr";
    Out.Rd = unsigned(R);
    Out.Imm = s32(Out.Imm);
    return Out.Sem < 0 ? "a wait without a semaphore" : "";
  }
  default:
    Out.K = DKind::Other; // inc, semset, barrier
    return "";
  }
}

static std::string decodeControl(const CodeInst &CI, const MCInstrDesc &D,
                                 Decoded &Out) {
  const MCInst &MI = CI.MI;
  unsigned Opc = MI.getOpcode();
  if (D.isReturn()) {
    Out.K = DKind::Ret;
    return "";
  }
  if (D.isBranch()) {
    Out.K = D.isConditionalBranch() || Opc != NeuronISA::B ? DKind::CondBranch
                                                           : DKind::Branch;
    Out.Target = CI.Target;
    // The compared registers and the comparison (the opcode), so that a
    // branch on known values prunes the edge it never takes.
    if (Out.K == DKind::CondBranch) {
      Out.Imm = Opc;
      Out.Ra = unsigned(std::max(0, gprOf(MI, 0)));
      Out.Rb = unsigned(std::max(0, gprOf(MI, 1)));
    }
    return CI.Target < 0 ? "a branch whose target is not in the kernel" : "";
  }
  if (D.getNumDefs() == 0) {
    Out.K = DKind::Nop;
    return "";
  }
  int Rd = gprOf(MI, 0);
  if (Rd < 0)
    return "a write of something other than a scalar register";
  Out.Rd = unsigned(Rd);
  Out.Ra = unsigned(std::max(0, gprOf(MI, 1)));
  Out.Rb = unsigned(std::max(0, gprOf(MI, 2)));
  for (unsigned I = 1; I < MI.getNumOperands(); ++I)
    if (gprOf(MI, I) >= 0)
      Out.Srcs.push_back(unsigned(gprOf(MI, I)));
  if (Rd == 0) { // writes of r0 are discarded
    Out.K = DKind::Nop;
    return "";
  }
  Out.K = DKind::Def;
  if (Opc == NeuronISA::LI && immOf(MI, 1, Out.Imm)) {
    Out.K = DKind::Li;
    Out.Imm = s32(Out.Imm);
  } else if (Opc == NeuronISA::ADDI && immOf(MI, 2, Out.Imm)) {
    Out.K = DKind::AddI;
    Out.Imm = s32(Out.Imm);
  } else if (Opc == NeuronISA::MOV) {
    Out.K = DKind::AddI;
    Out.Imm = 0;
  } else if (Opc == NeuronISA::ADD) {
    Out.K = DKind::Add;
  } else if ((Opc == NeuronISA::SHLI || Opc == NeuronISA::MULI) &&
             immOf(MI, 2, Out.Imm)) {
    Out.K = Opc == NeuronISA::SHLI ? DKind::ShlI : DKind::MulI;
    Out.Imm = s32(Out.Imm);
  } else if ((Opc == NeuronISA::SRAI || Opc == NeuronISA::SRLI) &&
             immOf(MI, 2, Out.Imm)) {
    Out.K = Opc == NeuronISA::SRAI ? DKind::SraI : DKind::SrlI;
    Out.Imm = s32(Out.Imm);
  } else if ((Opc == NeuronISA::ANDI || Opc == NeuronISA::XORI) &&
             immOf(MI, 2, Out.Imm)) {
    Out.K = Opc == NeuronISA::ANDI ? DKind::AndI : DKind::XorI;
    Out.Imm = s32(Out.Imm);
  } else if (Opc == NeuronISA::SUB) {
    Out.K = DKind::Sub;
  } else if (Opc == NeuronISA::SLT || Opc == NeuronISA::SLTU) {
    Out.K = DKind::SetLess;
    Out.Imm = Opc == NeuronISA::SLTU;
  } else if (Opc == NeuronISA::SEL && MI.getNumOperands() == 4) {
    Out.K = DKind::Sel;
    Out.Ra = unsigned(std::max(0, gprOf(MI, 2)));
    Out.Rb = unsigned(std::max(0, gprOf(MI, 3)));
  }
  return "";
}

std::string NeuronISA::decodeForSync(const CodeInst &CI,
                                     const MCInstrInfo &MII, Decoded &Out) {
  Out = Decoded();
  if (CI.MI.getOpcode() >= MII.getNumOpcodes())
    return "not an instruction";
  const MCInstrDesc &D = MII.get(CI.MI.getOpcode());
  if (isDataPath(D))
    return decodeSite(CI.MI, D, Out);
  if (isSync(D))
    return decodeSync(CI.MI, D, Out);
  return decodeControl(CI, D, Out);
}

void NeuronISA::markReachable(std::vector<CodeBlock> &Blocks) {
  for (CodeBlock &B : Blocks)
    B.Reachable = false;
  std::vector<unsigned> Work{0};
  Blocks[0].Reachable = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    for (unsigned S : Blocks[B].Succs)
      if (!Blocks[S].Reachable) {
        Blocks[S].Reachable = true;
        Work.push_back(S);
      }
  }
}

std::string NeuronISA::buildBlocks(const std::vector<Decoded> &Code,
                                   std::vector<CodeBlock> &Blocks) {
  unsigned N = Code.size();
  if (N == 0)
    return "the kernel has no instructions";
  std::vector<bool> Leader(N + 1, false);
  Leader[0] = true;
  for (unsigned I = 0; I != N; ++I) {
    DKind K = Code[I].K;
    if (K == DKind::Branch || K == DKind::CondBranch || K == DKind::Ret) {
      Leader[I + 1] = true;
      if (K != DKind::Ret)
        Leader[Code[I].Target] = true;
    }
  }
  std::vector<int> BlockAt(N + 1, -1);
  for (unsigned I = 0; I != N; ++I)
    if (Leader[I]) {
      BlockAt[I] = Blocks.size();
      Blocks.push_back({I, I, {}, false});
    }
  for (unsigned B = 0; B != Blocks.size(); ++B)
    Blocks[B].End = B + 1 < Blocks.size() ? Blocks[B + 1].Begin : N;
  for (CodeBlock &B : Blocks) {
    const Decoded &Last = Code[B.End - 1];
    if (Last.K == DKind::Branch || Last.K == DKind::CondBranch)
      B.Succs.push_back(BlockAt[Last.Target]);
    if (Last.K != DKind::Branch && Last.K != DKind::Ret && B.End != N)
      B.Succs.push_back(BlockAt[B.End]);
  }
  // Only reachable code must be well formed.
  markReachable(Blocks);
  const CodeBlock &Last = Blocks.back();
  DKind K = Code[N - 1].K;
  if (Last.Reachable && K != DKind::Branch && K != DKind::Ret)
    return "control can reach the end of the kernel without a ret "
           "(after instruction " + std::to_string(N - 1) + ")";
  return "";
}
