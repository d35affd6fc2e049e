//===- BuiltinSignatureTest.cpp - Arguments of builtin calls --------------===//

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISABuiltinSignature.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

std::unique_ptr<MCInstrInfo> instrInfo() {
  LLVMInitializeNeuronISATargetInfo();
  LLVMInitializeNeuronISATargetMC();
  return std::unique_ptr<MCInstrInfo>(
      getTheNeuronISATarget().createMCInstrInfo());
}

TEST(BuiltinSignatureTest, EveryBuiltinNamesEachArgumentAndHasADoc) {
  auto MII = instrInfo();
  ASSERT_FALSE(getBuiltins().empty());
  for (const BuiltinInfo &B : getBuiltins()) {
    BuiltinSignature Sig = getBuiltinSignature(B.BuiltinOpcode, *MII);
    EXPECT_EQ(getBuiltinArgNames(B).size(), Sig.Args.size()) << B.BuiltinName;
    EXPECT_FALSE(StringRef(B.BuiltinDoc).empty()) << B.BuiltinName;
  }
}

TEST(BuiltinSignatureTest, MatMulArguments) {
  auto MII = instrInfo();
  const BuiltinInfo *B = findBuiltin("pe.matmul");
  ASSERT_NE(B, nullptr);
  BuiltinSignature Sig = getBuiltinSignature(B->BuiltinOpcode, *MII);
  EXPECT_TRUE(Sig.OptionalSem);
  SmallVector<StringRef, 8> Names = getBuiltinArgNames(*B);
  ASSERT_EQ(Sig.Args.size(), 7u);
  EXPECT_EQ(Names[0], "dst");
  EXPECT_EQ(Names[6], "acc");
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_EQ(Sig.Args[I].Kind, BuiltinArg::Tile);
  TileFormat F = TileFormat::MatMul;
  EXPECT_EQ(getTileAddrSpaces(F, *Sig.Args[0].Spec), 1u << NeuronISAAS::PSUM);
  EXPECT_EQ(getTileAddrSpaces(F, *Sig.Args[1].Spec), 1u << NeuronISAAS::SBUF);
  MachineParams MP;
  std::optional<ImmRange> N =
      getBuiltinArgRange(MP, *MII, Sig.Opcode, Sig.Args[5]);
  ASSERT_TRUE(N);
  EXPECT_EQ(N->Min, 1);
  EXPECT_EQ(N->Max, int64_t(MP.PSUMBankBytes / 4));
  std::optional<ImmRange> Acc =
      getBuiltinArgRange(MP, *MII, Sig.Opcode, Sig.Args[6]);
  ASSERT_TRUE(Acc);
  EXPECT_EQ(Acc->Min, 0);
  EXPECT_EQ(Acc->Max, 1);
  EXPECT_FALSE(getBuiltinArgRange(MP, *MII, Sig.Opcode, Sig.Args[0]));
}

TEST(BuiltinSignatureTest, VectorTilesMayBeInSBUFOrPSUM) {
  auto MII = instrInfo();
  const BuiltinInfo *B = findBuiltin("dve.tt.add");
  ASSERT_NE(B, nullptr);
  BuiltinSignature Sig = getBuiltinSignature(B->BuiltinOpcode, *MII);
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_EQ(getTileAddrSpaces(TileFormat::TensorTensor, *Sig.Args[I].Spec),
              (1u << NeuronISAAS::SBUF) | (1u << NeuronISAAS::PSUM));
}

// The ranges the builtin table publishes (neuronisa-builtins.json,
// neuronisa.h) are the ones every check of the instruction enforces
// (checkOperands: the verifier, verifyInstruction, the assembly parser, the
// simulator's loader): for every constant of every builtin, the range's ends
// pass and one beyond fails, the other arguments being valid.
TEST(BuiltinSignatureTest, ConstantRangesAreWhatTheOperandCheckAccepts) {
  auto MII = instrInfo();
  MachineParams MP;
  for (const BuiltinInfo &B : getBuiltins()) {
    const MCInstrDesc &D = MII->get(B.BuiltinOpcode);
    BuiltinSignature Sig = getBuiltinSignature(B.BuiltinOpcode, *MII);
    std::vector<OperandValue> Ops(D.getNumOperands());
    std::vector<const BuiltinArg *> Constants;
    for (const BuiltinArg &A : Sig.Args) {
      switch (A.Kind) {
      case BuiltinArg::Tile:
        Ops[A.Spec->baseOp()] = OperandValue::virtualReg();
        Ops[A.Spec->offsetOp()] = OperandValue::imm(0);
        if (A.Spec->partStartOp() >= 0)
          Ops[A.Spec->partStartOp()] = OperandValue::imm(0);
        break;
      case BuiltinArg::Reg:
        Ops[A.MIOp] = OperandValue::virtualReg();
        break;
      case BuiltinArg::F32:
        Ops[A.MIOp] = OperandValue::imm(0);
        break;
      case BuiltinArg::Sem:
        Ops[A.MIOp] = OperandValue::reg(getSemaphoreReg(0));
        Constants.push_back(&A);
        break;
      case BuiltinArg::Imm: {
        std::optional<ImmRange> R =
            getBuiltinArgRange(MP, *MII, Sig.Opcode, A);
        ASSERT_TRUE(R) << B.BuiltinName << " operand " << A.MIOp;
        Ops[A.MIOp] = OperandValue::imm(std::clamp<int64_t>(1, R->Min, R->Max));
        Constants.push_back(&A);
        break;
      }
      }
    }
    if (Sig.OptionalSem)
      Ops[DataOperands::semaphore(D)] = OperandValue::reg(NeuronISA::SNONE);
    // HBM rows far apart: the stride rule holds for every shape.
    for (const TileOperandSpec &S : getTileOperandSpecs(getTileFormat(D)))
      if (S.StrideOp >= 0)
        Ops[S.StrideOp] = OperandValue::imm(1 << 20);
    auto Check = [&](unsigned Op, int64_t V, bool IsSem) {
      std::vector<OperandValue> X = Ops;
      X[Op] = IsSem ? OperandValue::reg(getSemaphoreReg(V))
                    : OperandValue::imm(V);
      return checkOperands(MP, D, [&](unsigned I) { return X[I]; });
    };
    ASSERT_FALSE(checkOperands(MP, D, [&](unsigned I) { return Ops[I]; }))
        << B.BuiltinName;
    for (const BuiltinArg *A : Constants) {
      bool IsSem = A->Kind == BuiltinArg::Sem;
      std::optional<ImmRange> R = getBuiltinArgRange(MP, *MII, Sig.Opcode, *A);
      ASSERT_TRUE(R);
      std::string What =
          std::string(B.BuiltinName) + " operand " + std::to_string(A->MIOp);
      EXPECT_FALSE(Check(A->MIOp, R->Min, IsSem)) << What;
      EXPECT_FALSE(Check(A->MIOp, R->Max, IsSem)) << What;
      // Semaphores outside s0-s255 have no register to name.
      if (!IsSem && R->Min > INT32_MIN) {
        EXPECT_TRUE(Check(A->MIOp, R->Min - 1, IsSem)) << What;
      }
      if (IsSem ? R->Max < 255 : R->Max < UINT32_MAX) {
        EXPECT_TRUE(Check(A->MIOp, R->Max + 1, IsSem)) << What;
      }
    }
  }
}

} // namespace
