//===-- TimingTest.cpp - The simulator's timing model ---------------------===//
//
// Expected times are computed from MachineParams, never hard-coded, so these
// tests check the simulator's use of the shared machine model.
//
//===----------------------------------------------------------------------===//

#include "Listeners/HappensBefore.h"
#include "Listeners/OverSync.h"
#include "Listeners/RaceChecker.h"
#include "Memory.h"
#include "Program.h"
#include "Simulator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::MachineParams;

namespace {

constexpr unsigned PE = 0, ACT = 1, DVE = 2, SP = 4;

struct SimRun {
  SimResult R;
  std::string Errors;
  // What the checkers found.
  uint64_t Races = 0;
  uint64_t OverSyncCycles = 0;
  std::vector<OverSyncSite> Sites;
  uint64_t MaxSemaphoreHistory = 0;
};

SimRun simulate(StringRef Asm, const MachineParams &MP, SimOptions Opts = {},
             std::vector<int32_t> Args = {}) {
  SimRun Out;
  raw_string_ostream ErrOS(Out.Errors);
  Expected<Program> P = loadProgramFromBuffer(
      MemoryBuffer::getMemBufferCopy(Asm, "test.s"), "", MP, ErrOS);
  if (!P) {
    ADD_FAILURE() << toString(P.takeError()) << "\n" << Out.Errors;
    return Out;
  }
  Memory M(MP);
  std::vector<int32_t> Values = Args;
  for (int32_t &V : Values)
    if (V < 0) // -N: an HBM buffer of N floats
      V = static_cast<int32_t>(M.addBuffer(std::vector<float>(-V, 1.0f), "b"));
  Simulator Sim(*P, MP, M, Opts, ErrOS);
  Out.R = Sim.run(Values);
  if (const RaceChecker *RC = Sim.raceChecker())
    Out.Races = RC->numRaces();
  if (const OverSyncTracker *T = Sim.overSyncTracker()) {
    Out.OverSyncCycles = T->totalOver();
    Out.Sites = T->sortedSites();
  }
  if (const HappensBefore *HB = Sim.happensBefore())
    Out.MaxSemaphoreHistory = HB->maxSemaphoreHistory();
  return Out;
}

uint64_t actCost(const MachineParams &MP, uint64_t F) {
  return MP.AccessOverhead + std::max<uint64_t>(F, MP.ActMinElems);
}
uint64_t dveOneInputCost(const MachineParams &MP, uint64_t F) {
  return MP.AccessOverhead + F +
         (F < MP.DVESmallOpThreshold ? MP.DVESmallOpOverhead : 0);
}
uint64_t dmaCycles(const MachineParams &MP, uint64_t Bytes) {
  return MP.DMAFixedLatency +
         (Bytes * 1000 + MP.DMABytesPerKCycle - 1) / MP.DMABytesPerKCycle;
}

TEST(Timing, DataPathCostFromMachineModel) {
  MachineParams MP;
  SimRun X = simulate("  act.exp [r0+0], [r0+128], 4, 8, 1.0, 0.0, snone\n"
                   "  ret\n",
                   MP);
  ASSERT_EQ(X.R.St, SimResult::Status::Finished) << X.Errors;
  EXPECT_EQ(X.R.Agents[ACT].Finish, actCost(MP, 8) + MP.BranchCycles);
  EXPECT_EQ(X.R.Agents[ACT].Busy, actCost(MP, 8) + MP.BranchCycles);
  EXPECT_EQ(X.R.Agents[PE].Finish, MP.BranchCycles);
  EXPECT_EQ(X.R.TotalCycles, actCost(MP, 8) + MP.BranchCycles);
}

TEST(Timing, WaitReleasedAfterSemaphoreLatency) {
  for (uint32_t Lat : {0u, 20u, 333u}) {
    MachineParams MP;
    MP.SemaphoreLatency = Lat;
    SimRun X = simulate("  act.exp [r0+0], [r0+128], 4, 8, 1.0, 0.0, s1\n"
                     "  dve.wait s1, 1\n"
                     "  dve.copy [r0+256], [r0+0], 4, 8, snone\n"
                     "  ret\n",
                     MP);
    ASSERT_EQ(X.R.St, SimResult::Status::Finished) << X.Errors;
    uint64_t Release = actCost(MP, 8) + Lat;
    EXPECT_EQ(X.R.Agents[DVE].Finish,
              Release + MP.WaitCycles + dveOneInputCost(MP, 8) +
                  MP.BranchCycles);
    EXPECT_EQ(X.R.Agents[DVE].Stalled, Release);
    EXPECT_EQ(X.R.Agents[DVE].SyncInstructions, 1u);
    EXPECT_EQ(X.Races, 0u);
    EXPECT_EQ(X.OverSyncCycles, 0u);
  }
}

TEST(Timing, DMAQueuesAreFIFOAndIndependent) {
  MachineParams MP;
  const char *SameQueue = "  dma.load [r0+0], [r1+0], 4, 16, 64, 0, snone\n"
                          "  dma.load [r0+256], [r1+0], 4, 16, 64, 0, snone\n"
                          "  ret\n";
  const char *TwoQueues = "  dma.load [r0+0], [r1+0], 4, 16, 64, 0, snone\n"
                          "  dma.load [r0+256], [r1+0], 4, 16, 64, 1, snone\n"
                          "  ret\n";
  uint64_t T = dmaCycles(MP, 4 * 16 * 4), Trig = MP.DMATriggerCycles;
  SimRun A = simulate(SameQueue, MP, {}, {-64});
  ASSERT_EQ(A.R.St, SimResult::Status::Finished) << A.Errors;
  EXPECT_EQ(A.R.Agents[5].Finish, Trig + 2 * T);
  EXPECT_EQ(A.R.Agents[5].Instructions, 2u);
  SimRun B = simulate(TwoQueues, MP, {}, {-64});
  ASSERT_EQ(B.R.St, SimResult::Status::Finished) << B.Errors;
  EXPECT_EQ(B.R.Agents[5].Finish, Trig + T);
  EXPECT_EQ(B.R.Agents[6].Finish, 2 * Trig + T);
  EXPECT_EQ(B.R.Agents[SP].Busy, 2 * Trig + MP.BranchCycles);
}

TEST(Timing, BarrierReleasesAllEnginesTogether) {
  MachineParams MP;
  SimRun X = simulate("  act.exp [r0+0], [r0+128], 4, 8, 1.0, 0.0, snone\n"
                   "  barrier\n"
                   "  ret\n",
                   MP);
  ASSERT_EQ(X.R.St, SimResult::Status::Finished) << X.Errors;
  uint64_t Release = actCost(MP, 8) + MP.BarrierLatency;
  for (unsigned A = 0; A != 5; ++A)
    EXPECT_EQ(X.R.Agents[A].Finish, Release + MP.BranchCycles) << A;
  EXPECT_EQ(X.R.Agents[PE].Stalled, Release);
}

TEST(Timing, JitterIsDeterministicPerSeedAndChangesTiming) {
  MachineParams MP;
  const char *Asm = "  act.exp [r0+0], [r0+128], 4, 8, 1.0, 0.0, s1\n"
                    "  dve.wait s1, 1\n"
                    "  dve.copy [r0+256], [r0+0], 4, 8, snone\n"
                    "  ret\n";
  SimOptions J1, J2;
  J1.JitterSeed = 1;
  J2.JitterSeed = 2;
  uint64_t A = simulate(Asm, MP, J1).R.TotalCycles;
  uint64_t B = simulate(Asm, MP, J1).R.TotalCycles;
  uint64_t C = simulate(Asm, MP, J2).R.TotalCycles;
  uint64_t Base = simulate(Asm, MP).R.TotalCycles;
  EXPECT_EQ(A, B);
  EXPECT_TRUE(A != Base || C != Base);
  // Within [0.5, 2] of the nominal latencies (control costs are fixed).
  EXPECT_GE(A, Base / 2);
  EXPECT_LE(A, Base * 2);
}

TEST(Timing, IdealIsTheDataflowLimit) {
  MachineParams MP;
  // Two independent chains, over-synchronized through one semaphore order.
  const char *Asm = "  act.exp [r0+0], [r0+128], 4, 500, 1.0, 0.0, s1\n"
                    "  dve.memset [r0+4096], 1.0, 4, 8, s2\n"
                    "  pool.wait s1, 1\n"
                    "  pool.wait s2, 1\n"
                    "  pool.copy [r0+8192], [r0+4096], 4, 8, snone\n"
                    "  ret\n";
  SimOptions Ideal;
  Ideal.Ideal = true;
  SimRun Real = simulate(Asm, MP);
  SimRun Lim = simulate(Asm, MP, Ideal);
  ASSERT_EQ(Real.R.St, SimResult::Status::Finished) << Real.Errors;
  ASSERT_EQ(Lim.R.St, SimResult::Status::Finished) << Lim.Errors;
  EXPECT_LT(Lim.R.Agents[3].Finish, Real.R.Agents[3].Finish);
  EXPECT_LE(Lim.R.TotalCycles, Real.R.TotalCycles);
  // pool.copy depends only on dve.memset: the wait for act.exp is over-sync.
  EXPECT_GT(Real.OverSyncCycles, 0u);
  ASSERT_FALSE(Real.Sites.empty());
  EXPECT_EQ(Real.Sites[0].Inst, 2u); // pool.wait s1
}

// Semaphore histories are exact in long loops: pool waits for the first
// increment of s0 after dve has made n + 2 of them, then reads the tile of
// the second: a race whatever n (a window of the last 1024 values of s0 would
// miss it for n > 1024). act's slow loop makes pool arrive after dve's.
static const char *LongLoopRace =
    "  dve.memset [r0+0], 1.0, 4, 16, s0\n"
    "  dve.memset [r0+256], 2.0, 4, 16, s0\n"
    "  li r20, 0\n"
    "  bge r20, r1, .Ldone\n"
    ".Lloop:\n"
    "  dve.memset [r0+512], 3.0, 4, 16, s0\n"
    "  act.exp [r0+4096], [r0+4096], 4, 512, 1.0, 0.0, s1\n"
    "  addi r20, r20, 1\n"
    "  blt r20, r1, .Lloop\n"
    ".Ldone:\n"
    "  pool.waitr s1, r1, 0\n"
    "  pool.waitr s0, r2, 1\n"
    "  pool.copy [r0+768], [r0+256], 4, 16, snone\n"
    "  ret\n";

TEST(Races, OldThresholdAfterALongLoopIsExact) {
  MachineParams MP;
  for (int32_t N : {0, 10, 3000}) {
    SimRun X = simulate(LongLoopRace, MP, {}, {N, 0});
    EXPECT_EQ(X.R.St, SimResult::Status::Finished) << X.Errors;
    EXPECT_EQ(X.Races, 1u) << "n = " << N << "\n" << X.Errors;
    // pool never learns dve's increments: the whole history is needed.
    if (N == 3000) {
      EXPECT_GE(X.MaxSemaphoreHistory, 3000u);
    }
    SimRun Y = simulate(LongLoopRace, MP, {}, {N, 1});
    EXPECT_EQ(Y.Races, 0u) << "n = " << N << "\n" << Y.Errors;
  }
}

TEST(Races, SemaphoreHistoriesStayBoundedInPreciseLoops) {
  // A two-stage pipeline synchronized precisely (dynamic thresholds): every
  // waiter keeps up, so the histories stay short however many iterations.
  MachineParams MP;
  SimOptions Opts;
  Opts.JitterSeed = 7;
  SimRun X = simulate("  li r20, 0\n"
                      "  bge r20, r1, .Ldone\n"
                      ".Lloop:\n"
                      "  act.waitr s1, r20, 0\n"
                      "  act.exp [r0+0], [r0+512], 4, 16, 1.0, 0.0, s0\n"
                      "  dve.waitr s0, r20, 1\n"
                      "  dve.copy [r0+256], [r0+0], 4, 16, s1\n"
                      "  addi r20, r20, 1\n"
                      "  blt r20, r1, .Lloop\n"
                      ".Ldone:\n"
                      "  ret\n",
                      MP, Opts, {20000});
  ASSERT_EQ(X.R.St, SimResult::Status::Finished) << X.Errors;
  EXPECT_EQ(X.Races, 0u) << X.Errors;
  EXPECT_LE(X.MaxSemaphoreHistory, 64u);
}

TEST(Timing, DeadlockIsReportedNotHung) {
  MachineParams MP;
  SimRun X = simulate("  pe.wait s4, 1\n  ret\n", MP);
  EXPECT_EQ(X.R.St, SimResult::Status::Deadlock);
  EXPECT_NE(X.Errors.find("pe: waiting at pe.wait (line 1)"), std::string::npos)
      << X.Errors;
}

} // namespace
