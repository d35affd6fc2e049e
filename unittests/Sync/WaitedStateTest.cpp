//===-- WaitedStateTest.cpp - Unit tests of WaitedState's widening --------===//
//
// What an engine has already waited for (NeuronISASyncState.h): a value
// that decreases along a retreating edge widens to Nothing at once exactly
// where it would fall forever: where a cycle through the edge runs a
// producer of the pair's agent and passes no wait of the pair
// (WaitedLimits::widens). Elsewhere the meet keeps the smaller value, or
// the bound of the fixed point that a producing cycle gives
// (WaitedLimits::cycleBound).
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncState.h"
#include "gtest/gtest.h"
#include <vector>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

// Reverse post-order indices: 0 entry -> 1 header -> {2 arm, 3 arm} -> 4
// latch -> {1, 5 exit}.
std::vector<SmallVector<unsigned, 2>> ifInLoop() {
  return {{1}, {2, 3}, {4}, {4}, {1, 5}, {}};
}

const AgentId DVE = agentOfEngine(Engine::DVE);
const DataflowEdge BackEdge{4, 1};

// Pair 0 (on DVE) waits in WaitBlock; DVE produces in ProduceBlock.
WaitedLimits limits(unsigned WaitBlock, unsigned ProduceBlock) {
  WaitedLimits L(1);
  L.addWait(0, WaitBlock);
  std::vector<SyncAgentMask> Produces(6, 0);
  Produces[ProduceBlock] = syncAgentBit(DVE);
  L.setCycles(ifInLoop(), Produces, {DVE});
  return L;
}

TEST(WaitedStateTest, CycleAroundTheWaitWithAProducerWidens) {
  // The wait is in one arm, a DVE producer in the other: the path through
  // the other arm lowers the value every iteration and nothing raises it.
  WaitedLimits L = limits(/*WaitBlock=*/2, /*ProduceBlock=*/3);
  EXPECT_TRUE(L.widens(0, BackEdge.From, BackEdge.To));
  WaitedState Header(1, 5, &L), Latch(1, 4, &L);
  EXPECT_TRUE(Header.merge(Latch, BackEdge));
  EXPECT_EQ(Header.get(0), WaitedState::Nothing);
}

TEST(WaitedStateTest, EveryProducingCycleWaitsNoWidening) {
  // The producer is in the arm that waits: the other arm's path leaves the
  // value as it is, so the meet keeps the smaller value.
  WaitedLimits L = limits(/*WaitBlock=*/2, /*ProduceBlock=*/2);
  EXPECT_FALSE(L.widens(0, BackEdge.From, BackEdge.To));
  WaitedState Header(1, 5, &L), Latch(1, 4, &L);
  EXPECT_TRUE(Header.merge(Latch, BackEdge));
  EXPECT_EQ(Header.get(0), 4);
  // A wait in the latch: every cycle passes it.
  WaitedLimits AtLatch = limits(/*WaitBlock=*/4, /*ProduceBlock=*/3);
  EXPECT_FALSE(AtLatch.widens(0, BackEdge.From, BackEdge.To));
}

TEST(WaitedStateTest, NoWaitInTheCycleWidens) {
  // The pair waits only after the loop: any decrease falls forever.
  WaitedLimits L = limits(/*WaitBlock=*/5, /*ProduceBlock=*/2);
  EXPECT_TRUE(L.widens(0, BackEdge.From, BackEdge.To));
}

// The transfers of limits(2, 2): the wait in block 2 asks for C_F + 3, and
// the latch corrects C_F by the one DVE producer of an iteration. Floor:
// the floor of the pair at every block's entry.
void setTransfers(WaitedLimits &L, int64_t Floor) {
  std::vector<WaitedLimits::BlockWaits> Waits(6);
  Waits[2].push_back({0, 3});
  std::vector<WaitedLimits::BlockCorrections> Corrections(6);
  Corrections[4].push_back({DVE, 1});
  L.setTransfers(Waits, Corrections,
                 [Floor](unsigned, unsigned) { return Floor; });
}

TEST(WaitedStateTest, ProducingCycleBoundsTheFixedPoint) {
  // Around the arm that waits and produces, the value comes back as
  // max(v, 3) - 1: at the fixed point the header has at most 2, which the
  // meet along the back edge reaches at once (instead of one iteration's
  // decrease at a time). The other arm produces nothing: no bound.
  WaitedLimits L = limits(/*WaitBlock=*/2, /*ProduceBlock=*/2);
  EXPECT_EQ(L.cycleBound(0, 1), WaitedLimits::NoBound); // no transfers yet
  setTransfers(L, /*Floor=*/-10);
  EXPECT_EQ(L.cycleBound(0, 1), 2);
  EXPECT_EQ(L.cycleBound(0, 2), WaitedLimits::NoBound); // no edge back to 2
  WaitedState Header(1, 5, &L), Latch(1, 4, &L);
  EXPECT_TRUE(Header.merge(Latch, BackEdge));
  EXPECT_EQ(Header.get(0), 2);
  EXPECT_FALSE(Header.merge(Latch, BackEdge)); // nothing new
  // Below the floor, the bound forgets the value.
  WaitedLimits High = limits(/*WaitBlock=*/2, /*ProduceBlock=*/2);
  setTransfers(High, /*Floor=*/3);
  EXPECT_EQ(High.cycleBound(0, 1), WaitedState::Nothing);
}

TEST(WaitedStateTest, ForwardEdgesNeverWiden) {
  WaitedLimits L = limits(/*WaitBlock=*/2, /*ProduceBlock=*/3);
  WaitedState Join(1, 5, &L), Arm(1, 4, &L);
  EXPECT_TRUE(Join.merge(Arm, DataflowEdge{3, 4}));
  EXPECT_EQ(Join.get(0), 4);
  EXPECT_FALSE(Join.merge(Arm, DataflowEdge{3, 4})); // nothing new
}

} // namespace
