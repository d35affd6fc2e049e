//===-- NeuronISA.h - Top-level interface for NeuronISA ---------*- C++ -*-===//
//
// Entry points of the NeuronISA code generator: pass constructors and their
// initializers.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISA_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISA_H

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"

namespace llvm {
class FunctionPass;
class ModulePass;
class NeuronISATargetMachine;
class PassRegistry;

/// Instruction selection.
FunctionPass *createNeuronISAISelDag(NeuronISATargetMachine &TM);
void initializeNeuronISADAGToDAGISelLegacyPass(PassRegistry &);

/// Diagnoses IR the target cannot compile (unsupported types, operations,
/// calls, stack use) before instruction selection.
FunctionPass *createNeuronISAKernelVerifierPass();
void initializeNeuronISAKernelVerifierPass(PassRegistry &);

/// Reduces debug information to line tables, with one warning when the
/// module asks for more (NeuronISALineTablesOnly.cpp).
ModulePass *createNeuronISALineTablesOnlyPass();
void initializeNeuronISALineTablesOnlyPass(PassRegistry &);

/// Unrolls by 2 a loop whose header phis swap two constant tile places
/// every iteration (double buffering), so that each copy of the body names
/// one tile per access (NeuronISATilePingPongUnroll.cpp).
FunctionPass *createNeuronISATilePingPongUnrollPass();
void initializeNeuronISATilePingPongUnrollPass(PassRegistry &);

/// Splits a builtin call whose tile pointer is chosen by select into one
/// call per arm, each naming one tile (NeuronISATileSelectSplit.cpp).
FunctionPass *createNeuronISATileSelectSplitPass();
void initializeNeuronISATileSelectSplitPass(PassRegistry &);

/// Inserts synchronization between engines (-neuronisa-sync=precise, the
/// default; =barrier, the baseline; =none, keep hand-written sync).
FunctionPass *createNeuronISASyncPass();
void initializeNeuronISASyncLegacyPass(PassRegistry &);

/// Registers the target, its MC layer and its passes. Idempotent.
void registerNeuronISATarget();

} // namespace llvm

#endif
