//===-- NeuronISABuiltinLowering.h - Builtin calls to instrs ----*- C++ -*-===//
//
// Kernels express tile operations as calls to `@neuronisa.<mnemonic>(...)`
// (docs/KernelInterface.md). The builtin table generated from the .td files
// maps each name to its instruction; this file checks a call against that
// instruction's operand list and lowers it to a machine node that carries one
// memory operand per tile it reads or writes.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISABUILTINLOWERING_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISABUILTINLOWERING_H

#include "llvm/CodeGen/SelectionDAG.h"
#include "llvm/CodeGen/TargetLowering.h"
#include <string>

namespace llvm {
class CallBase;
class Function;
class MCInstrInfo;
class ScalarEvolution;

namespace NeuronISA {
struct MachineParams;

/// Prefix of every builtin function name.
constexpr StringLiteral BuiltinPrefix = "neuronisa.";

/// True if F's name starts with the builtin prefix.
bool isBuiltinName(StringRef Name);

/// The function a call calls directly, even through a mismatched type.
const Function *getCalledFunctionOrNull(const CallBase &CB);

/// Checks a call to a builtin: known name, argument count and kinds,
/// constant operands, shapes, and that every on-chip access lies inside the
/// tile it names (NeuronISATileAccess.h; with SE, also run-time partition
/// indices hidden behind pointer phis). Returns an empty string if it can be
/// lowered, else what is wrong.
/// MP is the machine the call is compiled for.
std::string checkBuiltinCall(const CallBase &CB, const MCInstrInfo &MII,
                             const MachineParams &MP,
                             ScalarEvolution *SE = nullptr);

/// Lowers a checked builtin call. Returns the output chain.
SDValue lowerBuiltinCall(TargetLowering::CallLoweringInfo &CLI,
                         const MCInstrInfo &MII, const MachineParams &MP);
} // namespace NeuronISA
} // namespace llvm

#endif
