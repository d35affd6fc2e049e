//===-- HostRuntimeTest.cpp - Builtins on host tiles and buffers ----------===//

#include "HBMArena.h"
#include "HostRuntime.h"
#include "Memory.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::neuronisa_host;

namespace {

float TileA[4][8], TileB[4][8], TileC[4][8];

/// A runtime with tiles a, b, c [4 x 8] and one HBM buffer of 64 floats
/// (0, 1, 2, ...).
class HostRuntimeTest : public testing::Test {
protected:
  void SetUp() override {
    LLVMInitializeNeuronISATargetInfo();
    LLVMInitializeNeuronISATargetMC();
    MII.reset(getTheNeuronISATarget().createMCInstrInfo());
    Expected<HBMArena> A = HBMArena::reserve();
    ASSERT_TRUE(bool(A)) << toString(A.takeError());
    Arena = std::make_unique<HBMArena>(std::move(*A));
    std::vector<float> Data(64);
    for (unsigned K = 0; K != 64; ++K)
      Data[K] = float(K);
    BufAddr = HBM.addBuffer(std::move(Data), "arg1");
    auto tile = [](const char *N, float (*T)[8]) {
      return HostTile{N, reinterpret_cast<uintptr_t>(T), 4, 8};
    };
    RT = std::make_unique<HostRuntime>(
        MP, *MII,
        TileTable({tile("a", TileA), tile("b", TileB), tile("c", TileC)}),
        HBM, *Arena, [](const void *, const std::string &) {});
  }
  const float *buffer() const { return HBM.buffers()[0].Data.data(); }
  const void *hbm(unsigned Elem) const {
    return static_cast<char *>(Arena->pointer(BufAddr)) + 4 * Elem;
  }

  NeuronISA::MachineParams MP;
  neuronisa_sim::Memory HBM{MP};
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<HBMArena> Arena;
  std::unique_ptr<HostRuntime> RT;
  uint32_t BufAddr = 0;
};

TEST_F(HostRuntimeTest, LoadComputeStore) {
  // a = the buffer's first 32 floats; b[2..3] = a[0..1] * 2 (a partition
  // slice); c = a + b on rows 2 and 3; store c's rows 2-3 at element 32.
  ASSERT_EQ(RT->run(NeuronISA::DMA_LOAD, {TileA, hbm(0), 4, 8, 32, 0}), "");
  ASSERT_EQ(RT->run(NeuronISA::DVE_TS_MUL, {&TileB[2][0], TileA, 2.0f, 2, 8}),
            "");
  ASSERT_EQ(RT->run(NeuronISA::DVE_TT_ADD,
                    {&TileC[2][0], &TileA[2][0], &TileB[2][0], 2, 8}),
            "");
  ASSERT_EQ(RT->run(NeuronISA::DMA_STORE, {hbm(32), &TileC[2][0], 2, 8, 32, 1}),
            "");
  for (unsigned P = 0; P != 2; ++P)
    for (unsigned F = 0; F != 8; ++F)
      EXPECT_EQ(buffer()[32 + P * 8 + F],
                float((P + 2) * 8 + F) + 2.0f * float(P * 8 + F));
  EXPECT_EQ(RT->numCalls(), 4u);
}

TEST_F(HostRuntimeTest, ColumnBlocks) {
  // A row stride of 8 floats, 4 columns from column 4.
  ASSERT_EQ(RT->run(NeuronISA::DMA_LOAD, {&TileA[0][4], hbm(0), 4, 4, 32, 0}),
            "");
  for (unsigned P = 0; P != 4; ++P)
    for (unsigned F = 0; F != 4; ++F)
      EXPECT_EQ(TileA[P][4 + F], float(P * 8 + F));
}

TEST_F(HostRuntimeTest, AccessesOutsideTheirTileOrBuffer) {
  EXPECT_EQ(RT->run(NeuronISA::DVE_MEMSET, {&TileA[1][0], 1.0f, 4, 8}),
            "'neuronisa_dve_memset' dst: 4 partitions x 8 elements at "
            "partition 1, element 0 of tile 'a' [4 x 8] run 1 partitions past "
            "its last partition");
  EXPECT_EQ(RT->run(NeuronISA::DVE_COPY, {TileB, &TileA[0][2], 4, 8}),
            "'neuronisa_dve_copy' src: 4 partitions x 8 elements at partition "
            "0, element 2 of tile 'a' [4 x 8] run 2 elements past the end of "
            "its partitions");
  float Local[4][8];
  std::string E = RT->run(NeuronISA::DVE_COPY, {TileB, Local, 4, 8});
  EXPECT_EQ(E, "'neuronisa_dve_copy' src: the pointer does not point into a "
               "tile (a float[P][F] array with static storage)");
  EXPECT_EQ(RT->run(NeuronISA::DVE_COPY, {TileB, hbm(0), 4, 8}),
            "'neuronisa_dve_copy' src: the pointer is an HBM pointer, not a "
            "tile");
  EXPECT_EQ(RT->run(NeuronISA::DMA_LOAD, {TileA, TileB, 4, 8, 32, 0}),
            "'neuronisa_dma_load' src: the pointer is not an HBM pointer (a "
            "kernel argument): it points into tile 'b' [4 x 8]");
  // The simulator's check and message: the buffer is 256 bytes.
  EXPECT_EQ(RT->run(NeuronISA::DMA_LOAD, {TileA, hbm(40), 4, 8, 32, 0}),
            "'neuronisa_dma_load' src: HBM access [0x100000a0, 0x10000120) "
            "runs past the end of buffer arg1 [0x10000000, 0x10000100)");
  EXPECT_EQ(RT->run(NeuronISA::DMA_LOAD, {TileA, hbm(128), 1, 8, 32, 0}),
            "'neuronisa_dma_load' src: HBM address 0x10000200 is not inside "
            "any buffer");
}

TEST_F(HostRuntimeTest, OperandChecksNameTheArgument) {
  std::string E = RT->run(NeuronISA::DVE_MEMSET, {TileA, 1.0f, 0, 8});
  EXPECT_EQ(E.rfind("argument 3 (p) of 'neuronisa_dve_memset': ", 0), 0u) << E;
  E = RT->run(NeuronISA::DMA_LOAD, {TileA, hbm(0), 4, 8, 32, 16});
  EXPECT_EQ(E.rfind("argument 6 (queue) of 'neuronisa_dma_load': ", 0), 0u)
      << E;
  // The host definitions pass each argument with its C type.
  EXPECT_EQ(RT->run(NeuronISA::DVE_TS_MUL, {TileB, TileA, 2, 4, 8}),
            "argument 3 (s) of 'neuronisa_dve_ts_mul': is not a float");
  EXPECT_EQ(RT->run(NeuronISA::DVE_INC, {300}),
            "argument 1 (s) of 'neuronisa_dve_inc': semaphore 300 out of range "
            "0-255");
}

TEST_F(HostRuntimeTest, EachTileInOneMemory) {
  // b and c are used only where either memory will do; a becomes PSUM.
  ASSERT_EQ(RT->run(NeuronISA::DVE_COPY, {TileA, TileB, 4, 8}), "");
  ASSERT_EQ(RT->run(NeuronISA::PE_MATMUL, {TileA, TileB, TileC, 4, 4, 8, 0}),
            "");
  // b and c are now SBUF tiles; a PSUM one.
  EXPECT_EQ(RT->run(NeuronISA::PE_TRANSPOSE, {TileB, TileC, 4, 4}),
            "'neuronisa_pe_transpose' dst: tile 'b' [4 x 8] must be a PSUM "
            "tile here, but 'neuronisa_pe_matmul' stationary used it as an "
            "SBUF tile");
  EXPECT_EQ(RT->run(NeuronISA::DMA_LOAD, {TileA, hbm(0), 4, 8, 32, 0}),
            "'neuronisa_dma_load' dst: tile 'a' [4 x 8] must be an SBUF tile "
            "here, but 'neuronisa_pe_matmul' dst used it as a PSUM tile");
  EXPECT_EQ(RT->run(NeuronISA::ACT_EXP, {TileA, TileC, 4, 8, 1.0f, 0.0f}), "");
}

TEST_F(HostRuntimeTest, SynchronizationDoesNothing) {
  TileA[0][0] = 5.0f;
  EXPECT_EQ(RT->run(NeuronISA::BARRIER, {}), "");
  EXPECT_EQ(RT->run(NeuronISA::DVE_INC, {3}), "");
  EXPECT_EQ(RT->run(NeuronISA::ACT_WAITR, {3, 7, 0}), "");
  EXPECT_EQ(TileA[0][0], 5.0f);
}

TEST_F(HostRuntimeTest, ErrorsGoToTheHandler) {
  std::string Got;
  const void *Where = nullptr;
  HostRuntime R(MP, *MII, TileTable(), HBM, *Arena,
                [&](const void *RA, const std::string &Msg) {
                  Where = RA;
                  Got = Msg;
                });
  R.call(NeuronISA::DVE_MEMSET, {TileA, 1.0f, 4, 8}, &Got);
  EXPECT_EQ(Where, &Got);
  EXPECT_EQ(Got, "'neuronisa_dve_memset' dst: the pointer does not point into "
                 "a tile (a float[P][F] array with static storage)");
}

} // namespace
