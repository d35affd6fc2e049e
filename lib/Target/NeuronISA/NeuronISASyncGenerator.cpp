//===-- NeuronISASyncGenerator.cpp - What both sync modes share -----------===//

#include "NeuronISASyncGenerator.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

static cl::opt<bool>
    TimePhases("neuronisa-sync-time-phases", cl::Hidden, cl::init(false),
               cl::desc("Time the phases of neuronisa-sync (with "
                        "-time-passes)"));

SyncPhaseTimer::SyncPhaseTimer(StringRef Name, StringRef Description)
    : NamedRegionTimer(Name, Description, DEBUG_TYPE,
                       "NeuronISA synchronization phases", TimePhases) {}

STATISTIC(NumWaitsInserted, "Waits inserted");
STATISTIC(NumDynamicWaits, "Waits with a run-time threshold inserted");
STATISTIC(NumWaitsImplied, "Waits dropped as implied by earlier waits");
STATISTIC(NumBookkeeping, "Counter and snapshot updates inserted");
STATISTIC(NumBarriers, "Barriers inserted");
STATISTIC(NumFallbacks, "Fallbacks (registers ran out)");

//===----------------------------------------------------------------------===//
// Barrier count
//===----------------------------------------------------------------------===//

void NeuronISA::getLoopBarrierBlocks(
    const MachineLoop &L, SmallVectorImpl<MachineBasicBlock *> &Blocks) {
  Blocks.push_back(L.getHeader());
  L.getUniqueExitBlocks(Blocks);
}

unsigned NeuronISA::getLoopBarrierCount(const MachineLoop &L) {
  SmallVector<MachineBasicBlock *, 4> Blocks;
  getLoopBarrierBlocks(L, Blocks);
  return Blocks.size();
}

//===----------------------------------------------------------------------===//
// Semaphores and counts
//===----------------------------------------------------------------------===//

SyncGenerator::SyncGenerator(MachineFunction &MF,
                             const EngineDependences &Deps,
                             const MachineLoopInfo &MLI, SyncReport &Report)
    : MF(MF), Deps(Deps), MLI(MLI), Report(Report),
      TII(*MF.getSubtarget().getInstrInfo()) {
  for (MachineBasicBlock *B : ReversePostOrderTraversal<MachineFunction *>(&MF))
    RPO.push_back(B);
  RPOIndex.assign(MF.getNumBlockIDs(), ~0u);
  for (unsigned I = 0; I < RPO.size(); ++I)
    RPOIndex[RPO[I]->getNumber()] = I;
  std::fill(std::begin(SiteOfAgent), std::end(SiteOfAgent), -1);
  ArrayRef<SyncSite> Sites = Deps.sites();
  for (unsigned S = 0; S < Sites.size(); ++S)
    if (Deps.isProducer(S)) {
      Producing[Sites[S].Agent] = true;
      SiteOfAgent[Sites[S].Agent] = S;
    }
  std::fill(std::begin(Slot), std::end(Slot), -1);
  for (AgentId F = 0; F < MaxSyncAgents; ++F)
    if (Producing[F]) {
      Slot[F] = ProducingAgents.size();
      ProducingAgents.push_back(F);
    }
  ProducerCount.assign(size_t(MF.getNumBlockIDs()) * numSlots(), 0);
  for (unsigned S = 0; S < Sites.size(); ++S)
    if (Deps.isProducer(S))
      ++ProducerCount[size_t(Sites[S].MBB->getNumber()) * numSlots() +
                      Slot[Sites[S].Agent]];
  assignSemaphores();
}

SyncGenerator::~SyncGenerator() = default;

void SyncGenerator::assignSemaphores() {
  unsigned Next = 0;
  for (AgentId F = 0; F < MaxSyncAgents; ++F)
    if (Producing[F])
      Semaphore[F] = getSemaphoreReg(Next++);
  Report.Semaphores = Next;
}

void SyncGenerator::computeCountsAfter(
    function_ref<int64_t(const MachineBasicBlock &, AgentId)> EntryCountOf) {
  ArrayRef<SyncSite> Sites = Deps.sites();
  CountAfter.assign(Sites.size(), 0);
  unsigned NS = numSlots();
  EntryCount.assign(size_t(MF.getNumBlockIDs()) * NS, 0);
  for (MachineBasicBlock *B : RPO) {
    int64_t *Run = &EntryCount[size_t(B->getNumber()) * NS];
    int64_t Count[MaxSyncAgents]; // of the producing agents
    for (unsigned I = 0; I < NS; ++I)
      Count[ProducingAgents[I]] = Run[I] = EntryCountOf(*B, ProducingAgents[I]);
    for (unsigned S : Deps.blockSites(*B))
      if (Deps.isProducer(S))
        CountAfter[S] = ++Count[Sites[S].Agent];
  }
}

int SyncGenerator::getLatestProducerInBlock(const DependenceGroup &G,
                                            unsigned C) const {
  auto It = llvm::lower_bound(G.Producers, C);
  if (It == G.Producers.begin())
    return -1;
  --It;
  ArrayRef<SyncSite> Sites = Deps.sites();
  return Sites[*It].MBB == Sites[C].MBB ? int(*It) : -1;
}

//===----------------------------------------------------------------------===//
// Implied waits
//===----------------------------------------------------------------------===//

/// The pairs whose value block I's transfer may change besides its waits,
/// with the correction and the floor it applies to each. Elsewhere it
/// changes none: where B neither produces on F nor corrects C_F, and every
/// predecessor's count at its end (after its correction) is B's count at
/// entry, the floor at B's end is the floor at each predecessor's end, which
/// every value reaching B already respects (forgetBelow there, or the same
/// argument by induction; a wait only raises a value; a meet is the least
/// of values that respect it). Boundary blocks start over and are always
/// visited in full. So a block's transfer costs the pairs it touches, not
/// all of them (blocks x pairs on a large function).
std::vector<SyncGenerator::BlockUpdate> SyncGenerator::computeWaitedUpdates(
    ArrayRef<AgentId> PairAgent, ArrayRef<int64_t> Distance,
    function_ref<int64_t(const MachineBasicBlock &, AgentId)> Correction,
    const std::vector<bool> &Boundary) const {
  // The tracked agents, densely numbered (a large function has thousands
  // of blocks: per block only these, not every sync agent).
  SmallVector<AgentId, 16> Agents;
  int Slot[MaxSyncAgents];
  std::fill(std::begin(Slot), std::end(Slot), -1);
  for (AgentId F : PairAgent)
    if (Slot[F] < 0) {
      Slot[F] = Agents.size();
      Agents.push_back(F);
    }
  unsigned NA = Agents.size();
  auto Count = [&](const MachineBasicBlock &B, AgentId F) {
    return entryCount(B, F);
  };
  // Per block and tracked agent: the correction and the count at the end.
  std::vector<int64_t> Corr(RPO.size() * NA, 0), Exit(RPO.size() * NA, 0);
  for (unsigned I = 0; I < RPO.size(); ++I)
    for (unsigned A = 0; A < NA; ++A) {
      const MachineBasicBlock &B = *RPO[I];
      int64_t D = Correction(B, Agents[A]);
      Corr[I * NA + A] = D;
      Exit[I * NA + A] =
          Count(B, Agents[A]) + getProducerCount(B, Agents[A]) - D;
    }
  std::vector<BlockUpdate> Updates(RPO.size());
  SmallVector<bool, 16> Touched(NA);
  for (unsigned I = 0; I < RPO.size(); ++I) {
    const MachineBasicBlock &B = *RPO[I];
    for (unsigned A = 0; A < NA; ++A) {
      AgentId F = Agents[A];
      bool Touches =
          Boundary[I] || Corr[I * NA + A] || getProducerCount(B, F);
      for (const MachineBasicBlock *P : B.predecessors()) {
        if (Touches)
          break;
        unsigned PI = RPOIndex[P->getNumber()];
        Touches = PI != ~0u && Exit[PI * NA + A] != Count(B, F);
      }
      Touched[A] = Touches;
    }
    for (unsigned P = 0; P < PairAgent.size(); ++P) {
      unsigned A = Slot[PairAgent[P]];
      if (Touched[A])
        Updates[I].push_back(
            {P, Corr[I * NA + A], Exit[I * NA + A] - Distance[P]});
    }
  }
  return Updates;
}

/// The CFG and the blocks' transfers, for WaitedState's widening and the
/// bounds of cycles' fixed points (WaitedLimits).
void SyncGenerator::setWaitedCycles(
    ArrayRef<AgentId> PairAgent, ArrayRef<int64_t> Distance,
    const std::vector<WaitedLimits::BlockWaits> &InBlock,
    function_ref<int64_t(const MachineBasicBlock &, AgentId)> Correction) {
  SyncAgentMask Agents = 0;
  for (AgentId F : PairAgent)
    Agents |= syncAgentBit(F);
  std::vector<SmallVector<unsigned, 2>> Succs(RPO.size());
  std::vector<SyncAgentMask> Produces(RPO.size(), 0);
  std::vector<WaitedLimits::BlockCorrections> Corrections(RPO.size());
  for (unsigned I = 0; I < RPO.size(); ++I) {
    for (const MachineBasicBlock *S : RPO[I]->successors())
      if (RPOIndex[S->getNumber()] != ~0u)
        Succs[I].push_back(RPOIndex[S->getNumber()]);
    for (AgentId F = 0; F < MaxSyncAgents; ++F) {
      if (getProducerCount(*RPO[I], F))
        Produces[I] |= syncAgentBit(F);
      if (Agents & syncAgentBit(F))
        if (int64_t D = Correction(*RPO[I], F))
          Corrections[I].push_back({F, D});
    }
  }
  Limits->setCycles(std::move(Succs), std::move(Produces), PairAgent);
  // The floor at a block's entry: at the end of each predecessor, whose
  // count there (after its correction) is the block's count at entry.
  std::vector<AgentId> Agent(PairAgent.begin(), PairAgent.end());
  std::vector<int64_t> Dist(Distance.begin(), Distance.end());
  Limits->setTransfers(
      InBlock, std::move(Corrections),
      [this, Agent = std::move(Agent), Dist = std::move(Dist)](unsigned P,
                                                               unsigned B) {
        return entryCount(*RPO[B], Agent[P]) - Dist[P];
      });
}

void SyncGenerator::solveWaited(
    const WaitRequests &Requests,
    function_ref<int64_t(const MachineBasicBlock &, AgentId)> Correction,
    function_ref<bool(const MachineBasicBlock &)> IsBoundary,
    ArrayRef<SmallVector<WaitRequest, 1>> AtBlockEnd) {
  ArrayRef<SyncSite> Sites = Deps.sites();
  // The tracked pairs, and the largest distance each asks for.
  PairIndex.assign(NumStreams * MaxSyncAgents, -1);
  SmallVector<AgentId, 16> PairAgent;
  SmallVector<int64_t, 16> Distance;
  // Per block: (pair, largest K).
  std::vector<WaitedLimits::BlockWaits> InBlock(RPO.size());
  for (unsigned I = 0; I < RPO.size(); ++I) {
    const MachineBasicBlock &B = *RPO[I];
    int64_t Count[MaxSyncAgents];
    for (AgentId F = 0; F < MaxSyncAgents; ++F)
      Count[F] = entryCount(B, F);
    auto Request = [&](const WaitRequest &R) {
      if (R.Snapshot)
        return;
      int &P = PairIndex[(unsigned(R.E) - 1) * MaxSyncAgents + R.F];
      if (P < 0) {
        P = PairAgent.size();
        PairAgent.push_back(R.F);
        Distance.push_back(0);
      }
      Distance[P] = std::max(Distance[P], Count[R.F] - R.K);
      auto It = llvm::find_if(
          InBlock[I], [&](const auto &E) { return E.first == unsigned(P); });
      if (It == InBlock[I].end())
        InBlock[I].push_back({unsigned(P), R.K});
      else
        It->second = std::max(It->second, R.K);
    };
    for (unsigned S : Deps.blockSites(B)) {
      for (const WaitRequest &R : Requests[S])
        Request(R);
      if (Deps.isProducer(S))
        ++Count[Sites[S].Agent];
    }
    if (!AtBlockEnd.empty())
      for (const WaitRequest &R : AtBlockEnd[I])
        Request(R);
  }
  unsigned NumPairs = PairAgent.size();
  Limits = std::make_unique<WaitedLimits>(NumPairs);
  for (unsigned I = 0; I < RPO.size(); ++I)
    for (const auto &[P, K] : InBlock[I])
      Limits->addWait(P, I);
  // Where the baseline restarts at boundaries, cycles need no widening.
  if (!IsBoundary)
    setWaitedCycles(PairAgent, Distance, InBlock, Correction);

  Waited = std::make_unique<SyncDataflow<WaitedState>>(RPO);
  // At the entry (and after a barrier) S_F >= 0 = C_F has been waited for.
  WaitedState Initial(NumPairs, 0, Limits.get());
  Waited->setBoundary(*RPO.front(), Initial);
  std::vector<bool> Boundary(RPO.size(), false);
  Boundary[0] = true;
  if (IsBoundary)
    for (unsigned I = 0; I < RPO.size(); ++I)
      if (IsBoundary(*RPO[I])) {
        Waited->setBoundary(*RPO[I], Initial);
        Boundary[I] = true;
      }
  std::vector<BlockUpdate> Updates =
      computeWaitedUpdates(PairAgent, Distance, Correction, Boundary);
  Waited->solve([&](const MachineBasicBlock &B, const WaitedState &In) {
    WaitedState Out = In;
    unsigned I = RPOIndex[B.getNumber()];
    for (const auto &[P, K] : InBlock[I])
      Out.wait(P, K);
    for (const PairUpdate &U : Updates[I]) {
      Out.correctCounter(U.Pair, U.Correction);
      Out.forgetBelow(U.Pair, U.Floor);
    }
    return Out;
  });
  LLVM_DEBUG(dbgs() << "neuronisa-sync: waited at block entries\n";
             Waited->dump());
}

WaitedState
SyncGenerator::getWaitedAtEntry(const MachineBasicBlock &MBB) const {
  const WaitedState *S = Waited->incoming(MBB);
  assert(S && "not a reachable block");
  return *S;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

void SyncGenerator::note(const MachineBasicBlock *MBB,
                         unsigned SyncReport::Counts::*Field) {
  ++(Report.Total.*Field);
  if (const MachineLoop *L = MLI.getLoopFor(MBB))
    ++(Report.PerLoop[L].*Field);
}

const EngineSyncOpcodes &SyncGenerator::syncOpcodes(unsigned Opcode) {
  auto [It, New] = SyncOpcodes.try_emplace(Opcode);
  if (New)
    It->second = getEngineSyncOpcodes(Opcode);
  return It->second;
}

void SyncGenerator::emitCounterWait(
    WaitedState &State, const WaitRequest &R, unsigned Reg,
    MachineInstr &Consumer, MachineBasicBlock *AtEndOf) {
  MachineBasicBlock &MBB = AtEndOf ? *AtEndOf : *Consumer.getParent();
  MachineBasicBlock::iterator Where =
      AtEndOf ? AtEndOf->getFirstTerminator() : Consumer.getIterator();
  int P = getWaitedPair(R.E, R.F);
  assert(P >= 0 && "a wait that solveWaited did not see");
  if (State.isImplied(P, R.K)) {
    noteImpliedWait(MBB);
    return;
  }
  State.wait(P, R.K);
  const EngineSyncOpcodes &Ops = syncOpcodes(Consumer.getOpcode());
  const DebugLoc &DL = Consumer.getDebugLoc();
  if (Reg == SyncRegs::zeroReg()) {
    BuildMI(MBB, Where, DL, TII.get(Ops.Wait))
        .addReg(Semaphore[R.F])
        .addImm(R.K);
    note(&MBB, &SyncReport::Counts::WaitsConst);
  } else {
    BuildMI(MBB, Where, DL, TII.get(Ops.WaitR))
        .addReg(Semaphore[R.F])
        .addReg(Reg)
        .addImm(R.K);
    note(&MBB, &SyncReport::Counts::WaitsDynamic);
    ++NumDynamicWaits;
  }
  ++NumWaitsInserted;
}

void SyncGenerator::emitSnapshotWait(Engine E, AgentId F, unsigned Reg,
                                     int64_t K, MachineInstr &Consumer,
                                     MachineBasicBlock *AtEndOf) {
  MachineBasicBlock &MBB = AtEndOf ? *AtEndOf : *Consumer.getParent();
  MachineBasicBlock::iterator Where =
      AtEndOf ? AtEndOf->getFirstTerminator() : Consumer.getIterator();
  const EngineSyncOpcodes &Ops = syncOpcodes(Consumer.getOpcode());
  BuildMI(MBB, Where, Consumer.getDebugLoc(), TII.get(Ops.WaitR))
      .addReg(Semaphore[F])
      .addReg(Reg)
      .addImm(K);
  note(&MBB, &SyncReport::Counts::WaitsDynamic);
  ++NumWaitsInserted;
  ++NumDynamicWaits;
}

void SyncGenerator::noteImpliedWait(const MachineBasicBlock &MBB) {
  note(&MBB, &SyncReport::Counts::WaitsRedundant);
  ++NumWaitsImplied;
}

void SyncGenerator::setCompletionSemaphore(unsigned Site) {
  const SyncSite &S = Deps.sites()[Site];
  S.MI->getOperand(getNamedOperandIdx(S.MI->getOpcode(), OpName::sem))
      .setReg(Semaphore[S.Agent]);
  note(S.MBB, &SyncReport::Counts::IncSites);
}

void SyncGenerator::emitBookkeeping(MachineBasicBlock &MBB,
                                    MachineBasicBlock::iterator I,
                                    const DebugLoc &DL, unsigned Dst,
                                    unsigned Src, int64_t Imm) {
  if (Src == SyncRegs::zeroReg())
    ConstantWrites.push_back(
        BuildMI(MBB, I, DL, TII.get(NeuronISA::LI), Dst).addImm(Imm));
  else
    BuildMI(MBB, I, DL, TII.get(NeuronISA::ADDI), Dst).addReg(Src).addImm(Imm);
  note(&MBB, &SyncReport::Counts::Bookkeeping);
  ++NumBookkeeping;
}

void SyncGenerator::eraseBookkeeping(MachineInstr &MI) {
  const MachineBasicBlock *MBB = MI.getParent();
  --Report.Total.Bookkeeping;
  if (const MachineLoop *L = MLI.getLoopFor(MBB))
    --Report.PerLoop[L].Bookkeeping;
  --NumBookkeeping;
  llvm::erase(ConstantWrites, &MI);
  MI.eraseFromParent();
}

void SyncGenerator::emitPadIncrement(MachineBasicBlock &MBB, AgentId F) {
  assert(SiteOfAgent[F] >= 0 && "padding for an agent that never produces");
  unsigned Opcode =
      syncOpcodes(Deps.sites()[SiteOfAgent[F]].MI->getOpcode()).Inc;
  assert(engineOfAgent(F) == getEngine(TII.get(Opcode)) &&
         "padding on an agent that is not a stream");
  auto Term = MBB.getFirstTerminator();
  BuildMI(MBB, Term, MBB.findBranchDebugLoc(), TII.get(Opcode))
      .addReg(Semaphore[F]);
  note(&MBB, &SyncReport::Counts::PadIncs);
}

void SyncGenerator::emitBarrier(MachineBasicBlock &MBB) {
  auto First = MBB.getFirstNonDebugInstr();
  DebugLoc DL = First != MBB.end() ? First->getDebugLoc() : DebugLoc();
  BuildMI(MBB, MBB.begin(), DL, TII.get(NeuronISA::BARRIER));
  note(&MBB, &SyncReport::Counts::Barriers);
  ++NumBarriers;
}

void SyncGenerator::noteFallback(const MachineBasicBlock *MBB,
                                 std::string Why) {
  noteFallback(MBB, std::move(Why), {}, 0);
}

void SyncGenerator::noteFallback(const MachineBasicBlock *MBB,
                                 std::string Why,
                                 ArrayRef<unsigned> Consumers, AgentId F) {
  LLVM_DEBUG(dbgs() << "neuronisa-sync: fallback: " << Why << '\n');
  Report.Fallbacks.push_back(
      {MBB, std::move(Why), SmallVector<unsigned, 4>(Consumers), F});
  ++NumFallbacks;
}
