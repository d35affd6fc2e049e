//===-- KernelSourceCheck.h - C constructs a kernel cannot have -*- C++ -*-===//
//
// What the C source of a kernel file declares that NeuronISA cannot
// compile, reported at the declaration in C terms before any code is
// generated: tiles that are not float[P][F], global variables (there is no
// scalar memory), kernel signatures the registers cannot carry, calls of
// functions that would be kernels (not static) or are not in the file, and
// volatile locals. Everything else is checked by the backend on the IR,
// also at the C source location (docs/Clang.md).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_CLANG_KERNELSOURCECHECK_H
#define NEURONISA_CLANG_KERNELSOURCECHECK_H

#include <memory>

namespace clang {
class FrontendAction;
}

namespace neuronisa {
/// Action, with the kernel source checks run on the translation unit before
/// its consumer (code generation) sees it; an action that only
/// preprocesses is returned as it is.
std::unique_ptr<clang::FrontendAction>
withKernelSourceCheck(std::unique_ptr<clang::FrontendAction> Action);
} // namespace neuronisa

#endif
