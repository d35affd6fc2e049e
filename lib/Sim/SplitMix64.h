//===-- SplitMix64.h - The project's deterministic random numbers -*- C++ -*-===//
//
// splitmix64: small, fast and the same on every host and compiler, so a seed
// names the same numbers everywhere. The simulator draws latency jitter from
// it and neuronisa-kernel-ref the kernels' reference inputs.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_SPLITMIX64_H
#define NEURONISA_SIM_SPLITMIX64_H

#include <cstdint>

namespace llvm {
namespace neuronisa_sim {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [0, 1), a multiple of 2^-53.
  double unit() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  /// Uniform in [Lo, Hi), Lo plus a multiple of (Hi - Lo) / 2^24 (exact in
  /// fp32 for the ranges the kernels use).
  float uniform(float Lo, float Hi) {
    float U = static_cast<float>(next() >> 40) * (1.0f / 16777216.0f);
    return Lo + (Hi - Lo) * U;
  }

private:
  uint64_t State;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
