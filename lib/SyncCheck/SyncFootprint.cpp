//===-- SyncFootprint.cpp - Footprints of the emitted accesses ------------===//
//
// A tile operand addresses base register + offset. Which values the base
// register can hold comes from a forward dataflow over the kernel's CFG,
// on a small lattice per scalar register:
//
//   Bot < Consts{c1..c4} < Int < Top,   Bot < Ptr(k, o) < Ptr(k, ?) < Top
//
// Consts: one of at most four known 32-bit values (a tile address, or one
// chosen by sel or a join: tile rotation); Int(r mod 2^t): an integer known
// only modulo a power of two (t = 0: nothing known), so that a loop counter
// stepping by 2 from 1 stays odd and `andi x, 3` of it is 1 or 3 (the slots
// of unrolled ping-pong loops); Ptr(k, o): argument k's HBM pointer
// plus an integer (o when known). At the entry, r0 = 0, every HBM argument
// r(k+1) = Ptr(k, 0), every scalar argument is Int, every other register
// Top. Nothing the compiler says is used.
//
// On chip, a base with known values gives one byte range per value; any
// other base may address every byte (the partition range is always an
// immediate). In HBM, a Ptr(k, _) base stays inside argument k's buffer
// (the launch contract: proofs/README.md); anything else may touch any HBM
// byte. Two accesses through different arguments are disjoint only when the
// object's kernel metadata says both are noalias.
//
//===----------------------------------------------------------------------===//

#include "SyncModel.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <array>
#include <numeric>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {
/// The value of a register. Ptr(Arg, R, Mod): argument Arg's pointer plus
/// an offset congruent to R modulo Mod (a power of two; 2^32: the offset
/// is R, addresses being 32 bits; 1: nothing known). Int: an integer
/// congruent to Res modulo 2^TZ.
struct AVal {
  enum KindTy : uint8_t { Bot, Consts, Int, Ptr, Top } K = Bot;
  int Arg = -1;
  unsigned TZ = 0;              // Int
  uint32_t Res = 0;             // Int
  uint64_t Mod = 1;             // Ptr
  SmallVector<int64_t, 4> Vals; // Consts: sorted; Ptr: the residue R

  static AVal top() { AVal V; V.K = Top; return V; }
  static AVal integer(unsigned TZ = 0, uint64_t Res = 0) {
    AVal V;
    V.K = Int;
    V.TZ = std::min(TZ, 32u);
    V.Res = uint32_t(Res & ((uint64_t(1) << V.TZ) - 1));
    return V;
  }
  static AVal constant(int64_t C) {
    AVal V;
    V.K = Consts;
    V.Vals.push_back(C);
    return V;
  }
  static AVal pointer(int A, int64_t R, uint64_t Mod) {
    AVal V;
    V.K = Ptr;
    V.Arg = A;
    V.Mod = Mod;
    V.Vals.push_back(int64_t(uint64_t(R) & (Mod - 1)));
    return V;
  }
  bool isInt() const { return K == Consts || K == Int; }
  /// An integer value as "congruent to residue() modulo 2^modBits()":
  /// Consts as the largest such power of two their values share.
  unsigned modBits() const {
    if (K == Int)
      return TZ;
    unsigned Bits = 32;
    for (int64_t C : Vals)
      if (uint32_t D = uint32_t(C - Vals[0]))
        Bits = std::min<unsigned>(Bits, countr_zero(D));
    return Bits;
  }
  uint64_t residue() const { return K == Int ? Res : uint32_t(Vals[0]); }
  bool operator==(const AVal &O) const {
    return K == O.K && Arg == O.Arg && TZ == O.TZ && Res == O.Res &&
           Mod == O.Mod && Vals == O.Vals;
  }
};
using RegState = std::array<AVal, 32>;
} // namespace

static constexpr uint64_t Exact = uint64_t(1) << 32;

static int64_t wrap32(int64_t V) { return int64_t(int32_t(uint32_t(V))); }

/// The largest power of two (at most 2^32) dividing V.
static uint64_t pow2Dividing(int64_t V) {
  uint32_t W = uint32_t(V);
  return W ? uint64_t(1) << countr_zero(W) : Exact;
}

static AVal join(const AVal &A, const AVal &B) {
  if (A.K == AVal::Bot)
    return B;
  if (B.K == AVal::Bot)
    return A;
  if (A.K == AVal::Consts && B.K == AVal::Consts) {
    AVal V = A;
    for (int64_t C : B.Vals)
      if (!is_contained(V.Vals, C))
        V.Vals.push_back(C);
    llvm::sort(V.Vals);
    return V.Vals.size() <= 4 ? V
                              : AVal::integer(V.modBits(), V.residue());
  }
  if (A.isInt() && B.isInt()) {
    uint32_t D = uint32_t(A.residue() - B.residue());
    unsigned Bits = std::min({A.modBits(), B.modBits(),
                              D ? unsigned(countr_zero(D)) : 32u});
    return AVal::integer(Bits, A.residue());
  }
  if (A.K == AVal::Ptr && B.K == AVal::Ptr && A.Arg == B.Arg) {
    uint64_t M = std::min({A.Mod, B.Mod, pow2Dividing(A.Vals[0] - B.Vals[0])});
    return AVal::pointer(A.Arg, A.Vals[0], M);
  }
  return AVal::top();
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
  if (V.isInt() && C.isInt())
    return AVal::integer(std::min(V.modBits(), C.modBits()),
                         V.residue() + C.residue());
  if (V.K == AVal::Ptr && C.isInt()) {
    if (C.K == AVal::Consts) {
      AVal R;
      for (int64_t B : C.Vals)
        R = join(R, AVal::pointer(V.Arg, V.Vals[0] + B, V.Mod));
      return R;
    }
    uint64_t M = std::min(V.Mod, uint64_t(1) << C.modBits());
    return AVal::pointer(V.Arg, V.Vals[0] + int64_t(C.residue()), M);
  }
  return AVal::top();
}

static AVal negate(const AVal &C) {
  if (C.K != AVal::Consts)
    return C.isInt() ? AVal::integer(C.modBits(), -C.residue()) : AVal::top();
  AVal R;
  for (int64_t A : C.Vals)
    R = join(R, AVal::constant(wrap32(-A)));
  return R;
}

/// V << Sh (V * 2^Sh).
static AVal shiftLeft(const AVal &V, int64_t Sh) {
  if (V.K == AVal::Bot)
    return V;
  if (!V.isInt() || Sh < 0 || Sh > 31)
    return V.isInt() ? AVal::integer() : AVal::top();
  if (V.K == AVal::Consts) {
    AVal R;
    for (int64_t A : V.Vals)
      R = join(R, AVal::constant(wrap32(int64_t(uint32_t(A) << Sh))));
    return R;
  }
  return AVal::integer(V.modBits() + unsigned(Sh), V.residue() << Sh);
}

/// V & M. Whatever V holds, the result's set bits are among M's, and those
/// below V's known modulus are V's: with at most two unknown bits left it
/// is one of at most four values (clang masks slot indices, `(i + k) & 3`,
/// into such ranges), otherwise an integer known below the lowest of them.
static AVal andImm(const AVal &V, int64_t M) {
  if (V.K == AVal::Bot)
    return V;
  uint32_t Mask = uint32_t(M);
  if (V.K == AVal::Consts) {
    AVal R;
    for (int64_t A : V.Vals)
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
  return AVal::integer(countr_zero(Free), Known);
}

static void transfer(const Decoded &D, RegState &S) {
  auto Set = [&](AVal V) {
    if (D.Rd != 0)
      S[D.Rd] = std::move(V);
  };
  switch (D.K) {
  case DKind::Li:
    return Set(AVal::constant(D.Imm));
  case DKind::AddI:
    return Set(addInt(S[D.Ra], AVal::constant(D.Imm)));
  case DKind::ShlI:
    return Set(shiftLeft(S[D.Ra], D.Imm));
  case DKind::MulI: {
    const AVal &A = S[D.Ra];
    if (A.K == AVal::Bot || !A.isInt())
      return Set(A.K == AVal::Bot ? A : AVal::top());
    if (A.K == AVal::Consts) {
      AVal R;
      for (int64_t C : A.Vals)
        R = join(R, AVal::constant(wrap32(C * D.Imm)));
      return Set(R);
    }
    // x = r + m 2^t gives x c = r c + m c 2^t: known modulo 2^(t + v2(c)).
    uint64_t P = pow2Dividing(D.Imm);
    return Set(AVal::integer(A.modBits() + (P == Exact ? 32 : Log2_64(P)),
                             A.residue() * uint64_t(D.Imm)));
  }
  case DKind::AndI:
    return Set(andImm(S[D.Ra], D.Imm));
  case DKind::Add:
    // x + x is 2x: even, whatever x is (clang's `k + k` slot indices).
    if (D.Ra == D.Rb && S[D.Ra].isInt())
      return Set(shiftLeft(S[D.Ra], 1));
    return Set(S[D.Rb].K == AVal::Ptr ? addInt(S[D.Rb], S[D.Ra])
                                      : addInt(S[D.Ra], S[D.Rb]));
  case DKind::Sub:
    return Set(S[D.Rb].K == AVal::Ptr ? AVal::top()
                                      : addInt(S[D.Ra], negate(S[D.Rb])));
  case DKind::Sel:
    return Set(join(S[D.Ra], S[D.Rb]));
  case DKind::Def: {
    bool AllInt = llvm::all_of(D.Srcs, [&](unsigned R) {
      return S[R].isInt() || S[R].K == AVal::Bot;
    });
    return Set(AllInt ? AVal::integer() : AVal::top());
  }
  default:
    return;
  }
}

static Footprint footprintOf(const Decoded::Operand &O, const AVal &Base,
                             unsigned Which = 0) {
  Footprint F;
  F.OnChip = O.OnChip;
  F.Reads = O.Reads;
  F.Writes = O.Writes;
  F.PartBegin = O.PartBegin;
  F.PartEnd = O.PartEnd;
  if (O.OnChip) {
    if (Base.K == AVal::Consts) {
      F.RangeKnown = true;
      F.Lo = int64_t(uint32_t(Base.Vals[Which] + O.Offset));
      F.Hi = F.Lo + int64_t(O.Extent);
    }
    if (!F.RangeKnown) {
      F.Lo = 0;
      F.Hi = int64_t(1) << 33;
    }
    return F;
  }
  if (Base.K == AVal::Ptr) {
    F.Arg = Base.Arg;
    if (Base.Mod > 1) {
      F.RangeKnown = true;
      F.Mod = Base.Mod;
      F.Lo = int64_t(uint64_t(Base.Vals[0] + O.Offset) & (Base.Mod - 1));
      F.Hi = F.Lo + int64_t(O.Extent);
      // Rows with gaps between them (a column slice of a wider array): every
      // byte also lies at an offset congruent modulo the row stride to the
      // first row's bytes, when the stride is a power of two dividing Mod
      // (the base is then known modulo the stride). Interleaved slices of
      // one array are disjoint by this; slices far apart by the hull, which
      // the footprint keeps.
      uint64_t S = O.RowStride;
      if (O.Rows > 1 && O.RowBytes < S && isPowerOf2_64(S) && S <= Base.Mod) {
        F.SMod = S;
        F.SLo = int64_t(uint64_t(Base.Vals[0] + O.Offset) & (S - 1));
        F.SHi = F.SLo + int64_t(O.RowBytes);
      }
    }
  }
  return F;
}

/// Footprint.cdisj: [LA, HA) modulo MA and [LB, HB) modulo MB are apart
/// modulo gcd(MA, MB) (no modulus: nothing known).
static bool residuesApart(int64_t LA, int64_t HA, uint64_t MA, int64_t LB,
                          int64_t HB, uint64_t MB) {
  if (!MA || !MB)
    return false;
  int64_t G = int64_t(std::gcd(MA, MB));
  int64_t D = ((LB - LA) % G + G) % G;
  return HA - LA <= D && D + (HB - LB) <= G;
}

bool NeuronISA::mayOverlap(const Footprint &A, const Footprint &B,
                           uint8_t NoAliasArgs) {
  // Footprint.fp_overlap, which the checker uses: keep the two the same.
  if (A.OnChip != B.OnChip)
    return false;
  if (A.OnChip)
    return A.PartBegin < B.PartEnd && B.PartBegin < A.PartEnd &&
           A.Lo < B.Hi && B.Lo < A.Hi;
  if (A.Arg < 0 || B.Arg < 0)
    return true;
  if (A.Arg != B.Arg)
    return !((NoAliasArgs >> A.Arg) & 1) || !((NoAliasArgs >> B.Arg) & 1);
  // Footprint.hbm_disj: a constraint of A apart from a constraint of B.
  bool PA = A.RangeKnown && A.Mod, PB = B.RangeKnown && B.Mod;
  return !((PA && PB && residuesApart(A.Lo, A.Hi, A.Mod, B.Lo, B.Hi, B.Mod)) ||
           (PA && residuesApart(A.Lo, A.Hi, A.Mod, B.SLo, B.SHi, B.SMod)) ||
           (PB && residuesApart(A.SLo, A.SHi, A.SMod, B.Lo, B.Hi, B.Mod)) ||
           residuesApart(A.SLo, A.SHi, A.SMod, B.SLo, B.SHi, B.SMod));
}

/// Whether the conditional branch D is taken in state S: known when both
/// registers hold one known value each (a loop whose trip count folded to
/// a constant, `li r2, 0; bge r2, r0`).
static std::optional<bool> branchTaken(const Decoded &D, const RegState &S) {
  if (D.K != DKind::CondBranch)
    return std::nullopt;
  const AVal &A = S[D.Ra], &B = S[D.Rb];
  if (A.K != AVal::Consts || B.K != AVal::Consts || A.Vals.size() != 1 ||
      B.Vals.size() != 1)
    return std::nullopt;
  int32_t X = int32_t(A.Vals[0]), Y = int32_t(B.Vals[0]);
  switch (D.Imm) {
  case NeuronISA::BEQ:
    return X == Y;
  case NeuronISA::BNE:
    return X != Y;
  case NeuronISA::BLT:
    return X < Y;
  case NeuronISA::BGE:
    return X >= Y;
  case NeuronISA::BLTU:
    return uint32_t(X) < uint32_t(Y);
  case NeuronISA::BGEU:
    return uint32_t(X) >= uint32_t(Y);
  default:
    return std::nullopt;
  }
}

/// The successors of block B that its last instruction can reach in state S
/// (Succs[0] is a branch's target, Succs[1] its fall-through).
static SmallVector<unsigned, 2> feasibleSuccs(const CodeBlock &B,
                                              const Decoded &Last,
                                              const RegState &S) {
  std::optional<bool> Taken = branchTaken(Last, S);
  if (!Taken || B.Succs.size() != 2)
    return B.Succs;
  return {B.Succs[*Taken ? 0 : 1]};
}

void NeuronISA::computeFootprints(const CodeKernel &K,
                                  std::vector<CodeBlock> &Blocks,
                                  std::vector<Decoded> &Code) {
  std::vector<RegState> In(Blocks.size());
  RegState &Entry = In[0];
  for (unsigned R = 0; R != 32; ++R)
    Entry[R] = AVal::top();
  Entry[0] = AVal::constant(0);
  for (unsigned A = 0; A != K.NumArgs && A + 1 < 32; ++A)
    Entry[A + 1] = (K.HBMArgs >> A) & 1 ? AVal::pointer(A, 0, Exact)
                                          : AVal::integer();
  std::vector<unsigned> Work{0};
  std::vector<bool> Queued(Blocks.size(), false), Seen(Blocks.size(), false);
  std::vector<RegState> Out(Blocks.size());
  Queued[0] = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    Queued[B] = false;
    RegState S = In[B];
    for (unsigned I = Blocks[B].Begin; I != Blocks[B].End; ++I)
      transfer(Code[I], S);
    Out[B] = S;
    Seen[B] = true;
    for (unsigned Succ : feasibleSuccs(Blocks[B], Code[Blocks[B].End - 1], S)) {
      bool Changed = false;
      for (unsigned R = 0; R != 32; ++R) {
        AVal J = join(In[Succ][R], S[R]);
        if (!(J == In[Succ][R])) {
          In[Succ][R] = std::move(J);
          Changed = true;
        }
      }
      if (Changed && !Queued[Succ]) {
        Queued[Succ] = true;
        Work.push_back(Succ);
      }
    }
  }
  // Edges never taken at the fixed point go, and with them what only they
  // reach.
  for (unsigned B = 0; B != Blocks.size(); ++B)
    Blocks[B].Succs =
        Seen[B] ? feasibleSuccs(Blocks[B], Code[Blocks[B].End - 1], Out[B])
                : SmallVector<unsigned, 2>();
  markReachable(Blocks);
  for (unsigned B = 0; B != Blocks.size(); ++B) {
    RegState S = In[B];
    for (unsigned I = Blocks[B].Begin; I != Blocks[B].End; ++I) {
      Decoded &D = Code[I];
      if (D.K == DKind::Site)
        for (const Decoded::Operand &O : D.Ops) {
          // A base with several known values (tile rotation): one
          // footprint per value, so that the tiles between them are not
          // touched.
          const AVal &B = S[O.Base];
          unsigned N = O.OnChip && B.K == AVal::Consts ? B.Vals.size() : 1;
          for (unsigned W = 0; W != N; ++W)
            D.Foot.push_back(footprintOf(O, B, W));
        }
      transfer(D, S);
    }
  }
}
