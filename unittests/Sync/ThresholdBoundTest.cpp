//===-- ThresholdBoundTest.cpp - Unit tests of ThresholdBoundState --------===//
//
// The upper bound of a threshold that a register fallback waits for
// (NeuronISASyncState.h): its transfer (sites, counter corrections), its
// meet (Empty paths contribute nothing, Upper takes the larger, Unbounded
// absorbs) and the cap on raises that bounds the lattice's height.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncState.h"
#include "gtest/gtest.h"
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

using Kind = ThresholdBoundState::Kind;

const DataflowEdge Forward{0, 1};
const DataflowEdge BackEdge{3, 1};

// Two groups: 0 on DVE, 1 on ACT.
const std::vector<AgentId> Agents = {agentOfEngine(Engine::DVE),
                                     agentOfEngine(Engine::ACT)};

std::vector<int64_t> corrections(int64_t DVE, int64_t ACT) {
  std::vector<int64_t> C(MaxSyncAgents, 0);
  C[agentOfEngine(Engine::DVE)] = DVE;
  C[agentOfEngine(Engine::ACT)] = ACT;
  return C;
}

TEST(ThresholdBoundTest, EntryIsEmptyAndSitesGiveTheirCount) {
  ThresholdBoundState S(Agents);
  EXPECT_EQ(S.get(0).K, Kind::Empty);
  EXPECT_EQ(S.get(1).K, Kind::Empty);
  S.produce(0, 3);
  EXPECT_EQ(S.get(0).K, Kind::Upper);
  EXPECT_EQ(S.get(0).Off, 3);
  EXPECT_EQ(S.get(1).K, Kind::Empty);
}

TEST(ThresholdBoundTest, CorrectionsShiftUpperPerAgent) {
  ThresholdBoundState S(Agents);
  S.produce(0, 3);
  S.produce(1, 5);
  S.correctCounters(corrections(2, 1)); // C_DVE += 2, C_ACT += 1
  EXPECT_EQ(S.get(0).Off, 1);
  EXPECT_EQ(S.get(1).Off, 4);
}

// The loop-carried shape of fallback-bound.mir: T = 1 from the entry,
// C_DVE + 2 from the back edge; the bound is the larger, 2.
TEST(ThresholdBoundTest, MeetTakesTheLargerUpper) {
  ThresholdBoundState Header(Agents);
  Header.produce(0, 1);
  ThresholdBoundState Latch(Agents);
  Latch.produce(0, 4);
  Latch.correctCounters(corrections(2, 0));
  EXPECT_TRUE(Header.merge(Latch, BackEdge));
  EXPECT_EQ(Header.get(0).K, Kind::Upper);
  EXPECT_EQ(Header.get(0).Off, 2);
  // A smaller bound changes nothing.
  ThresholdBoundState Smaller(Agents);
  Smaller.produce(0, 1);
  EXPECT_FALSE(Header.merge(Smaller, BackEdge));
  EXPECT_EQ(Header.get(0).Off, 2);
}

TEST(ThresholdBoundTest, EmptyPathsContributeNothing) {
  ThresholdBoundState Empty(Agents);
  ThresholdBoundState Ran(Agents);
  Ran.produce(0, -7);
  // Empty meets Upper: Upper, from either side.
  ThresholdBoundState A = Empty;
  EXPECT_TRUE(A.merge(Ran, Forward));
  EXPECT_EQ(A.get(0).K, Kind::Upper);
  EXPECT_EQ(A.get(0).Off, -7);
  ThresholdBoundState B = Ran;
  EXPECT_FALSE(B.merge(Empty, Forward));
  EXPECT_EQ(B.get(0).Off, -7);
  // Empty stays Empty through any corrections and back edges: no bound on
  // the counter is needed where nothing is to be waited for.
  ThresholdBoundState C = Empty;
  C.correctCounters(corrections(5, 5));
  EXPECT_FALSE(Empty.merge(C, BackEdge));
  EXPECT_EQ(Empty.get(0).K, Kind::Empty);
}

TEST(ThresholdBoundTest, RaisesAreCappedToUnbounded) {
  ThresholdBoundState S(Agents);
  S.produce(0, 0);
  unsigned Raised = 0;
  for (int64_t K = 1; S.get(0).K == Kind::Upper && K < 100; ++K) {
    ThresholdBoundState Higher(Agents);
    Higher.produce(0, K);
    EXPECT_TRUE(S.merge(Higher, BackEdge));
    ++Raised;
  }
  EXPECT_EQ(S.get(0).K, Kind::Unbounded);
  EXPECT_EQ(Raised, ThresholdBoundState::MaxRaises);
  // Unbounded absorbs: nothing changes it, and it spreads.
  ThresholdBoundState Low(Agents);
  Low.produce(0, -3);
  EXPECT_FALSE(S.merge(Low, Forward));
  EXPECT_TRUE(Low.merge(S, Forward));
  EXPECT_EQ(Low.get(0).K, Kind::Unbounded);
  // The other group is untouched.
  EXPECT_EQ(S.get(1).K, Kind::Empty);
}

// The values are shared between copies in chunks, copied on write: a copy
// that produces or meets leaves the state it was copied from unchanged, and
// a meet of two states that share a chunk sees the counter corrections
// that separate them (a loop's back edge carries the same chunk as the
// preheader, shifted by the loop's corrections).
std::vector<AgentId> manyGroups(unsigned N) {
  std::vector<AgentId> A;
  for (unsigned G = 0; G < N; ++G)
    A.push_back(G % 2 ? agentOfEngine(Engine::ACT)
                      : agentOfEngine(Engine::DVE));
  return A;
}

TEST(ThresholdBoundTest, CopiesShareChunksUntilWritten) {
  std::vector<AgentId> A = manyGroups(200); // 4 chunks of 64
  ThresholdBoundState S(A);
  S.produce(0, 1);
  S.produce(130, 7);
  ThresholdBoundState Copy = S;
  Copy.produce(0, 5);
  Copy.produce(199, 2);
  EXPECT_EQ(S.get(0).Off, 1);
  EXPECT_EQ(S.get(199).K, Kind::Empty);
  EXPECT_EQ(Copy.get(0).Off, 5);
  EXPECT_EQ(Copy.get(130).Off, 7);
  EXPECT_EQ(Copy.get(199).Off, 2);
  ThresholdBoundState Other = S;
  EXPECT_TRUE(Other.merge(Copy, Forward)); // 0: 1 -> 5, 199: Empty -> 2
  EXPECT_EQ(Other.get(0).Off, 5);
  EXPECT_EQ(Other.get(199).Off, 2);
  EXPECT_EQ(S.get(0).Off, 1);
  EXPECT_EQ(S.get(199).K, Kind::Empty);
  EXPECT_FALSE(Other.merge(S, Forward)); // nothing larger
}

TEST(ThresholdBoundTest, SharedChunkMeetSeesCorrections) {
  std::vector<AgentId> A = manyGroups(100);
  ThresholdBoundState Preheader(A);
  Preheader.produce(0, 4);  // DVE
  Preheader.produce(1, 4);  // ACT
  ThresholdBoundState Latch = Preheader; // the same chunks
  Latch.correctCounters(corrections(0, 3)); // ACT: 4 -> 1 relative
  ThresholdBoundState Header = Preheader;
  EXPECT_FALSE(Header.merge(Latch, BackEdge)); // 1 <= 4: unchanged
  EXPECT_EQ(Header.get(1).Off, 4);
  ThresholdBoundState Lower = Preheader;
  Lower.correctCounters(corrections(-2, 0)); // DVE: 4 -> 6 relative
  EXPECT_TRUE(Header.merge(Lower, BackEdge));
  EXPECT_EQ(Header.get(0).Off, 6);
  EXPECT_EQ(Header.get(1).Off, 4);
  EXPECT_EQ(Preheader.get(0).Off, 4);
}

// A meet of two states that share a chunk changes nothing where only the
// shifts of agents without an Upper value in it differ.
TEST(ThresholdBoundTest, SharedChunkIgnoresShiftsOfOtherAgents) {
  std::vector<AgentId> A = manyGroups(100);
  ThresholdBoundState Preheader(A);
  Preheader.produce(0, 4); // DVE only
  ThresholdBoundState Latch = Preheader;
  Latch.correctCounters(corrections(0, -5)); // ACT: no Upper value
  ThresholdBoundState Header = Preheader;
  EXPECT_FALSE(Header.merge(Latch, BackEdge));
  EXPECT_EQ(Header.get(0).Off, 4);
  EXPECT_EQ(Header.get(1).K, Kind::Empty);
}

// A group's value does not depend on its index in the state (the bounds
// are solved with the groups in any order, PreciseSync::sortByFirstProducer):
// the same steps on the groups in reverse order give the same values.
TEST(ThresholdBoundTest, ValuesDoNotDependOnTheOrderOfGroups) {
  const unsigned N = 150; // 3 chunks
  std::vector<AgentId> A = manyGroups(N), R(A.rbegin(), A.rend());
  auto Rev = [&](unsigned G) { return N - 1 - G; };
  ThresholdBoundState S(A), SR(R);
  auto Produce = [&](unsigned G, int64_t Off) {
    S.produce(G, Off);
    SR.produce(Rev(G), Off);
  };
  Produce(3, 2);
  Produce(70, 5);
  Produce(149, 1);
  ThresholdBoundState T = S, TR = SR; // another path
  T.produce(3, 6);
  TR.produce(Rev(3), 6);
  T.produce(100, 0);
  TR.produce(Rev(100), 0);
  T.correctCounters(corrections(2, 1));
  TR.correctCounters(corrections(2, 1));
  EXPECT_EQ(S.merge(T, BackEdge), SR.merge(TR, BackEdge));
  for (int Step = 0; Step < 20; ++Step) { // raises up to Unbounded
    ThresholdBoundState U = S, UR = SR;
    U.produce(70, 10 + Step);
    UR.produce(Rev(70), 10 + Step);
    EXPECT_EQ(S.merge(U, BackEdge), SR.merge(UR, BackEdge)) << Step;
  }
  for (unsigned G = 0; G < N; ++G) {
    ThresholdBoundState::Bound V = S.get(G), VR = SR.get(Rev(G));
    EXPECT_EQ(V.K, VR.K) << G;
    EXPECT_EQ(V.Off, VR.Off) << G;
  }
  EXPECT_EQ(S.get(70).K, Kind::Unbounded);
}

// A group's bound does not depend on the groups solved with it: the fallback
// reads the bounds of the groups that find no register from the solve over
// every snapshot group (PreciseSync::boundFallbackWaits). The same steps on
// 150 groups and on three of them alone give those three the same values,
// however often the others are raised.
TEST(ThresholdBoundTest, ValuesDoNotDependOnTheOtherGroups) {
  const unsigned N = 150; // 3 chunks
  std::vector<AgentId> A = manyGroups(N);
  const unsigned Kept[] = {3, 70, 149};
  std::vector<AgentId> Sub;
  for (unsigned G : Kept)
    Sub.push_back(A[G]);
  ThresholdBoundState S(A), SS(Sub);
  // Site of group G (its index in Sub, if kept, is KI).
  auto Produce = [&](unsigned G, int64_t Off, ThresholdBoundState &X,
                     ThresholdBoundState &XS) {
    X.produce(G, Off);
    for (unsigned KI = 0; KI < Sub.size(); ++KI)
      if (Kept[KI] == G)
        XS.produce(KI, Off);
  };
  Produce(3, 2, S, SS);
  Produce(4, 9, S, SS); // same chunk, not kept
  Produce(70, 5, S, SS);
  Produce(100, 1, S, SS);
  ThresholdBoundState T = S, TS = SS; // another path
  Produce(3, 6, T, TS);
  Produce(71, 3, T, TS);
  T.correctCounters(corrections(2, 1));
  TS.correctCounters(corrections(2, 1));
  S.merge(T, BackEdge);
  SS.merge(TS, BackEdge);
  // Group 3 raised a few times, after groups of its chunk and group 100
  // (not kept) have been raised more often than it takes to Unbounded.
  for (int Step = 0; Step < 20; ++Step) {
    ThresholdBoundState U = S, US = SS;
    if (Step >= 10 && Step < 14)
      Produce(3, Step, U, US);
    for (unsigned G = 5; G < 9; ++G)
      Produce(G, 20 + Step, U, US);
    Produce(100, 20 + Step, U, US);
    S.merge(U, BackEdge);
    SS.merge(US, BackEdge);
  }
  EXPECT_EQ(S.get(100).K, Kind::Unbounded);
  for (unsigned KI = 0; KI < Sub.size(); ++KI) {
    ThresholdBoundState::Bound V = S.get(Kept[KI]), VS = SS.get(KI);
    EXPECT_EQ(V.K, VS.K) << Kept[KI];
    if (V.K == Kind::Upper && VS.K == Kind::Upper) {
      EXPECT_EQ(V.Off, VS.Off) << Kept[KI];
    }
  }
  EXPECT_EQ(SS.get(0).K, Kind::Upper);
  EXPECT_EQ(SS.get(0).Off, 13); // its largest site
  EXPECT_EQ(SS.get(1).K, Kind::Upper);
  EXPECT_EQ(SS.get(1).Off, 5);
  EXPECT_EQ(SS.get(2).K, Kind::Empty);
}

// A meet walks only the entries where two chunks related by their lineage
// (one copied from the other, both from a third, copies of copies) may
// differ. Every such meet must give what the meet of the same values with
// no lineage gives: Fresh rebuilds a state's values in new chunks.
ThresholdBoundState fresh(const std::vector<AgentId> &A,
                          const ThresholdBoundState &S) {
  ThresholdBoundState F(A);
  for (unsigned G = 0; G < A.size(); ++G) {
    ThresholdBoundState::Bound V = S.get(G);
    EXPECT_NE(V.K, Kind::Unbounded) << "fresh rebuilds Empty and Upper only";
    if (V.K == Kind::Upper)
      F.produce(G, V.Off);
  }
  return F;
}

void expectSameValues(const ThresholdBoundState &X,
                      const ThresholdBoundState &Y, unsigned N) {
  for (unsigned G = 0; G < N; ++G) {
    ThresholdBoundState::Bound VX = X.get(G), VY = Y.get(G);
    EXPECT_EQ(VX.K, VY.K) << G;
    if (VX.K == Kind::Upper && VY.K == Kind::Upper) {
      EXPECT_EQ(VX.Off, VY.Off) << G;
    }
  }
}

// Merges Other into Into, and the same values without lineage; both must
// agree on every group and on whether anything changed.
void expectMeetAsWithoutLineage(const std::vector<AgentId> &A,
                                ThresholdBoundState &Into,
                                const ThresholdBoundState &Other,
                                const DataflowEdge &Edge) {
  ThresholdBoundState Plain = fresh(A, Into);
  bool Changed = Into.merge(Other, Edge);
  EXPECT_EQ(Changed, Plain.merge(fresh(A, Other), Edge));
  expectSameValues(Into, Plain, A.size());
}

TEST(ThresholdBoundTest, MeetOfACopyAsWithoutLineage) {
  std::vector<AgentId> A = manyGroups(200);
  ThresholdBoundState Preheader(A);
  for (unsigned G = 0; G < 200; G += 3)
    Preheader.produce(G, G % 7);
  ThresholdBoundState Latch = Preheader; // a loop body writes some groups
  Latch.produce(3, 20);  // raised
  Latch.produce(66, -4); // lowered: the meet keeps the larger
  Latch.produce(131, 2); // Empty before
  ThresholdBoundState Header = Preheader;
  expectMeetAsWithoutLineage(A, Header, Latch, BackEdge);
  EXPECT_EQ(Header.get(3).Off, 20);
  EXPECT_EQ(Header.get(66).Off, 66 % 7);
  EXPECT_EQ(Header.get(131).Off, 2);
  // And the other way: the copy meets the state it was copied from.
  ThresholdBoundState Body = Latch;
  expectMeetAsWithoutLineage(A, Body, Preheader, Forward);
}

TEST(ThresholdBoundTest, MeetOfSiblingsAndCopiesOfCopiesAsWithoutLineage) {
  std::vector<AgentId> A = manyGroups(200);
  ThresholdBoundState Before(A);
  for (unsigned G = 1; G < 200; G += 2)
    Before.produce(G, 1);
  // The arms of an if/else: siblings copied from the same state, one of
  // them through a copy of a copy.
  ThresholdBoundState Then = Before, Else = Before;
  Then.produce(5, 9);
  ThresholdBoundState ThenEnd = Then;
  ThenEnd.produce(70, 4);
  ThenEnd.produce(7, -5); // lowered: the else path still brings 1
  Else.produce(71, 6);
  Else.produce(5, 2);
  expectMeetAsWithoutLineage(A, ThenEnd, Else, Forward);
  EXPECT_EQ(ThenEnd.get(5).Off, 9);
  EXPECT_EQ(ThenEnd.get(70).Off, 4);
  EXPECT_EQ(ThenEnd.get(71).Off, 6);
  EXPECT_EQ(ThenEnd.get(7).Off, 1);
  // Many generations: a lineage that writes most of a chunk starts over.
  ThresholdBoundState Far = Before;
  for (unsigned G = 0; G < 64; ++G) {
    ThresholdBoundState Next = Far;
    Next.produce(G, int64_t(G));
    Far = Next;
  }
  ThresholdBoundState Join = Else;
  expectMeetAsWithoutLineage(A, Join, Far, Forward);
}

// A chunk written in place after a copy was taken of it no longer holds
// the values the copy started from: the meet must not take the entries the
// copy did not write for equal (here the original lowered one of them).
TEST(ThresholdBoundTest, WriteAfterACopyIsSeenByTheMeet) {
  std::vector<AgentId> A = manyGroups(100);
  ThresholdBoundState S(A);
  S.produce(10, 8);
  ThresholdBoundState T = S; // shares S's chunk
  T.produce(20, 1);          // T copies it
  S.produce(10, 3);          // S's chunk is its own again: written in place
  EXPECT_EQ(T.get(10).Off, 8);
  expectMeetAsWithoutLineage(A, S, T, Forward);
  EXPECT_EQ(S.get(10).Off, 8);
  EXPECT_EQ(S.get(20).Off, 1);
}

} // namespace
