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

/// Immediates of a hypothetical instruction, by operand index.
struct Imms {
  std::vector<int64_t> V;
  explicit Imms(std::initializer_list<std::pair<unsigned, int64_t>> L)
      : V(16, 0) {
    for (auto [I, X] : L)
      V[I] = X;
  }
  int64_t operator()(unsigned I) const { return V[I]; }
};

TEST(MachineModelTest, MatMulCostFollowsMovingFreeSize) {
  MachineParams MP;
  // dst, stat, mov (pairs), k=6, m=7, n=8, acc=9
  Imms Big({{6, 128}, {7, 128}, {8, 512}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::PE, TileFormat::MatMul, Big),
            60u + 4u * 512u);
  // Below 64 columns the array is not faster.
  Imms Small({{6, 128}, {7, 128}, {8, 16}});
  EXPECT_EQ(
      getDataPathCycles(MP, Engine::PE, TileFormat::MatMul, Small),
      60u + 4u * 64u);
}

TEST(MachineModelTest, VectorCosts) {
  MachineParams MP;
  // tt: p=6, f=7; one-input copy: p=4, f=5
  Imms TT({{6, 128}, {7, 512}});
  Imms Copy({{4, 128}, {5, 512}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::DVE, TileFormat::TensorTensor,
                              TT),
            60u + 2u * 512u);
  EXPECT_EQ(getDataPathCycles(MP, Engine::DVE, TileFormat::Copy, Copy),
            60u + 512u);
  // GpSimd is slower per element.
  EXPECT_EQ(getDataPathCycles(MP, Engine::POOL, TileFormat::Copy, Copy),
            60u + 2u * 512u);
  // Small free sizes pay a fixed overhead.
  Imms Tiny({{4, 128}, {5, 8}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::DVE, TileFormat::Copy, Tiny),
            60u + 8u + 100u);
  // Activation: max(64, F).
  Imms Act({{4, 128}, {5, 16}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::ACT, TileFormat::Act, Act),
            60u + 64u);
}

TEST(MachineModelTest, DMATriggerAndTransfer) {
  MachineParams MP;
  // dst, src, p=4, f=5, stride=6, queue=7
  Imms D({{4, 128}, {5, 512}, {6, 2048}});
  EXPECT_EQ(getDataPathCycles(MP, Engine::SP, TileFormat::DMALoad, D),
            uint64_t(MP.DMATriggerCycles));
  uint64_t Bytes = 128ull * 512 * 4;
  EXPECT_EQ(getDMATransferCycles(MP, D),
            MP.DMAFixedLatency +
                (Bytes * 1000 + MP.DMABytesPerKCycle - 1) /
                    MP.DMABytesPerKCycle);
}

TEST(MachineModelTest, TileShapes) {
  // Reduce writes [P x 1].
  ArrayRef<TileOperandSpec> R = getTileOperandSpecs(TileFormat::Reduce);
  ASSERT_EQ(R.size(), 2u);
  Imms Red({{4, 64}, {5, 300}});
  TileShape Dst = getTileShape(R[0], Red);
  EXPECT_EQ(Dst.Partitions, 64u);
  EXPECT_EQ(Dst.FreeElems, 1u);
  EXPECT_TRUE(Dst.Writes);
  EXPECT_FALSE(Dst.Reads);
  // An accumulating matmul also reads its PSUM tile.
  ArrayRef<TileOperandSpec> M = getTileOperandSpecs(TileFormat::MatMul);
  Imms Acc({{6, 128}, {7, 32}, {8, 256}, {9, 1}});
  TileShape Out = getTileShape(M[0], Acc);
  EXPECT_TRUE(Out.Reads && Out.Writes);
  EXPECT_EQ(Out.Partitions, 32u);
  EXPECT_EQ(Out.extentBytes(MemSpace::OnChip), 1024u);
  // HBM footprint spans the strided rows.
  ArrayRef<TileOperandSpec> L = getTileOperandSpecs(TileFormat::DMALoad);
  Imms Ld({{4, 4}, {5, 8}, {6, 100}});
  EXPECT_EQ(getTileShape(L[1], Ld).extentBytes(MemSpace::HBM),
            3u * 100u + 32u);
}

TEST(MachineModelTest, CheckShape) {
  MachineParams MP;
  Imms Good({{6, 128}, {7, 128}, {8, 512}, {9, 0}});
  EXPECT_EQ(checkShape(MP, TileFormat::MatMul, Good), "");
  Imms Wide({{6, 128}, {7, 128}, {8, 513}, {9, 0}});
  EXPECT_EQ(checkShape(MP, TileFormat::MatMul, Wide),
            "matmul moving free size N 513 exceeds 512 (one PSUM bank)");
  Imms Zero({{4, 0}, {5, 4}});
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
  EXPECT_EQ(MachineParams::names().size(), 23u);
}

} // namespace
