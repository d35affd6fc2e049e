//===-- NpyFuzzer.cpp - libFuzzer harness: the .npy reader ----------------===//
//
// Feeds arbitrary bytes to the .npy reader (lib/Sim/NpyIO.cpp). Bad input
// must end in an error; an array it accepts must have as many elements as
// its shape says and must survive a write and a re-read unchanged.
//
//===----------------------------------------------------------------------===//

#include "NpyIO.h"
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace llvm;
using namespace llvm::neuronisa_sim;

static bool sameBits(const std::vector<float> &A, const std::vector<float> &B) {
  return A.size() == B.size() &&
         (A.empty() || !std::memcmp(A.data(), B.data(), 4 * A.size()));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  Expected<FloatArray> A = parseNpy(Bytes, "fuzz.npy");
  if (!A) {
    consumeError(A.takeError());
    return 0;
  }
  uint64_t Count = 1;
  for (uint64_t D : A->Shape)
    Count *= D; // cannot overflow: the reader accepted the shape
  if (Count != A->Data.size())
    std::abort();
  Expected<FloatArray> B = parseNpy(makeNpy(A->Data, A->Shape), "again.npy");
  if (!B || B->Shape != A->Shape || !sameBits(A->Data, B->Data))
    std::abort();
  return 0;
}
