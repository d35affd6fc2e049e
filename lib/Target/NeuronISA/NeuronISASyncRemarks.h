//===-- NeuronISASyncRemarks.h - What the sync pass reports -----*- C++ -*-===//
//
// SyncReport, what one algorithm did to one function (filled by the
// SyncGenerator and the planner), and the optimization remarks of
// neuronisa-sync made from it (docs/Synchronization.md, "Remarks").
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCREMARKS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCREMARKS_H

#include "NeuronISADependenceAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
class MachineLoop;
class MachineLoopInfo;
class MachineOptimizationRemarkEmitter;

namespace NeuronISA {

/// What one algorithm did to one function, for the remarks.
struct SyncReport {
  /// Counts for a region (the whole function, or one loop: the instructions
  /// in blocks whose innermost loop is that loop).
  struct Counts {
    unsigned WaitsConst = 0;     // E.wait S, k
    unsigned WaitsDynamic = 0;   // E.waitr S, r, k
    unsigned WaitsRedundant = 0; // needed waits implied by earlier waits
    unsigned IncSites = 0;       // producers whose $sem was set
    unsigned PadIncs = 0;        // E.inc padding (barrier mode)
    unsigned Bookkeeping = 0;    // li / addi on counters and snapshots
    unsigned Barriers = 0;       // BARRIER instructions inserted
  };
  Counts Total;
  DenseMap<const MachineLoop *, Counts> PerLoop; // innermost loop of a block
  unsigned Semaphores = 0;
  unsigned CounterRegs = 0;
  unsigned SnapshotRegs = 0;
  /// Precise: the registers the function left free for them.
  unsigned FreeRegs = 0;
  unsigned DependenceGroups = 0;
  /// Precise: waits moved out of a loop to its preheader (loop-invariant).
  unsigned WaitsHoisted = 0;
  /// Fallbacks, each with the block it concerns and why; a fallback that
  /// concerns the waits of some consumers for one agent names them (site
  /// ids), one that concerns the whole function names none.
  struct Fallback {
    const MachineBasicBlock *MBB;
    std::string Why;
    SmallVector<unsigned, 4> Consumers = {};
    AgentId Agent = 0;
  };
  SmallVector<Fallback, 2> Fallbacks;
  /// Precise: hardware agents split into sub-agents by producer block
  /// (EngineDependences::splitAgents) because waits on them fell back.
  struct AgentSplit {
    SmallVector<AgentId, 4> Split; // hardware agents
    unsigned SyncAgents = 0;       // agents with a semaphore afterwards
    unsigned SiteAgents = 0;       // of them, one producer site's each
    unsigned FallbackWaitsBefore = 0, FallbackWaitsAfter = 0;
    bool Kept = false; // the split plan replaced the unsplit one
    /// Not tried: the function has this many sites, more than
    /// -neuronisa-sync-split-site-budget (0: tried).
    unsigned TooManySites = 0;
    /// -neuronisa-sync-explain-splits: one line per plan tried.
    std::vector<std::string> PlanLines;
  };
  std::optional<AgentSplit> Split;
  /// -neuronisa-sync-explain-snapshots: the lines of the emitted plan.
  std::vector<std::string> Explained;
  /// The consumer waits that fell back (a bound instead of the threshold).
  unsigned countFallbackWaits() const {
    unsigned N = 0;
    for (const Fallback &FB : Fallbacks)
      N += FB.Consumers.size();
    return N;
  }
};

/// Emits the remarks of neuronisa-sync for MF (Precise: the algorithm that
/// ran; barriers avoided are counted in precise mode only).
void emitSyncRemarks(MachineFunction &MF, const MachineLoopInfo &MLI,
                     const EngineDependences &Deps, const SyncReport &Report,
                     bool Precise, MachineOptimizationRemarkEmitter &ORE);

} // namespace NeuronISA
} // namespace llvm

#endif
