//===-- CheckerTest.cpp - Vector clocks, shadow memory, races, over-sync -===//

#include "Listeners/DependenceTracker.h"
#include "Listeners/OverSync.h"
#include "Listeners/RaceChecker.h"
#include "Memory.h"
#include "Program.h"
#include "ShadowMemory.h"
#include "VectorClock.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

namespace {

TEST(VectorClock, SemaphoreAcquiresOnlyTheIncrementsItNeeded) {
  SemaphoreClocks SC(4);
  VectorClock A, B;
  A.C[0] = 3;
  B.C[1] = 7;
  SC.increment(2, A); // s2 = 1 by agent 0
  SC.increment(2, B); // s2 = 2 by agent 1
  const VectorClock &One = SC.acquire(2, 1);
  EXPECT_TRUE(One.knows(0, 3));
  EXPECT_FALSE(One.knows(1, 7)); // visible, but not waited for
  const VectorClock &Two = SC.acquire(2, 2);
  EXPECT_TRUE(Two.knows(0, 3));
  EXPECT_TRUE(Two.knows(1, 7));
  // After a set, the history restarts from the setter's clock.
  VectorClock S;
  S.C[4] = 1;
  SC.set(2, 10, S);
  EXPECT_TRUE(SC.acquire(2, 10).knows(4, 1));
  EXPECT_FALSE(SC.acquire(2, 10).knows(0, 3));
  SC.increment(2, A);
  EXPECT_TRUE(SC.acquire(2, 11).knows(0, 3));
}

TEST(VectorClock, WrapAroundThresholds) {
  SemaphoreClocks SC(1);
  VectorClock Z, A;
  A.C[2] = 1;
  SC.set(0, INT32_MAX, Z);
  SC.increment(0, A); // wraps to INT32_MIN
  EXPECT_TRUE(SC.acquire(0, INT32_MIN).knows(2, 1));
  EXPECT_FALSE(SC.acquire(0, INT32_MAX).knows(2, 1));
}

TEST(VectorClock, LongHistoriesAreExact) {
  // Agent 0 increments s0 many times; a wait for an old threshold acquires
  // exactly the increments it needed (no window).
  SemaphoreClocks SC(1);
  const unsigned N = 5000;
  for (unsigned K = 1; K <= N; ++K) {
    VectorClock V;
    V.C[0] = K;
    SC.increment(0, V);
  }
  EXPECT_EQ(SC.size(0), N + 1);
  EXPECT_TRUE(SC.acquire(0, N).knows(0, N));
  EXPECT_FALSE(SC.acquire(0, N - 1).knows(0, N));
  EXPECT_TRUE(SC.acquire(0, 2).knows(0, 2));
  EXPECT_FALSE(SC.acquire(0, 2).knows(0, 3));
}

TEST(VectorClock, PruningKeepsWhatAWaiterCanStillLearn) {
  SemaphoreClocks SC(1);
  for (unsigned K = 1; K <= 1000; ++K) {
    VectorClock V;
    V.C[1] = K;
    SC.increment(0, V);
  }
  VectorClock W1, W2;
  W1.C[1] = 700;
  W2.C[1] = 400;
  std::vector<const VectorClock *> Both = {&W1, &W2};
  // Entries up to value 400 are known to both waiters.
  EXPECT_EQ(SC.prune(0, Both), 1000u - 400 + 1);
  // Older thresholds acquire the oldest kept entry: nothing new to either.
  for (int32_t T : {0, 1, 399, 400}) {
    EXPECT_TRUE(SemaphoreClocks::leq(SC.acquire(0, T), W2)) << T;
    EXPECT_TRUE(SC.acquire(0, T).knows(1, 400)) << T;
  }
  // Newer ones are exact.
  EXPECT_TRUE(SC.acquire(0, 401).knows(1, 401));
  EXPECT_FALSE(SC.acquire(0, 401).knows(1, 402));
  // Without waiters (nobody can wait on s0 any more) only the last is kept.
  std::vector<const VectorClock *> None;
  EXPECT_EQ(SC.prune(0, None), 1u);
  EXPECT_TRUE(SC.acquire(0, 1000).knows(1, 1000));
  // A set restarts the history.
  SC.set(0, 0, VectorClock());
  EXPECT_EQ(SC.size(0), 1u);
  EXPECT_FALSE(SC.acquire(0, 0).knows(1, 1));
}

struct CheckerFixture : ::testing::Test {
  NeuronISA::MachineParams MP;
  Memory M{MP};
  Program P;
  std::string Errors;
  raw_string_ostream ErrOS{Errors};
  CheckerFixture() {
    P.FileName = "t.s";
    P.OpcodeNames = {"act.exp", "dve.copy"};
    P.Insts.resize(2);
    P.Insts[0].Opcode = 0;
    P.Insts[0].Line = 10;
    P.Insts[1].Opcode = 1;
    P.Insts[1].Line = 20;
  }
};

TEST_F(CheckerFixture, UnorderedConflictIsARace) {
  ShadowMemory SM(P, M);
  VectorClock Act, Dve;
  Act.C[1] = 1;
  SM.begin(1, /*Seq=*/5, /*Epoch=*/1, /*Inst=*/0, /*Ready=*/100, &Act);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 16, false, true);
  EXPECT_EQ(SM.end(), 0u);
  EXPECT_TRUE(SM.conflicts().empty());
  Dve.C[2] = 1; // does not know act's instance
  SM.begin(2, 9, 1, 1, 300, &Dve);
  SM.accessOnChip(Region::SBUF, 32, 0, 128, 16, true, false);
  EXPECT_EQ(SM.end(), 0u); // an unordered producer gives no release time
  ASSERT_EQ(SM.conflicts().size(), 1u);
  EXPECT_EQ(SM.conflicts()[0].lo(), 32u);
  EXPECT_EQ(SM.conflicts()[0].hi(), 64u);
  DependenceTracker Deps(P, M, nullptr);
  RaceChecker RC(P, Deps, ErrOS);
  RC.report(1, 9, SM.conflicts());
  EXPECT_EQ(RC.numRaces(), 1u);
  EXPECT_NE(Errors.find("error: race: act.exp (line 10) and dve.copy (line 20) "
                        "on SBUF [0x20, 0x40)"),
            std::string::npos)
      << Errors;
  // The same static pair again: counted, reported once.
  RC.report(1, 11, SM.conflicts());
  EXPECT_EQ(RC.numRaces(), 2u);
  ASSERT_EQ(RC.races().size(), 1u);
  EXPECT_EQ(RC.races()[0].Count, 2u);
}

TEST_F(CheckerFixture, OrderedConflictGivesTheProducerTime) {
  ShadowMemory SM(P, M);
  VectorClock Act, Dve;
  Act.C[1] = 1;
  SM.begin(1, 5, 1, 0, 100, &Act);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 16, false, true);
  SM.end();
  Dve.C[1] = 1; // acquired act's instance through a semaphore
  Dve.C[2] = 1;
  SM.begin(2, 9, 1, 1, 300, &Dve);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 16, true, false);
  EXPECT_EQ(SM.end(), 100u);
  EXPECT_TRUE(SM.conflicts().empty());
  // A disjoint access has no producer.
  SM.begin(2, 10, 2, 1, 400, &Dve);
  SM.accessOnChip(Region::SBUF, 64, 0, 128, 16, true, false);
  EXPECT_EQ(SM.end(), 0u);
  // Without a clock, program order alone orders.
  SM.begin(3, 12, 1, 1, 500, nullptr);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 4, false, true);
  EXPECT_EQ(SM.end(), 300u); // dve's read (WAR)
  EXPECT_TRUE(SM.conflicts().empty());
}

TEST_F(CheckerFixture, ProgramOrderReversedIsARace) {
  ShadowMemory SM(P, M);
  VectorClock Act, Dve;
  // dve reads (program order 9) first; act writes (program order 5) later,
  // even "after" dve by happens-before: the sequential meaning is violated.
  Dve.C[2] = 1;
  SM.begin(2, 9, 1, 1, 50, &Dve);
  SM.accessOnChip(Region::PSUM, MP.PSUMBase, 0, 128, 4, true, false);
  SM.end();
  Act.C[1] = 1;
  Act.C[2] = 1;
  SM.begin(1, 5, 1, 0, 100, &Act);
  SM.accessOnChip(Region::PSUM, MP.PSUMBase, 0, 128, 4, false, true);
  SM.end();
  ASSERT_EQ(SM.conflicts().size(), 1u);
  DependenceTracker Deps(P, M, nullptr);
  RaceChecker RC(P, Deps, ErrOS);
  RC.report(0, 5, SM.conflicts());
  EXPECT_EQ(RC.numRaces(), 1u);
  ASSERT_EQ(RC.races().size(), 1u);
  EXPECT_EQ(RC.races()[0].First, 0u); // act.exp first in program order
  EXPECT_EQ(RC.races()[0].Reg, Region::PSUM);
}

TEST_F(CheckerFixture, ReadersDoNotConflict) {
  ShadowMemory SM(P, M);
  VectorClock A, B;
  A.C[1] = 1;
  B.C[2] = 1;
  SM.begin(1, 1, 1, 0, 10, &A);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 8, true, false);
  SM.end();
  SM.begin(2, 2, 1, 1, 10, &B);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 8, true, false);
  EXPECT_EQ(SM.end(), 0u);
  EXPECT_TRUE(SM.conflicts().empty());
}

TEST_F(CheckerFixture, ProbesDoNotRecord) {
  ShadowMemory SM(P, M);
  SM.begin(1, 1, 1, 0, 10, nullptr);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 8, false, true);
  SM.end();
  Inst Copy;
  Copy.NumTiles = 1;
  Copy.Tiles[0].Writes = true;
  Copy.Tiles[0].Partitions = 1;
  Copy.Tiles[0].FreeElems = 8;
  ResolvedTile T[1];
  T[0].Addr = 0;
  EXPECT_EQ(SM.probe(2, 2, 1, 1, Copy, T), 10u);
  // The probe recorded nothing: a third agent sees only the first write.
  SM.begin(3, 3, 1, 1, 30, nullptr);
  SM.accessOnChip(Region::SBUF, 0, 0, 128, 8, true, false);
  EXPECT_EQ(SM.end(), 10u);
}

TEST_F(CheckerFixture, PartitionRangesDecideOnChipConflicts) {
  // dve.copy reads from partition 4: the shadow gets a band there.
  P.Insts[1].NumTiles = 1;
  P.Insts[1].Tiles[0].PartStart = 4;
  ShadowMemory SM(P, M);
  VectorClock A, B;
  A.C[1] = 1;
  B.C[2] = 1;
  // act writes partitions 0-3; dve reads the same bytes of partitions 4-7.
  SM.begin(1, 1, 1, 0, 10, &A);
  SM.accessOnChip(Region::SBUF, 0, 0, 4, 16, false, true);
  SM.end();
  SM.begin(2, 2, 1, 1, 10, &B);
  SM.accessOnChip(Region::SBUF, 0, 4, 4, 16, true, false);
  SM.end();
  EXPECT_TRUE(SM.conflicts().empty());
  // act writes partitions 3-4: it meets dve's read in partition 4.
  SM.begin(1, 3, 2, 0, 20, &A);
  SM.accessOnChip(Region::SBUF, 32, 3, 2, 4, false, true);
  SM.end();
  ASSERT_EQ(SM.conflicts().size(), 1u);
  EXPECT_EQ(SM.conflicts()[0].Partition, 4u);
  DependenceTracker Deps(P, M, nullptr);
  RaceChecker RC(P, Deps, ErrOS);
  RC.report(0, 3, SM.conflicts());
  EXPECT_EQ(RC.numRaces(), 1u);
  EXPECT_NE(Errors.find("error: race: dve.copy (line 20) and act.exp (line 10) "
                        "on SBUF [0x20, 0x30) from partition 4"),
            std::string::npos)
      << Errors;
}

TEST_F(CheckerFixture, AnUnforeseenPartitionStartIsSound) {
  // No instruction of the program starts at partition 4: the band of
  // partitions 0-127 is split when an access does, and both halves keep
  // its history (as if every earlier access covered the whole band).
  ShadowMemory SM(P, M);
  VectorClock A, B;
  A.C[1] = 1;
  B.C[2] = 1;
  SM.begin(1, 1, 1, 0, 10, &A);
  SM.accessOnChip(Region::SBUF, 0, 0, 8, 16, false, true);
  SM.end();
  SM.begin(2, 2, 1, 1, 10, &B);
  SM.accessOnChip(Region::SBUF, 0, 4, 4, 16, true, false);
  SM.end();
  EXPECT_EQ(SM.conflicts().size(), 1u);
}

TEST(OverSync, BlockedTimeBeyondTheLatestProducer) {
  OverSyncTracker PT(5, 16);
  // Blocked 100..200 at site 7, the producer was visible at 150.
  PT.blocked(1, 7, 100, 200);
  PT.consumer(PT.take(1), 150);
  EXPECT_EQ(PT.totalOver(), 50u);
  // Released exactly when the producer became visible: precise.
  PT.blocked(1, 7, 300, 400);
  PT.consumer(PT.take(1), 400);
  EXPECT_EQ(PT.totalOver(), 50u);
  // Blocked for nothing at all (no producer): all of it is over-sync, split
  // from the latest interval backwards.
  PT.blocked(2, 8, 0, 10);
  PT.blocked(2, 9, 20, 50);
  PT.consumer(PT.take(2), 0);
  EXPECT_EQ(PT.totalOver(), 90u);
  EXPECT_EQ(PT.sites().lookup(8).OverCycles, 10u);
  EXPECT_EQ(PT.sites().lookup(9).OverCycles, 30u);
  EXPECT_EQ(PT.sites().lookup(7).OverCycles, 50u);
  EXPECT_EQ(PT.sites().lookup(7).Blocks, 2u);
  // Blocks with no consumer after them are trailing, not over-sync.
  PT.blocked(3, 4, 0, 70);
  PT.finish();
  EXPECT_EQ(PT.totalTrailing(), 70u);
  EXPECT_EQ(PT.totalOver(), 90u);
}

} // namespace
