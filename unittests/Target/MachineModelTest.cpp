//===- MachineModelTest.cpp - The shared cost model and parameters --------===//

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

/// The error's message, or "" for success.
std::string errorText(Error E) {
  return E ? toString(std::move(E)) : std::string();
}

/// Immediates of a hypothetical instruction of format F, by operand name.
struct Imms {
  std::vector<int64_t> V;
  Imms(TileFormat F, std::initializer_list<std::pair<OpName, int64_t>> L)
      : V(32, 0) {
    for (auto [Name, X] : L)
      V[getFormatOperandIdx(F, Name)] = X;
  }
  int64_t operator()(unsigned I) const { return V[I]; }
};
using N = OpName;

TEST(MachineModelTest, MatMulCostFollowsMovingFreeSize) {
  MachineParams MP;
  Imms Big(TileFormat::MatMul, {{N::k, 128}, {N::m, 128}, {N::n, 512}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::PE, TileFormat::MatMul, Big),
            60u + 4u * 512u);
  // Below 64 columns the array is not faster.
  Imms Small(TileFormat::MatMul, {{N::k, 128}, {N::m, 128}, {N::n, 16}});
  EXPECT_EQ(
      getDataPathCycles(MP, Engine::PE, TileFormat::MatMul, Small),
      60u + 4u * 64u);
}

TEST(MachineModelTest, VectorCosts) {
  MachineParams MP;
  Imms TT(TileFormat::TensorTensor, {{N::p, 128}, {N::f, 512}});
  Imms Copy(TileFormat::Copy, {{N::p, 128}, {N::f, 512}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::DVE, TileFormat::TensorTensor,
                              TT),
            60u + 2u * 512u);
  EXPECT_EQ(getDataPathCycles(MP, Engine::DVE, TileFormat::Copy, Copy),
            60u + 512u);
  // GpSimd is slower per element.
  EXPECT_EQ(getDataPathCycles(MP, Engine::POOL, TileFormat::Copy, Copy),
            60u + 2u * 512u);
  // Small free sizes pay a fixed overhead.
  Imms Tiny(TileFormat::Copy, {{N::p, 128}, {N::f, 8}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::DVE, TileFormat::Copy, Tiny),
            60u + 8u + 100u);
  // Activation: max(64, F).
  Imms Act(TileFormat::Act, {{N::p, 128}, {N::f, 16}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::ACT, TileFormat::Act, Act),
            60u + 64u);
}

TEST(MachineModelTest, DMATriggerAndTransfer) {
  MachineParams MP;
  Imms D(TileFormat::DMALoad, {{N::p, 128}, {N::f, 512}, {N::stride, 2048}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::SP, TileFormat::DMALoad, D),
            uint64_t(MP.DMATriggerCycles));
  uint64_t Bytes = 128ull * 512 * 4;
  EXPECT_EQ(getDMATransferCycles(MP, D),
            MP.DMAFixedLatency +
                (Bytes * 1000 + MP.DMABytesPerKCycle - 1) /
                    MP.DMABytesPerKCycle);
}

TEST(MachineModelTest, PresetsByCPUName) {
  // "" and "generic" are the member initializers; unknown names are null.
  ASSERT_NE(getMachineParams(""), nullptr);
  EXPECT_EQ(getMachineParams("")->TickMHz, MachineParams().TickMHz);
  EXPECT_EQ(getMachineParams("trn3"), nullptr);
  for (StringRef CPU : getCPUNames()) {
    const MachineParams *MP = getMachineParams(CPU);
    ASSERT_NE(MP, nullptr) << CPU.str();
    EXPECT_EQ(errorText(MP->validate(CPU)), "") << CPU.str();
    EXPECT_EQ(getCPUName(*getCPUNumber(CPU)), CPU);
  }
  EXPECT_EQ(getCPUNumber("generic"), 0u);
  EXPECT_EQ(getCPUName(99), "");
  EXPECT_EQ(&getMachineParamsOrGeneric("bogus"), getMachineParams("generic"));
}

TEST(MachineModelTest, EngineClocks) {
  // trn1: 5.6 GHz ticks; PE 2.8, DVE 1.12, ACT/POOL/SP 1.4 GHz.
  const MachineParams &T1 = *getMachineParams("trn1");
  EXPECT_EQ(T1.ticksPerCycle(Engine::PE), 2u);
  EXPECT_EQ(T1.ticksPerCycle(Engine::DVE), 5u);
  EXPECT_EQ(T1.ticksPerCycle(Engine::ACT), 4u);
  EXPECT_EQ(T1.ticksPerCycle(Engine::POOL), 4u);
  EXPECT_EQ(T1.ticksPerCycle(Engine::SP), 4u);
  EXPECT_DOUBLE_EQ(T1.microseconds(5600), 1.0);
  Imms Copy(TileFormat::Copy, {{N::p, 128}, {N::f, 512}});
  EXPECT_EQ(getDataPathCycles(T1, Engine::DVE, TileFormat::Copy, Copy),
            5u * (60u + 512u));
  // The same DVE instruction takes the same cycles but more time than on
  // ACT's clock: 1.12 vs 1.4 GHz.
  const MachineParams &T2 = *getMachineParams("trn2");
  EXPECT_EQ(T2.ticksPerCycle(Engine::PE), 2u);
  EXPECT_EQ(T2.ticksPerCycle(Engine::DVE), 5u);
  EXPECT_DOUBLE_EQ(T2.microseconds(4800), 1.0);
  // A clock that does not divide the time base is rejected.
  MachineParams Bad = T1;
  Bad.DVEClockMHz = 1000;
  EXPECT_NE(errorText(Bad.validate("m")), "");
}

TEST(MachineModelTest, DMASplitOverEnginesBoundedByHBM) {
  MachineParams MP;
  MP.DMAEnginesPerTransfer = 16;
  MP.DMABufferOverhead = 10;
  MP.DMABytesPerKCycle = 1000; // 16 engines: 16000 per 1000 cycles
  Imms D(TileFormat::DMALoad, {{N::p, 128}, {N::f, 512}, {N::stride, 2048}});
  uint64_t Bytes = 128ull * 512 * 4;
  // 8 rows per engine, at the engines' rate.
  EXPECT_EQ(getDMATransferCycles(MP, D),
            MP.DMAFixedLatency + 8 * 10 + Bytes * 1000 / 16000);
  // HBM below the engines' sum bounds the rate.
  MP.HBMBytesPerKCycle = 8000;
  EXPECT_EQ(getDMATransferCycles(MP, D),
            MP.DMAFixedLatency + 8 * 10 + Bytes * 1000 / 8000);
  // More engines per transfer than the core has is invalid.
  MP.DMAEnginesPerTransfer = 17;
  EXPECT_NE(errorText(MP.validate("m")), "");
}

TEST(MachineModelTest, TileShapes) {
  // Reduce writes [P x 1].
  ArrayRef<TileOperandSpec> R = getTileOperandSpecs(TileFormat::Reduce);
  ASSERT_EQ(R.size(), 2u);
  Imms Red(TileFormat::Reduce, {{N::p, 64}, {N::f, 300}});
  TileShape Dst = getTileShape(R[0], Red);
  EXPECT_EQ(Dst.Partitions, 64u);
  EXPECT_EQ(Dst.FreeElems, 1u);
  EXPECT_TRUE(Dst.Writes);
  EXPECT_FALSE(Dst.Reads);
  // An accumulating matmul also reads its PSUM tile.
  ArrayRef<TileOperandSpec> M = getTileOperandSpecs(TileFormat::MatMul);
  Imms Acc(TileFormat::MatMul,
           {{N::k, 128}, {N::m, 32}, {N::n, 256}, {N::acc, 1}});
  TileShape Out = getTileShape(M[0], Acc);
  EXPECT_TRUE(Out.Reads && Out.Writes);
  EXPECT_EQ(Out.Partitions, 32u);
  EXPECT_EQ(Out.extentBytes(MemSpace::OnChip), 1024u);
  // HBM footprint spans the strided rows.
  ArrayRef<TileOperandSpec> L = getTileOperandSpecs(TileFormat::DMALoad);
  Imms Ld(TileFormat::DMALoad, {{N::p, 4}, {N::f, 8}, {N::stride, 100}});
  EXPECT_EQ(getTileShape(L[1], Ld).extentBytes(MemSpace::HBM),
            3u * 100u + 32u);
}

TEST(MachineModelTest, CheckShape) {
  MachineParams MP;
  Imms Good(TileFormat::MatMul,
            {{N::k, 128}, {N::m, 128}, {N::n, 512}, {N::acc, 0}});
  EXPECT_EQ(checkShape(MP, TileFormat::MatMul, Good), "");
  // A transpose's dst has F partitions.
  Imms Tall(TileFormat::Transpose, {{N::p, 8}, {N::f, 200}});
  EXPECT_EQ(checkShape(MP, TileFormat::Transpose, Tall),
            "dst partitions 200 out of range 1-128");
  Imms Strided(TileFormat::DMALoad,
               {{N::p, 2}, {N::f, 8}, {N::stride, 16}, {N::queue, 0}});
  EXPECT_EQ(checkShape(MP, TileFormat::DMALoad, Strided),
            "HBM row stride 16 is smaller than a row (32 bytes)");
  Imms Zero(TileFormat::Copy, {{N::p, 0}, {N::f, 4}});
  EXPECT_EQ(checkShape(MP, TileFormat::Copy, Zero),
            "dst partitions 0 out of range 1-128");
}

TEST(MachineModelTest, ParseParameters) {
  MachineParams MP;
  EXPECT_EQ(errorText(MP.parse(
                "# comment\nWaitCycles = 9\n\nBarrierLatency=0x10", "m.txt")),
            "");
  EXPECT_EQ(MP.WaitCycles, 9u);
  EXPECT_EQ(MP.BarrierLatency, 16u);
  EXPECT_EQ(errorText(MP.parse("Bogus = 1", "m.txt")),
            "m.txt:1: unknown machine parameter 'Bogus'");
  EXPECT_EQ(errorText(MP.parse("WaitCycles = many", "m.txt")),
            "m.txt:1: expected 'name = unsigned value'");
  EXPECT_NE(errorText(MP.parse("NumDMAQueues = 17", "m.txt")), "");
  // Every parameter prints and parses back.
  std::string S;
  raw_string_ostream OS(S);
  MachineParams Defaults;
  Defaults.print(OS);
  MachineParams Back;
  Back.WaitCycles = 1234;
  EXPECT_EQ(errorText(Back.parse(S, "printed")), "");
  EXPECT_EQ(Back.WaitCycles, Defaults.WaitCycles);
  EXPECT_EQ(MachineParams::names().size(), 34u);
}

} // namespace
