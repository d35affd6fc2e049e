//===-- FrontendJob.h - Run one clang frontend job for NeuronISA -*- C++ -*-===//
//
// The clang driver turns a command line into frontend (cc1) jobs. Stock
// clang runs a job with ExecuteCompilerInvocation, which creates the target
// from the triple and so cannot compile for a target not built into it. This
// runs a job the same way but with clang's NeuronISA TargetInfo, and promotes
// the allocas clang emits at -O0.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_CLANG_FRONTENDJOB_H
#define NEURONISA_CLANG_FRONTENDJOB_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace neuronisa {
struct FrontendJobOptions {
  /// The data layout of the loaded backend.
  llvm::StringRef DataLayout;
  /// Pass the job's -mllvm options to LLVM (only once per process: LLVM's
  /// options cannot be parsed twice).
  bool ParseLLVMOptions = true;
};

/// Runs the frontend job whose arguments (after "-cc1") are CC1Args. Returns
/// true on success; diagnostics go to stderr.
bool runFrontendJob(llvm::ArrayRef<const char *> CC1Args, const char *Argv0,
                    const FrontendJobOptions &Opts);
} // namespace neuronisa

#endif
