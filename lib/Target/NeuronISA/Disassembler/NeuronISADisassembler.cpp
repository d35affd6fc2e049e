//===-- NeuronISADisassembler.cpp - Decode NeuronISA instructions ---------===//
//
// Decodes the encoding of NeuronISAInstrFormats.td with the tables TableGen
// generates from it (-gen-disassembler): one table for one-word
// instructions, one for four-word data-path instructions; the first byte's
// format field says which. A word that matches no instruction (an unknown
// opcode, a non-zero unused bit, a semaphore field above snone) fails, and
// so does one whose fields the assembly parser would reject
// (NeuronISAOperandCheck.h: a partition count of 0, a DMA queue the machine
// lacks, ...); the reason goes to the comment stream.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAELF.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDecoder.h"
#include "llvm/MC/MCDecoderOps.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include <bitset>

using namespace llvm;
using namespace llvm::MCD;

#define DEBUG_TYPE "neuronisa-disassembler"

using DecodeStatus = MCDisassembler::DecodeStatus;

namespace {

class NeuronISADisassembler : public MCDisassembler {
  std::unique_ptr<const MCInstrInfo> MCII;

public:
  NeuronISADisassembler(const MCSubtargetInfo &STI, MCContext &Ctx,
                        const MCInstrInfo *MCII)
      : MCDisassembler(STI, Ctx), MCII(MCII) {}

  DecodeStatus getInstruction(MCInst &MI, uint64_t &Size,
                              ArrayRef<uint8_t> Bytes, uint64_t Address,
                              raw_ostream &CStream) const override;
};

} // namespace

static DecodeStatus DecodeGPRRegisterClass(MCInst &MI, uint64_t RegNo,
                                           uint64_t Address,
                                           const MCDisassembler *Decoder) {
  if (RegNo >= 32)
    return MCDisassembler::Fail;
  MI.addOperand(MCOperand::createReg(NeuronISA::getGPR(RegNo)));
  return MCDisassembler::Success;
}

static DecodeStatus DecodeSEMRegisterClass(MCInst &MI, uint64_t SemNo,
                                           uint64_t Address,
                                           const MCDisassembler *Decoder) {
  if (SemNo >= 256)
    return MCDisassembler::Fail;
  MI.addOperand(MCOperand::createReg(NeuronISA::getSemaphoreReg(SemNo)));
  return MCDisassembler::Success;
}

// s0-s255 are 0-255, snone is 256 (its HWEncoding); 257-511 are invalid.
static DecodeStatus DecodeSEMOPTRegisterClass(MCInst &MI, uint64_t SemNo,
                                              uint64_t Address,
                                              const MCDisassembler *Decoder) {
  if (SemNo == 256) {
    MI.addOperand(MCOperand::createReg(NeuronISA::SNONE));
    return MCDisassembler::Success;
  }
  return DecodeSEMRegisterClass(MI, SemNo, Address, Decoder);
}

// Bits 0-31: the byte offset (signed); bits 32-36: the base register.
static DecodeStatus decodeHBMAddr(MCInst &MI, uint64_t Field, uint64_t Address,
                                  const MCDisassembler *Decoder) {
  if (DecodeGPRRegisterClass(MI, (Field >> 32) & 31, Address, Decoder) ==
      MCDisassembler::Fail)
    return MCDisassembler::Fail;
  MI.addOperand(MCOperand::createImm(SignExtend64<32>(Field)));
  return MCDisassembler::Success;
}

// An HBM address, then bits 37-43: the partition start.
static DecodeStatus decodeTileAddr(MCInst &MI, uint64_t Field,
                                   uint64_t Address,
                                   const MCDisassembler *Decoder) {
  if (decodeHBMAddr(MI, Field, Address, Decoder) == MCDisassembler::Fail)
    return MCDisassembler::Fail;
  MI.addOperand(MCOperand::createImm((Field >> 37) & 127));
  return MCDisassembler::Success;
}

// The signed distance in words from the branch to its target.
static DecodeStatus decodeBranchTarget(MCInst &MI, uint64_t Field,
                                       uint64_t Address,
                                       const MCDisassembler *Decoder) {
  MI.addOperand(MCOperand::createImm(SignExtend64<32>(Field)));
  return MCDisassembler::Success;
}

#include "NeuronISAGenDisassemblerTables.inc"

/// Is an operand of this type a 32-bit two's complement integer field?
static bool isSigned32Field(uint8_t OperandType) {
  switch (OperandType) {
  case MCOI::OPERAND_NEURONISA_IMM32:
  case MCOI::OPERAND_NEURONISA_SIMM32:
  case MCOI::OPERAND_NEURONISA_PARTITIONS:
  case MCOI::OPERAND_NEURONISA_FREE_SIZE:
  case MCOI::OPERAND_NEURONISA_PE_COLUMNS:
  case MCOI::OPERAND_NEURONISA_HBM_STRIDE:
  case MCOI::OPERAND_NEURONISA_DMA_QUEUE:
    return true;
  default:
    return false; // fp32 bit patterns, flags, addresses, registers
  }
}

namespace {
template <> constexpr uint32_t InsnBitWidth<uint64_t> = 64;
template <> constexpr uint32_t InsnBitWidth<std::bitset<256>> = 256;
} // namespace

DecodeStatus NeuronISADisassembler::getInstruction(MCInst &MI, uint64_t &Size,
                                                   ArrayRef<uint8_t> Bytes,
                                                   uint64_t Address,
                                                   raw_ostream &CS) const {
  if (Bytes.size() < NeuronISA::WordBytes) {
    Size = Bytes.size();
    return Fail;
  }
  unsigned Len = NeuronISA::instructionBytes(Bytes[0]);
  if (Bytes.size() < Len) {
    Size = Bytes.size();
    return Fail;
  }
  Size = Len;
  DecodeStatus S;
  if (Len == NeuronISA::ShortInstBytes) {
    uint64_t Word = support::endian::read64le(Bytes.data());
    S = decodeInstruction(DecoderTable64, MI, Word, Address, this, STI);
  } else {
    std::bitset<256> Insn;
    for (unsigned W = Len / NeuronISA::WordBytes; W-- != 0;) {
      Insn <<= 64;
      Insn |= std::bitset<256>(
          support::endian::read64le(Bytes.data() + W * NeuronISA::WordBytes));
    }
    S = decodeInstruction(DecoderTable256, MI, Insn, Address, this, STI);
  }
  if (S == Fail)
    return Fail;
  // 32-bit integer fields are two's complement, as the assembler reads and
  // writes them (fp32 bit patterns stay unsigned).
  const MCInstrDesc &Desc = MCII->get(MI.getOpcode());
  for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I)
    if (I < Desc.getNumOperands() &&
        isSigned32Field(Desc.operands()[I].OperandType) &&
        MI.getOperand(I).isImm())
      MI.getOperand(I).setImm(SignExtend64<32>(MI.getOperand(I).getImm()));
  // A word the assembler would not write is not an instruction: every field
  // must pass the assembly parser's check (on the subtarget's machine).
  if (std::optional<NeuronISA::OperandError> E = NeuronISA::checkOperands(
          NeuronISA::getMachineParamsOrGeneric(STI.getCPU()), Desc, MI)) {
    CS << E->Msg;
    return Fail;
  }
  return S;
}

static MCDisassembler *createNeuronISADisassembler(const Target &T,
                                                   const MCSubtargetInfo &STI,
                                                   MCContext &Ctx) {
  return new NeuronISADisassembler(STI, Ctx, T.createMCInstrInfo());
}

extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY void LLVMInitializeNeuronISADisassembler() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  TargetRegistry::RegisterMCDisassembler(getTheNeuronISATarget(),
                                         createNeuronISADisassembler);
}
