//===- EngineClassificationTest.cpp - Which engine runs what -------------===//
//
// The engine of every instruction is recorded once (TSFlags); these tests
// check that record against the two other places an engine is visible: the
// mnemonic's prefix, which is also the builtin's name, and the tile operand
// layouts of the shared machine model.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"
#include "gtest/gtest.h"
#include <memory>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

class EngineClassificationTest : public ::testing::Test {
protected:
  void SetUp() override {
    LLVMInitializeNeuronISATargetInfo();
    LLVMInitializeNeuronISATargetMC();
    std::string Err;
    const Target *T = TargetRegistry::lookupTarget(Triple("neuronisa"), Err);
    ASSERT_NE(T, nullptr) << Err;
    MII.reset(T->createMCInstrInfo());
  }
  std::unique_ptr<MCInstrInfo> MII;
};

TEST_F(EngineClassificationTest, BuiltinPrefixNamesTheEngine) {
  unsigned Checked = 0;
  for (unsigned Opc = 0; Opc < MII->getNumOpcodes(); ++Opc) {
    StringRef Name = MII->getName(Opc);
    const MCInstrDesc &D = MII->get(Opc);
    if (!isDataPath(D) && !isSync(D))
      continue;
    // Opcode names are <ENGINE>_..., except DMA (issued by SP) and the
    // all-engine barrier.
    StringRef Prefix = Name.split('_').first;
    Engine E = getEngine(D);
    if (Prefix == "DMA") {
      EXPECT_EQ(E, Engine::SP) << Name.str();
      EXPECT_TRUE(isDMA(getTileFormat(D))) << Name.str();
    } else if (Name == "BARRIER") {
      EXPECT_EQ(E, Engine::Control);
      EXPECT_EQ(getSyncKind(D), SyncKind::Barrier);
    } else {
      EXPECT_EQ(Prefix.lower(), engineName(E).str()) << Name.str();
    }
    ++Checked;
  }
  // 2 DMA + 2 PE + 18 ACT + 2 x 24 DVE/POOL + iota + 5 x 4 sync + barrier.
  EXPECT_EQ(Checked, 92u);
}

TEST_F(EngineClassificationTest, ControlInstructionsRunEverywhere) {
  for (unsigned Opc : {NeuronISA::ADD, NeuronISA::LI, NeuronISA::SEL,
                       NeuronISA::BNE, NeuronISA::B, NeuronISA::RET}) {
    const MCInstrDesc &D = MII->get(Opc);
    EXPECT_EQ(getEngine(D), Engine::Control) << MII->getName(Opc).str();
    EXPECT_FALSE(isDataPath(D));
    EXPECT_FALSE(isSync(D));
  }
}

TEST_F(EngineClassificationTest, TileOperandLayoutsMatchOperandLists) {
  for (unsigned Opc = 0; Opc < MII->getNumOpcodes(); ++Opc) {
    const MCInstrDesc &D = MII->get(Opc);
    if (!isDataPath(D))
      continue;
    std::string Name = MII->getName(Opc).str();
    unsigned NumOps = D.getNumOperands();
    ASSERT_GE(NumOps, 2u) << Name;
    // The completion semaphore is last.
    EXPECT_EQ(D.operands()[DataOperands::semaphore(D)].RegClass,
              NeuronISA::SEMOPTRegClassID)
        << Name;
    ArrayRef<TileOperandSpec> Specs = getTileOperandSpecs(getTileFormat(D));
    ASSERT_FALSE(Specs.empty()) << Name;
    unsigned Writes = 0;
    for (const TileOperandSpec &S : Specs) {
      ASSERT_LT(S.AddrOp + S.numAddrOperands(), NumOps - 1) << Name;
      EXPECT_EQ(D.operands()[S.baseOp()].RegClass, NeuronISA::GPRRegClassID)
          << Name << " " << S.Role;
      // Every operand of the address has the address's operand type.
      unsigned Type = S.Space == MemSpace::OnChip
                          ? MCOI::OPERAND_NEURONISA_TILE_ADDR
                          : MCOI::OPERAND_NEURONISA_HBM_ADDR;
      for (unsigned K = 0; K != S.numAddrOperands(); ++K)
        EXPECT_EQ(D.operands()[S.AddrOp + K].OperandType, Type)
            << Name << " " << S.Role;
      if (S.Space == MemSpace::OnChip) {
        EXPECT_EQ(unsigned(S.partStartOp()), S.AddrOp + TileAddrPartStart);
      }
      for (int Idx : {int(S.PartOp), int(S.FreeOp), int(S.StrideOp),
                      int(S.AccOp)}) {
        if (Idx < 0)
          continue;
        ASSERT_LT(unsigned(Idx), NumOps - 1) << Name;
        EXPECT_EQ(D.operands()[Idx].RegClass, -1) << Name << " " << S.Role;
      }
      Writes += S.Access == TileAccess::Write;
    }
    EXPECT_EQ(Writes, 1u) << Name << " writes exactly one tile";
  }
}

// The tile operand layouts are resolved once per format, by operand name, on
// the format's first instruction: every instruction of the format must give
// each name the same index.
TEST_F(EngineClassificationTest, InstructionsOfAFormatShareOperandIndices) {
  unsigned Checked = 0;
  for (unsigned Opc = 0; Opc < MII->getNumOpcodes(); ++Opc) {
    const MCInstrDesc &D = MII->get(Opc);
    if (!isDataPath(D))
      continue;
    unsigned Exemplar = getFormatExemplar(getTileFormat(D));
    EXPECT_EQ(getTileFormat(MII->get(Exemplar)), getTileFormat(D));
    for (unsigned N = 0; N != unsigned(OpName::NUM_OPERAND_NAMES); ++N)
      EXPECT_EQ(getNamedOperandIdx(Opc, OpName(N)),
                getNamedOperandIdx(Exemplar, OpName(N)))
          << MII->getName(Opc).str() << " operand " << N;
    ++Checked;
  }
  EXPECT_EQ(Checked, 71u);
}

TEST_F(EngineClassificationTest, BuiltinLookupIsExact) {
  const BuiltinInfo *B = findBuiltin("dve.tt.add");
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(B->BuiltinOpcode, unsigned(NeuronISA::DVE_TT_ADD));
  EXPECT_EQ(findBuiltin("DVE.TT.ADD"), nullptr);
  EXPECT_EQ(findBuiltin("dve.tt"), nullptr);
  ASSERT_NE(findBuiltin("dma.load"), nullptr);
  EXPECT_EQ(findBuiltin("dma.load")->BuiltinOpcode,
            unsigned(NeuronISA::DMA_LOAD));
  ASSERT_NE(findBuiltin("barrier"), nullptr);
}

TEST(AgentTest, StreamsAndQueues) {
  EXPECT_EQ(agentOfEngine(Engine::PE), 0u);
  EXPECT_EQ(agentOfEngine(Engine::SP), 4u);
  EXPECT_EQ(agentOfDMAQueue(3), 8u);
  EXPECT_TRUE(isDMAQueueAgent(agentOfDMAQueue(0)));
  EXPECT_FALSE(isDMAQueueAgent(agentOfEngine(Engine::SP)));
  EXPECT_EQ(engineOfAgent(agentOfDMAQueue(15)), Engine::SP);
  EXPECT_EQ(agentName(agentOfEngine(Engine::DVE)), "dve");
  EXPECT_EQ(agentName(agentOfDMAQueue(7)), "dma.q7");
}

} // namespace
