//===-- SyncValues.cpp - What the validator knows of scalar registers -----===//
//
// The lattice of SyncValues.h and the transfer function of the control
// instructions. Every operation over-approximates: a result may stand for
// more values than the instruction can produce, never fewer.
//
//===----------------------------------------------------------------------===//

#include "SyncValues.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

static int64_t wrap32(int64_t V) { return int64_t(int32_t(uint32_t(V))); }

/// The largest power of two (at most 2^32) dividing V.
static uint64_t pow2Dividing(int64_t V) {
  uint32_t W = uint32_t(V);
  return W ? uint64_t(1) << countr_zero(W) : ExactMod;
}

/// [Lo, Hi] as a range of 32-bit integers: everything when it does not fit
/// (the operation may have wrapped).
static Range intRange(int64_t Lo, int64_t Hi) {
  if (Lo < INT32_MIN || Hi > INT32_MAX || Lo > Hi)
    return FullInt;
  return {Lo, Hi};
}

/// [Lo, Hi] as offsets modulo 2^32, Lo moved into [0, 2^32): everything
/// when it spans 2^32 values.
static Range offsetRange(int64_t Lo, int64_t Hi) {
  if (Lo > Hi || Hi - Lo >= int64_t(ExactMod) - 1)
    return FullOffset;
  int64_t Shift = Lo >= 0 ? Lo / int64_t(ExactMod)
                          : -((-Lo + int64_t(ExactMod) - 1) / int64_t(ExactMod));
  Shift *= int64_t(ExactMod);
  return {Lo - Shift, Hi - Shift};
}

static Range hull(Range A, Range B) {
  return {std::min(A.Lo, B.Lo), std::max(A.Hi, B.Hi)};
}

AVal AVal::top() {
  AVal V;
  V.K = Top;
  return V;
}

AVal AVal::integer(unsigned TZ, uint64_t Res, Range R) {
  AVal V;
  V.K = Int;
  V.TZ = std::min(TZ, 32u);
  V.Res = uint32_t(Res & ((uint64_t(1) << V.TZ) - 1));
  V.R = intRange(R.Lo, R.Hi);
  return V;
}

AVal AVal::constant(int64_t C) {
  AVal V;
  V.K = Consts;
  V.Vals.push_back(C);
  return V;
}

AVal AVal::pointer(int A, int64_t Off, uint64_t Mod, Range R) {
  AVal V;
  V.K = Ptr;
  V.Arg = A;
  V.Mod = Mod;
  V.Vals.push_back(int64_t(uint64_t(Off) & (Mod - 1)));
  V.R = Mod == ExactMod ? FullOffset : offsetRange(R.Lo, R.Hi);
  return V;
}

unsigned AVal::modBits() const {
  if (K == Int)
    return TZ;
  unsigned Bits = 32;
  for (int64_t C : Vals)
    if (uint32_t D = uint32_t(C - Vals[0]))
      Bits = std::min<unsigned>(Bits, countr_zero(D));
  return Bits;
}

uint64_t AVal::residue() const { return K == Int ? Res : uint32_t(Vals[0]); }

Range AVal::range() const {
  if (K == Consts || (K == Ptr && Mod == ExactMod))
    return {*llvm::min_element(Vals), *llvm::max_element(Vals)};
  if (K == Int || K == Ptr)
    return R;
  return FullInt;
}

bool AVal::operator==(const AVal &O) const {
  return K == O.K && Arg == O.Arg && TZ == O.TZ && Res == O.Res &&
         Mod == O.Mod && Vals == O.Vals && R == O.R && CmpA == O.CmpA &&
         CmpB == O.CmpB && CmpUnsigned == O.CmpUnsigned &&
         SumReg == O.SumReg && SumTZ == O.SumTZ && SumRes == O.SumRes;
}

/// Ptr(k, S) as Ptr(k, r mod 2^t, [lo, hi]): the largest power of two modulo
/// which S's offsets agree, and their hull.
static AVal collapsePointer(const AVal &V) {
  uint64_t M = V.Mod;
  for (int64_t O : V.Vals)
    M = std::min(M, pow2Dividing(O - V.Vals[0]));
  return AVal::pointer(V.Arg, V.Vals[0], M, V.range());
}

static AVal joinPointers(const AVal &A, const AVal &B) {
  AVal V = A;
  for (int64_t O : B.Vals)
    if (!is_contained(V.Vals, O))
      V.Vals.push_back(O);
  llvm::sort(V.Vals);
  if (A.Mod == ExactMod && B.Mod == ExactMod && V.Vals.size() <= 4)
    return V;
  V.Mod = std::min(A.Mod, B.Mod);
  V.R = hull(A.range(), B.range());
  return collapsePointer(V);
}

AVal NeuronISA::join(const AVal &A, const AVal &B) {
  if (A.K == AVal::Bot)
    return B;
  if (B.K == AVal::Bot)
    return A;
  AVal V;
  if (A.K == AVal::Consts && B.K == AVal::Consts) {
    V = A;
    for (int64_t C : B.Vals)
      if (!is_contained(V.Vals, C))
        V.Vals.push_back(C);
    llvm::sort(V.Vals);
    if (V.Vals.size() > 4)
      V = AVal::integer(V.modBits(), V.residue(), V.range());
  } else if (A.isInt() && B.isInt()) {
    uint32_t D = uint32_t(A.residue() - B.residue());
    unsigned Bits = std::min({A.modBits(), B.modBits(),
                              D ? unsigned(countr_zero(D)) : 32u});
    V = AVal::integer(Bits, A.residue(), hull(A.range(), B.range()));
  } else if (A.K == AVal::Ptr && B.K == AVal::Ptr && A.Arg == B.Arg) {
    return joinPointers(A, B);
  } else {
    return AVal::top();
  }
  // A comparison's operands survive where both sides compared the same.
  if (A.CmpA == B.CmpA && A.CmpB == B.CmpB && A.CmpUnsigned == B.CmpUnsigned) {
    V.CmpA = A.CmpA;
    V.CmpB = A.CmpB;
    V.CmpUnsigned = A.CmpUnsigned;
  }
  // So does a sum's register, known modulo what both sides agree on.
  if (A.SumReg != 0 && A.SumReg == B.SumReg) {
    uint32_t D = A.SumRes - B.SumRes;
    V.SumReg = A.SumReg;
    V.SumTZ = std::min({A.SumTZ, B.SumTZ, D ? unsigned(countr_zero(D)) : 32u});
    V.SumRes = V.SumTZ >= 32 ? A.SumRes : A.SumRes & ((1u << V.SumTZ) - 1);
  }
  return V;
}

AVal NeuronISA::widen(const AVal &Old, const AVal &New) {
  AVal V = New;
  if (V.K == AVal::Int && Old.isInt() && !Old.range().contains(V.R))
    V.R = FullInt;
  if (V.K == AVal::Ptr && V.Mod < ExactMod && Old.K == AVal::Ptr &&
      !Old.range().contains(V.R))
    V.R = FullOffset;
  return V;
}

AVal NeuronISA::withRange(const AVal &V, Range R) {
  AVal W = V;
  if (V.K == AVal::Consts) {
    // The values in R (none: V itself, which holds all the same).
    erase_if(W.Vals, [&](int64_t C) { return C < R.Lo || C > R.Hi; });
    if (W.Vals.empty())
      W = V;
  } else if (V.K == AVal::Int) {
    Range I = intRange(std::max(V.R.Lo, R.Lo), std::min(V.R.Hi, R.Hi));
    W.R = I == FullInt ? intRange(R.Lo, R.Hi) : I;
  } else if (V.K == AVal::Ptr && V.Mod < ExactMod) {
    Range O = offsetRange(R.Lo, R.Hi);
    if (O.Hi - O.Lo < V.R.Hi - V.R.Lo)
      W.R = O;
  }
  return W;
}

/// V + C (C an integer value).
static AVal addInt(const AVal &V, const AVal &C) {
  if (V.K == AVal::Bot || C.K == AVal::Bot)
    return AVal();
  if (V.K == AVal::Consts && C.K == AVal::Consts) {
    AVal R;
    for (int64_t A : V.Vals)
      for (int64_t B : C.Vals)
        R = join(R, AVal::constant(wrap32(A + B)));
    return R;
  }
  Range VR = V.range(), CR = C.range();
  if (V.isInt() && C.isInt())
    return AVal::integer(std::min(V.modBits(), C.modBits()),
                         V.residue() + C.residue(),
                         {VR.Lo + CR.Lo, VR.Hi + CR.Hi});
  if (V.K == AVal::Ptr && C.isInt()) {
    if (C.K == AVal::Consts) {
      AVal R;
      for (int64_t A : V.Vals)
        for (int64_t B : C.Vals)
          R = join(R, AVal::pointer(V.Arg, A + B, V.Mod,
                                    {V.R.Lo + B, V.R.Hi + B}));
      return R;
    }
    AVal P = collapsePointer(V);
    uint64_t M = std::min(P.Mod, uint64_t(1) << C.modBits());
    return AVal::pointer(V.Arg, P.Vals[0] + int64_t(C.residue()), M,
                         {VR.Lo + CR.Lo, VR.Hi + CR.Hi});
  }
  return AVal::top();
}

static AVal negate(const AVal &C) {
  if (C.K != AVal::Consts) {
    if (!C.isInt())
      return AVal::top();
    return AVal::integer(C.modBits(), -C.residue(), {-C.R.Hi, -C.R.Lo});
  }
  AVal R;
  for (int64_t A : C.Vals)
    R = join(R, AVal::constant(wrap32(-A)));
  return R;
}

/// V * F for an integer V.
static AVal multiply(const AVal &V, int64_t F) {
  if (V.K == AVal::Bot)
    return V;
  if (!V.isInt())
    return AVal::top();
  if (V.K == AVal::Consts) {
    AVal R;
    for (int64_t A : V.Vals)
      R = join(R, AVal::constant(wrap32(A * F)));
    return R;
  }
  // x = r + m 2^t gives x F = r F + m F 2^t: known modulo 2^(t + v2(F)).
  uint64_t P = pow2Dividing(F);
  unsigned Bits = V.modBits() + (P == ExactMod ? 32 : Log2_64(P));
  int64_t A = V.R.Lo * F, B = V.R.Hi * F;
  return AVal::integer(Bits, V.residue() * uint64_t(F),
                       {std::min(A, B), std::max(A, B)});
}

/// V << Sh (V * 2^Sh).
static AVal shiftLeft(const AVal &V, int64_t Sh) {
  if (V.K == AVal::Bot)
    return V;
  if (!V.isInt() || Sh < 0 || Sh > 31)
    return V.isInt() ? AVal::integer() : AVal::top();
  return multiply(V, int64_t(1) << Sh);
}

/// V >> Sh, arithmetic or logical: the range of the shifted range, or of
/// every 32-bit value shifted (a sign extension `shli 24; srai 24` is in
/// [-128, 127]).
static AVal shiftRight(const AVal &V, int64_t Sh, bool Arith) {
  if (V.K == AVal::Bot)
    return V;
  if (Sh < 0 || Sh > 31)
    return V.isInt() ? AVal::integer() : AVal::top();
  if (V.K == AVal::Consts) {
    AVal R;
    for (int64_t A : V.Vals)
      R = join(R, AVal::constant(
                      Arith ? int64_t(int32_t(A) >> Sh)
                            : wrap32(int64_t(uint32_t(A) >> Sh))));
    return R;
  }
  Range In = V.isInt() ? V.range() : FullInt;
  if (Arith) // floor(x / 2^Sh) is monotone
    return AVal::integer(0, 0, {In.Lo >> Sh, In.Hi >> Sh});
  if (Sh == 0)
    return V.isInt() ? AVal::integer(0, 0, In) : AVal::integer();
  if (In.Lo >= 0) // non-negative: as the arithmetic shift
    return AVal::integer(0, 0, {In.Lo >> Sh, In.Hi >> Sh});
  return AVal::integer(0, 0, {0, int64_t(UINT32_MAX >> Sh)});
}

/// The values of an integer with a range of at most four values (a counter
/// below a small bound), as constants; Bot otherwise.
static AVal enumerate(const AVal &V) {
  if (V.K != AVal::Int || V.R.Hi - V.R.Lo > 3)
    return AVal();
  AVal R;
  uint32_t Mask = V.TZ >= 32 ? ~0u : (1u << V.TZ) - 1;
  for (int64_t X = V.R.Lo; X <= V.R.Hi; ++X)
    if ((uint32_t(X) & Mask) == V.Res)
      R = join(R, AVal::constant(X));
  return R;
}

/// V & M. Whatever V holds, the result's set bits are among M's, and those
/// below V's known modulus are V's: with at most two unknown bits left it
/// is one of at most four values (clang masks slot indices, `(i + k) & 3`,
/// into such ranges), otherwise an integer known below the lowest of them,
/// in [0, M] for M >= 0 (and at most V for V >= 0).
static AVal andImm(const AVal &V, int64_t M) {
  if (V.K == AVal::Bot)
    return V;
  uint32_t Mask = uint32_t(M);
  AVal Vals = V.K == AVal::Consts ? V : enumerate(V);
  if (Vals.K == AVal::Consts) {
    AVal R;
    for (int64_t A : Vals.Vals)
      R = join(R, AVal::constant(wrap32(uint32_t(A) & Mask)));
    return R;
  }
  unsigned Bits = V.isInt() ? V.modBits() : 0;
  uint32_t KnownBits = Bits >= 32 ? ~0u : (1u << Bits) - 1;
  uint32_t Known = uint32_t(V.isInt() ? V.residue() : 0) & Mask & KnownBits;
  uint32_t Free = Mask & ~KnownBits;
  if (popcount(Free) <= 2) {
    AVal R;
    uint32_t Low = Free & -Free, High = Free & ~Low;
    for (uint32_t Sub : {0u, Low, High, Free})
      R = join(R, AVal::constant(wrap32(Known | Sub)));
    return R;
  }
  Range R = FullInt;
  if (M >= 0)
    R = {0, V.isInt() && V.range().Lo >= 0 ? std::min(M, V.range().Hi) : M};
  return AVal::integer(countr_zero(Free), Known, R);
}

/// V ^ M. Each known value is flipped where M is set; an integer's bits
/// below its known modulus are its residue's, flipped the same way (a slot
/// index `(i ^ 3) & 3` of an odd i is 0 or 2). `xori x, -1` (~x = -x - 1)
/// keeps the range, reversed; other masks lose it.
static AVal xorImm(const AVal &V, int64_t M) {
  if (V.K == AVal::Bot)
    return V;
  if (!V.isInt())
    return AVal::top();
  if (V.K == AVal::Consts) {
    AVal R;
    for (int64_t A : V.Vals)
      R = join(R, AVal::constant(wrap32(uint32_t(A) ^ uint32_t(M))));
    return R;
  }
  unsigned Bits = V.modBits();
  uint32_t KnownBits = Bits >= 32 ? ~0u : (1u << Bits) - 1;
  uint32_t Res = (uint32_t(V.residue()) ^ uint32_t(M)) & KnownBits;
  Range R = M == -1 ? Range{-V.R.Hi - 1, -V.R.Lo - 1} : FullInt;
  return AVal::integer(Bits, Res, R);
}

/// sel rd, rc, ra, rb where rc holds ra < rb (the minimum) or rb < ra (the
/// maximum): the join of ra and rb, within the range of the one chosen.
static AVal select(const Decoded &D, const RegState &S) {
  AVal J = join(S[D.Ra], S[D.Rb]);
  if (D.Srcs.size() != 3 || !J.isInt())
    return J;
  const AVal &C = S[D.Srcs[0]];
  bool Min = C.CmpA == D.Ra && C.CmpB == D.Rb;
  bool Max = C.CmpA == D.Rb && C.CmpB == D.Ra;
  if (!C.hasCompare() || (!Min && !Max) || D.Ra == D.Rb)
    return J;
  Range A = S[D.Ra].range(), B = S[D.Rb].range();
  bool NonNeg = A.Lo >= 0 && B.Lo >= 0;
  if (C.CmpUnsigned && !NonNeg) {
    // The unsigned minimum is at most the non-negative operand.
    if (!Min || (A.Lo < 0 && B.Lo < 0))
      return J;
    Range N = A.Lo >= 0 ? A : B;
    return withRange(J, {0, N.Hi});
  }
  return withRange(J, Min ? Range{std::min(A.Lo, B.Lo), std::min(A.Hi, B.Hi)}
                          : Range{std::max(A.Lo, B.Lo), std::max(A.Hi, B.Hi)});
}

/// add rd, ra, rb of two integers: their sum, known modulo a larger power
/// of two where ra is itself a sum with rb (then it is (ra - rb) + 2 rb),
/// and remembered as a sum with rb unless rd is rb.
static AVal addIntegers(const Decoded &D, const RegState &S) {
  const AVal &A = S[D.Ra], &B = S[D.Rb];
  AVal V = addInt(A, B);
  if (A.SumReg == D.Rb && V.K == AVal::Int) {
    unsigned Bits = std::min(A.SumTZ, B.modBits() + 1);
    if (Bits > V.modBits())
      V = AVal::integer(Bits, A.SumRes + 2 * B.residue(), V.range());
  }
  if (D.Rd != D.Rb && (V.K == AVal::Int || V.K == AVal::Consts)) {
    V.SumReg = D.Rb;
    V.SumTZ = A.modBits();
    V.SumRes = uint32_t(A.residue()) &
               (V.SumTZ >= 32 ? ~0u : (1u << V.SumTZ) - 1);
  }
  return V;
}

bool NeuronISA::writesRegister(const Decoded &D, unsigned Reg) {
  switch (D.K) {
  case DKind::Li:
  case DKind::AddI:
  case DKind::Add:
  case DKind::Sub:
  case DKind::Sel:
  case DKind::ShlI:
  case DKind::MulI:
  case DKind::AndI:
  case DKind::XorI:
  case DKind::SetLess:
  case DKind::SraI:
  case DKind::SrlI:
  case DKind::Def:
    return Reg != 0 && D.Rd == Reg;
  default:
    return false;
  }
}

static AVal valueOf(const Decoded &D, const RegState &S) {
  switch (D.K) {
  case DKind::Li:
    return AVal::constant(D.Imm);
  case DKind::AddI:
    return addInt(S[D.Ra], AVal::constant(D.Imm));
  case DKind::ShlI:
    return shiftLeft(S[D.Ra], D.Imm);
  case DKind::MulI:
    return multiply(S[D.Ra], D.Imm);
  case DKind::AndI:
    return andImm(S[D.Ra], D.Imm);
  case DKind::XorI:
    return xorImm(S[D.Ra], D.Imm);
  case DKind::SraI:
  case DKind::SrlI:
    return shiftRight(S[D.Ra], D.Imm, D.K == DKind::SraI);
  case DKind::Add:
    // x + x is 2x: even, whatever x is (clang's `k + k` slot indices).
    if (D.Ra == D.Rb && S[D.Ra].isInt())
      return shiftLeft(S[D.Ra], 1);
    if (S[D.Ra].isInt() && S[D.Rb].isInt())
      return addIntegers(D, S);
    return S[D.Rb].K == AVal::Ptr ? addInt(S[D.Rb], S[D.Ra])
                                  : addInt(S[D.Ra], S[D.Rb]);
  case DKind::Sub:
    return S[D.Rb].K == AVal::Ptr ? AVal::top()
                                  : addInt(S[D.Ra], negate(S[D.Rb]));
  case DKind::Sel:
    return select(D, S);
  case DKind::SetLess: {
    AVal V = AVal::integer(0, 0, {0, 1});
    if (D.Ra != D.Rd && D.Rb != D.Rd) {
      V.CmpA = D.Ra;
      V.CmpB = D.Rb;
      V.CmpUnsigned = D.Imm != 0;
    }
    return V;
  }
  default: { // Def
    bool AllInt = llvm::all_of(D.Srcs, [&](unsigned R) {
      return S[R].isInt() || S[R].K == AVal::Bot;
    });
    return AllInt ? AVal::integer() : AVal::top();
  }
  }
}

void NeuronISA::transfer(const Decoded &D, RegState &S) {
  if (D.Rd == 0 || !writesRegister(D, D.Rd))
    return;
  AVal V = valueOf(D, S);
  // A comparison or a sum with the register written no longer holds.
  for (AVal &X : S) {
    if (X.CmpA == D.Rd || X.CmpB == D.Rd) {
      X.CmpA = X.CmpB = 0;
      X.CmpUnsigned = false;
    }
    if (X.SumReg == D.Rd)
      X.SumReg = X.SumTZ = X.SumRes = 0;
  }
  S[D.Rd] = std::move(V);
}
