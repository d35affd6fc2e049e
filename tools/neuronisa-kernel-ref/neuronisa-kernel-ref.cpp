//===-- neuronisa-kernel-ref.cpp - Reference results of the kernel suite -===//
//
// For a kernel of kernels/ and its sizes, writes deterministic inputs and the
// expected outputs as .npy files, and the kernel's argument list for
// neuronisa-sim (scalars, in:FILE, out:SHAPE:FILE:expect=REF), in the order of
// the kernel's parameters:
//
//   neuronisa-kernel-ref softmax n=3 -o DIR     # writes DIR/*.npy, DIR/args
//   neuronisa-sim softmax.s $(cat DIR/args)
//
// The references follow each kernel's instruction sequence operation by
// operation, with the scalar semantics the simulator executes
// (NeuronISASemantics.h) and the same summation orders (matmul: over the
// contraction index in increasing order, starting from the accumulator;
// reductions and scans: left to right from the identity), so simulated and
// expected outputs agree bit for bit; the simulator's default tolerance only
// absorbs libm differences between builds.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISASemantics.h"
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace llvm::NeuronISA;

namespace {

//===----------------------------------------------------------------------===//
// Arrays and .npy output
//===----------------------------------------------------------------------===//

struct Array {
  std::vector<uint64_t> Shape;
  std::vector<float> D;
  Array() = default;
  explicit Array(std::vector<uint64_t> S) : Shape(std::move(S)) {
    uint64_t N = 1;
    for (uint64_t X : Shape)
      N *= X;
    D.assign(N, 0.0f);
  }
  float &operator[](size_t I) { return D[I]; }
  float operator[](size_t I) const { return D[I]; }
};

bool writeNpy(const std::string &Path, const Array &A) {
  std::string Shape = "(";
  for (size_t I = 0; I != A.Shape.size(); ++I)
    Shape += std::to_string(A.Shape[I]) + (A.Shape.size() == 1 ? "," : I + 1 == A.Shape.size() ? "" : ", ");
  Shape += ")";
  std::string H = "{'descr': '<f4', 'fortran_order': False, 'shape': " +
                  Shape + ", }";
  size_t Total = 10 + H.size() + 1;
  H.append((64 - Total % 64) % 64, ' ');
  H += '\n';
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F)
    return false;
  const unsigned char Magic[8] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
  uint16_t Len = static_cast<uint16_t>(H.size());
  unsigned char LenBytes[2] = {static_cast<unsigned char>(Len & 0xff),
                               static_cast<unsigned char>(Len >> 8)};
  bool Ok = std::fwrite(Magic, 1, 8, F) == 8 &&
            std::fwrite(LenBytes, 1, 2, F) == 2 &&
            std::fwrite(H.data(), 1, H.size(), F) == H.size() &&
            std::fwrite(A.D.data(), 4, A.D.size(), F) == A.D.size();
  return std::fclose(F) == 0 && Ok;
}

/// splitmix64, seeded per kernel and input: the same inputs on every host.
struct Rng {
  uint64_t S;
  explicit Rng(uint64_t Seed) : S(Seed) {}
  uint64_t next() {
    uint64_t Z = (S += 0x9e3779b97f4a7c15ull);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [Lo, Hi), a multiple of (Hi - Lo) / 2^24.
  float uniform(float Lo, float Hi) {
    float U = static_cast<float>(next() >> 40) * (1.0f / 16777216.0f);
    return Lo + (Hi - Lo) * U;
  }
};

uint64_t hashName(const std::string &S) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : S)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

//===----------------------------------------------------------------------===//
// Kernel descriptions
//===----------------------------------------------------------------------===//

/// One kernel parameter: a scalar size, an input or an output buffer.
struct Param {
  enum Kind { Scalar, In, Out } K;
  std::string Name;
};

using Sizes = std::map<std::string, int64_t>;
using Buffers = std::map<std::string, Array>;

struct Kernel {
  const char *Name;
  const char *Help;
  std::vector<Param> Params;
  Sizes Defaults;
  /// Creates every buffer (inputs filled, outputs zero) for the sizes.
  std::function<void(const Sizes &, Buffers &, const std::string &)> Make;
  /// Computes the outputs in place from the inputs.
  std::function<void(const Sizes &, Buffers &)> Run;
};

/// At least one row, so that a kernel with a zero trip count still gets a
/// (never read) buffer.
uint64_t atLeast1(int64_t N) { return N > 0 ? uint64_t(N) : 1; }

void fill(Array &A, const std::string &Kernel, const std::string &Input,
          float Lo = -1.0f, float Hi = 1.0f) {
  Rng R(hashName(Kernel + "/" + Input));
  for (float &X : A.D)
    X = R.uniform(Lo, Hi);
}

/// A [Rows x Cols] input whose rows are all the same vector (a per-column
/// parameter broadcast over partitions).
void fillBroadcast(Array &A, const std::string &Kernel,
                   const std::string &Input, float Lo, float Hi) {
  Rng R(hashName(Kernel + "/" + Input));
  uint64_t Rows = A.Shape[0], Cols = A.Shape[1];
  for (uint64_t C = 0; C != Cols; ++C)
    A[C] = R.uniform(Lo, Hi);
  for (uint64_t Row = 1; Row != Rows; ++Row)
    for (uint64_t C = 0; C != Cols; ++C)
      A[Row * Cols + C] = A[C];
}

/// Row-major view of a 2-D region of a buffer: element (r, c) is at
/// Base + r * Stride + c.
struct View {
  float *P;
  size_t Stride;
  float &operator()(size_t R, size_t C) const { return P[R * Stride + C]; }
};
View view(Array &A, size_t Base, size_t Stride) {
  return View{A.D.data() + Base, Stride};
}

/// A scratch tile [P x F].
struct Tile {
  unsigned P, F;
  std::vector<float> D;
  Tile(unsigned P, unsigned F, float V = 0.0f) : P(P), F(F), D(size_t(P) * F, V) {}
  float &operator()(unsigned R, unsigned C) { return D[size_t(R) * F + C]; }
  float operator()(unsigned R, unsigned C) const { return D[size_t(R) * F + C]; }
};

Tile load(View V, unsigned P, unsigned F) {
  Tile T(P, F);
  for (unsigned R = 0; R != P; ++R)
    for (unsigned C = 0; C != F; ++C)
      T(R, C) = V(R, C);
  return T;
}
void store(View V, const Tile &T) {
  for (unsigned R = 0; R != T.P; ++R)
    for (unsigned C = 0; C != T.F; ++C)
      V(R, C) = T(R, C);
}

/// pe.matmul: Dst[M x N] (+)= Stat[K x M]^T Mov[K x N], summing over k in
/// increasing order from the accumulator (0 unless Acc). MovOff shifts the
/// moving operand by that many columns (a tile pointer offset).
void matmul(Tile &Dst, const Tile &Stat, const Tile &Mov, unsigned K,
            unsigned M, unsigned N, bool Acc, unsigned MovOff = 0) {
  for (unsigned Mi = 0; Mi != M; ++Mi)
    for (unsigned Ni = 0; Ni != N; ++Ni) {
      float O = Acc ? Dst(Mi, Ni) : 0.0f;
      for (unsigned Ki = 0; Ki != K; ++Ki)
        O += Stat(Ki, Mi) * Mov(Ki, Ni + MovOff);
      Dst(Mi, Ni) = O;
    }
}
Tile transpose(const Tile &S) {
  Tile T(S.F, S.P);
  for (unsigned R = 0; R != S.P; ++R)
    for (unsigned C = 0; C != S.F; ++C)
      T(C, R) = S(R, C);
  return T;
}
Tile act(ActFunc Fn, const Tile &S, float Scale, float Bias) {
  Tile T(S.P, S.F);
  for (size_t I = 0; I != S.D.size(); ++I)
    T.D[I] = applyActivation(Fn, S.D[I], Scale, Bias);
  return T;
}
/// act.<fn>.bias: the bias is a per-partition [P x 1] tile.
Tile actBias(ActFunc Fn, const Tile &S, const Tile &Bias, float Scale) {
  Tile T(S.P, S.F);
  for (unsigned R = 0; R != S.P; ++R)
    for (unsigned C = 0; C != S.F; ++C)
      T(R, C) = applyActivation(Fn, S(R, C), Scale, Bias(R, 0));
  return T;
}
Tile tt(AluOp Op, const Tile &A, const Tile &B) {
  Tile T(A.P, A.F);
  for (size_t I = 0; I != A.D.size(); ++I)
    T.D[I] = applyAlu(Op, A.D[I], B.D[I]);
  return T;
}
Tile ts(AluOp Op, const Tile &A, float S) {
  Tile T(A.P, A.F);
  for (size_t I = 0; I != A.D.size(); ++I)
    T.D[I] = applyAlu(Op, A.D[I], S);
  return T;
}
Tile tsp(AluOp Op, const Tile &A, const Tile &S) {
  Tile T(A.P, A.F);
  for (unsigned R = 0; R != A.P; ++R)
    for (unsigned C = 0; C != A.F; ++C)
      T(R, C) = applyAlu(Op, A(R, C), S(R, 0));
  return T;
}
Tile reduce(AluOp Op, const Tile &S) {
  Tile T(S.P, 1);
  for (unsigned R = 0; R != S.P; ++R) {
    float V = reduceIdentity(Op);
    for (unsigned C = 0; C != S.F; ++C)
      V = applyAlu(Op, V, S(R, C));
    T(R, 0) = V;
  }
  return T;
}
Tile scan(const Tile &S) {
  Tile T(S.P, S.F);
  for (unsigned R = 0; R != S.P; ++R) {
    float Sum = 0.0f;
    for (unsigned C = 0; C != S.F; ++C)
      T(R, C) = Sum += S(R, C);
  }
  return T;
}

int64_t sz(const Sizes &S, const char *N) { return S.at(N); }

//===----------------------------------------------------------------------===//
// The kernels (see kernels/<name>.ll for layouts and the instruction order)
//===----------------------------------------------------------------------===//

std::vector<Kernel> kernels() {
  std::vector<Kernel> K;

  K.push_back(
      {"tensor_add", "c = a + b over n [128 x 256] tiles",
       {{Param::In, "a"}, {Param::In, "b"}, {Param::Out, "c"},
        {Param::Scalar, "n"}},
       {{"n", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t R = 128 * atLeast1(sz(S, "n"));
         B["a"] = Array({R, 256});
         B["b"] = Array({R, 256});
         B["c"] = Array({R, 256});
         fill(B["a"], KN, "a");
         fill(B["b"], KN, "b");
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t T = 0; T < sz(S, "n"); ++T) {
           size_t Base = size_t(T) * 128 * 256;
           Tile A = load(view(B["a"], Base, 256), 128, 256);
           Tile Bt = load(view(B["b"], Base, 256), 128, 256);
           store(view(B["c"], Base, 256), tt(AluOp::Add, A, Bt));
         }
       }});

  K.push_back(
      {"matmul", "C[128 x 512] = A[K x 128]^T... (first nt column blocks), K = 256 kp",
       {{Param::In, "at"}, {Param::In, "b"}, {Param::Out, "c"},
        {Param::Scalar, "nt"}, {Param::Scalar, "kp"}},
       {{"nt", 2}, {"kp", 2}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t Kr = 256 * atLeast1(sz(S, "kp"));
         B["at"] = Array({Kr, 128});
         B["b"] = Array({Kr, 512});
         B["c"] = Array({128, 512});
         fill(B["at"], KN, "at");
         fill(B["b"], KN, "b");
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t J = 0; J < sz(S, "nt"); ++J) {
           Tile Ps(128, 128, 0.0f); // dve.memset
           for (int64_t Kb = 0; Kb < 2 * sz(S, "kp"); ++Kb) {
             Tile At = load(view(B["at"], size_t(Kb) * 128 * 128, 128), 128, 128);
             Tile Bt = load(view(B["b"], size_t(Kb) * 128 * 512 + J * 128, 512),
                            128, 128);
             matmul(Ps, At, Bt, 128, 128, 128, /*Acc=*/true);
           }
           store(view(B["c"], J * 128, 512),
                 act(ActFunc::Identity, Ps, 1.0f, 0.0f));
         }
       }});

  K.push_back(
      {"mlp", "Y = gelu(X W1) W2 over n 128-token blocks",
       {{Param::In, "x"}, {Param::In, "w1"}, {Param::In, "w2"},
        {Param::Out, "y"}, {Param::Scalar, "n"}},
       {{"n", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t R = 128 * atLeast1(sz(S, "n"));
         B["x"] = Array({R, 128});
         B["w1"] = Array({128, 128});
         B["w2"] = Array({128, 128});
         B["y"] = Array({R, 128});
         fill(B["x"], KN, "x");
         fill(B["w1"], KN, "w1", -0.125f, 0.125f);
         fill(B["w2"], KN, "w2", -0.125f, 0.125f);
       },
       [](const Sizes &S, Buffers &B) {
         Tile W1 = load(view(B["w1"], 0, 128), 128, 128);
         Tile W2 = load(view(B["w2"], 0, 128), 128, 128);
         for (int64_t I = 0; I < sz(S, "n"); ++I) {
           size_t Base = size_t(I) * 128 * 128;
           Tile X = load(view(B["x"], Base, 128), 128, 128);
           Tile Xt = transpose(X); // PE transpose, POOL copy
           Tile H(128, 128);
           matmul(H, W1, Xt, 128, 128, 128, false);
           Tile Hs = act(ActFunc::Gelu, H, 1.0f, 0.0f);
           Tile Y(128, 128);
           matmul(Y, Hs, W2, 128, 128, 128, false);
           store(view(B["y"], Base, 128), Y); // DVE copy
         }
       }});

  K.push_back(
      {"softmax", "row softmax over n [128 x 256] tiles",
       {{Param::In, "x"}, {Param::Out, "y"}, {Param::Scalar, "n"}},
       {{"n", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t R = 128 * atLeast1(sz(S, "n"));
         B["x"] = Array({R, 256});
         B["y"] = Array({R, 256});
         fill(B["x"], KN, "x", -4.0f, 4.0f);
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t I = 0; I < sz(S, "n"); ++I) {
           size_t Base = size_t(I) * 128 * 256;
           Tile X = load(view(B["x"], Base, 256), 128, 256);
           Tile Mx = reduce(AluOp::Max, X);
           Tile Nmx = ts(AluOp::Mul, Mx, -1.0f);
           Tile E = actBias(ActFunc::Exp, X, Nmx, 1.0f);
           Tile Sm = reduce(AluOp::Add, E);
           store(view(B["y"], Base, 256), tsp(AluOp::Div, E, Sm));
         }
       }});

  K.push_back(
      {"layernorm", "layernorm over n [128 x 256] tiles",
       {{Param::In, "x"}, {Param::In, "gamma"}, {Param::In, "beta"},
        {Param::Out, "y"}, {Param::Scalar, "n"}},
       {{"n", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t R = 128 * atLeast1(sz(S, "n"));
         B["x"] = Array({R, 256});
         B["gamma"] = Array({128, 256});
         B["beta"] = Array({128, 256});
         B["y"] = Array({R, 256});
         fill(B["x"], KN, "x", -2.0f, 2.0f);
         fillBroadcast(B["gamma"], KN, "gamma", 0.5f, 1.5f);
         fillBroadcast(B["beta"], KN, "beta", -0.5f, 0.5f);
       },
       [](const Sizes &S, Buffers &B) {
         Tile G = load(view(B["gamma"], 0, 256), 128, 256);
         Tile Be = load(view(B["beta"], 0, 256), 128, 256);
         for (int64_t I = 0; I < sz(S, "n"); ++I) {
           size_t Base = size_t(I) * 128 * 256;
           Tile X = load(view(B["x"], Base, 256), 128, 256);
           Tile Sum = reduce(AluOp::Add, X);
           Tile Nmu = ts(AluOp::Mul, Sum, -3.906250e-03f);
           Tile Xc = actBias(ActFunc::Identity, X, Nmu, 1.0f);
           Tile Sq = act(ActFunc::Square, Xc, 1.0f, 0.0f);
           Tile Ss = reduce(AluOp::Add, Sq);
           Tile Rs = act(ActFunc::Rsqrt, Ss, 3.906250e-03f, 9.765625e-04f);
           Tile Yn = tsp(AluOp::Mul, Xc, Rs);
           Tile Yg = tt(AluOp::Mul, Yn, G);
           store(view(B["y"], Base, 256), tt(AluOp::Add, Yg, Be));
         }
       }});

  K.push_back(
      {"rmsnorm", "rmsnorm over n [128 x 256] tiles",
       {{Param::In, "x"}, {Param::In, "gamma"}, {Param::Out, "y"},
        {Param::Scalar, "n"}},
       {{"n", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t R = 128 * atLeast1(sz(S, "n"));
         B["x"] = Array({R, 256});
         B["gamma"] = Array({128, 256});
         B["y"] = Array({R, 256});
         fill(B["x"], KN, "x", -2.0f, 2.0f);
         fillBroadcast(B["gamma"], KN, "gamma", 0.5f, 1.5f);
       },
       [](const Sizes &S, Buffers &B) {
         Tile G = load(view(B["gamma"], 0, 256), 128, 256);
         for (int64_t I = 0; I < sz(S, "n"); ++I) {
           size_t Base = size_t(I) * 128 * 256;
           Tile X = load(view(B["x"], Base, 256), 128, 256);
           Tile Sq = act(ActFunc::Square, X, 1.0f, 0.0f);
           Tile Ss = reduce(AluOp::Add, Sq);
           Tile Rs = act(ActFunc::Rsqrt, Ss, 3.906250e-03f, 9.765625e-04f);
           Tile Yn = tsp(AluOp::Mul, X, Rs);
           store(view(B["y"], Base, 256), tt(AluOp::Mul, Yn, G));
         }
       }});

  K.push_back(
      {"attention", "flash attention, nq query blocks x nkv key blocks (d = 64)",
       {{Param::In, "qt"}, {Param::In, "kt"}, {Param::In, "v"},
        {Param::Out, "o"}, {Param::Scalar, "nq"}, {Param::Scalar, "nkv"}},
       {{"nq", 2}, {"nkv", 3}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t Nq = atLeast1(sz(S, "nq")), Nkv = atLeast1(sz(S, "nkv"));
         B["qt"] = Array({Nq, 64, 128});
         B["kt"] = Array({Nkv, 64, 128});
         B["v"] = Array({128 * Nkv, 64});
         B["o"] = Array({128 * Nq, 64});
         fill(B["qt"], KN, "qt");
         fill(B["kt"], KN, "kt");
         fill(B["v"], KN, "v");
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t Qb = 0; Qb < sz(S, "nq"); ++Qb) {
           Tile Q = load(view(B["qt"], size_t(Qb) * 64 * 128, 128), 64, 128);
           Tile M(128, 1, -1.0e30f), L(128, 1, 0.0f), O(128, 64, 0.0f);
           for (int64_t J = 0; J < sz(S, "nkv"); ++J) {
             Tile Kt = load(view(B["kt"], size_t(J) * 64 * 128, 128), 64, 128);
             Tile V = load(view(B["v"], size_t(J) * 128 * 64, 64), 128, 64);
             Tile Sc(128, 128);
             matmul(Sc, Q, Kt, 64, 128, 128, false);
             Tile Mx = reduce(AluOp::Max, Sc);
             Tile Mn = tt(AluOp::Max, M, Mx);
             Tile Nmn = ts(AluOp::Mul, Mn, -1.0f);
             Tile P = actBias(ActFunc::Exp, Sc, Nmn, 1.0f);
             Tile Dm = tt(AluOp::Sub, M, Mn);
             Tile Al = act(ActFunc::Exp, Dm, 1.0f, 0.0f);
             Tile Rsum = reduce(AluOp::Add, P);
             L = tt(AluOp::Mul, L, Al);
             L = tt(AluOp::Add, L, Rsum);
             Tile Pt = transpose(P);
             Tile Pv(128, 64);
             matmul(Pv, Pt, V, 128, 128, 64, false);
             O = tsp(AluOp::Mul, O, Al);
             O = tt(AluOp::Add, O, Pv);
             M = act(ActFunc::Identity, Mn, 1.0f, 0.0f);
           }
           Tile L2 = ts(AluOp::Max, L, 1.0e-30f);
           store(view(B["o"], size_t(Qb) * 128 * 64, 64),
                 tsp(AluOp::Div, O, L2));
         }
       }});

  K.push_back(
      {"transpose", "y[b] = x[b]^T for nb [128 x 512] matrices, nc column blocks",
       {{Param::In, "x"}, {Param::Out, "y"}, {Param::Scalar, "nb"},
        {Param::Scalar, "nc"}},
       {{"nb", 2}, {"nc", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t Nb = atLeast1(sz(S, "nb"));
         B["x"] = Array({Nb, 128, 512});
         B["y"] = Array({Nb, 512, 128});
         fill(B["x"], KN, "x");
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t Bi = 0; Bi < sz(S, "nb"); ++Bi)
           for (int64_t J = 0; J < sz(S, "nc"); ++J) {
             size_t Base = size_t(Bi) * 128 * 512;
             Tile X = load(view(B["x"], Base + J * 128, 512), 128, 128);
             store(view(B["y"], Base + J * 128 * 128, 128),
                   act(ActFunc::Identity, transpose(X), 1.0f, 0.0f));
           }
       }});

  K.push_back(
      {"cumsum", "row prefix sums of nr [128 x 1024] tiles, nc 256-col chunks",
       {{Param::In, "x"}, {Param::Out, "y"}, {Param::Scalar, "nr"},
        {Param::Scalar, "nc"}},
       {{"nr", 2}, {"nc", 4}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t R = 128 * atLeast1(sz(S, "nr"));
         B["x"] = Array({R, 1024});
         B["y"] = Array({R, 1024});
         fill(B["x"], KN, "x");
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t R = 0; R < sz(S, "nr"); ++R) {
           Tile Carry(128, 1, 0.0f);
           for (int64_t J = 0; J < sz(S, "nc"); ++J) {
             size_t Base = size_t(R) * 128 * 1024 + J * 256;
             Tile X = load(view(B["x"], Base, 1024), 128, 256);
             Tile Y = tsp(AluOp::Add, scan(X), Carry);
             for (unsigned P = 0; P != 128; ++P)
               Carry(P, 0) = Y(P, 255);
             store(view(B["y"], Base, 1024), Y);
           }
         }
       }});

  K.push_back(
      {"conv1d", "width-3 conv + relu, nb 256-position blocks, ncb channel blocks",
       {{Param::In, "x"}, {Param::In, "w"}, {Param::Out, "out"},
        {Param::Scalar, "nb"}, {Param::Scalar, "ncb"}},
       {{"nb", 2}, {"ncb", 2}},
       [](const Sizes &S, Buffers &B, const std::string &KN) {
         uint64_t Ncb = atLeast1(sz(S, "ncb"));
         B["x"] = Array({Ncb, 128, 1026});
         B["w"] = Array({Ncb, 3, 128, 128});
         B["out"] = Array({128, 1024});
         fill(B["x"], KN, "x");
         fill(B["w"], KN, "w", -0.125f, 0.125f);
       },
       [](const Sizes &S, Buffers &B) {
         for (int64_t Ob = 0; Ob < sz(S, "nb"); ++Ob) {
           Tile Acc(128, 256, 0.0f);
           for (int64_t Cb = 0; Cb < sz(S, "ncb"); ++Cb) {
             Tile X = load(view(B["x"], size_t(Cb) * 128 * 1026 + Ob * 256, 1026),
                           128, 258);
             for (unsigned R = 0; R != 3; ++R) {
               Tile W = load(view(B["w"], (size_t(Cb) * 3 + R) * 128 * 128, 128),
                             128, 128);
               matmul(Acc, W, X, 128, 128, 256, true, R);
             }
           }
           store(view(B["out"], Ob * 256, 1024),
                 act(ActFunc::Relu, Acc, 1.0f, 0.0f));
         }
       }});

  // syncbench and syncbench_pe share their parameters and inputs.
  auto MakeSync = [](const Sizes &S, Buffers &B, const std::string &KN) {
    uint64_t N1 = atLeast1(sz(S, "n1"));
    B["a"] = Array({N1, 128, 32});
    B["w"] = Array({128, 128});
    B["out"] = Array({N1, 128, 32});
    fill(B["a"], KN, "a");
    fill(B["w"], KN, "w", -0.125f, 0.125f);
  };
  std::vector<Param> SyncParams = {{Param::In, "a"}, {Param::In, "w"},
                                   {Param::Out, "out"}, {Param::Scalar, "n1"},
                                   {Param::Scalar, "n2"}};
  K.push_back(
      {"syncbench", "sync-bound microbenchmark (ACT/POOL/DVE inner loop, n2 pairs)",
       SyncParams,
       {{"n1", 4}, {"n2", 16}},
       MakeSync,
       [](const Sizes &S, Buffers &B) {
         Tile W = load(view(B["w"], 0, 128), 128, 128);
         for (int64_t I = 0; I < sz(S, "n1"); ++I) {
           size_t Base = size_t(I) * 128 * 32;
           Tile A = load(view(B["a"], Base, 32), 128, 32);
           Tile Acc(128, 32, 0.0f);
           for (int64_t J = 0; J < sz(S, "n2"); ++J) {
             Tile U1 = act(ActFunc::Tanh, A, 1.0f, 0.0f);
             Tile V1 = act(ActFunc::Tanh, A, -1.0f, 0.0f);
             Tile U2 = ts(AluOp::Mul, U1, 0.5f);
             Tile V2 = ts(AluOp::Mul, V1, 0.25f);
             Acc = tt(AluOp::Add, Acc, U2);
             Acc = tt(AluOp::Add, Acc, V2);
           }
           Tile P(128, 32);
           matmul(P, W, Acc, 128, 128, 32, false);
           store(view(B["out"], Base, 32), act(ActFunc::Silu, P, 0.125f, 0.0f));
         }
       }});
  K.push_back(
      {"syncbench_pe", "sync-bound microbenchmark (ACT/DVE/POOL/PE inner loop)",
       SyncParams,
       {{"n1", 4}, {"n2", 16}},
       MakeSync,
       [](const Sizes &S, Buffers &B) {
         Tile W = load(view(B["w"], 0, 128), 128, 128);
         for (int64_t I = 0; I < sz(S, "n1"); ++I) {
           size_t Base = size_t(I) * 128 * 32;
           Tile A = load(view(B["a"], Base, 32), 128, 32);
           Tile P(128, 32, 0.0f);
           for (int64_t J = 0; J < sz(S, "n2"); ++J) {
             Tile T1 = act(ActFunc::Tanh, A, 1.0f, 0.0f);
             Tile T2 = ts(AluOp::Mul, T1, 0.5f);
             Tile T3 = tt(AluOp::Add, T2, A);
             matmul(P, W, T3, 128, 128, 32, true);
           }
           store(view(B["out"], Base, 32), act(ActFunc::Silu, P, 0.125f, 0.0f));
         }
       }});

  return K;
}

int usage(const std::vector<Kernel> &Ks, int Code) {
  FILE *O = Code ? stderr : stdout;
  std::fprintf(O,
               "usage: neuronisa-kernel-ref KERNEL [NAME=VALUE...] -o DIR\n"
               "       neuronisa-kernel-ref --list\n\n"
               "Writes DIR/<param>.npy for every input, DIR/<param>.expected.npy\n"
               "for every output, and DIR/args: the kernel's arguments for\n"
               "neuronisa-sim (also printed on stdout). Kernels:\n");
  for (const Kernel &K : Ks) {
    std::fprintf(O, "  %-11s %s; sizes:", K.Name, K.Help);
    for (auto &[N, V] : K.Defaults)
      std::fprintf(O, " %s=%lld", N.c_str(), (long long)V);
    std::fprintf(O, "\n");
  }
  return Code;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<Kernel> Ks = kernels();
  if (argc == 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")))
    return usage(Ks, 0);
  if (argc == 2 && !std::strcmp(argv[1], "--list")) {
    for (const Kernel &K : Ks)
      std::printf("%s\n", K.Name);
    return 0;
  }
  if (argc < 2)
    return usage(Ks, 2);
  const Kernel *K = nullptr;
  for (const Kernel &C : Ks)
    if (C.Name == std::string(argv[1]))
      K = &C;
  if (!K) {
    std::fprintf(stderr, "neuronisa-kernel-ref: unknown kernel '%s'\n", argv[1]);
    return usage(Ks, 2);
  }
  Sizes S = K->Defaults;
  std::string Dir;
  for (int I = 2; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "-o" && I + 1 < argc) {
      Dir = argv[++I];
      continue;
    }
    size_t Eq = A.find('=');
    if (Eq == std::string::npos || !S.count(A.substr(0, Eq))) {
      std::fprintf(stderr, "neuronisa-kernel-ref: %s: expected NAME=VALUE with "
                           "a size of kernel %s\n", A.c_str(), K->Name);
      return 2;
    }
    char *End;
    errno = 0;
    long long V = std::strtoll(A.c_str() + Eq + 1, &End, 0);
    if (*End || errno || V < 0 || V > (1 << 20)) {
      std::fprintf(stderr, "neuronisa-kernel-ref: %s: bad value\n", A.c_str());
      return 2;
    }
    S[A.substr(0, Eq)] = V;
  }
  if (Dir.empty()) {
    std::fprintf(stderr, "neuronisa-kernel-ref: missing -o DIR\n");
    return 2;
  }
  if (mkdir(Dir.c_str(), 0777) && errno != EEXIST) {
    std::fprintf(stderr, "neuronisa-kernel-ref: cannot create '%s': %s\n",
                 Dir.c_str(), std::strerror(errno));
    return 1;
  }

  Buffers B;
  K->Make(S, B, K->Name);
  for (const Param &P : K->Params)
    if (P.K == Param::In && !writeNpy(Dir + "/" + P.Name + ".npy", B[P.Name])) {
      std::fprintf(stderr, "neuronisa-kernel-ref: cannot write %s/%s.npy\n",
                   Dir.c_str(), P.Name.c_str());
      return 1;
    }
  K->Run(S, B);

  std::string Args;
  for (const Param &P : K->Params) {
    if (!Args.empty())
      Args += ' ';
    switch (P.K) {
    case Param::Scalar:
      Args += std::to_string(S[P.Name]);
      break;
    case Param::In:
      Args += "in:" + Dir + "/" + P.Name + ".npy";
      break;
    case Param::Out: {
      const Array &A = B[P.Name];
      std::string Expected = Dir + "/" + P.Name + ".expected.npy";
      if (!writeNpy(Expected, A)) {
        std::fprintf(stderr, "neuronisa-kernel-ref: cannot write %s\n",
                     Expected.c_str());
        return 1;
      }
      std::string Shape;
      for (uint64_t X : A.Shape)
        Shape += (Shape.empty() ? "" : "x") + std::to_string(X);
      Args += "out:" + Shape + ":" + Dir + "/" + P.Name + ".npy:expect=" +
              Expected;
      break;
    }
    }
  }
  FILE *F = std::fopen((Dir + "/args").c_str(), "w");
  if (!F || std::fprintf(F, "%s\n", Args.c_str()) < 0 || std::fclose(F)) {
    std::fprintf(stderr, "neuronisa-kernel-ref: cannot write %s/args\n",
                 Dir.c_str());
    return 1;
  }
  std::printf("%s\n", Args.c_str());
  return 0;
}
