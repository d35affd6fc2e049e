//===-- NeuronISAPreciseSync.h - Barrier-free precise sync ------*- C++ -*-===//
//
// The precise algorithm (-neuronisa-sync=precise): every consumer waits for
// exactly the latest earlier instance, in program order, of each conflicting
// producer on every other agent, with thresholds computed at run time from
// counters in reserved registers. No barriers. docs/Synchronization.md gives
// the algorithm and the argument that it is exact. In four steps:
//  1. counters (this file's computeCounters): N_F(x) = C_F + off_F(x);
//  2. thresholds (computeThresholds): one solve of ThresholdState over the
//     CFG for every group at once; each consumer's waits;
//  3. registers (NeuronISAPreciseSyncRegisters.cpp): counters, snapshots,
//     their live ranges, sharing and fallbacks;
//  4. emission (emit), through the SyncGenerator.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAPRECISESYNC_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAPRECISESYNC_H

#include "NeuronISADependenceAnalysis.h"
#include "NeuronISASyncGenerator.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace llvm {
namespace NeuronISA {

class PreciseSync {
public:
  explicit PreciseSync(SyncGenerator &Gen);

  /// Inserts the synchronization. Returns false, having changed nothing,
  /// when the agents' counters alone do not fit in the reserved registers
  /// (the caller then falls back to the barrier algorithm).
  bool run();

private:
  SyncGenerator &Gen;
  const EngineDependences &Deps;
  ArrayRef<MachineBasicBlock *> RPO;
  /// The analysis' groups, then the unions made by mergeSnapshots.
  std::vector<DependenceGroup> Groups;

  //===--- 1. Counters ----------------------------------------------------===//
  /// Per (block number, agent): off_F at block entry, and the correction
  /// d (addi C_F, C_F, d before the terminators).
  std::vector<int64_t> EntryOffset, Correction;
  int64_t &entryOffset(const MachineBasicBlock &B, AgentId F) {
    return EntryOffset[size_t(B.getNumber()) * NumAgents + F];
  }
  int64_t correction(const MachineBasicBlock &B, AgentId F) const {
    return Correction[size_t(B.getNumber()) * NumAgents + F];
  }
  void computeCounters();
  int64_t offsetBefore(unsigned Site, AgentId F) const;

  //===--- 2. Thresholds --------------------------------------------------===//
  WaitRequests Waits;          // per consumer site
  std::vector<bool> NeedsSnapshot; // per group
  void computeThresholds();
  void mergeSnapshots();
  void combineWaits();

  //===--- 3. Registers ---------------------------------------------------===//
  unsigned CounterReg[NumAgents] = {};
  AgentId CounterOwner[NumAgents] = {}; // agent whose addi updates the reg
  bool OwnsCounter[NumAgents] = {};      // CounterOwner[F] == F, F counts
  std::vector<unsigned> SnapshotReg; // per group; 0: none
  DenseMap<unsigned, bool> SnapshotLiveAtEntry; // per group: reads the init
  std::vector<BitVector> SnapshotLiveOut; // per group: blocks whose write is read
  std::vector<BitVector> CounterLiveOut;  // per owner agent
  std::vector<unsigned> SitePos;          // per site: index in its block
  /// The reachable CFG by reverse post-order index, compressed.
  std::vector<unsigned> PredBegin, Preds;
  /// snapshotRange's scratch, per RPO index: -1 except while in use.
  std::vector<int> ScratchLastUse, ScratchDefPos;

  /// A live range: closed intervals of positions inside blocks (see
  /// NeuronISAPreciseSyncRegisters.cpp), sorted by block.
  struct Segment {
    unsigned Block; // RPO index
    int Lo, Hi;
  };
  using LiveRange = SmallVector<Segment, 8>;

  bool allocateRegisters();
  bool assignCounters(unsigned &NumCounters);
  void shareIdenticalSnapshots();
  bool assignSnapshots(unsigned NumCounters,
                       std::vector<SmallVector<LiveRange, 4>> &Occupied);
  void waitForEveryEarlierInstance(unsigned Group);
  void buildPredecessors();
  static bool interferes(const LiveRange &A, const LiveRange &B);
  void liveness(const BitVector &Use, const BitVector &Kill, BitVector &LiveIn,
                BitVector &LiveOut) const;
  LiveRange snapshotRange(unsigned Group);
  LiveRange counterRange(AgentId Owner);
  /// The sites after which Group's snapshot is written: its last site in
  /// each block.
  void lastProducersPerBlock(unsigned Group,
                             SmallVectorImpl<unsigned> &Sites) const;

  //===--- 4. Emission ----------------------------------------------------===//
  void emit();
  void emitBlock(MachineBasicBlock &B,
                 ArrayRef<SmallVector<unsigned, 1>> SnapshotsAfter);
  void emitEntryInitialization();
};

} // namespace NeuronISA
} // namespace llvm

#endif
