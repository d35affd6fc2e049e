//===-- Kernels.h - The kernel suite's references ---------------*- C++ -*-===//
//
// One entry per kernel of kernels/: its parameters in order (buffers with
// their shapes and input ranges), its sizes with their defaults, and the
// function that computes its outputs from its deterministic inputs (see
// kernels/<name>.ll for the layouts and the instruction order each function
// follows).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_KERNELREF_KERNELS_H
#define NEURONISA_KERNELREF_KERNELS_H

#include "KernelArgs.h"
#include "NpyIO.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace kernel_ref {

using Sizes = std::map<std::string, int64_t>;

/// One dimension of a buffer: Factor, times the size Size (at least 1, so
/// that a kernel with a zero trip count still gets a never-read buffer) if
/// Size is given.
struct Dim {
  uint64_t Factor;
  const char *Size = nullptr;
};

/// One kernel parameter: a scalar size, an input or an output buffer.
struct Param {
  enum Kind { Scalar, In, Out } K;
  const char *Name;
  /// Buffers: the shape, from the kernel's sizes.
  std::vector<Dim> Shape = {};
  /// Inputs: values uniform in [Lo, Hi), from a seed that depends only on
  /// the kernel's and the input's names (the same on every host); with
  /// Broadcast, every row is the first one (a per-column parameter).
  float Lo = -1.0f, Hi = 1.0f;
  bool Broadcast = false;
};

/// The largest buffer, in fp32 elements: the largest output the simulator
/// allocates (out:SHAPE). A larger one is an error.
constexpr uint64_t MaxBufferElems = neuronisa_sim::MaxOutputElems;

struct Kernel;

/// A kernel's buffers for one choice of sizes: inputs filled, outputs zero.
class KernelData {
public:
  /// The buffers of K's parameters for sizes S, or an error if one is
  /// larger than MaxBufferElems (then nothing is allocated).
  static Expected<KernelData> create(const Kernel &K, const Sizes &S);

  int64_t size(const char *Name) const { return S.at(Name); }
  neuronisa_sim::FloatArray &buffer(const char *Name) {
    return Buffers.at(Name);
  }
  const std::map<std::string, neuronisa_sim::FloatArray> &buffers() const {
    return Buffers;
  }

private:
  explicit KernelData(const Sizes &S) : S(S) {}
  Sizes S;
  std::map<std::string, neuronisa_sim::FloatArray> Buffers;
};

struct Kernel {
  const char *Name;
  const char *Help;
  std::vector<Param> Params; // in the kernel's argument order
  Sizes Defaults;
  /// Computes the outputs from the inputs.
  void (*Compute)(KernelData &K);
  /// Largest values of the sizes bounded by a fixed shape of the kernel (a
  /// row of 1024 columns holds at most 4 chunks of 256); a larger one is an
  /// error, not a read or write past a buffer.
  Sizes Maxima = {};
};

/// The kernels of kernels/.
ArrayRef<Kernel> kernels();

} // namespace kernel_ref
} // namespace llvm

#endif
