//===-- NeuronISASyncPlanner.h - The search among precise plans -*- C++ -*-===//
//
// The choice among plans of the precise algorithm (docs/Synchronization.md,
// "Sub-agents"): the plain plan, or, where waits of it fall back for lack of
// registers, a plan with the agents concerned split into sub-agents (by
// producer block, by site in loops, or only the blocks of the producers
// whose waits fell back) if fewer waits fall back there. The pass
// (NeuronISASyncPass.cpp) emits the plan chosen.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCPLANNER_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCPLANNER_H

#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncGenerator.h"
#include <memory>

namespace llvm {
class MachineFunction;
class MachineLoopInfo;

namespace NeuronISA {

/// One plan of the precise algorithm: its dependences (the function's, or a
/// copy with agents split), its report and its generator. Not movable: the
/// generator points at the report.
struct PrecisePlan {
  std::unique_ptr<EngineDependences> SplitDeps; // null: the function's
  const EngineDependences *Deps;
  SyncReport Report;
  std::unique_ptr<SyncGenerator> Gen;
  std::unique_ptr<PreciseSync> Sync;
  bool Planned = false;
  /// The plain plan's facts, kept where plans with split agents may follow
  /// (PreciseSync::plan).
  PreciseSync::PlainFacts Facts;

  /// Plans MF with Split (null: the function's dependences FunctionDeps)
  /// and FreeRegs registers free; Plain: the plain plan's Facts (split
  /// plans only).
  PrecisePlan(MachineFunction &MF, const EngineDependences &FunctionDeps,
              std::unique_ptr<EngineDependences> Split,
              const MachineLoopInfo &MLI, unsigned FreeRegs,
              const PreciseSync::PlainFacts *Plain = nullptr);
  PrecisePlan(const PrecisePlan &) = delete;
  PrecisePlan &operator=(const PrecisePlan &) = delete;
};

/// The precise plan for MF with Report.FreeRegs registers free: the plain
/// one, or a plan with agents split where that leaves fewer waits falling
/// back (its report says what was tried). Null when the plain plan's
/// counters do not fit (Report then says so). Nothing is emitted.
std::unique_ptr<PrecisePlan> planPrecise(MachineFunction &MF,
                                         const EngineDependences &Deps,
                                         const MachineLoopInfo &MLI,
                                         SyncReport &Report);

} // namespace NeuronISA
} // namespace llvm

#endif
