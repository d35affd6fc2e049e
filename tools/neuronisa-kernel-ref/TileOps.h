//===-- TileOps.h - Reference tile operations -------------------*- C++ -*-===//
//
// The references of the kernel suite follow each kernel's instruction
// sequence operation by operation: these are the operations, on tiles held
// outside the machine, with the scalar semantics the simulator executes
// (NeuronISASemantics.h) and its summation orders (matmul: over the
// contraction index in increasing order, starting from the accumulator;
// reductions and scans: left to right from the identity).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_KERNELREF_TILEOPS_H
#define NEURONISA_KERNELREF_TILEOPS_H

#include "MCTargetDesc/NeuronISASemantics.h"
#include "NpyIO.h"
#include <cstddef>
#include <vector>

#include "llvm/Support/ErrorHandling.h"

namespace llvm {
namespace kernel_ref {

using NeuronISA::ActFunc;
using NeuronISA::AluOp;
using neuronisa_sim::FloatArray;

/// Row-major view of a 2-D region of an array: element (r, c) is at
/// Base + r * Stride + c.
struct View {
  float *P;
  size_t Stride;
  size_t Avail; // elements of the array from P on
  float &operator()(size_t R, size_t C) const { return P[R * Stride + C]; }
  /// A [Rows x Cols] region from P must lie inside the array: a size the
  /// kernel's shapes do not hold is a bug of the table (Kernel::Maxima),
  /// never a read or write past a buffer.
  void check(unsigned Rows, unsigned Cols) const {
    if (Rows && Cols && (Rows - 1) * Stride + Cols > Avail)
      report_fatal_error("neuronisa-kernel-ref: a tile access runs past "
                         "its buffer (a size the kernel does not hold)",
                         /*GenCrashDiag=*/false);
  }
};
inline View view(FloatArray &A, size_t Base, size_t Stride) {
  return View{A.Data.data() + Base, Stride,
              Base <= A.Data.size() ? A.Data.size() - Base : 0};
}

/// A tile [P x F].
struct Tile {
  unsigned P, F;
  std::vector<float> D;
  Tile(unsigned P, unsigned F, float V = 0.0f)
      : P(P), F(F), D(size_t(P) * F, V) {}
  float &operator()(unsigned R, unsigned C) { return D[size_t(R) * F + C]; }
  float operator()(unsigned R, unsigned C) const {
    return D[size_t(R) * F + C];
  }
};

inline Tile load(View V, unsigned P, unsigned F) {
  V.check(P, F);
  Tile T(P, F);
  for (unsigned R = 0; R != P; ++R)
    for (unsigned C = 0; C != F; ++C)
      T(R, C) = V(R, C);
  return T;
}
inline void store(View V, const Tile &T) {
  V.check(T.P, T.F);
  for (unsigned R = 0; R != T.P; ++R)
    for (unsigned C = 0; C != T.F; ++C)
      V(R, C) = T(R, C);
}

/// pe.matmul: Dst[M x N] (+)= Stat[K x M]^T Mov[K x N], summing over k in
/// increasing order from the accumulator (0 unless Acc). MovOff shifts the
/// moving operand by that many columns (a tile pointer offset).
inline void matmul(Tile &Dst, const Tile &Stat, const Tile &Mov, unsigned K,
                   unsigned M, unsigned N, bool Acc, unsigned MovOff = 0) {
  for (unsigned Mi = 0; Mi != M; ++Mi)
    for (unsigned Ni = 0; Ni != N; ++Ni) {
      float O = Acc ? Dst(Mi, Ni) : 0.0f;
      for (unsigned Ki = 0; Ki != K; ++Ki)
        O += Stat(Ki, Mi) * Mov(Ki, Ni + MovOff);
      Dst(Mi, Ni) = O;
    }
}
inline Tile transpose(const Tile &S) {
  Tile T(S.F, S.P);
  for (unsigned R = 0; R != S.P; ++R)
    for (unsigned C = 0; C != S.F; ++C)
      T(C, R) = S(R, C);
  return T;
}
inline Tile act(ActFunc Fn, const Tile &S, float Scale, float Bias) {
  Tile T(S.P, S.F);
  for (size_t I = 0; I != S.D.size(); ++I)
    T.D[I] = NeuronISA::applyActivation(Fn, S.D[I], Scale, Bias);
  return T;
}
/// act.<fn>.bias: the bias is a per-partition [P x 1] tile.
inline Tile actBias(ActFunc Fn, const Tile &S, const Tile &Bias, float Scale) {
  Tile T(S.P, S.F);
  for (unsigned R = 0; R != S.P; ++R)
    for (unsigned C = 0; C != S.F; ++C)
      T(R, C) = NeuronISA::applyActivation(Fn, S(R, C), Scale, Bias(R, 0));
  return T;
}
inline Tile tt(AluOp Op, const Tile &A, const Tile &B) {
  Tile T(A.P, A.F);
  for (size_t I = 0; I != A.D.size(); ++I)
    T.D[I] = NeuronISA::applyAlu(Op, A.D[I], B.D[I]);
  return T;
}
inline Tile ts(AluOp Op, const Tile &A, float S) {
  Tile T(A.P, A.F);
  for (size_t I = 0; I != A.D.size(); ++I)
    T.D[I] = NeuronISA::applyAlu(Op, A.D[I], S);
  return T;
}
/// tsp: the scalar is a per-partition [P x 1] tile.
inline Tile tsp(AluOp Op, const Tile &A, const Tile &S) {
  Tile T(A.P, A.F);
  for (unsigned R = 0; R != A.P; ++R)
    for (unsigned C = 0; C != A.F; ++C)
      T(R, C) = NeuronISA::applyAlu(Op, A(R, C), S(R, 0));
  return T;
}
inline Tile reduce(AluOp Op, const Tile &S) {
  Tile T(S.P, 1);
  for (unsigned R = 0; R != S.P; ++R) {
    float V = NeuronISA::reduceIdentity(Op);
    for (unsigned C = 0; C != S.F; ++C)
      V = NeuronISA::applyAlu(Op, V, S(R, C));
    T(R, 0) = V;
  }
  return T;
}
inline Tile scan(const Tile &S) {
  Tile T(S.P, S.F);
  for (unsigned R = 0; R != S.P; ++R) {
    float Sum = 0.0f;
    for (unsigned C = 0; C != S.F; ++C)
      T(R, C) = Sum += S(R, C);
  }
  return T;
}

} // namespace kernel_ref
} // namespace llvm

#endif
