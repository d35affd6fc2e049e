//===-- Kernels.cpp - The kernel suite's references -----------------------===//

#include "Kernels.h"
#include "SplitMix64.h"
#include "TileOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include <string>

using namespace llvm;
using namespace llvm::kernel_ref;
using neuronisa_sim::FloatArray;

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// FNV-1a: the seed of an input from its name.
static uint64_t hashName(StringRef S) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : S)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

/// The elements of a buffer of Shape; saturates (and sets Overflow) rather
/// than wrapping, since sizes of up to 2^20 multiply.
static uint64_t elementCount(ArrayRef<uint64_t> Shape, bool &Overflow) {
  uint64_t N = 1;
  Overflow = false;
  for (uint64_t X : Shape)
    N = SaturatingMultiply(N, X, &Overflow);
  return N;
}

/// Fills input A of kernel Kernel as Param P says.
static void fillInput(FloatArray &A, StringRef Kernel, const Param &P) {
  neuronisa_sim::SplitMix64 R(hashName((Twine(Kernel) + "/" + P.Name).str()));
  if (!P.Broadcast) {
    for (float &X : A.Data)
      X = R.uniform(P.Lo, P.Hi);
    return;
  }
  uint64_t Rows = A.Shape[0], Cols = A.Data.size() / Rows;
  for (uint64_t C = 0; C != Cols; ++C)
    A.Data[C] = R.uniform(P.Lo, P.Hi);
  for (uint64_t Row = 1; Row != Rows; ++Row)
    for (uint64_t C = 0; C != Cols; ++C)
      A.Data[Row * Cols + C] = A.Data[C];
}

Expected<KernelData> KernelData::create(const Kernel &K, const Sizes &S) {
  // Every shape first: a buffer the simulator could not take either is an
  // error, before anything is allocated.
  std::vector<std::vector<uint64_t>> Shapes;
  for (const Param &P : K.Params) {
    std::vector<uint64_t> &Shape = Shapes.emplace_back();
    for (const Dim &D : P.Shape) {
      int64_t N = D.Size ? S.at(D.Size) : 1;
      Shape.push_back(D.Factor * (N > 0 ? uint64_t(N) : 1));
    }
    bool Overflow;
    uint64_t N = elementCount(Shape, Overflow);
    if (P.K != Param::Scalar && (Overflow || N > MaxBufferElems))
      return createStringError(
          Twine(K.Name) + ": buffer '" + P.Name + "' of " +
          (Overflow ? std::string("more than 2^64") : std::to_string(N)) +
          " elements is larger than the limit of " + Twine(MaxBufferElems) +
          " (2^28) elements");
  }
  KernelData Data(S);
  for (auto [P, Shape] : zip(K.Params, Shapes)) {
    if (P.K == Param::Scalar)
      continue;
    FloatArray &A = Data.Buffers[P.Name];
    bool Overflow;
    A.Data.assign(elementCount(Shape, Overflow), 0.0f);
    A.Shape = std::move(Shape);
    if (P.K == Param::In)
      fillInput(A, K.Name, P);
  }
  return Data;
}

//===----------------------------------------------------------------------===//
// The kernels
//===----------------------------------------------------------------------===//

static void tensorAdd(KernelData &K) {
  int64_t N = K.size("n");
  FloatArray &A = K.buffer("a"), &B = K.buffer("b"), &C = K.buffer("c");
  for (int64_t T = 0; T < N; ++T) {
    size_t Base = size_t(T) * 128 * 256;
    Tile At = load(view(A, Base, 256), 128, 256);
    Tile Bt = load(view(B, Base, 256), 128, 256);
    store(view(C, Base, 256), tt(AluOp::Add, At, Bt));
  }
}

static void matmulKernel(KernelData &K) {
  int64_t NT = K.size("nt"), KP = K.size("kp");
  FloatArray &At = K.buffer("at"), &B = K.buffer("b"), &C = K.buffer("c");
  for (int64_t J = 0; J < NT; ++J) {
    Tile Ps(128, 128, 0.0f); // dve.memset
    for (int64_t Kb = 0; Kb < 2 * KP; ++Kb) {
      Tile A = load(view(At, size_t(Kb) * 128 * 128, 128), 128, 128);
      Tile Bt = load(view(B, size_t(Kb) * 128 * 512 + J * 128, 512), 128, 128);
      matmul(Ps, A, Bt, 128, 128, 128, /*Acc=*/true);
    }
    store(view(C, J * 128, 512), act(ActFunc::Identity, Ps, 1.0f, 0.0f));
  }
}

static void mlp(KernelData &K) {
  int64_t N = K.size("n");
  FloatArray &X = K.buffer("x"), &W1 = K.buffer("w1"), &W2 = K.buffer("w2"),
             &Y = K.buffer("y");
  Tile W1t = load(view(W1, 0, 128), 128, 128);
  Tile W2t = load(view(W2, 0, 128), 128, 128);
  for (int64_t I = 0; I < N; ++I) {
    size_t Base = size_t(I) * 128 * 128;
    Tile Xt = transpose(load(view(X, Base, 128), 128, 128)); // PE, POOL copy
    Tile H(128, 128);
    matmul(H, W1t, Xt, 128, 128, 128, false);
    Tile Hs = act(ActFunc::Gelu, H, 1.0f, 0.0f);
    Tile Yt(128, 128);
    matmul(Yt, Hs, W2t, 128, 128, 128, false);
    store(view(Y, Base, 128), Yt); // DVE copy
  }
}

static void softmax(KernelData &K) {
  int64_t N = K.size("n");
  FloatArray &X = K.buffer("x"), &Y = K.buffer("y");
  for (int64_t I = 0; I < N; ++I) {
    size_t Base = size_t(I) * 128 * 256;
    Tile Xt = load(view(X, Base, 256), 128, 256);
    Tile Mx = reduce(AluOp::Max, Xt);
    Tile Nmx = ts(AluOp::Mul, Mx, -1.0f);
    Tile E = actBias(ActFunc::Exp, Xt, Nmx, 1.0f);
    Tile Sm = reduce(AluOp::Add, E);
    store(view(Y, Base, 256), tsp(AluOp::Div, E, Sm));
  }
}

static void layernorm(KernelData &K) {
  int64_t N = K.size("n");
  FloatArray &X = K.buffer("x"), &Gamma = K.buffer("gamma"),
             &Beta = K.buffer("beta"), &Y = K.buffer("y");
  Tile G = load(view(Gamma, 0, 256), 128, 256);
  Tile Be = load(view(Beta, 0, 256), 128, 256);
  for (int64_t I = 0; I < N; ++I) {
    size_t Base = size_t(I) * 128 * 256;
    Tile Xt = load(view(X, Base, 256), 128, 256);
    Tile Sum = reduce(AluOp::Add, Xt);
    Tile Nmu = ts(AluOp::Mul, Sum, -3.906250e-03f);
    Tile Xc = actBias(ActFunc::Identity, Xt, Nmu, 1.0f);
    Tile Sq = act(ActFunc::Square, Xc, 1.0f, 0.0f);
    Tile Ss = reduce(AluOp::Add, Sq);
    Tile Rs = act(ActFunc::Rsqrt, Ss, 3.906250e-03f, 9.765625e-04f);
    Tile Yn = tsp(AluOp::Mul, Xc, Rs);
    Tile Yg = tt(AluOp::Mul, Yn, G);
    store(view(Y, Base, 256), tt(AluOp::Add, Yg, Be));
  }
}

static void rmsnorm(KernelData &K) {
  int64_t N = K.size("n");
  FloatArray &X = K.buffer("x"), &Gamma = K.buffer("gamma"),
             &Y = K.buffer("y");
  Tile G = load(view(Gamma, 0, 256), 128, 256);
  for (int64_t I = 0; I < N; ++I) {
    size_t Base = size_t(I) * 128 * 256;
    Tile Xt = load(view(X, Base, 256), 128, 256);
    Tile Sq = act(ActFunc::Square, Xt, 1.0f, 0.0f);
    Tile Ss = reduce(AluOp::Add, Sq);
    Tile Rs = act(ActFunc::Rsqrt, Ss, 3.906250e-03f, 9.765625e-04f);
    Tile Yn = tsp(AluOp::Mul, Xt, Rs);
    store(view(Y, Base, 256), tt(AluOp::Mul, Yn, G));
  }
}

static void attention(KernelData &K) {
  int64_t NQ = K.size("nq"), NKV = K.size("nkv");
  FloatArray &Qt = K.buffer("qt"), &Kt = K.buffer("kt"), &V = K.buffer("v"),
             &O = K.buffer("o");
  for (int64_t Qb = 0; Qb < NQ; ++Qb) {
    Tile Q = load(view(Qt, size_t(Qb) * 64 * 128, 128), 64, 128);
    Tile M(128, 1, -1.0e30f), L(128, 1, 0.0f), Acc(128, 64, 0.0f);
    for (int64_t J = 0; J < NKV; ++J) {
      Tile Kj = load(view(Kt, size_t(J) * 64 * 128, 128), 64, 128);
      Tile Vj = load(view(V, size_t(J) * 128 * 64, 64), 128, 64);
      Tile Sc(128, 128);
      matmul(Sc, Q, Kj, 64, 128, 128, false);
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
      matmul(Pv, Pt, Vj, 128, 128, 64, false);
      Acc = tsp(AluOp::Mul, Acc, Al);
      Acc = tt(AluOp::Add, Acc, Pv);
      M = act(ActFunc::Identity, Mn, 1.0f, 0.0f);
    }
    Tile L2 = ts(AluOp::Max, L, 1.0e-30f);
    store(view(O, size_t(Qb) * 128 * 64, 64), tsp(AluOp::Div, Acc, L2));
  }
}

static void transposeKernel(KernelData &K) {
  int64_t NB = K.size("nb"), NC = K.size("nc");
  FloatArray &X = K.buffer("x"), &Y = K.buffer("y");
  for (int64_t Bi = 0; Bi < NB; ++Bi)
    for (int64_t J = 0; J < NC; ++J) {
      size_t Base = size_t(Bi) * 128 * 512;
      Tile Xt = load(view(X, Base + J * 128, 512), 128, 128);
      store(view(Y, Base + J * 128 * 128, 128),
            act(ActFunc::Identity, transpose(Xt), 1.0f, 0.0f));
    }
}

static void cumsum(KernelData &K) {
  int64_t NR = K.size("nr"), NC = K.size("nc");
  FloatArray &X = K.buffer("x"), &Y = K.buffer("y");
  for (int64_t R = 0; R < NR; ++R) {
    Tile Carry(128, 1, 0.0f);
    for (int64_t J = 0; J < NC; ++J) {
      size_t Base = size_t(R) * 128 * 1024 + J * 256;
      Tile Xt = load(view(X, Base, 1024), 128, 256);
      Tile Yt = tsp(AluOp::Add, scan(Xt), Carry);
      for (unsigned P = 0; P != 128; ++P)
        Carry(P, 0) = Yt(P, 255);
      store(view(Y, Base, 1024), Yt);
    }
  }
}

static void conv1d(KernelData &K) {
  int64_t NB = K.size("nb"), NCB = K.size("ncb");
  FloatArray &X = K.buffer("x"), &W = K.buffer("w"), &Out = K.buffer("out");
  for (int64_t Ob = 0; Ob < NB; ++Ob) {
    Tile Acc(128, 256, 0.0f);
    for (int64_t Cb = 0; Cb < NCB; ++Cb) {
      Tile Xt = load(view(X, size_t(Cb) * 128 * 1026 + Ob * 256, 1026), 128,
                     258);
      for (unsigned R = 0; R != 3; ++R) {
        Tile Wt = load(view(W, (size_t(Cb) * 3 + R) * 128 * 128, 128), 128,
                       128);
        matmul(Acc, Wt, Xt, 128, 128, 256, true, R);
      }
    }
    store(view(Out, Ob * 256, 1024), act(ActFunc::Relu, Acc, 1.0f, 0.0f));
  }
}

static void syncbench(KernelData &K) {
  FloatArray &In = K.buffer("a"), &Out = K.buffer("out");
  Tile W = load(view(K.buffer("w"), 0, 128), 128, 128);
  for (int64_t I = 0; I < K.size("n1"); ++I) {
    size_t Base = size_t(I) * 128 * 32;
    Tile A = load(view(In, Base, 32), 128, 32);
    Tile Acc(128, 32, 0.0f);
    for (int64_t J = 0; J < K.size("n2"); ++J) {
      Tile U1 = act(ActFunc::Tanh, A, 1.0f, 0.0f);
      Tile V1 = act(ActFunc::Tanh, A, -1.0f, 0.0f);
      Tile U2 = ts(AluOp::Mul, U1, 0.5f);
      Tile V2 = ts(AluOp::Mul, V1, 0.25f);
      Acc = tt(AluOp::Add, Acc, U2);
      Acc = tt(AluOp::Add, Acc, V2);
    }
    Tile P(128, 32);
    matmul(P, W, Acc, 128, 128, 32, false);
    store(view(Out, Base, 32), act(ActFunc::Silu, P, 0.125f, 0.0f));
  }
}

static void syncbenchPE(KernelData &K) {
  FloatArray &In = K.buffer("a"), &Out = K.buffer("out");
  Tile W = load(view(K.buffer("w"), 0, 128), 128, 128);
  for (int64_t I = 0; I < K.size("n1"); ++I) {
    size_t Base = size_t(I) * 128 * 32;
    Tile A = load(view(In, Base, 32), 128, 32);
    Tile P(128, 32, 0.0f);
    for (int64_t J = 0; J < K.size("n2"); ++J) {
      Tile T1 = act(ActFunc::Tanh, A, 1.0f, 0.0f);
      Tile T2 = ts(AluOp::Mul, T1, 0.5f);
      Tile T3 = tt(AluOp::Add, T2, A);
      matmul(P, W, T3, 128, 128, 32, true);
    }
    store(view(Out, Base, 32), act(ActFunc::Silu, P, 0.125f, 0.0f));
  }
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

/// [128 x Cols] row tiles, Size of them.
static std::vector<Dim> rowTiles(const char *Size, uint64_t Cols) {
  return {{128, Size}, {Cols}};
}
static const std::vector<Dim> Square = {{128}, {128}};

/// Element-wise and matrix kernels: tensor_add, matmul, mlp.
static std::vector<Kernel> denseKernels() {
  using P = Param;
  return {
      {"tensor_add", "c = a + b over n [128 x 256] tiles",
       {{P::In, "a", rowTiles("n", 256)},
        {P::In, "b", rowTiles("n", 256)},
        {P::Out, "c", rowTiles("n", 256)},
        {P::Scalar, "n"}},
       {{"n", 4}},
       tensorAdd},
      {"matmul",
       "C[128 x 512] = A[K x 128]^T... (first nt column blocks), K = 256 kp",
       {{P::In, "at", {{256, "kp"}, {128}}},
        {P::In, "b", {{256, "kp"}, {512}}},
        {P::Out, "c", {{128}, {512}}},
        {P::Scalar, "nt"},
        {P::Scalar, "kp"}},
       {{"nt", 2}, {"kp", 2}},
       matmulKernel,
       {{"nt", 4}}},
      {"mlp", "Y = gelu(X W1) W2 over n 128-token blocks",
       {{P::In, "x", rowTiles("n", 128)},
        {P::In, "w1", Square, -0.125f, 0.125f},
        {P::In, "w2", Square, -0.125f, 0.125f},
        {P::Out, "y", rowTiles("n", 128)},
        {P::Scalar, "n"}},
       {{"n", 4}},
       mlp},
  };
}

/// Row normalizations: softmax, layernorm, rmsnorm.
static std::vector<Kernel> normalizationKernels() {
  using P = Param;
  // Per-column parameters of layernorm and rmsnorm.
  const Param Gamma = {P::In, "gamma", {{128}, {256}}, 0.5f, 1.5f, true};
  const Param Beta = {P::In, "beta", {{128}, {256}}, -0.5f, 0.5f, true};
  return {
      {"softmax", "row softmax over n [128 x 256] tiles",
       {{P::In, "x", rowTiles("n", 256), -4.0f, 4.0f},
        {P::Out, "y", rowTiles("n", 256)},
        {P::Scalar, "n"}},
       {{"n", 4}},
       softmax},
      {"layernorm", "layernorm over n [128 x 256] tiles",
       {{P::In, "x", rowTiles("n", 256), -2.0f, 2.0f},
        Gamma,
        Beta,
        {P::Out, "y", rowTiles("n", 256)},
        {P::Scalar, "n"}},
       {{"n", 4}},
       layernorm},
      {"rmsnorm", "rmsnorm over n [128 x 256] tiles",
       {{P::In, "x", rowTiles("n", 256), -2.0f, 2.0f},
        Gamma,
        {P::Out, "y", rowTiles("n", 256)},
        {P::Scalar, "n"}},
       {{"n", 4}},
       rmsnorm},
  };
}

/// Kernels over blocks of a larger shape: attention, transpose, cumsum,
/// conv1d.
static std::vector<Kernel> blockedKernels() {
  using P = Param;
  return {
      {"attention", "flash attention, nq query blocks x nkv key blocks (d = 64)",
       {{P::In, "qt", {{1, "nq"}, {64}, {128}}},
        {P::In, "kt", {{1, "nkv"}, {64}, {128}}},
        {P::In, "v", {{128, "nkv"}, {64}}},
        {P::Out, "o", {{128, "nq"}, {64}}},
        {P::Scalar, "nq"},
        {P::Scalar, "nkv"}},
       {{"nq", 2}, {"nkv", 3}},
       attention},
      {"transpose",
       "y[b] = x[b]^T for nb [128 x 512] matrices, nc column blocks",
       {{P::In, "x", {{1, "nb"}, {128}, {512}}},
        {P::Out, "y", {{1, "nb"}, {512}, {128}}},
        {P::Scalar, "nb"},
        {P::Scalar, "nc"}},
       {{"nb", 2}, {"nc", 4}},
       transposeKernel,
       {{"nc", 4}}},
      {"cumsum", "row prefix sums of nr [128 x 1024] tiles, nc 256-col chunks",
       {{P::In, "x", rowTiles("nr", 1024)},
        {P::Out, "y", rowTiles("nr", 1024)},
        {P::Scalar, "nr"},
        {P::Scalar, "nc"}},
       {{"nr", 2}, {"nc", 4}},
       cumsum,
       {{"nc", 4}}},
      {"conv1d",
       "width-3 conv + relu, nb 256-position blocks, ncb channel blocks",
       {{P::In, "x", {{1, "ncb"}, {128}, {1026}}},
        {P::In, "w", {{1, "ncb"}, {3}, {128}, {128}}, -0.125f, 0.125f},
        {P::Out, "out", {{128}, {1024}}},
        {P::Scalar, "nb"},
        {P::Scalar, "ncb"}},
       {{"nb", 2}, {"ncb", 2}},
       conv1d,
       {{"nb", 4}}},
  };
}

/// The synchronization microbenchmarks, which share their parameters and
/// inputs.
static std::vector<Kernel> syncKernels() {
  using P = Param;
  const std::vector<Param> SyncParams = {
      {P::In, "a", {{1, "n1"}, {128}, {32}}},
      {P::In, "w", Square, -0.125f, 0.125f},
      {P::Out, "out", {{1, "n1"}, {128}, {32}}},
      {P::Scalar, "n1"},
      {P::Scalar, "n2"}};
  return {
      {"syncbench",
       "sync-bound microbenchmark (ACT/POOL/DVE inner loop, n2 pairs)",
       SyncParams,
       {{"n1", 4}, {"n2", 16}},
       syncbench},
      {"syncbench_pe", "sync-bound microbenchmark (ACT/DVE/POOL/PE inner loop)",
       SyncParams,
       {{"n1", 4}, {"n2", 16}},
       syncbenchPE},
  };
}

ArrayRef<Kernel> kernel_ref::kernels() {
  // In the order of the benchmark's table and of --help.
  static const std::vector<Kernel> Table = [] {
    std::vector<Kernel> All;
    for (auto Group : {denseKernels, normalizationKernels, blockedKernels,
                       syncKernels})
      for (Kernel &K : Group())
        All.push_back(std::move(K));
    return All;
  }();
  return Table;
}
