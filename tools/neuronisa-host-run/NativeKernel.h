//===-- NativeKernel.h - A host-built kernel loaded and called --*- C++ -*-===//
//
// The runner loads a kernel shared object with dlopen (its calls to the
// builtins bind to the definitions the runner exports) and calls the kernel
// function with libffi, since its parameter list is only known at run time
// (from DWARF). The call runs under a guard: a signal the kernel's own code
// raises (a direct load or store of a tile or of HBM, a division by zero)
// or the time limit ends the call with an outcome instead of a crash or a
// hang.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_HOSTRUN_NATIVEKERNEL_H
#define NEURONISA_HOSTRUN_NATIVEKERNEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace neuronisa_host {

class NativeKernel {
public:
  /// Loads the shared object at Path, binding every symbol now.
  static Expected<NativeKernel> load(StringRef Path);
  /// Runtime address minus link-time address of the object's code and data.
  uintptr_t bias() const { return Bias; }
  /// The address of the function called Name.
  Expected<void *> function(StringRef Name) const;

private:
  NativeKernel(void *Handle, uintptr_t Bias) : Handle(Handle), Bias(Bias) {}
  void *Handle;
  uintptr_t Bias;
};

/// One argument of the call: an address, or a 32-bit integer.
struct NativeArg {
  enum KindTy : uint8_t { Pointer, Signed, Unsigned } Kind;
  uint64_t Value;
};

/// How a guarded call ended.
struct CallOutcome {
  enum KindTy : uint8_t { Returned, Signal, Timeout } Kind = Returned;
  int SignalNumber = 0;
  uintptr_t FaultAddress = 0; // SIGSEGV, SIGBUS: the address accessed
  uintptr_t PC = 0;           // where the signal was raised (0: unknown)
};

/// Calls Fn(Args...) (returning void, or a 32-bit integer if ReturnsInt),
/// ending it on a signal or after TimeoutSeconds (0: no limit).
Expected<CallOutcome> callKernel(void *Fn, ArrayRef<NativeArg> Args,
                                 bool ReturnsInt, unsigned TimeoutSeconds);

/// "SIGSEGV", ...
std::string signalName(int Signal);

} // namespace neuronisa_host
} // namespace llvm

#endif
