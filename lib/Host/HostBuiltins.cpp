//===-- HostBuiltins.cpp - The builtins a host-built kernel calls ---------===//
//
// One extern "C" definition per builtin, generated from the builtin table
// (neuronisa-builtins --host-entries) with the parameters of the host
// neuronisa.h: each hands its opcode, its arguments and its caller's
// return address (for messages) to the active HostRuntime. The runner
// exports these symbols, so a kernel shared object it loads binds to them.
//
//===----------------------------------------------------------------------===//

#include "HostRuntime.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include <array>

using namespace llvm;
using namespace llvm::neuronisa_host;

template <typename... T>
static std::array<HostArg, sizeof...(T)> hostArgs(T... Values) {
  return {HostArg(Values)...};
}

#define NEURONISA_HOST_BUILTIN(OPCODE, NAME, PARAMS, ARGS)                     \
  extern "C" void NAME PARAMS {                                                \
    HostRuntime::dispatch(NeuronISA::OPCODE, hostArgs ARGS,                    \
                          __builtin_return_address(0));                        \
  }
#include "NeuronISAHostBuiltins.inc"
