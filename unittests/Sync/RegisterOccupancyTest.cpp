//===-- RegisterOccupancyTest.cpp - Unit tests of RegisterOccupancy -------===//
//
// The live spans of one register (NeuronISASyncOccupancy.h): whatever the
// order in which values are added, and however many blocks they span,
// covers and interferes answer as a walk of every span does. The class
// indexes its spans (a bit per block, a start per bucket of blocks); these
// tests hold the index to the spans.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncOccupancy.h"
#include "gtest/gtest.h"
#include <random>
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

/// Every span of the values added so far, unindexed.
struct Reference {
  std::vector<LiveSpan> Spans;
  bool covers(unsigned Block, int Pos) const {
    for (const LiveSpan &S : Spans)
      if (S.Block == Block && S.Lo <= Pos && Pos <= S.Hi)
        return true;
    return false;
  }
  bool interferes(const LiveSpans &R) const {
    for (const LiveSpan &A : R)
      for (const LiveSpan &B : Spans)
        if (A.Block == B.Block && A.Lo <= B.Hi && B.Lo <= A.Hi)
          return true;
    return false;
  }
};

TEST(RegisterOccupancyTest, EmptyCoversNothing) {
  RegisterOccupancy O;
  EXPECT_FALSE(O.covers(0, 0));
  EXPECT_FALSE(O.covers(1000, 5));
  EXPECT_FALSE(O.interferes({{3, 0, 10}}));
}

TEST(RegisterOccupancyTest, SpansOfOneBlock) {
  RegisterOccupancy O;
  O.add({{7, 2, 4}});
  O.add({{7, 9, 9}});
  EXPECT_FALSE(O.covers(7, 1));
  EXPECT_TRUE(O.covers(7, 2));
  EXPECT_TRUE(O.covers(7, 4));
  EXPECT_FALSE(O.covers(7, 5));
  EXPECT_TRUE(O.covers(7, 9));
  EXPECT_FALSE(O.covers(6, 3)); // another block
  EXPECT_FALSE(O.covers(8, 3));
  EXPECT_TRUE(O.interferes({{7, 5, 9}}));
  EXPECT_FALSE(O.interferes({{7, 5, 8}}));
  EXPECT_FALSE(O.interferes({{6, 0, 100}, {8, 0, 100}}));
}

// Values added in any order of blocks, within a bucket of blocks and across
// buckets (the first block of a bucket, the last, beyond every earlier
// span), answer as the reference does at every position asked.
TEST(RegisterOccupancyTest, AnswersAsEverySpan) {
  std::mt19937 Rng(29);
  for (unsigned Round = 0; Round < 20; ++Round) {
    RegisterOccupancy O;
    Reference Ref;
    unsigned MaxBlock = Round % 2 ? 70 : 700; // one bucket or many
    for (unsigned V = 0; V < 60; ++V) {
      // A value: spans in a few increasing blocks.
      LiveSpans R;
      unsigned Block = Rng() % (MaxBlock + 1);
      for (unsigned N = 1 + Rng() % 4; N && Block <= MaxBlock; --N) {
        int Lo = int(Rng() % 20), Hi = Lo + int(Rng() % 6) - 1; // Lo > Hi too
        R.push_back({Block, Lo, Hi});
        Block += 1 + Rng() % 100;
      }
      O.add(R);
      Ref.Spans.insert(Ref.Spans.end(), R.begin(), R.end());
      for (unsigned Q = 0; Q < 40; ++Q) {
        unsigned B = Rng() % (MaxBlock + 80);
        int Pos = int(Rng() % 24) - 2;
        ASSERT_EQ(O.covers(B, Pos), Ref.covers(B, Pos))
            << "round " << Round << " value " << V << " block " << B
            << " position " << Pos;
        LiveSpans Probe = {{B, Pos, Pos + int(Rng() % 3)}};
        ASSERT_EQ(O.interferes(Probe), Ref.interferes(Probe))
            << "round " << Round << " value " << V << " block " << B;
      }
    }
  }
}

// A copy (each plan of a function starts from the function's own values)
// answers for its own additions only.
TEST(RegisterOccupancyTest, CopiesAreIndependent) {
  RegisterOccupancy Program;
  Program.add({{1, 0, 3}, {200, 5, 6}});
  RegisterOccupancy Plan = Program;
  Plan.add({{130, 1, 1}, {200, 8, 9}});
  EXPECT_TRUE(Plan.covers(130, 1));
  EXPECT_TRUE(Plan.covers(200, 9));
  EXPECT_TRUE(Plan.covers(200, 5));
  EXPECT_FALSE(Program.covers(130, 1));
  EXPECT_FALSE(Program.covers(200, 9));
  EXPECT_TRUE(Program.covers(1, 2));
}

} // namespace
