//===-- SyncValuesTest.cpp - Unit tests of the validator's register values ===//
//
// The lattice of lib/SyncCheck/SyncValues.h (joins cover both sides,
// pointer offset sets collapse past four values, widening, the minimum of
// slt + sel, shifts, xor, sums with a register, ranges of constant sets)
// and the loop bounds of SyncLoops.h (a counted loop bounds its inductions;
// a step inside an inner loop is no induction; a counter kept in a copy
// counts).
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "SyncLoops.h"
#include "SyncValues.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

Decoded op(DKind K, unsigned Rd, unsigned Ra, unsigned Rb, int64_t Imm = 0) {
  Decoded D;
  D.K = K;
  D.Rd = Rd;
  D.Ra = Ra;
  D.Rb = Rb;
  D.Imm = Imm;
  return D;
}

Decoded branch(unsigned Opcode, unsigned Ra, unsigned Rb, int Target) {
  Decoded D = op(DKind::CondBranch, 0, Ra, Rb, Opcode);
  D.Target = Target;
  return D;
}

TEST(SyncValuesTest, JoinCoversBothRanges) {
  AVal A = AVal::integer(0, 0, {0, 3}), B = AVal::integer(0, 0, {10, 12});
  AVal J = join(A, B);
  EXPECT_TRUE(J.range().contains(A.range()));
  EXPECT_TRUE(J.range().contains(B.range()));
  // Five constants are an integer over their hull.
  AVal C;
  for (int64_t V : {0, 4, 8, 12, 16})
    C = join(C, AVal::constant(V));
  EXPECT_EQ(C.K, AVal::Int);
  EXPECT_EQ(C.range(), (Range{0, 16}));
  EXPECT_EQ(C.modBits(), 2u);
}

TEST(SyncValuesTest, PointerOffsetSetsCollapsePastFour) {
  AVal P;
  for (int64_t O : {0, 1024, 2048, 3072})
    P = join(P, AVal::pointer(0, O, ExactMod));
  EXPECT_EQ(P.Mod, ExactMod);
  EXPECT_EQ(P.Vals.size(), 4u);
  AVal Q = join(P, AVal::pointer(0, 8192, ExactMod));
  EXPECT_EQ(Q.Mod, 1024u);
  EXPECT_EQ(Q.range(), (Range{0, 8192}));
  // Different arguments have nothing in common.
  EXPECT_EQ(join(P, AVal::pointer(1, 0, ExactMod)).K, AVal::Top);
}

TEST(SyncValuesTest, WidenDropsGrowingRanges) {
  AVal Old = AVal::integer(0, 0, {0, 5}), New = AVal::integer(0, 0, {0, 6});
  EXPECT_EQ(widen(Old, New).range(), FullInt);
  EXPECT_EQ(widen(New, Old).range(), (Range{0, 5}));
}

TEST(SyncValuesTest, SltSelIsTheMinimum) {
  RegState S;
  S[2] = AVal::integer();      // n: anything
  S[3] = AVal::constant(8);
  transfer(op(DKind::SetLess, 4, 2, 3, /*unsigned=*/0), S);
  Decoded Sel = op(DKind::Sel, 2, 2, 3);
  Sel.Srcs = {4, 2, 3};
  transfer(Sel, S);
  EXPECT_EQ(S[2].range(), (Range{INT32_MIN, 8}));
  // A write of a compared register ends the fact.
  S[5] = AVal::integer();
  transfer(op(DKind::SetLess, 4, 5, 3, 0), S);
  transfer(op(DKind::Li, 5, 0, 0, 100), S);
  Sel.Rd = 6;
  Sel.Ra = 5;
  Sel.Srcs = {4, 5, 3};
  transfer(Sel, S);
  EXPECT_EQ(S[6].range(), (Range{8, 100}));
}

TEST(SyncValuesTest, ShiftsBoundTheirResults) {
  RegState S;
  S[2] = AVal::integer();
  transfer(op(DKind::ShlI, 3, 2, 0, 24), S);
  transfer(op(DKind::SraI, 3, 3, 0, 24), S);
  EXPECT_EQ(S[3].range(), (Range{-128, 127}));
  transfer(op(DKind::SrlI, 4, 2, 0, 28), S);
  EXPECT_EQ(S[4].range(), (Range{0, 15}));
  // andi of a small range: its values.
  S[5] = AVal::integer(0, 0, {4, 5});
  transfer(op(DKind::AndI, 6, 5, 0, 3), S);
  EXPECT_EQ(S[6].K, AVal::Consts);
  EXPECT_EQ(S[6].Vals, (SmallVector<int64_t, 4>{0, 1}));
}

// xori flips the known low bits: `(i ^ 3) & 3` of an odd i is 0 or 2, and
// ~x keeps x's range, reversed.
TEST(SyncValuesTest, XorFlipsTheKnownBits) {
  RegState S;
  S[2] = AVal::integer(1, 1, {1, 99}); // odd
  transfer(op(DKind::XorI, 3, 2, 0, 3), S);
  EXPECT_EQ(S[3].modBits(), 1u);
  EXPECT_EQ(S[3].residue(), 0u);
  EXPECT_EQ(S[3].range(), FullInt);
  transfer(op(DKind::AndI, 4, 3, 0, 3), S);
  ASSERT_EQ(S[4].K, AVal::Consts);
  EXPECT_EQ(S[4].Vals, (SmallVector<int64_t, 4>{0, 2}));
  transfer(op(DKind::XorI, 5, 2, 0, -1), S);
  EXPECT_EQ(S[5].residue(), 0u);
  EXPECT_EQ(S[5].range(), (Range{-100, -2}));
  S[6] = AVal::constant(5);
  transfer(op(DKind::XorI, 7, 6, 0, 3), S);
  ASSERT_EQ(S[7].K, AVal::Consts);
  EXPECT_EQ(S[7].Vals, (SmallVector<int64_t, 4>{6}));
  S[8] = AVal::pointer(0, 0, ExactMod);
  transfer(op(DKind::XorI, 9, 8, 0, 3), S);
  EXPECT_EQ(S[9].K, AVal::Top);
}

// 2 i + k + k, two adds of k as clang emits it at -O0: even, so its slot
// `& 3` is 0 or 2. Once k is written between the adds, nothing is known.
TEST(SyncValuesTest, AddingARegisterTwiceDoublesIt) {
  RegState S;
  S[1] = AVal::integer();
  S[8] = AVal::integer();
  transfer(op(DKind::ShlI, 9, 1, 0, 1), S);
  transfer(op(DKind::Add, 9, 9, 8), S);
  EXPECT_EQ(S[9].modBits(), 0u);
  RegState T = S;
  transfer(op(DKind::Add, 9, 9, 8), S);
  EXPECT_EQ(S[9].modBits(), 1u);
  EXPECT_EQ(S[9].residue(), 0u);
  transfer(op(DKind::AndI, 10, 9, 0, 3), S);
  ASSERT_EQ(S[10].K, AVal::Consts);
  EXPECT_EQ(S[10].Vals, (SmallVector<int64_t, 4>{0, 2}));
  // k rewritten: the first sum no longer relates to it.
  transfer(op(DKind::Li, 8, 0, 0, 5), T);
  EXPECT_EQ(T[9].SumReg, 0u);
  transfer(op(DKind::Add, 9, 9, 8), T);
  EXPECT_EQ(T[9].modBits(), 0u);
  // A join keeps the relation where both sides have it.
  RegState U;
  U[1] = AVal::integer(1, 0); // even
  U[8] = AVal::integer();
  transfer(op(DKind::Add, 9, 1, 8), U);
  AVal J = join(U[9], U[9]);
  EXPECT_EQ(J.SumReg, 8u);
  EXPECT_EQ(J.SumTZ, 1u);
  EXPECT_EQ(join(U[9], AVal::integer()).SumReg, 0u);
}

// entry: li r3, 0; li r4, 8     block 0
// loop:  addi r1, r1, 512; addi r3, r3, 1; blt r3, r4, loop   block 1
// exit:  ret                    block 2
TEST(SyncLoopsTest, CountedLoopBoundsItsInductions) {
  std::vector<Decoded> Code = {op(DKind::Li, 3, 0, 0, 0),
                               op(DKind::Li, 4, 0, 0, 8),
                               op(DKind::AddI, 1, 1, 0, 512),
                               op(DKind::AddI, 3, 3, 0, 1),
                               branch(NeuronISA::BLT, 3, 4, 1),
                               op(DKind::Ret, 0, 0, 0)};
  std::vector<CodeBlock> Blocks(3);
  Blocks[0] = {0, 2, {1}, true};
  Blocks[1] = {2, 5, {1, 2}, true};
  Blocks[2] = {5, 6, {}, true};
  std::vector<LoopBound> Loops = findLoopBounds(Blocks, Code);
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_EQ(Loops[0].Counter, 3u);
  EXPECT_EQ(Loops[0].Bound, 4u);
  RegState Entry;
  Entry[1] = AVal::pointer(0, 0, ExactMod);
  Entry[3] = AVal::constant(0);
  Entry[4] = AVal::constant(8);
  RegState In = Entry;
  In[1] = AVal::pointer(0, 0, 512, FullOffset);
  In[3] = AVal::integer();
  boundInductions(Loops[0], Entry, In);
  EXPECT_EQ(In[1].range(), (Range{0, 7 * 512}));
  EXPECT_EQ(In[3].range(), (Range{0, 7}));
}

// The pointer's step sits in an inner loop: no induction of the outer one.
// 0: li r3, 0; li r6, 4   1: li r5, 0   2: addi r1, r1, 512; addi r5, r5, 1;
// blt r5, r6, 2   3: addi r3, r3, 1; blt r3, r6, 1   4: ret
TEST(SyncLoopsTest, StepInAnInnerLoopIsNoInduction) {
  std::vector<Decoded> Code = {
      op(DKind::Li, 3, 0, 0, 0),      op(DKind::Li, 6, 0, 0, 4),
      op(DKind::Li, 5, 0, 0, 0),      op(DKind::AddI, 1, 1, 0, 512),
      op(DKind::AddI, 5, 5, 0, 1),    branch(NeuronISA::BLT, 5, 6, 2),
      op(DKind::AddI, 3, 3, 0, 1),    branch(NeuronISA::BLT, 3, 6, 1),
      op(DKind::Ret, 0, 0, 0)};
  std::vector<CodeBlock> Blocks(5);
  Blocks[0] = {0, 2, {1}, true};
  Blocks[1] = {2, 3, {2}, true};
  Blocks[2] = {3, 6, {2, 3}, true};
  Blocks[3] = {6, 8, {1, 4}, true};
  Blocks[4] = {8, 9, {}, true};
  std::vector<LoopBound> Loops = findLoopBounds(Blocks, Code);
  ASSERT_EQ(Loops.size(), 2u);
  for (const LoopBound &L : Loops) {
    bool PointerSteps = llvm::any_of(
        L.Inductions, [](const auto &I) { return I.Reg == 1; });
    EXPECT_EQ(PointerSteps, L.Header == 2) << "loop at block " << L.Header;
  }
}

// A counter kept in a copy: r11 = r10 + 1; andi r10, r10, 1 (a temporary);
// mov r10, r11; blt r11, r3: r10 counts, with step 1. With the temporary
// written before the step, r10 is no count and the loop bounds nothing.
// 0: li r3, 2; li r10, 0   1: (the loop)   2: ret
TEST(SyncLoopsTest, CounterKeptInACopy) {
  auto Loop = [](bool TemporaryFirst) {
    std::vector<Decoded> Code = {op(DKind::Li, 3, 0, 0, 2),
                                 op(DKind::Li, 10, 0, 0, 0)};
    Decoded Step = op(DKind::AddI, 11, 10, 0, 1);
    Decoded Temporary = op(DKind::AndI, 10, 10, 0, 1);
    Code.push_back(TemporaryFirst ? Temporary : Step);
    Code.push_back(TemporaryFirst ? Step : Temporary);
    Code.push_back(op(DKind::AddI, 10, 11, 0, 0));
    Code.push_back(branch(NeuronISA::BLT, 11, 3, 1));
    Code.push_back(op(DKind::Ret, 0, 0, 0));
    std::vector<CodeBlock> Blocks(3);
    Blocks[0] = {0, 2, {1}, true};
    Blocks[1] = {2, 6, {1, 2}, true};
    Blocks[2] = {6, 7, {}, true};
    return findLoopBounds(Blocks, Code);
  };
  std::vector<LoopBound> Loops = Loop(false);
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_EQ(Loops[0].Counter, 10u);
  EXPECT_EQ(Loops[0].CounterStep, 1);
  RegState Entry;
  Entry[3] = AVal::constant(2);
  Entry[10] = AVal::constant(0);
  RegState In = Entry;
  In[10] = join(join(AVal::constant(0), AVal::constant(1)),
                join(AVal::constant(2), AVal::constant(3)));
  boundInductions(Loops[0], Entry, In);
  EXPECT_EQ(In[10].K, AVal::Consts);
  EXPECT_EQ(In[10].Vals, (SmallVector<int64_t, 4>{0, 1}));
  EXPECT_TRUE(Loop(true).empty());
}

// A range narrows a set of constants to its members in the range.
TEST(SyncValuesTest, WithRangeKeepsTheConstantsInIt) {
  AVal V = join(AVal::constant(0), join(AVal::constant(5), AVal::constant(9)));
  AVal W = withRange(V, {0, 5});
  EXPECT_EQ(W.K, AVal::Consts);
  EXPECT_EQ(W.Vals, (SmallVector<int64_t, 4>{0, 5}));
  EXPECT_EQ(withRange(V, {10, 20}).Vals, V.Vals); // none in it: unchanged
}

} // namespace
