//===-- KernelArgs.h - Kernel arguments and HBM buffers ---------*- C++ -*-===//
//
// A kernel argument (passed in r1..r8 on every engine) is one of
//   INT                          an i32 scalar (decimal or 0x hex);
//   in:FILE[:expect=REF]         an HBM buffer loaded from FILE (.npy or raw
//                                fp32); its address is the argument;
//   out:SHAPE[:FILE][:expect=REF] a zero-filled HBM buffer of SHAPE fp32
//                                (N or NxMx...), written to FILE at the end.
// With expect=REF the buffer's final contents are compared with REF within
// |got - want| <= atol + rtol * |want|.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_KERNELARGS_H
#define NEURONISA_SIM_KERNELARGS_H

#include "Memory.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

/// The largest out:SHAPE buffer, in fp32 elements (1 GiB).
constexpr uint64_t MaxOutputElems = uint64_t(1) << 28;

struct KernelArg {
  enum class Kind { Scalar, In, Out } K = Kind::Scalar;
  std::string Text;
  int32_t Value = 0; // the scalar, or the buffer's HBM address
  std::string File;  // input file (In) or output file (Out)
  std::string Expect;
  std::vector<uint64_t> Shape;
  int BufIdx = -1;
};

Expected<KernelArg> parseKernelArg(StringRef Text);

/// Loads inputs and creates buffers in M; fills Value of every argument.
Error setUpArgs(std::vector<KernelArg> &Args, Memory &M);

/// Result of comparing one buffer with its expected contents.
struct Comparison {
  unsigned ArgIdx;
  bool Ok;
  uint64_t Mismatches;
  double MaxAbsErr;
  std::string Message; // first mismatch or error
};

/// Writes output files and compares with expected data: within RTol and
/// ATol, or, if Bitwise, bit for bit (neuronisa-host-run's default). Returns
/// an error if a file cannot be read or written; comparisons land in
/// Results.
Error finishArgs(const std::vector<KernelArg> &Args, Memory &M, double RTol,
                 double ATol, std::vector<Comparison> &Results,
                 bool Bitwise = false);

} // namespace neuronisa_sim
} // namespace llvm

#endif
