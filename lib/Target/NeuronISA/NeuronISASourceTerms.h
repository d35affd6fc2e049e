//===-- NeuronISASourceTerms.h - Words of the kernel's language -*- C++ -*-===//
//
// The backend's diagnostics speak the language the kernel was written in:
// a kernel compiled from C (its compile unit says so) hears of `long long`,
// `float[128][512]` and `neuronisa_dve_memset`; one written in IR hears of
// `i64`, `[128 x [512 x float]]` and `neuronisa.dve.memset`. The messages
// are the same; only the names of types, tiles and builtins differ.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASOURCETERMS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASOURCETERMS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
class GlobalVariable;
class Module;
class Type;

namespace NeuronISA {

/// Whether M was compiled from C (a compile unit of its debug information
/// is in a C dialect). neuronisa-clang always emits line tables.
bool speaksC(const Module &M);

/// A type as the user wrote it: "long long", "double", "float[128][512]",
/// "an __sbuf pointer" in C; "i64", "[128 x [512 x float]]" in IR.
std::string typeName(const Module &M, const Type *T);

/// "tile 't' (float[128][512])" in C, "tile @t [128 x [512 x float]]" in IR.
std::string describeTile(const GlobalVariable &Tile);

/// The builtin called as IRName (neuronisa.dve.memset): its C name
/// (neuronisa_dve_memset) in C, IRName in IR.
std::string builtinName(const Module &M, StringRef IRName);

/// The name of a global variable as the user wrote it: a constant that
/// clang made of a local array or struct initializer (`__const.k.q`) is
/// "q" in C.
std::string globalName(const Module &M, StringRef IRName);

} // namespace NeuronISA
} // namespace llvm

#endif
