//===-- DataPath.cpp - What data-path instructions compute ----------------===//

#include "DataPath.h"
#include "MCTargetDesc/NeuronISASemantics.h"
#include "Memory.h"
#include "Program.h"
#include "TileAccess.h"
#include <algorithm>
#include <type_traits>
#include <vector>

using namespace llvm;
using namespace llvm::neuronisa_sim;
using namespace llvm::NeuronISA;

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

/// dma.load, dma.store: a copy between HBM rows and on-chip rows.
static void copyRows(const DataPathOp &I, const RowView *Rows) {
  const DataPathOp::Shape &S = I.Tiles[1];
  for (unsigned Pi = 0; Pi != S.Partitions; ++Pi)
    std::copy_n(Rows[1].row(Pi), S.FreeElems, Rows[0].row(Pi));
}

/// dst[m][n] (+)= sum_k stat[k][m] * mov[k][n], summed over k in increasing
/// order from the accumulator.
static void matMul(const DataPathOp &I, const RowView *Rows) {
  unsigned K = I.Tiles[1].Partitions, Mm = I.Tiles[0].Partitions,
           N = I.Tiles[0].FreeElems;
  bool Acc = I.named(OpName::acc) != 0;
  std::vector<float> &Out = scratch(size_t(Mm) * N);
  RowView Dst = Rows[0], Stat = Rows[1], Mov = Rows[2];
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
}

/// dst[F x P] = src[P x F]^T
static void transpose(const DataPathOp &I, const RowView *Rows) {
  unsigned SP = I.Tiles[1].Partitions, SF = I.Tiles[1].FreeElems;
  std::vector<float> &Out = scratch(size_t(SP) * SF);
  for (unsigned Pi = 0; Pi != SP; ++Pi) {
    const float *R = Rows[1].row(Pi);
    for (unsigned Fi = 0; Fi != SF; ++Fi)
      Out[size_t(Fi) * SP + Pi] = R[Fi];
  }
  for (unsigned Fi = 0; Fi != SF; ++Fi)
    std::copy_n(&Out[size_t(Fi) * SP], SP, Rows[0].row(Fi));
}

/// dst[p][0] = src[p][0] op src[p][1] op ..., left to right from the
/// operation's identity.
static void reduce(const DataPathOp &I, const RowView *Rows) {
  unsigned P = I.Tiles[0].Partitions, F = I.Tiles[1].FreeElems;
  AluOp Op = static_cast<AluOp>(I.SubOp);
  std::vector<float> &Out = scratch(P);
  for (unsigned Pi = 0; Pi != P; ++Pi) {
    const float *R = Rows[1].row(Pi);
    float V = reduceIdentity(Op);
    for (unsigned Fi = 0; Fi != F; ++Fi)
      V = applyAlu(Op, V, R[Fi]);
    Out[Pi] = V;
  }
  for (unsigned Pi = 0; Pi != P; ++Pi)
    *Rows[0].row(Pi) = Out[Pi];
}

/// Element-wise formats: each row is computed into scratch and then stored
/// (a destination may overlap its sources within a partition). The
/// operation is chosen once per instruction, not per element.
static void elementWise(const DataPathOp &I, const RowView *Rows) {
  const unsigned P = I.Tiles[0].Partitions, F = I.Tiles[0].FreeElems;
  auto F32 = [&](OpName Name) { return f32FromBits(I.named(Name)); };
  float *Row = scratch(F).data();
  RowView Dst = Rows[0], Src = Rows[1], Src2 = Rows[2];
  auto rows = [&](auto &&Compute) {
    for (unsigned Pi = 0; Pi != P; ++Pi) {
      Compute(Pi, Row);
      std::copy_n(Row, F, Dst.row(Pi));
    }
  };
  switch (I.Fmt) {
  case TileFormat::Act:
  case TileFormat::ActBias: {
    // f(src * scale + bias), the bias an immediate or a [P x 1] tile.
    bool TileBias = I.Fmt == TileFormat::ActBias;
    float Scale = F32(OpName::scale), Imm = TileBias ? 0.0f : F32(OpName::bias);
    withActFunc(static_cast<ActFunc>(I.SubOp), [&](auto Fn) {
      rows([&](unsigned Pi, float *Out) {
        const float *S = Src.row(Pi);
        float Bias = TileBias ? *Src2.row(Pi) : Imm;
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyActivation(Fn, S[Fi], Scale, Bias);
      });
    });
    return;
  }
  case TileFormat::TensorTensor:
    withAluOp(static_cast<AluOp>(I.SubOp), [&](auto Op) {
      rows([&](unsigned Pi, float *Out) {
        const float *X = Src.row(Pi), *Y = Src2.row(Pi);
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyAlu(Op, X[Fi], Y[Fi]);
      });
    });
    return;
  case TileFormat::TensorScalar:
  case TileFormat::TensorScalarTile: {
    // src op s, the scalar an immediate or a [P x 1] tile.
    bool Immediate = I.Fmt == TileFormat::TensorScalar;
    float Imm = Immediate ? F32(OpName::s) : 0.0f;
    withAluOp(static_cast<AluOp>(I.SubOp), [&](auto Op) {
      rows([&](unsigned Pi, float *Out) {
        const float *S = Src.row(Pi);
        float B = Immediate ? Imm : *Src2.row(Pi);
        for (unsigned Fi = 0; Fi != F; ++Fi)
          Out[Fi] = applyAlu(Op, S[Fi], B);
      });
    });
    return;
  }
  case TileFormat::Scan:
    rows([&](unsigned Pi, float *Out) {
      const float *S = Src.row(Pi);
      float Sum = 0.0f;
      for (unsigned Fi = 0; Fi != F; ++Fi)
        Out[Fi] = Sum += S[Fi];
    });
    return;
  case TileFormat::Copy:
    rows([&](unsigned Pi, float *Out) { std::copy_n(Src.row(Pi), F, Out); });
    return;
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

void neuronisa_sim::computeDataPath(const DataPathOp &I, const RowView *Rows) {
  switch (I.Fmt) {
  case TileFormat::None:
    return;
  case TileFormat::DMALoad:
  case TileFormat::DMAStore:
    return copyRows(I, Rows);
  case TileFormat::MatMul:
    return matMul(I, Rows);
  case TileFormat::Transpose:
    return transpose(I, Rows);
  case TileFormat::Reduce:
    return reduce(I, Rows);
  default:
    return elementWise(I, Rows);
  }
}

void neuronisa_sim::executeDataPath(const Inst &I, const ResolvedTile *T,
                                    Memory &M) {
  DataPathOp Op;
  Op.Opcode = I.Opcode;
  Op.Fmt = I.Fmt;
  Op.SubOp = I.SubOp;
  Op.Ops = I.Ops;
  RowView Rows[3];
  for (unsigned K = 0; K != I.NumTiles; ++K) {
    const TileOperand &TO = I.Tiles[K];
    Op.Tiles[K] = {TO.Partitions, TO.FreeElems};
    if (TO.Space == MemSpace::HBM)
      Rows[K] = RowView(M.hbmAt(T[K].Buf, T[K].Addr), TO.RowStride / 4);
    else
      Rows[K] = RowView(M.onChipRow(T[K].Reg, TO.PartStart, T[K].Addr),
                        M.rowElems(T[K].Reg));
  }
  computeDataPath(Op, Rows);
}
