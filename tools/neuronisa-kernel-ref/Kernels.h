//===-- Kernels.h - The kernel suite's references ---------------*- C++ -*-===//
//
// One entry per kernel of kernels/: its parameters in order, its sizes with
// their defaults, and the function that fills its inputs with deterministic
// values and computes its outputs (see kernels/<name>.ll for the layouts and
// the instruction order each function follows).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_KERNELREF_KERNELS_H
#define NEURONISA_KERNELREF_KERNELS_H

#include "KernelArgs.h"
#include "NpyIO.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace kernel_ref {

/// One kernel parameter: a scalar size, an input or an output buffer.
struct Param {
  enum Kind { Scalar, In, Out } K;
  const char *Name;
};

using Sizes = std::map<std::string, int64_t>;

/// The largest buffer, in fp32 elements: the largest output the simulator
/// allocates (out:SHAPE). A larger one ends the tool with an error.
constexpr uint64_t MaxBufferElems = neuronisa_sim::MaxOutputElems;

/// A kernel's buffers for one choice of sizes.
class KernelData {
public:
  KernelData(StringRef Kernel, Sizes S) : Kernel(Kernel.str()), S(S) {}

  int64_t size(const char *Name) const { return S.at(Name); }
  /// An input of Shape, uniform in [Lo, Hi) from a seed that depends only on
  /// the kernel's and the input's names: the same on every host.
  neuronisa_sim::FloatArray &input(const char *Name,
                                   std::vector<uint64_t> Shape,
                                   float Lo = -1.0f, float Hi = 1.0f);
  /// A [Rows x Cols] input whose rows are all the same vector (a per-column
  /// parameter broadcast over partitions).
  neuronisa_sim::FloatArray &broadcastInput(const char *Name, uint64_t Rows,
                                            uint64_t Cols, float Lo,
                                            float Hi);
  /// A zero-filled output of Shape, for the kernel to compute.
  neuronisa_sim::FloatArray &output(const char *Name,
                                    std::vector<uint64_t> Shape);

  const std::map<std::string, neuronisa_sim::FloatArray> &buffers() const {
    return Buffers;
  }

private:
  neuronisa_sim::FloatArray &make(const char *Name,
                                  std::vector<uint64_t> Shape);
  std::string Kernel;
  Sizes S;
  std::map<std::string, neuronisa_sim::FloatArray> Buffers;
};

struct Kernel {
  const char *Name;
  const char *Help;
  std::vector<Param> Params; // in the kernel's argument order
  Sizes Defaults;
  /// Creates every buffer of Params (inputs filled) and computes the
  /// outputs.
  void (*Compute)(KernelData &K);
};

/// The kernels of kernels/.
ArrayRef<Kernel> kernels();

/// At least one row, so that a kernel with a zero trip count still gets a
/// (never read) buffer.
inline uint64_t atLeast1(int64_t N) { return N > 0 ? uint64_t(N) : 1; }

} // namespace kernel_ref
} // namespace llvm

#endif
