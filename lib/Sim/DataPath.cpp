//===-- DataPath.cpp - Functional execution of data-path ops --------------===//

#include "DataPath.h"
#include "MCTargetDesc/NeuronISASemantics.h"
#include <algorithm>

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

  // Element-wise formats: compute each row into scratch, then store it.
  // Immediates first, once.
  auto F32 = [&](OpName Name) { return f32FromBits(I.named(Name)); };
  float Scale = 0.0f, Bias = 0.0f, Scalar = 0.0f;
  int32_t Base = 0, PStep = 0, FStep = 0;
  switch (I.Fmt) {
  case TileFormat::Act:
    Bias = F32(OpName::bias);
    [[fallthrough]];
  case TileFormat::ActBias:
    Scale = F32(OpName::scale);
    break;
  case TileFormat::TensorScalar:
    Scalar = F32(OpName::s);
    break;
  case TileFormat::Memset:
    Scalar = F32(OpName::v);
    break;
  case TileFormat::Iota:
    Base = I.named(OpName::base);
    PStep = I.named(OpName::pstep);
    FStep = I.named(OpName::fstep);
    break;
  default:
    break;
  }
  std::vector<float> &Row = scratch(F);
  TileView Dst = view(0);
  for (unsigned Pi = 0; Pi != P; ++Pi) {
    switch (I.Fmt) {
    case TileFormat::Act: {
      const float *S = view(1).row(Pi);
      ActFunc Fn = static_cast<ActFunc>(I.SubOp);
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Row[Fi] = applyActivation(Fn, S[Fi], Scale, Bias);
      break;
    }
    case TileFormat::ActBias: {
      const float *S = view(1).row(Pi);
      float RowBias = *view(2).row(Pi);
      ActFunc Fn = static_cast<ActFunc>(I.SubOp);
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Row[Fi] = applyActivation(Fn, S[Fi], Scale, RowBias);
      break;
    }
    case TileFormat::TensorTensor: {
      const float *A = view(1).row(Pi), *B = view(2).row(Pi);
      AluOp Op = static_cast<AluOp>(I.SubOp);
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Row[Fi] = applyAlu(Op, A[Fi], B[Fi]);
      break;
    }
    case TileFormat::TensorScalar:
    case TileFormat::TensorScalarTile: {
      const float *S = view(1).row(Pi);
      float B = I.Fmt == TileFormat::TensorScalar ? Scalar : *view(2).row(Pi);
      AluOp Op = static_cast<AluOp>(I.SubOp);
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Row[Fi] = applyAlu(Op, S[Fi], B);
      break;
    }
    case TileFormat::Scan: {
      const float *S = view(1).row(Pi);
      float Sum = 0.0f;
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Row[Fi] = Sum += S[Fi];
      break;
    }
    case TileFormat::Copy:
      std::copy_n(view(1).row(Pi), F, Row.data());
      break;
    case TileFormat::Memset:
      std::fill_n(Row.data(), F, Scalar);
      break;
    case TileFormat::Iota:
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Row[Fi] = iotaValue(Base, PStep, FStep, Pi, Fi);
      break;
    default:
      break;
    }
    std::copy_n(Row.data(), F, Dst.row(Pi));
  }
}
