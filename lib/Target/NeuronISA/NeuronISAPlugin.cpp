//===-- NeuronISAPlugin.cpp - Register NeuronISA when loaded --------------===//
//
// `llc --load=libNeuronISA.so` (or --load-pass-plugin) dlopens this library;
// llc only initializes its built-in targets, so the target registers itself
// from a static initializer.
//
//===----------------------------------------------------------------------===//

#include "NeuronISA.h"

namespace {
struct RegisterOnLoad {
  RegisterOnLoad() { llvm::registerNeuronISATarget(); }
} Registration;
} // namespace
