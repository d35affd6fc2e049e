//===-- NeuronISAOperandCheck.cpp - Every field of an instruction ---------===//

#include "NeuronISAOperandCheck.h"
#include "NeuronISAMCTargetDesc.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCRegisterInfo.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

/// The first operand of the tile or HBM address that operand Idx of D
/// belongs to, and the address's number of operands.
static std::pair<unsigned, unsigned> addressOf(const MCInstrDesc &D,
                                               unsigned Idx) {
  unsigned I = 0;
  while (true) {
    unsigned Type = D.operands()[I].OperandType;
    unsigned Width = Type == MCOI::OPERAND_NEURONISA_TILE_ADDR
                         ? NumTileAddrOperands
                     : Type == MCOI::OPERAND_NEURONISA_HBM_ADDR
                         ? NumHBMAddrOperands
                         : 1;
    if (Idx < I + Width)
      return {I, Width};
    I += Width;
  }
}

std::optional<ImmRange> NeuronISA::getImmRange(const MachineParams &MP,
                                               const MCInstrDesc &D,
                                               unsigned Idx) {
  constexpr int64_t S32Min = INT32_MIN, S32Max = INT32_MAX;
  constexpr int64_t U32Max = UINT32_MAX;
  switch (D.operands()[Idx].OperandType) {
  case MCOI::OPERAND_NEURONISA_TILE_ADDR:
  case MCOI::OPERAND_NEURONISA_HBM_ADDR:
    switch (Idx - addressOf(D, Idx).first) {
    case TileAddrOffset:
      // Added to a 32-bit base register; before emission, a tile global.
      return ImmRange{S32Min, S32Max, "address offset", true};
    case TileAddrPartStart:
      return ImmRange{0, int64_t(MP.NumPartitions) - 1, "partition start",
                      false};
    default:
      return std::nullopt; // the base register
    }
  case MCOI::OPERAND_NEURONISA_IMM32:
    // Scalar immediates: any 32-bit pattern, written signed or unsigned;
    // li also takes a tile's address (a symbol until emission).
    return ImmRange{S32Min, U32Max, "32-bit immediate", true};
  case MCOI::OPERAND_NEURONISA_SIMM32:
    return ImmRange{S32Min, S32Max, "signed 32-bit immediate", false};
  case MCOI::OPERAND_NEURONISA_F32:
    return ImmRange{S32Min, U32Max, "fp32 immediate", false};
  case MCOI::OPERAND_NEURONISA_PARTITIONS:
    return ImmRange{1, MP.NumPartitions, "partition count", false};
  case MCOI::OPERAND_NEURONISA_FREE_SIZE:
    return ImmRange{1,
                    std::max(MP.SBUFBytesPerPartition,
                             MP.PSUMBytesPerPartition) /
                        4,
                    "free size", false};
  case MCOI::OPERAND_NEURONISA_PE_COLUMNS:
    return ImmRange{1, MP.PSUMBankBytes / 4,
                    "matmul moving free size (one PSUM bank)", false};
  case MCOI::OPERAND_NEURONISA_HBM_STRIDE:
    return ImmRange{0, S32Max, "HBM row stride", false};
  case MCOI::OPERAND_NEURONISA_DMA_QUEUE:
    return ImmRange{0, int64_t(MP.NumDMAQueues) - 1, "DMA queue", false};
  case MCOI::OPERAND_NEURONISA_FLAG:
    return ImmRange{0, 1, "flag", false};
  default:
    return std::nullopt;
  }
}

static const char *describeRegClass(int RC) {
  switch (RC) {
  case NeuronISA::GPRRegClassID:
    return "a scalar register (r0-r31)";
  case NeuronISA::SEMRegClassID:
    return "a semaphore (s0-s255)";
  case NeuronISA::SEMOPTRegClassID:
    return "a semaphore (s0-s255) or snone";
  }
  return "a register";
}

static std::string describeValue(const OperandValue &V) {
  switch (V.Kind) {
  case OperandValue::Missing:
    return "nothing";
  case OperandValue::Reg:
    return V.Register ? "a register of another class" : "no register";
  case OperandValue::VirtualReg:
    return "a register";
  case OperandValue::Imm:
    return "an immediate";
  case OperandValue::Symbol:
    return "a symbol";
  case OperandValue::Other:
    break;
  }
  return "another kind of operand";
}

std::optional<OperandError> NeuronISA::checkOperands(const MachineParams &MP,
                                                     const MCInstrDesc &D,
                                                     OperandGetter Get) {
  auto Fail = [](unsigned Idx, const Twine &Msg) {
    return std::optional<OperandError>(OperandError{Idx, Msg.str()});
  };
  for (unsigned I = 0, E = D.getNumOperands(); I != E; ++I) {
    const MCOperandInfo &OI = D.operands()[I];
    OperandValue V = Get(I);
    if (V.Kind == OperandValue::Missing)
      return Fail(I, "missing operand");
    if (OI.RegClass >= 0) {
      if (V.Kind == OperandValue::VirtualReg)
        continue;
      if (V.Kind != OperandValue::Reg || !V.Register ||
          !NeuronISAMCRegisterClasses[OI.RegClass].contains(V.Register))
        return Fail(I, Twine("expected ") + describeRegClass(OI.RegClass) +
                           ", not " + describeValue(V));
      int Sem = getSemaphoreIndex(V.Register);
      if (Sem >= 0 && unsigned(Sem) >= MP.NumSemaphores)
        return Fail(I, "semaphore s" + Twine(Sem) + " out of range s0-s" +
                           Twine(MP.NumSemaphores - 1));
      continue;
    }
    std::optional<ImmRange> R = getImmRange(MP, D, I);
    if (!R) {
      // Branch targets, frame indices: anything but a register.
      if (V.Kind == OperandValue::Reg || V.Kind == OperandValue::VirtualReg)
        return Fail(I, "expected an immediate or a label, not a register");
      continue;
    }
    if (V.Kind == OperandValue::Symbol && R->AllowsSymbol)
      continue;
    if (V.Kind != OperandValue::Imm)
      return Fail(I, Twine("expected an immediate (") + R->What + "), not " +
                         describeValue(V));
    if (V.Value < R->Min || V.Value > R->Max)
      return Fail(I, Twine(R->What) + " " + Twine(V.Value) +
                         " out of range " + Twine(R->Min) + "-" +
                         Twine(R->Max));
  }
  TileFormat F = getTileFormat(D);
  if (F == TileFormat::None)
    return std::nullopt;
  std::string Shape = checkShape(MP, F, [&](unsigned Idx) -> int64_t {
    OperandValue V = Get(Idx);
    return V.Kind == OperandValue::Imm ? V.Value : 0;
  });
  if (!Shape.empty())
    return Fail(~0u, Shape);
  return std::nullopt;
}

std::optional<OperandError> NeuronISA::checkOperands(const MachineParams &MP,
                                                     const MCInstrDesc &D,
                                                     const MCInst &MI) {
  return checkOperands(MP, D, [&](unsigned Idx) {
    if (Idx >= MI.getNumOperands())
      return OperandValue();
    const MCOperand &MO = MI.getOperand(Idx);
    if (MO.isReg())
      return OperandValue::reg(MO.getReg().id());
    if (MO.isImm())
      return OperandValue::imm(MO.getImm());
    int64_t V;
    if (MO.isExpr())
      return MO.getExpr()->evaluateAsAbsolute(V) ? OperandValue::imm(V)
                                                 : OperandValue::symbol();
    return OperandValue::other();
  });
}
