//===-- DataPath.cpp - Functional execution of data-path ops --------------===//

#include "DataPath.h"
#include "MCTargetDesc/NeuronISASemantics.h"
#include <algorithm>
#include <type_traits>

using namespace llvm;
using namespace llvm::neuronisa_sim;
using namespace llvm::NeuronISA;

namespace {
/// A [P x F] view of an on-chip access from partition P0.
struct TileView {
  Memory &M;
  Region R;
  uint32_t Addr;
  unsigned P0;
  float *row(unsigned P) const { return M.onChipRow(R, P0 + P, Addr); }
};
} // namespace

/// Calls Body with Op as a compile-time constant (std::integral_constant), so
/// that the element loop it contains is specialized for the operation.
template <typename Fn> static void withAluOp(AluOp Op, Fn &&Body) {
  switch (Op) {
#define CASE(X)                                                                \
  case AluOp::X:                                                               \
    return Body(std::integral_constant<AluOp, AluOp::X>());
    CASE(Add) CASE(Sub) CASE(Mul) CASE(Div) CASE(Max) CASE(Min)
#undef CASE
  }
}

/// The same for activation functions.
template <typename Fn> static void withActFunc(ActFunc F, Fn &&Body) {
  switch (F) {
#define CASE(X)                                                                \
  case ActFunc::X:                                                             \
    return Body(std::integral_constant<ActFunc, ActFunc::X>());
    CASE(Identity) CASE(Exp) CASE(Tanh) CASE(Gelu) CASE(Relu) CASE(Sigmoid)
    CASE(Rsqrt) CASE(Square) CASE(Silu)
#undef CASE
  }
}

static std::vector<float> &scratch(size_t N) {
  static thread_local std::vector<float> S;
  if (S.size() < N)
    S.resize(N);
  return S;
}

void neuronisa_sim::executeDataPath(const Inst &I, const ResolvedTile *T,
                                    Memory &M) {
  auto view = [&](unsigned K) {
    return TileView{M, T[K].Reg, T[K].Addr, I.Tiles[K].PartStart};
  };
  const TileOperand &D = I.Tiles[0];
  const unsigned P = D.Partitions, F = D.FreeElems;

  switch (I.Fmt) {
  case TileFormat::None:
    return;
  case TileFormat::DMALoad: {
    const TileOperand &S = I.Tiles[1];
    TileView Dst = view(0);
    for (unsigned Pi = 0; Pi != S.Partitions; ++Pi)
      std::copy_n(M.hbmAt(T[1].Buf, T[1].Addr + Pi * S.RowStride),
                  S.FreeElems, Dst.row(Pi));
    return;
  }
  case TileFormat::DMAStore: {
    TileView Src = view(1);
    for (unsigned Pi = 0; Pi != P; ++Pi)
      std::copy_n(Src.row(Pi), F,
                  M.hbmAt(T[0].Buf, T[0].Addr + Pi * D.RowStride));
    return;
  }
  case TileFormat::MatMul: {
    // dst[m][n] (+)= sum_k stat[k][m] * mov[k][n]
    unsigned K = I.Tiles[1].Partitions, Mm = D.Partitions, N = D.FreeElems;
    bool Acc = I.named(OpName::acc) != 0;
    std::vector<float> &Out = scratch(size_t(Mm) * N);
    TileView Dst = view(0), Stat = view(1), Mov = view(2);
    for (unsigned Mi = 0; Mi != Mm; ++Mi) {
      float *O = &Out[size_t(Mi) * N];
      if (Acc)
        std::copy_n(Dst.row(Mi), N, O);
      else
        std::fill_n(O, N, 0.0f);
    }
    for (unsigned Ki = 0; Ki != K; ++Ki) {
      const float *S = Stat.row(Ki), *Mv = Mov.row(Ki);
      for (unsigned Mi = 0; Mi != Mm; ++Mi) {
        float A = S[Mi];
        float *O = &Out[size_t(Mi) * N];
        for (unsigned Ni = 0; Ni != N; ++Ni)
          O[Ni] += A * Mv[Ni];
      }
    }
    for (unsigned Mi = 0; Mi != Mm; ++Mi)
      std::copy_n(&Out[size_t(Mi) * N], N, Dst.row(Mi));
    return;
  }
  case TileFormat::Transpose: {
    // dst[F x P] = src[P x F]^T
    const TileOperand &S = I.Tiles[1];
    unsigned SP = S.Partitions, SF = S.FreeElems;
    std::vector<float> &Out = scratch(size_t(SP) * SF);
    TileView Src = view(1), Dst = view(0);
    for (unsigned Pi = 0; Pi != SP; ++Pi) {
      const float *R = Src.row(Pi);
      for (unsigned Fi = 0; Fi != SF; ++Fi)
        Out[size_t(Fi) * SP + Pi] = R[Fi];
    }
    for (unsigned Fi = 0; Fi != SF; ++Fi)
      std::copy_n(&Out[size_t(Fi) * SP], SP, Dst.row(Fi));
    return;
  }
  case TileFormat::Reduce: {
    const TileOperand &S = I.Tiles[1];
    AluOp Op = static_cast<AluOp>(I.SubOp);
    std::vector<float> &Out = scratch(P);
    TileView Src = view(1), Dst = view(0);
    for (unsigned Pi = 0; Pi != P; ++Pi) {
      const float *R = Src.row(Pi);
      float V = reduceIdentity(Op);
      for (unsigned Fi = 0; Fi != S.FreeElems; ++Fi)
        V = applyAlu(Op, V, R[Fi]);
      Out[Pi] = V;
    }
    for (unsigned Pi = 0; Pi != P; ++Pi)
      *Dst.row(Pi) = Out[Pi];
    return;
  }
  default:
    break;
  }

  // Element-wise formats: each row is computed into scratch and then stored
  // (a destination may overlap its sources within a partition). The
  // operation is chosen once per instruction, not per element.
  auto F32 = [&](OpName Name) { return f32FromBits(I.named(Name)); };
  float *Row = scratch(F).data();
  TileView Dst = view(0);
  auto rows = [&](auto &&Compute) {
    for (unsigned Pi = 0; Pi != P; ++Pi) {
      Compute(Pi, Row);
      std::copy_n(Row, F, Dst.row(Pi));
    }
  };
  switch (I.Fmt) {
  case TileFormat::Act: {
    float Scale = F32(OpName::scale), Bias = F32(OpName::bias);
    TileView Src = view(1);
    withActFunc(static_cast<ActFunc>(I.SubOp), [&](auto Fn) {
      rows([&](unsigned Pi, float *Out) {
        const float *S = Src.row(Pi);
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyActivation(Fn, S[Fi], Scale, Bias);
      });
    });
    return;
  }
  case TileFormat::ActBias: {
    float Scale = F32(OpName::scale);
    TileView Src = view(1), BiasTile = view(2);
    withActFunc(static_cast<ActFunc>(I.SubOp), [&](auto Fn) {
      rows([&](unsigned Pi, float *Out) {
        const float *S = Src.row(Pi);
        float Bias = *BiasTile.row(Pi);
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyActivation(Fn, S[Fi], Scale, Bias);
      });
    });
    return;
  }
  case TileFormat::TensorTensor: {
    TileView A = view(1), B = view(2);
    withAluOp(static_cast<AluOp>(I.SubOp), [&](auto Op) {
      rows([&](unsigned Pi, float *Out) {
        const float *X = A.row(Pi), *Y = B.row(Pi);
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyAlu(Op, X[Fi], Y[Fi]);
      });
    });
    return;
  }
  case TileFormat::TensorScalar:
  case TileFormat::TensorScalarTile: {
    TileView Src = view(1);
    bool Immediate = I.Fmt == TileFormat::TensorScalar;
    float Imm = Immediate ? F32(OpName::s) : 0.0f;
    withAluOp(static_cast<AluOp>(I.SubOp), [&](auto Op) {
      rows([&](unsigned Pi, float *Out) {
        const float *S = Src.row(Pi);
        float B = Immediate ? Imm : *view(2).row(Pi);
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyAlu(Op, S[Fi], B);
      });
    });
    return;
  }
  case TileFormat::Scan: {
    TileView Src = view(1);
    rows([&](unsigned Pi, float *Out) {
      const float *S = Src.row(Pi);
      float Sum = 0.0f;
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Out[Fi] = Sum += S[Fi];
    });
    return;
  }
  case TileFormat::Copy: {
    TileView Src = view(1);
    rows([&](unsigned Pi, float *Out) { std::copy_n(Src.row(Pi), F, Out); });
    return;
  }
  case TileFormat::Memset: {
    float V = F32(OpName::v);
    rows([&](unsigned, float *Out) { std::fill_n(Out, F, V); });
    return;
  }
  case TileFormat::Iota: {
    int32_t Base = I.named(OpName::base), PStep = I.named(OpName::pstep),
            FStep = I.named(OpName::fstep);
    rows([&](unsigned Pi, float *Out) {
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Out[Fi] = iotaValue(Base, PStep, FStep, Pi, Fi);
    });
    return;
  }
  default:
    return;
  }
}
