//===- OperandCheckTest.cpp - Every field of every instruction ------------===//
//
// The one operand check: operand kinds from the register classes, immediate
// ranges from the operand types, limits from the machine parameters.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"
#include "gtest/gtest.h"
#include <memory>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

class OperandCheckTest : public ::testing::Test {
protected:
  void SetUp() override {
    LLVMInitializeNeuronISATargetInfo();
    LLVMInitializeNeuronISATargetMC();
    std::string Err;
    const Target *T = TargetRegistry::lookupTarget(Triple("neuronisa"), Err);
    ASSERT_NE(T, nullptr) << Err;
    MII.reset(T->createMCInstrInfo());
  }

  /// dma.load [r0+Off, pPart], [r1+0], P, F, Stride, Queue, snone
  MCInst dmaLoad(int64_t Off, int64_t Part, int64_t P, int64_t F,
                 int64_t Stride, int64_t Queue) {
    MCInst MI;
    MI.setOpcode(NeuronISA::DMA_LOAD);
    for (MCOperand Op :
         {MCOperand::createReg(NeuronISA::R0), MCOperand::createImm(Off),
          MCOperand::createImm(Part), MCOperand::createReg(NeuronISA::R1),
          MCOperand::createImm(0), MCOperand::createImm(P),
          MCOperand::createImm(F), MCOperand::createImm(Stride),
          MCOperand::createImm(Queue), MCOperand::createReg(NeuronISA::SNONE)})
      MI.addOperand(Op);
    return MI;
  }

  std::string check(const MachineParams &MP, const MCInst &MI) {
    std::optional<OperandError> E =
        checkOperands(MP, MII->get(MI.getOpcode()), MI);
    return E ? std::to_string(int(E->OpIdx)) + ": " + E->Msg : "";
  }

  std::unique_ptr<MCInstrInfo> MII;
};

TEST_F(OperandCheckTest, FieldsFollowTheirOperandTypes) {
  MachineParams MP;
  EXPECT_EQ(check(MP, dmaLoad(0x800, 0, 128, 512, 2048, 15)), "");
  EXPECT_EQ(check(MP, dmaLoad(0, 0, 128, 512, 2048, -1)),
            "8: DMA queue -1 out of range 0-15");
  EXPECT_EQ(check(MP, dmaLoad(INT64_MIN, 0, 1, 1, 4, 0)),
            "1: address offset -9223372036854775808 out of range "
            "-2147483648-2147483647");
  EXPECT_EQ(check(MP, dmaLoad(0, 128, 1, 1, 4, 0)),
            "2: partition start 128 out of range 0-127");
  EXPECT_EQ(check(MP, dmaLoad(0, 0, 0, 1, 4, 0)),
            "5: partition count 0 out of range 1-128");
  EXPECT_EQ(check(MP, dmaLoad(0, 0, 1, 1, -4, 0)),
            "7: HBM row stride -4 out of range 0-2147483647");
  // Partition start and count together: a shape rule.
  EXPECT_EQ(check(MP, dmaLoad(0, 100, 29, 1, 4, 0)),
            "-1: dst partitions [100, 129) exceed the machine's 128");
}

TEST_F(OperandCheckTest, LimitsAreTheMachineParameters) {
  MachineParams MP;
  MP.NumDMAQueues = 4;
  MP.NumPartitions = 64;
  EXPECT_EQ(check(MP, dmaLoad(0, 0, 1, 1, 4, 4)),
            "8: DMA queue 4 out of range 0-3");
  EXPECT_EQ(check(MP, dmaLoad(0, 64, 1, 1, 4, 0)),
            "2: partition start 64 out of range 0-63");
  MP.PSUMBankBytes = 1024;
  std::optional<ImmRange> N =
      getImmRange(MP, MII->get(NeuronISA::PE_MATMUL),
                  getNamedOperandIdx(NeuronISA::PE_MATMUL, OpName::n));
  ASSERT_TRUE(N);
  EXPECT_EQ(N->Min, 1);
  EXPECT_EQ(N->Max, 256);
}

TEST_F(OperandCheckTest, OperandKinds) {
  MachineParams MP;
  // A semaphore where the tile base goes.
  MCInst MI = dmaLoad(0, 0, 1, 1, 4, 0);
  MI.getOperand(0) = MCOperand::createReg(NeuronISA::S3);
  EXPECT_EQ(check(MP, MI), "0: expected a scalar register (r0-r31), not a "
                           "register of another class");
  // No register at all.
  MI.getOperand(0) = MCOperand::createReg(0);
  EXPECT_EQ(check(MP, MI),
            "0: expected a scalar register (r0-r31), not no register");
  // A register where the offset goes.
  MI = dmaLoad(0, 0, 1, 1, 4, 0);
  MI.getOperand(1) = MCOperand::createReg(NeuronISA::R2);
  EXPECT_EQ(check(MP, MI),
            "1: expected an immediate (address offset), not a register of "
            "another class");
  // A semaphore the machine does not have.
  MP.NumSemaphores = 8;
  MI = dmaLoad(0, 0, 1, 1, 4, 0);
  MI.getOperand(9) = MCOperand::createReg(NeuronISA::S8);
  EXPECT_EQ(check(MP, MI), "9: semaphore s8 out of range s0-s7");
  // Too few operands.
  MI = dmaLoad(0, 0, 1, 1, 4, 0);
  MCInst Short;
  Short.setOpcode(NeuronISA::DMA_LOAD);
  for (unsigned I = 0; I < 4; ++I)
    Short.addOperand(MI.getOperand(I));
  EXPECT_EQ(check(MP, Short), "4: missing operand");
}

TEST_F(OperandCheckTest, EveryImmediateOfEveryInstructionHasARange) {
  // Only codegen-only stack slots, branch targets and the tile base
  // registers are left out of the range checks.
  MachineParams MP;
  for (unsigned Opc = 0; Opc < MII->getNumOpcodes(); ++Opc) {
    const MCInstrDesc &D = MII->get(Opc);
    if (!isTargetSpecificOpcode(Opc) || Opc == NeuronISA::SPILL ||
        Opc == NeuronISA::RELOAD || D.isBranch())
      continue;
    for (unsigned I = 0; I < D.getNumOperands(); ++I) {
      if (D.operands()[I].RegClass < 0) {
        EXPECT_TRUE(getImmRange(MP, D, I).has_value())
            << MII->getName(Opc).str() << " operand " << I;
      }
    }
  }
}

} // namespace
