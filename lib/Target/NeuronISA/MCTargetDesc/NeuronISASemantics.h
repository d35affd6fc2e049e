//===-- NeuronISASemantics.h - Scalar meaning of data-path ops --*- C++ -*-===//
//
// The element-wise arithmetic of NeuronISA data-path instructions: activation
// functions (ACT), binary ALU operations (DVE/POOL tt, ts, tsp), reduction
// identities, and fp32 immediate encoding. neuronisa-sim executes with these
// functions, and kernel reference implementations (tests, benchmarks) reuse
// them so that the reference and the machine compute bit-identical values.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISASEMANTICS_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISASEMANTICS_H

#include "NeuronISABaseInfo.h"
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace llvm {
namespace NeuronISA {

/// An fp32 immediate is held in the MCInst as the i32 of its IEEE bits.
inline float f32FromBits(uint32_t Bits) {
  float F;
  std::memcpy(&F, &Bits, sizeof(F));
  return F;
}
inline uint32_t f32ToBits(float F) {
  uint32_t Bits;
  std::memcpy(&Bits, &F, sizeof(F));
  return Bits;
}

/// f(X) for an ACT activation function. gelu is the tanh approximation
/// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
inline float applyActivation(ActFunc F, float X) {
  switch (F) {
  case ActFunc::Identity:
    return X;
  case ActFunc::Exp:
    return std::exp(X);
  case ActFunc::Tanh:
    return std::tanh(X);
  case ActFunc::Gelu: {
    const float K = 0.7978845608028654f; // sqrt(2 / pi)
    return 0.5f * X * (1.0f + std::tanh(K * (X + 0.044715f * X * X * X)));
  }
  case ActFunc::Relu:
    return X > 0.0f ? X : 0.0f;
  case ActFunc::Sigmoid:
    return 1.0f / (1.0f + std::exp(-X));
  case ActFunc::Rsqrt:
    return 1.0f / std::sqrt(X);
  case ActFunc::Square:
    return X * X;
  case ActFunc::Silu:
    return X / (1.0f + std::exp(-X));
  }
  return X;
}

/// dst = f(src * scale + bias), as ACT computes it.
inline float applyActivation(ActFunc F, float Src, float Scale, float Bias) {
  return applyActivation(F, Src * Scale + Bias);
}

/// A op B for the DVE/POOL ALU operations. max/min follow fmaxf/fminf (a NaN
/// operand is ignored).
inline float applyAlu(AluOp Op, float A, float B) {
  switch (Op) {
  case AluOp::Add:
    return A + B;
  case AluOp::Sub:
    return A - B;
  case AluOp::Mul:
    return A * B;
  case AluOp::Div:
    return A / B;
  case AluOp::Max:
    return std::fmax(A, B);
  case AluOp::Min:
    return std::fmin(A, B);
  }
  return A;
}

/// The starting value of a reduction along the free dimension (add, max, min).
inline float reduceIdentity(AluOp Op) {
  switch (Op) {
  case AluOp::Max:
    return -std::numeric_limits<float>::infinity();
  case AluOp::Min:
    return std::numeric_limits<float>::infinity();
  default:
    return 0.0f;
  }
}

/// The value pool.iota writes at [p][j]: base + p * pstep + j * fstep,
/// computed in 64-bit integers and rounded once to fp32.
inline float iotaValue(int32_t Base, int32_t PStep, int32_t FStep, uint32_t P,
                       uint32_t J) {
  return static_cast<float>(int64_t(Base) + int64_t(P) * PStep +
                            int64_t(J) * FStep);
}

} // namespace NeuronISA
} // namespace llvm

#endif
