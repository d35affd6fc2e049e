//===-- NpyIO.h - fp32 arrays in .npy and raw .bin files --------*- C++ -*-===//
//
// HBM inputs and outputs of a kernel: NumPy .npy files (format versions 1-3,
// dtype little-endian float32 '<f4', C order, any shape) or raw little-endian
// fp32 files (any other extension, shape = [element count]).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_NPYIO_H
#define NEURONISA_SIM_NPYIO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

struct FloatArray {
  std::vector<float> Data;
  std::vector<uint64_t> Shape;
};

/// Parses the bytes of a .npy file.
Expected<FloatArray> parseNpy(StringRef Bytes, StringRef Name);
/// Reads a .npy (by extension) or raw fp32 file.
Expected<FloatArray> readFloatFile(StringRef Path);
/// Writes Data as .npy (by extension, with Shape) or raw fp32.
Error writeFloatFile(StringRef Path, ArrayRef<float> Data,
                     ArrayRef<uint64_t> Shape);
/// The bytes of a .npy file holding Data with Shape.
std::string makeNpy(ArrayRef<float> Data, ArrayRef<uint64_t> Shape);

} // namespace neuronisa_sim
} // namespace llvm

#endif
