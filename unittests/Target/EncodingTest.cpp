//===- EncodingTest.cpp - Encoder and disassembler agree ------------------===//
//
// Properties of the encoding generated from the .td files, over every
// instruction and many random operands and bytes:
//  - every instruction with random valid operands encodes into its Size in
//    bytes and decodes back into the same MCInst;
//  - the disassembler accepts an encoded instruction exactly when the
//    assembly parser's operand check accepts its operands;
//  - the disassembler never crashes on arbitrary bytes, and whatever it
//    accepts re-encodes into exactly those bytes (so no two encodings mean
//    the same instruction and no bit is silently ignored).
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAELF.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "NeuronISAObject.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <random>

using namespace llvm;
using namespace llvm::neuronisa_obj;

namespace {

class EncodingTest : public ::testing::Test {
protected:
  void SetUp() override {
    Expected<std::unique_ptr<MCTools>> M = MCTools::create();
    ASSERT_TRUE(!!M) << toString(M.takeError());
    MC = std::move(*M);
  }

  /// A random MCInst of opcode Opc whose every field fits its encoding,
  /// in the form the disassembler gives (32-bit integers signed, fp32 bit
  /// patterns unsigned). With InRange, each immediate also lies in the
  /// range of its operand type (NeuronISAOperandCheck), often near its
  /// low end so that the shape rules tying fields together hold too.
  MCInst randomInst(unsigned Opc, std::mt19937_64 &R, bool InRange) {
    const MCInstrDesc &D = MC->MII->get(Opc);
    MCInst MI;
    MI.setOpcode(Opc);
    for (unsigned I = 0; I != D.getNumOperands(); ++I) {
      const MCOperandInfo &OI = D.operands()[I];
      if (OI.RegClass >= 0) {
        const MCRegisterClass &RC = MC->MRI->getRegClass(OI.RegClass);
        MI.addOperand(
            MCOperand::createReg(RC.getRegister(R() % RC.getNumRegs())));
        continue;
      }
      std::optional<NeuronISA::ImmRange> Range =
          NeuronISA::getImmRange(MP, D, I);
      bool F32 = OI.OperandType == MCOI::OPERAND_NEURONISA_F32;
      // What the encoding holds: 32 bits; a partition start 7, a flag 1.
      int64_t Min = F32 ? 0 : INT32_MIN, Max = F32 ? UINT32_MAX : INT32_MAX;
      // The third operand of a tile address (after its base register).
      const MCOperandInfo *Base =
          I >= NeuronISA::TileAddrPartStart
              ? &D.operands()[I - NeuronISA::TileAddrPartStart]
              : nullptr;
      bool PartStart =
          OI.OperandType == MCOI::OPERAND_NEURONISA_TILE_ADDR && Base &&
          Base->OperandType == MCOI::OPERAND_NEURONISA_TILE_ADDR &&
          Base->RegClass >= 0;
      if (PartStart) {
        Min = 0;
        Max = 127;
      } else if (OI.OperandType == MCOI::OPERAND_NEURONISA_FLAG) {
        Min = 0;
        Max = 1;
      }
      if (InRange && Range) {
        Min = std::max(Min, Range->Min);
        Max = std::min(Max, Range->Max);
        if (R() % 2)
          Max = std::min(Max, Min + 127);
      }
      int64_t V = Min + int64_t(R() % uint64_t(Max - Min + 1));
      MI.addOperand(MCOperand::createImm(V));
    }
    return MI;
  }

  /// A random MCInst of opcode Opc that passes the operand check.
  MCInst randomValidInst(unsigned Opc, std::mt19937_64 &R) {
    const MCInstrDesc &D = MC->MII->get(Opc);
    for (int Try = 0; Try != 10000; ++Try) {
      MCInst MI = randomInst(Opc, R, /*InRange=*/true);
      if (!NeuronISA::checkOperands(MP, D, MI))
        return MI;
    }
    ADD_FAILURE() << "no valid operands for " << MC->MII->getName(Opc).str();
    return MCInst();
  }

  SmallString<32> encode(const MCInst &MI) {
    SmallString<32> Bytes;
    SmallVector<MCFixup, 2> Fixups;
    MC->Emitter->encodeInstruction(MI, Bytes, Fixups, *MC->STI);
    EXPECT_TRUE(Fixups.empty());
    return Bytes;
  }

  std::unique_ptr<MCTools> MC;
  NeuronISA::MachineParams MP; // the assembler's machine
};

ArrayRef<uint8_t> bytesOf(const SmallVectorImpl<char> &S) {
  return ArrayRef(reinterpret_cast<const uint8_t *>(S.data()), S.size());
}

std::string describe(const MCInst &MI) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "opcode " << MI.getOpcode();
  for (const MCOperand &O : MI)
    if (O.isReg())
      OS << " reg" << O.getReg().id();
    else if (O.isImm())
      OS << " " << O.getImm();
  return S;
}

TEST_F(EncodingTest, EveryInstructionDecodesToItself) {
  std::mt19937_64 R(1);
  unsigned Checked = 0;
  for (unsigned Opc = 0; Opc < MC->MII->getNumOpcodes(); ++Opc) {
    const MCInstrDesc &D = MC->MII->get(Opc);
    if (D.isPseudo() || D.getSize() == 0 ||
        MC->MII->getName(Opc).starts_with("G_"))
      continue;
    for (int Trial = 0; Trial != 200; ++Trial) {
      MCInst MI = randomValidInst(Opc, R);
      SmallString<32> Bytes = encode(MI);
      ASSERT_EQ(Bytes.size(), D.getSize()) << MC->MII->getName(Opc).str();
      ASSERT_EQ(NeuronISA::instructionBytes(Bytes[0]), D.getSize());
      MCInst Out;
      uint64_t Size;
      ASSERT_EQ(MC->Disassembler->getInstruction(
                    Out, Size, bytesOf(Bytes), 0,
                    nulls()),
                MCDisassembler::Success)
          << describe(MI);
      EXPECT_EQ(Size, D.getSize());
      EXPECT_EQ(describe(Out), describe(MI)) << MC->MII->getName(Opc).str();
    }
    ++Checked;
  }
  // The 129 instructions of docs/ISA.md: 37 control, 71 data-path, 21
  // synchronization.
  EXPECT_EQ(Checked, 129u);
}

TEST_F(EncodingTest, DisassemblerRejectsWhatTheAssemblerRejects) {
  // Any value that fits a field encodes; the disassembler accepts the
  // instruction exactly when the assembly parser's operand check does (a
  // partition count of 0, a DMA queue the machine lacks, a free size past a
  // partition, shapes that do not match, ...).
  std::mt19937_64 R(4);
  unsigned Accepted = 0, Rejected = 0;
  for (unsigned Opc = 0; Opc < MC->MII->getNumOpcodes(); ++Opc) {
    const MCInstrDesc &D = MC->MII->get(Opc);
    if (D.isPseudo() || D.getSize() == 0 ||
        MC->MII->getName(Opc).starts_with("G_"))
      continue;
    for (int Trial = 0; Trial != 200; ++Trial) {
      MCInst MI = randomInst(Opc, R, /*InRange=*/Trial % 2);
      bool Valid = !NeuronISA::checkOperands(MP, D, MI);
      SmallString<32> Bytes = encode(MI);
      MCInst Out;
      uint64_t Size;
      std::string Why;
      raw_string_ostream WhyOS(Why);
      bool Decoded = MC->Disassembler->getInstruction(Out, Size, bytesOf(Bytes),
                                                      0, WhyOS) ==
                     MCDisassembler::Success;
      ASSERT_EQ(Decoded, Valid) << describe(MI);
      if (Decoded)
        EXPECT_EQ(describe(Out), describe(MI));
      else
        EXPECT_FALSE(Why.empty()) << describe(MI); // the reason is given
      ++(Decoded ? Accepted : Rejected);
    }
  }
  EXPECT_GT(Accepted, 1000u);
  EXPECT_GT(Rejected, 1000u);
}

/// Decodes Bytes; whatever decodes must re-encode into the same bytes.
/// Returns whether it decoded.
bool checkDecode(MCTools &MC, ArrayRef<uint8_t> Bytes) {
  MCInst MI;
  uint64_t Size = 0;
  if (MC.Disassembler->getInstruction(MI, Size, Bytes, 0, nulls()) !=
      MCDisassembler::Success)
    return false;
  SmallString<32> Again;
  SmallVector<MCFixup, 2> Fixups;
  MC.Emitter->encodeInstruction(MI, Again, Fixups, *MC.STI);
  EXPECT_EQ(Size, Again.size());
  EXPECT_TRUE(bytesOf(Again) ==
              Bytes.take_front(Size))
      << describe(MI);
  return true;
}

TEST_F(EncodingTest, RandomBytesNeverCrashAndDecodeExactly) {
  std::mt19937_64 R(2);
  uint8_t Buf[32];
  unsigned Decoded = 0;
  for (int Trial = 0; Trial != 300000; ++Trial) {
    for (uint8_t &B : Buf)
      B = R();
    // Random lengths, including fewer bytes than an instruction needs.
    size_t Len = (Trial % 7 == 0) ? R() % 33 : 32;
    Decoded += checkDecode(*MC, ArrayRef(Buf, Len));
  }
  // Random words are almost never instructions (unused bits must be zero).
  EXPECT_LT(Decoded, 1000u);
}

TEST_F(EncodingTest, FlippedBitsOfValidInstructions) {
  // Bit flips near valid encodings reach every decoder path: most are
  // rejected, the rest must be other valid instructions, exactly.
  std::mt19937_64 R(3);
  unsigned Decoded = 0, Rejected = 0;
  for (unsigned Opc = 0; Opc < MC->MII->getNumOpcodes(); ++Opc) {
    const MCInstrDesc &D = MC->MII->get(Opc);
    if (D.isPseudo() || D.getSize() == 0 ||
        MC->MII->getName(Opc).starts_with("G_"))
      continue;
    for (int Trial = 0; Trial != 100; ++Trial) {
      SmallString<32> Bytes = encode(randomValidInst(Opc, R));
      for (int Flips = 1 + R() % 3; Flips--;) {
        unsigned Bit = R() % (Bytes.size() * 8);
        Bytes[Bit / 8] ^= 1 << (Bit % 8);
      }
      if (checkDecode(*MC,
                      bytesOf(Bytes)))
        ++Decoded;
      else
        ++Rejected;
    }
  }
  EXPECT_GT(Decoded, 0u);
  EXPECT_GT(Rejected, 0u);
}

} // namespace
