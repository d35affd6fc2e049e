//===--- NeuronISA.cpp - Implement NeuronISA target feature support -------===//
//
// See NeuronISA.h.
//
//===----------------------------------------------------------------------===//

#include "NeuronISA.h"
#include "clang/Basic/MacroBuilder.h"

using namespace clang;
using namespace clang::targets;

NeuronISATargetInfo::NeuronISATargetInfo(const llvm::Triple &Triple,
                                         const TargetOptions &)
    : TargetInfo(Triple) {
  // The layout is the backend's: Triple::computeDataLayout knows it when
  // NeuronISA is built in tree (llvm/lib/TargetParser/TargetDataLayout.cpp).
  // Out of tree the arch is unknown to Triple and the driver sets the layout
  // of the loaded backend instead (tools/neuronisa-clang).
  resetDataLayout();

  // ILP32 in every address space: HBM pointers are 32-bit device addresses,
  // SBUF/PSUM pointers per-partition byte addresses.
  PointerWidth = PointerAlign = 32;
  IntWidth = IntAlign = 32;
  LongWidth = LongAlign = 32;
  LongLongWidth = LongLongAlign = 64;
  SizeType = UnsignedInt;
  PtrDiffType = SignedInt;
  IntPtrType = SignedInt;
  // i64 and floating-point scalar code are rejected by the backend; their
  // sizes are still the usual ones so that headers and constants work.
  LongDoubleWidth = LongDoubleAlign = 64;
  LongDoubleFormat = &llvm::APFloat::IEEEdouble();

  // No stack and no threads.
  TLSSupported = false;
  VLASupported = false;
  NoAsmVariants = true;
  MaxAtomicPromoteWidth = MaxAtomicInlineWidth = 0;
}

void NeuronISATargetInfo::getTargetDefines(const LangOptions &Opts,
                                           MacroBuilder &Builder) const {
  Builder.defineMacro("__neuronisa__");
}
