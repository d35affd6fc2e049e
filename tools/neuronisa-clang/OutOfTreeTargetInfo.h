//===-- OutOfTreeTargetInfo.h - clang's NeuronISA target, out of tree -*- C++ -*-===//
//
// Stock clang builds a TargetInfo only for the targets compiled into it
// (TargetInfo::CreateTargetInfo); NeuronISA is not one of them. This creates
// clang's NeuronISA TargetInfo (the same class an in-tree clang uses) the way
// CreateTargetInfo would.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_CLANG_OUTOFTREETARGETINFO_H
#define NEURONISA_CLANG_OUTOFTREETARGETINFO_H

#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class DiagnosticsEngine;
class TargetOptions;
} // namespace clang

namespace neuronisa {
/// Creates the TargetInfo for Opts.Triple (a NeuronISA triple), with the data
/// layout DataLayout (the loaded backend's). Reports problems to Diags and
/// returns null on error. Opts must outlive the result.
clang::TargetInfo *createTargetInfo(clang::DiagnosticsEngine &Diags,
                                    clang::TargetOptions &Opts,
                                    llvm::StringRef DataLayout);
} // namespace neuronisa

#endif
