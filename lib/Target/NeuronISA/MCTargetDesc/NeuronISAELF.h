//===-- NeuronISAELF.h - NeuronISA object file constants --------*- C++ -*-===//
//
// What a NeuronISA ELF object is (docs/ObjectFormat.md): the machine number,
// the relocation types, the instruction word size. The object writer, the
// disassembler tool and the simulator's object loader all read them here.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAELF_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAELF_H

#include <cstdint>
#ifdef NEURONISA_IN_TREE
#include "llvm/BinaryFormat/ELF.h"
#endif

namespace llvm {
namespace NeuronISA {

/// e_machine of NeuronISA objects: "NI". Not assigned by the ELF registry
/// (no NeuronCore machine number is public); chosen far above the assigned
/// range so that it collides with no real machine. In tree
/// (llvm-project-overlay) llvm/BinaryFormat/ELF.h names it, as it names every
/// target's; the stock LLVM a plugin builds against does not.
#ifdef NEURONISA_IN_TREE
constexpr uint16_t EM_NEURONISA = ELF::EM_NEURONISA;
static_assert(EM_NEURONISA == 0x4E49, "docs/ObjectFormat.md");
#else
constexpr uint16_t EM_NEURONISA = 0x4E49;
#endif

/// Relocation types (ELF32 RELA). P is the address of the relocated
/// instruction or field, S the symbol's value, A the addend.
enum RelocType : uint32_t {
  R_NEURONISA_NONE = 0,
  /// The 32-bit little-endian field at P gets S + A.
  R_NEURONISA_32 = 1,
  /// The branch instruction at P gets (S + A - P) / 8 in bits 32-63.
  R_NEURONISA_BRANCH = 2,
};

/// Instructions are made of 64-bit words: one for control and
/// synchronization instructions, four for data-path instructions.
constexpr unsigned WordBytes = 8;
constexpr unsigned ShortInstBytes = 8;
constexpr unsigned DataInstBytes = 32;

/// Length in bytes of the instruction whose first byte is FirstByte: the
/// format field (bits 3-7) is non-zero exactly for data-path instructions.
inline unsigned instructionBytes(uint8_t FirstByte) {
  return (FirstByte >> 3) ? DataInstBytes : ShortInstBytes;
}

} // namespace NeuronISA
} // namespace llvm

#endif
