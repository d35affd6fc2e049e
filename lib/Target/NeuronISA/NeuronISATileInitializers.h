//===-- NeuronISATileInitializers.h - Initial tile contents -----*- C++ -*-===//
//
// A tile may have initial contents (C: `static __sbuf float t[2][4] =
// {{1, 2}, {3}};`), which are loaded into it before the kernel starts
// (docs/KernelInterface.md). clang gives a tile whose initializer is partly
// zero a packed struct type (`<{ [4 x float], [1 x [4 x float]] }>`, the
// zero rows as one array); restoreTileTypes gives it back its tile type
// [P x [F x float]] with the same contents, before anything looks at the
// tiles (the kernel verifier's and the AsmPrinter's initialization, which
// the legacy pass manager runs before any pass). The AsmPrinter writes the
// contents as .neuronisa_tile_init directives (getTileInits).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISATILEINITIALIZERS_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISATILEINITIALIZERS_H

#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include <vector>

namespace llvm {
class GlobalVariable;
class Module;

namespace NeuronISA {

/// Gives each SBUF and PSUM global whose type clang made to fit its
/// initializer the tile type [P x [F x float]] again (a new global of the
/// same name, contents and uses). Returns true if it changed M; a second
/// call changes nothing.
bool restoreTileTypes(Module &M);

/// The non-zero initial contents of a tile of type [P x [F x float]], as
/// the directives that load them: runs of non-zero words of a partition, at
/// most TileInitWordsPerDirective each, in partition and element order.
/// Empty for a tile without an initializer or with zeros only.
std::vector<TileInit> getTileInits(const GlobalVariable &Tile,
                                   StringRef Name);

} // namespace NeuronISA
} // namespace llvm

#endif
