//===-- NeuronISABuiltinSignature.h - Arguments of a builtin ----*- C++ -*-===//
//
// A builtin call `@neuronisa.<mnemonic>(...)` passes its instruction's
// operands in order (docs/KernelInterface.md). This derives from the
// instruction's operand list and the machine model what a call must pass:
// each argument's kind, the address spaces a tile pointer may be in and the
// values a constant may take. The backend checks and lowers calls with it,
// and neuronisa-builtins generates neuronisa.h and neuronisa-builtins.json
// from it, so the three always agree.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISABUILTINSIGNATURE_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISABUILTINSIGNATURE_H

#include "NeuronISAMachineModel.h"
#include "NeuronISAOperandCheck.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
class MCInstrInfo;

namespace NeuronISA {
struct BuiltinInfo;

/// How one argument of a builtin call maps onto its instruction's operands.
struct BuiltinArg {
  enum KindTy : uint8_t {
    Tile, ///< a pointer to a tile or into an HBM buffer (two operands)
    Reg,  ///< a run-time i32 (a scalar register)
    Imm,  ///< a constant i32
    F32,  ///< a constant float
    Sem,  ///< a constant semaphore number
  };
  KindTy Kind;
  unsigned MIOp;                         ///< first operand it fills
  const TileOperandSpec *Spec = nullptr; ///< Tile: which tile operand
};

/// The arguments of a call to the builtin of instruction Opcode, in order.
struct BuiltinSignature {
  unsigned Opcode = 0;
  SmallVector<BuiltinArg, 8> Args;
  /// Data-path builtins take an optional trailing completion semaphore.
  bool OptionalSem = false;
};
BuiltinSignature getBuiltinSignature(unsigned Opcode, const MCInstrInfo &MII);

/// The address spaces (bit 1 << AS, NeuronISAAS) that a tile argument of a
/// data-path instruction of format F accepts.
unsigned getTileAddrSpaces(TileFormat F, const TileOperandSpec &S);
/// "an SBUF tile (addrspace(2))", ...: a set from getTileAddrSpaces.
std::string describeTileAddrSpaces(unsigned AddrSpaces);
/// "a tile pointer", "a constant i32", ...
StringRef describeArgKind(BuiltinArg::KindTy K);

/// The values a constant argument may take: its operand type's range on
/// machine MP (getImmRange, the range every check of the instruction
/// applies), or a semaphore number below NumSemaphores; nullopt for other
/// arguments.
std::optional<ImmRange> getBuiltinArgRange(const MachineParams &MP,
                                           const MCInstrInfo &MII,
                                           unsigned Opcode,
                                           const BuiltinArg &A);

/// The names of a builtin's arguments ("dst", "src", "p", ...), from the
/// operand names of its instruction definition.
SmallVector<StringRef, 8> getBuiltinArgNames(const BuiltinInfo &B);

} // namespace NeuronISA
} // namespace llvm

#endif
