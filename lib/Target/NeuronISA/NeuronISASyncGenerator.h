//===-- NeuronISASyncGenerator.h - What both sync modes share ---*- C++ -*-===//
//
// The generator of synchronization that the barrier baseline and the precise
// algorithm share (in the manner of SIInsertWaitcnts' WaitcntGenerator):
//  - semaphore numbering (one per producing agent);
//  - per-block producer counts and the count right after each producer;
//  - the latest producer of a group before a consumer in its block;
//  - implied-wait elimination (WaitedState through the one solver);
//  - emission of waits, completion semaphores, counter updates, padding
//    increments and barriers, each with the DebugLoc of the instruction it
//    guards or follows, counted for the statistics and the remarks
//    (SyncReport, NeuronISASyncRemarks.h).
// Each algorithm decides thresholds and placement; the generator builds.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCGENERATOR_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCGENERATOR_H

#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISASyncDataflow.h"
#include "NeuronISASyncRemarks.h"
#include "NeuronISASyncState.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/Support/Timer.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MachineFunction;
class MachineLoop;
class MachineLoopInfo;
class TargetInstrInfo;

namespace NeuronISA {

/// Barriers the baseline puts for loop L itself (its subloops not counted):
/// one at the header and one at each exit block. The one definition of
/// that count, for the baseline's placement and the "barriers avoided"
/// remarks.
unsigned getLoopBarrierCount(const MachineLoop &L);
/// Blocks that start with such a barrier: L's header and exit blocks.
void getLoopBarrierBlocks(const MachineLoop &L,
                          SmallVectorImpl<MachineBasicBlock *> &Blocks);

/// Times one phase of the pass, reported with -time-passes when
/// -neuronisa-sync-time-phases is given (a hidden option).
class SyncPhaseTimer : public NamedRegionTimer {
public:
  SyncPhaseTimer(StringRef Name, StringRef Description);
};

/// A wait that a consumer needs for one agent.
struct WaitRequest {
  Engine E;       // the engine that waits
  AgentId F;      // on the semaphore of agent F
  unsigned Group; // precise: the dependence group it serves
  bool Snapshot;  // precise: on the group's snapshot register + K (K <= 0)
  int64_t K;      // otherwise: on C_F + K (barrier mode: C_F = 0)
};
using WaitRequests = std::vector<SmallVector<WaitRequest, 2>>; // per site

class SyncGenerator {
public:
  SyncGenerator(MachineFunction &MF, const EngineDependences &Deps,
                const MachineLoopInfo &MLI, SyncReport &Report);
  ~SyncGenerator();

  MachineFunction &getFunction() const { return MF; }
  const EngineDependences &getDependences() const { return Deps; }
  const MachineLoopInfo &getLoopInfo() const { return MLI; }
  SyncReport &getReport() const { return Report; }
  /// The reachable blocks in reverse post-order, entry first.
  ArrayRef<MachineBasicBlock *> getRPO() const { return RPO; }
  unsigned getRPOIndex(const MachineBasicBlock &MBB) const {
    return RPOIndex[MBB.getNumber()];
  }

  //===--------------------------------------------------------------------===//
  // Semaphores and counts
  //===--------------------------------------------------------------------===//

  /// Agent F's semaphore S_F: s<i>, i = F's rank among producing agents.
  unsigned getSemaphore(AgentId F) const { return Semaphore[F]; }
  bool isProducing(AgentId F) const { return Producing[F]; }
  /// Producer sites of F in MBB.
  int64_t getProducerCount(const MachineBasicBlock &MBB, AgentId F) const {
    int S = Slot[F];
    return S < 0 ? 0 : ProducerCount[size_t(MBB.getNumber()) * numSlots() + S];
  }
  /// The agents with a producer site, ascending. The others count 0 in
  /// every block, and the per-block tables (here and in the precise
  /// algorithm) hold only these: a function has few of the 64 sync agents,
  /// and a large one thousands of blocks.
  ArrayRef<AgentId> getProducingAgents() const { return ProducingAgents; }
  unsigned numSlots() const { return ProducingAgents.size(); }
  /// F's index in getProducingAgents(), or -1.
  int getSlot(AgentId F) const { return Slot[F]; }
  /// Sets each site's count right after it: the count of its agent at
  /// block entry (EntryCount) plus its rank among the block's producers of
  /// that agent.
  void computeCountsAfter(
      function_ref<int64_t(const MachineBasicBlock &, AgentId)> EntryCount);
  int64_t getCountAfter(unsigned Site) const { return CountAfter[Site]; }
  /// The latest site of G before site C in C's block, or -1 if none.
  int getLatestProducerInBlock(const DependenceGroup &G, unsigned C) const;

  //===--------------------------------------------------------------------===//
  // Implied waits
  //===--------------------------------------------------------------------===//

  /// Index of the (engine, agent) pair in WaitedState, or -1 if untracked.
  int getWaitedPair(Engine E, AgentId F) const {
    return PairIndex[(unsigned(E) - 1) * MaxSyncAgents + F];
  }
  /// Solves what each engine has waited for at every block entry, given
  /// the counter-relative waits that Requests ask for (snapshot waits are
  /// not tracked) and the counts of computeCountsAfter. Precise mode: C_F
  /// grows by Correction at block ends; barrier mode (IsBoundary set): the
  /// state restarts from nothing at boundary blocks. Each pair's state is
  /// cut below its floor: the largest distance, in F's increments, between
  /// a consumer and the threshold it waits for. AtBlockEnd (per RPO index,
  /// or empty): counter-relative waits at the end of a block, before its
  /// counter updates (precise mode's hoisted loop-invariant waits).
  void solveWaited(
      const WaitRequests &Requests,
      function_ref<int64_t(const MachineBasicBlock &, AgentId)> Correction,
      function_ref<bool(const MachineBasicBlock &)> IsBoundary = nullptr,
      ArrayRef<SmallVector<WaitRequest, 1>> AtBlockEnd = {});
  /// The solution at MBB's entry.
  WaitedState getWaitedAtEntry(const MachineBasicBlock &MBB) const;

  //===--------------------------------------------------------------------===//
  // Emission
  //===--------------------------------------------------------------------===//

  /// The counter-relative wait R for Consumer, on Reg + R.K (Reg = r0:
  /// the constant form), unless Waited already implies it; updates Waited.
  /// It goes right before Consumer, or, when AtEndOf is given, before
  /// AtEndOf's terminators (a hoisted wait, with Consumer's engine and
  /// DebugLoc).
  void emitCounterWait(WaitedState &Waited, const WaitRequest &R, unsigned Reg,
                       MachineInstr &Consumer,
                       MachineBasicBlock *AtEndOf = nullptr);
  /// A wait of E for S_F >= Reg + 0 before Consumer (a snapshot), or before
  /// AtEndOf's terminators when given (hoisted).
  void emitSnapshotWait(Engine E, AgentId F, unsigned Reg, int64_t K,
                        MachineInstr &Consumer,
                        MachineBasicBlock *AtEndOf = nullptr);
  /// A needed wait that an earlier one implies: counted, not emitted.
  void noteImpliedWait(const MachineBasicBlock &MBB);
  /// Site's completion semaphore: its agent's.
  void setCompletionSemaphore(unsigned Site);
  /// Dst = Src + Imm (li when Src is r0) before I.
  void emitBookkeeping(MachineBasicBlock &MBB, MachineBasicBlock::iterator I,
                       const DebugLoc &DL, unsigned Dst, unsigned Src,
                       int64_t Imm);
  /// The li instructions emitBookkeeping has inserted (some may have been
  /// erased since: see eraseBookkeeping).
  ArrayRef<MachineInstr *> getConstantWrites() const {
    return ConstantWrites;
  }
  /// Erases MI, a bookkeeping instruction, and its count.
  void eraseBookkeeping(MachineInstr &MI);
  /// F.inc S_F before MBB's terminators (F a stream; barrier padding).
  void emitPadIncrement(MachineBasicBlock &MBB, AgentId F);
  /// A BARRIER at the start of MBB.
  void emitBarrier(MachineBasicBlock &MBB);
  void noteFallback(const MachineBasicBlock *MBB, std::string Why);
  /// A fallback that concerns the waits of Consumers (site ids) for F.
  void noteFallback(const MachineBasicBlock *MBB, std::string Why,
                    ArrayRef<unsigned> Consumers, AgentId F);

private:
  MachineFunction &MF;
  const EngineDependences &Deps;
  SmallVector<MachineInstr *, 16> ConstantWrites;
  const MachineLoopInfo &MLI;
  SyncReport &Report;
  const TargetInstrInfo &TII;
  std::vector<MachineBasicBlock *> RPO;
  std::vector<unsigned> RPOIndex; // by block number; ~0u: unreachable

  bool Producing[MaxSyncAgents] = {};
  unsigned Semaphore[MaxSyncAgents] = {};
  SmallVector<AgentId, 16> ProducingAgents;
  int Slot[MaxSyncAgents];
  std::vector<int64_t> ProducerCount; // per (block number, slot)
  std::vector<int64_t> EntryCount;    // per (block number, slot)
  /// F's count at B's entry (computeCountsAfter); 0 if F produces nowhere.
  int64_t entryCount(const MachineBasicBlock &B, AgentId F) const {
    int S = Slot[F];
    return S < 0 ? 0 : EntryCount[size_t(B.getNumber()) * numSlots() + S];
  }
  std::vector<int64_t> CountAfter;    // per site
  /// A producer site of each agent, for its engine's opcodes.
  int SiteOfAgent[MaxSyncAgents];

  std::vector<int> PairIndex; // per (engine - 1, agent)
  std::unique_ptr<WaitedLimits> Limits;
  std::unique_ptr<SyncDataflow<WaitedState>> Waited;

  /// getEngineSyncOpcodes, per data-path opcode (a search of the opcode
  /// tables, once per opcode instead of once per wait).
  DenseMap<unsigned, EngineSyncOpcodes> SyncOpcodes;
  const EngineSyncOpcodes &syncOpcodes(unsigned Opcode);

  void note(const MachineBasicBlock *MBB,
            unsigned SyncReport::Counts::*Field);
  /// What a block's transfer does to one tracked pair besides its waits.
  struct PairUpdate {
    unsigned Pair;
    int64_t Correction; // C_F grows by it at the block's end
    int64_t Floor;      // then values below it are forgotten
  };
  using BlockUpdate = SmallVector<PairUpdate, 4>;
  std::vector<BlockUpdate> computeWaitedUpdates(
      ArrayRef<AgentId> PairAgent, ArrayRef<int64_t> Distance,
      function_ref<int64_t(const MachineBasicBlock &, AgentId)> Correction,
      const std::vector<bool> &Boundary) const;
  void assignSemaphores();
  void setWaitedCycles(
      ArrayRef<AgentId> PairAgent, ArrayRef<int64_t> Distance,
      const std::vector<WaitedLimits::BlockWaits> &InBlock,
      function_ref<int64_t(const MachineBasicBlock &, AgentId)> Correction);
};

} // namespace NeuronISA
} // namespace llvm

#endif
