//===-- NeuronISASyncDump.h - Sync output for the validator -----*- C++ -*-===//
//
// -neuronisa-sync-dump=<file>: after the synchronization pass ran on a
// function, writes what the translation validator neuronisa-sync-check
// (proofs/) needs to re-check it: the reachable CFG, every data-path site
// (agent, waiting engine, semaphore it increments), the dependence groups
// (which sites conflict), and every instruction the validator interprets in
// layout order (sites, waits, li/addi and any other write of a scalar
// register). One JSON object per function, one per line (JSON Lines).
//
// The interface is deliberately narrow: the dependence analysis and the
// final MachineFunction, nothing of the algorithm that produced the waits,
// so the validator keeps checking the output whatever the algorithm does.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCDUMP_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCDUMP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
class MachineFunction;

namespace NeuronISA {
class EngineDependences;

/// Was -neuronisa-sync-dump given?
bool isSyncDumpRequested();

/// Appends MF's record to the dump file. Mode is "precise" or "barrier" (the
/// algorithm whose output MF now holds); Fallbacks are the reasons of the
/// fallbacks the algorithm reported (imprecision it announced). Reports an
/// error through the LLVMContext when the file cannot be written.
void dumpSyncForValidation(const MachineFunction &MF, const EngineDependences &DI,
                           StringRef Mode, ArrayRef<std::string> Fallbacks);

} // namespace NeuronISA
} // namespace llvm

#endif
