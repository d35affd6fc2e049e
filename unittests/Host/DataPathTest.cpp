//===-- DataPathTest.cpp - The data-path arithmetic on row views ----------===//
//
// computeDataPath on rows that are host arrays of any pitch: what lib/Host
// runs on a kernel's tiles and buffers, and neuronisa-sim on its memories.
//
//===----------------------------------------------------------------------===//

#include "DataPath.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISASemantics.h"
#include "gtest/gtest.h"
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;
using namespace llvm::neuronisa_sim;

namespace {

/// An instance of Opcode with the given named immediates.
struct Instance {
  int32_t Ops[16] = {};
  DataPathOp Op;
  Instance(unsigned Opcode, TileFormat F, uint8_t SubOp,
           std::initializer_list<std::pair<OpName, int32_t>> Named) {
    Op.Opcode = Opcode;
    Op.Fmt = F;
    Op.SubOp = SubOp;
    Op.Ops = Ops;
    for (auto [Name, V] : Named)
      Ops[getNamedOperandIdx(Opcode, Name)] = V;
  }
};

TEST(DataPath, ElementWiseRowsOfAnyPitch) {
  // [3 x 4] operands inside rows of 10, 6 and 4 elements.
  std::vector<float> X(30), Y(18), D(12, -1.0f);
  for (unsigned P = 0; P != 3; ++P)
    for (unsigned F = 0; F != 4; ++F) {
      X[P * 10 + F] = float(P * 4 + F);
      Y[P * 6 + F] = 100.0f;
    }
  Instance I(NeuronISA::DVE_TT_ADD, TileFormat::TensorTensor,
             unsigned(AluOp::Add), {});
  I.Op.Tiles[0] = I.Op.Tiles[1] = I.Op.Tiles[2] = {3, 4};
  RowView Rows[] = {{D.data(), 4}, {X.data(), 10}, {Y.data(), 6}};
  computeDataPath(I.Op, Rows);
  for (unsigned K = 0; K != 12; ++K)
    EXPECT_EQ(D[K], 100.0f + float(K));
}

TEST(DataPath, ActivationWithTheSemanticsScalarMath) {
  std::vector<float> S = {-1.0f, 0.5f, 2.0f, 3.0f}, D(4);
  Instance I(NeuronISA::ACT_EXP, TileFormat::Act, unsigned(ActFunc::Exp),
             {{OpName::scale, int32_t(f32ToBits(2.0f))},
              {OpName::bias, int32_t(f32ToBits(0.25f))}});
  I.Op.Tiles[0] = I.Op.Tiles[1] = {2, 2};
  RowView Rows[] = {{D.data(), 2}, {S.data(), 2}};
  computeDataPath(I.Op, Rows);
  for (unsigned K = 0; K != 4; ++K)
    EXPECT_EQ(D[K], applyActivation(ActFunc::Exp, S[K], 2.0f, 0.25f));
}

TEST(DataPath, MatMulAccumulatesInOrder) {
  // dst[2 x 3] (+)= stat[2 x 2]^T mov[2 x 3]; stat rows of pitch 5.
  std::vector<float> Stat = {1, 2, 0, 0, 0, 3, 4, 0, 0, 0};
  std::vector<float> Mov = {1, 0, 2, 0, 1, 3};
  std::vector<float> Dst = {10, 10, 10, 20, 20, 20};
  Instance Acc(NeuronISA::PE_MATMUL, TileFormat::MatMul, 0, {{OpName::acc, 1}});
  Acc.Op.Tiles[0] = {2, 3};
  Acc.Op.Tiles[1] = {2, 2};
  Acc.Op.Tiles[2] = {2, 3};
  RowView Rows[] = {{Dst.data(), 3}, {Stat.data(), 5}, {Mov.data(), 3}};
  computeDataPath(Acc.Op, Rows);
  // dst[m][n] += stat[0][m] mov[0][n] + stat[1][m] mov[1][n]
  EXPECT_EQ(Dst, (std::vector<float>{11, 13, 21, 22, 24, 36}));
  Instance Set(NeuronISA::PE_MATMUL, TileFormat::MatMul, 0, {{OpName::acc, 0}});
  for (unsigned K = 0; K != 3; ++K)
    Set.Op.Tiles[K] = Acc.Op.Tiles[K];
  computeDataPath(Set.Op, Rows);
  EXPECT_EQ(Dst, (std::vector<float>{1, 3, 11, 2, 4, 16}));
}

TEST(DataPath, TransposeReduceAndStridedCopy) {
  std::vector<float> S = {1, 2, 3, 4, 5, 6}, T(6);
  Instance Tr(NeuronISA::PE_TRANSPOSE, TileFormat::Transpose, 0, {});
  Tr.Op.Tiles[0] = {3, 2};
  Tr.Op.Tiles[1] = {2, 3};
  RowView TrRows[] = {{T.data(), 2}, {S.data(), 3}};
  computeDataPath(Tr.Op, TrRows);
  EXPECT_EQ(T, (std::vector<float>{1, 4, 2, 5, 3, 6}));

  std::vector<float> M(2);
  Instance Max(NeuronISA::DVE_REDUCE_MAX, TileFormat::Reduce,
               unsigned(AluOp::Max), {});
  Max.Op.Tiles[0] = {2, 1};
  Max.Op.Tiles[1] = {2, 3};
  RowView MaxRows[] = {{M.data(), 1}, {S.data(), 3}};
  computeDataPath(Max.Op, MaxRows);
  EXPECT_EQ(M, (std::vector<float>{3, 6}));

  // A DMA load of [2 x 2] from HBM rows 3 elements apart.
  std::vector<float> D(4);
  Instance Load(NeuronISA::DMA_LOAD, TileFormat::DMALoad, 0, {});
  Load.Op.Tiles[0] = Load.Op.Tiles[1] = {2, 2};
  RowView LoadRows[] = {{D.data(), 2}, {S.data(), 3}};
  computeDataPath(Load.Op, LoadRows);
  EXPECT_EQ(D, (std::vector<float>{1, 2, 4, 5}));
}

} // namespace
