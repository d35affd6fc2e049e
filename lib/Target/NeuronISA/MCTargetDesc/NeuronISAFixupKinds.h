//===-- NeuronISAFixupKinds.h - NeuronISA fixups ----------------*- C++ -*-===//
//
// The only target fixup is a branch offset. Symbol references in 32-bit
// immediate and tile-offset fields use the generic FK_Data_4 at the field.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAFIXUPKINDS_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAFIXUPKINDS_H

#include "llvm/MC/MCFixup.h"

namespace llvm {
namespace NeuronISA {
enum FixupKind : unsigned {
  /// A branch at the fixup's offset: bits 32-63 of the instruction get the
  /// signed distance, in 64-bit words, from the branch to its target.
  fixup_neuronisa_branch = FirstTargetFixupKind,
  LastTargetFixupKind,
  NumTargetFixupKinds = LastTargetFixupKind - FirstTargetFixupKind
};
} // namespace NeuronISA
} // namespace llvm

#endif
