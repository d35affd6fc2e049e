//===-- ThresholdStateTest.cpp - Unit tests of ThresholdState -------------===//
//
// ThresholdState::produceAll (NeuronISASyncState.h) merges a block's
// produced groups into the known offsets at once; it must give the state
// that one produce() per group gives, also where groups were already known
// (their offsets replaced), after counter corrections (offsets stored
// shifted) and with an unchanged offset (the shared list kept).
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncState.h"
#include "gtest/gtest.h"
#include <utility>
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

using Kind = ThresholdState::Kind;
using Produced = std::vector<std::pair<unsigned, int64_t>>;

// Twelve groups, alternating DVE and ACT.
std::vector<AgentId> agents() {
  std::vector<AgentId> A;
  for (unsigned G = 0; G < 12; ++G)
    A.push_back(agentOfEngine(G % 2 ? Engine::ACT : Engine::DVE));
  return A;
}

std::vector<int64_t> corrections(int64_t DVE, int64_t ACT) {
  std::vector<int64_t> C(MaxSyncAgents, 0);
  C[agentOfEngine(Engine::DVE)] = DVE;
  C[agentOfEngine(Engine::ACT)] = ACT;
  return C;
}

void expectSame(const ThresholdState &X, const ThresholdState &Y,
                unsigned NumGroups) {
  for (unsigned G = 0; G < NumGroups; ++G) {
    EXPECT_EQ(X.get(G).K, Y.get(G).K) << "group " << G;
    EXPECT_EQ(X.get(G).Off, Y.get(G).Off) << "group " << G;
  }
}

TEST(ThresholdStateTest, ProduceAllIsOneProducePerGroup) {
  const std::vector<AgentId> A = agents();
  // Before: groups 1, 4 and 9 known, then C_DVE += 2 and C_ACT += 1.
  ThresholdState Base(A);
  Base.produce(1, 3);
  Base.produce(4, 5);
  Base.produce(9, 7);
  Base.correctCounters(corrections(2, 1));
  // The block: 0 and 2 new, 4 replaced, 9 unchanged (7 - 1 = 6), 11 new
  // (more than the few that produceAll leaves to produce()).
  const Produced P = {{0, 1}, {2, 2}, {4, 8}, {9, 6}, {11, 4}, {3, 0}};
  Produced Sorted = P;
  llvm::sort(Sorted);
  ThresholdState One = Base, All = Base;
  for (const auto &[G, Off] : Sorted)
    One.produce(G, Off);
  All.produceAll(Sorted);
  expectSame(One, All, A.size());
  EXPECT_EQ(All.get(4).K, Kind::Known);
  EXPECT_EQ(All.get(4).Off, 8);
  EXPECT_EQ(All.get(1).Off, 2); // untouched by the block: 3 - 1
  EXPECT_EQ(All.get(5).K, Kind::Empty);
  // And after one more correction, alike.
  One.correctCounters(corrections(1, 3));
  All.correctCounters(corrections(1, 3));
  expectSame(One, All, A.size());
}

TEST(ThresholdStateTest, ProduceAllWithNothingNewChangesNothing) {
  const std::vector<AgentId> A = agents();
  ThresholdState S(A);
  const Produced P = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}};
  S.produceAll(P);
  ThresholdState T = S;
  T.produceAll(P);
  expectSame(S, T, A.size());
  EXPECT_FALSE(T.merge(S, DataflowEdge{0, 1})); // the same state
}

} // namespace
