//===-- NpyIOTest.cpp - .npy reading and writing --------------------------===//

#include "KernelArgs.h"
#include "NpyIO.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

namespace {

TEST(NpyIO, RoundTrip) {
  std::vector<float> Data = {1.0f, -2.5f, 3.25f, 0.0f, 1e-3f, 7.0f};
  std::string Bytes = makeNpy(Data, {2, 3});
  EXPECT_EQ((Bytes.size() - Data.size() * 4) % 64, 0u);
  Expected<FloatArray> A = parseNpy(Bytes, "x.npy");
  ASSERT_TRUE(bool(A)) << toString(A.takeError());
  EXPECT_EQ(A->Data, Data);
  EXPECT_EQ(A->Shape, (std::vector<uint64_t>{2, 3}));
  Expected<FloatArray> B = parseNpy(makeNpy(Data, {6}), "y.npy");
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->Shape, (std::vector<uint64_t>{6}));
}

TEST(NpyIO, RejectsWrongDtypeAndSize) {
  std::string Bytes = makeNpy({1.0f, 2.0f}, {2});
  std::string F8 = Bytes;
  F8.replace(F8.find("<f4"), 3, "<f8");
  Expected<FloatArray> A = parseNpy(F8, "f8.npy");
  ASSERT_FALSE(bool(A));
  EXPECT_NE(toString(A.takeError()).find("not float32"), std::string::npos);
  Expected<FloatArray> B = parseNpy(Bytes.substr(0, Bytes.size() - 1), "t.npy");
  ASSERT_FALSE(bool(B));
  EXPECT_NE(toString(B.takeError()).find("shape needs 8"), std::string::npos);
  Expected<FloatArray> C = parseNpy("hello world", "h.npy");
  EXPECT_FALSE(bool(C));
  consumeError(C.takeError());
}

TEST(KernelArgs, Parsing) {
  Expected<KernelArg> S = parseKernelArg("0x10");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(S->Value, 16);
  Expected<KernelArg> Neg = parseKernelArg("-3");
  ASSERT_TRUE(bool(Neg));
  EXPECT_EQ(Neg->Value, -3);
  Expected<KernelArg> O = parseKernelArg("out:4x8:o.npy:expect=r.npy");
  ASSERT_TRUE(bool(O));
  EXPECT_EQ(O->K, KernelArg::Kind::Out);
  EXPECT_EQ(O->Shape, (std::vector<uint64_t>{4, 8}));
  EXPECT_EQ(O->File, "o.npy");
  EXPECT_EQ(O->Expect, "r.npy");
  Expected<KernelArg> I = parseKernelArg("in:x.bin");
  ASSERT_TRUE(bool(I));
  EXPECT_EQ(I->File, "x.bin");
  for (const char *Bad : {"out:0", "out:axb", "in:", "12abc", "in:x:y"}) {
    Expected<KernelArg> E = parseKernelArg(Bad);
    EXPECT_FALSE(bool(E)) << Bad;
    if (!E)
      consumeError(E.takeError());
  }
}

} // namespace
