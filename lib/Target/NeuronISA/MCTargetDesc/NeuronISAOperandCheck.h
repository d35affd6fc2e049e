//===-- NeuronISAOperandCheck.h - Every field of an instruction -*- C++ -*-===//
//
// The one check of an instruction's operands, from TableGen's operand
// descriptions (MCOperandInfo): every operand has the kind its description
// asks for (a register of its class, an immediate, or a symbol where the
// operand may be one) and every immediate lies in the range of its operand
// type, which the machine parameters decide (getImmRange); then the shape
// rules that tie fields together (checkShape). It serves the IR kernel
// verifier (through the builtin checks), TargetInstrInfo::verifyInstruction
// and the AsmPrinter, the assembly parser, and neuronisa-sim's loader, each
// reading operands its own way (OperandGetter).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAOPERANDCHECK_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAOPERANDCHECK_H

#include "NeuronISAMachineModel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class MCInst;
class MCInstrDesc;

namespace NeuronISA {

/// One MI/MC operand, as far as the check needs it.
struct OperandValue {
  enum KindTy : uint8_t {
    Missing,    // the instruction has fewer operands
    Reg,        // a physical register (or none: Reg == 0)
    VirtualReg, // a virtual register or an IR value (its class is known)
    Imm,        // an integer immediate
    Symbol,     // resolved at emission (a tile global, a label, ...)
    Other,      // anything else (a frame index, ...)
  };
  KindTy Kind = Missing;
  unsigned Register = 0;
  int64_t Value = 0;

  static OperandValue reg(unsigned R) { return {Reg, R, 0}; }
  static OperandValue virtualReg() { return {VirtualReg, 0, 0}; }
  static OperandValue imm(int64_t V) { return {Imm, 0, V}; }
  static OperandValue symbol() { return {Symbol, 0, 0}; }
  static OperandValue other() { return {Other, 0, 0}; }
};

/// The value of MI/MC operand Idx (Missing past the last one).
using OperandGetter = function_ref<OperandValue(unsigned Idx)>;

/// The range of an immediate operand on machine MP.
struct ImmRange {
  int64_t Min, Max;
  const char *What; // "DMA queue", "partition start", ...
  bool AllowsSymbol; // a symbol resolved at emission is accepted
};

/// The range of immediate operand Idx of D (whose operand type is
/// OperandType; for a tile or HBM address, Idx's place in the address picks
/// the field). nullopt for operands that are not range-checked immediates
/// (registers, branch targets, frame indices).
std::optional<ImmRange> getImmRange(const MachineParams &MP,
                                    const MCInstrDesc &D, unsigned Idx);

/// What is wrong with an instruction: the operand (~0u: the instruction as
/// a whole) and the message.
struct OperandError {
  unsigned OpIdx;
  std::string Msg;
};

/// Checks every operand of an instruction described by D on machine MP.
std::optional<OperandError> checkOperands(const MachineParams &MP,
                                          const MCInstrDesc &D,
                                          OperandGetter Get);

/// The same for an MCInst (registers, immediates, expressions: an
/// expression that evaluates to a constant is that constant).
std::optional<OperandError> checkOperands(const MachineParams &MP,
                                          const MCInstrDesc &D,
                                          const MCInst &MI);

} // namespace NeuronISA
} // namespace llvm

#endif
