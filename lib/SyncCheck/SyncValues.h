//===-- SyncValues.h - What the validator knows of scalar registers -------===//
//
// The abstract values of the footprint dataflow (SyncFootprint.cpp), one
// per scalar register:
//
//   Bot < Consts{c1..c4} < Int(r mod 2^t, [lo, hi]) < Top,
//   Bot < Ptr(k, {o1..o4}) < Ptr(k, r mod 2^t, [lo, hi]) < Top
//
// Consts: one of at most four known 32-bit values (a tile address, or one
// chosen by sel or a join: tile rotation). Int: an integer congruent to r
// modulo 2^t and within [lo, hi] (signed 32-bit; t = 0 and the full range:
// nothing known), so that a loop counter stepping by 2 from 1 stays odd and
// `andi x, 3` of it is 1 or 3, and a counter below a constant bound stays
// in range. Ptr(k, {o1..o4}): argument k's HBM pointer plus one of at most
// four known offsets (regions of one buffer at run-time slots); Ptr(k, r
// mod 2^t, [lo, hi]): plus an offset known modulo a power of two and, modulo
// 2^32, within [lo, hi]. A register set by `slt`/`sltu` also remembers the
// two registers it compared while they keep their values, so that
// `sel rd, rc, ra, rb` of it is their minimum or maximum (clang's
// `min(n, K)`); one set by `add rd, ra, rb` remembers rb and what ra was
// known modulo, so that adding rb a second time keeps ra's low bits
// (`2 i + k + k` at -O0 is even).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SYNCCHECK_SYNCVALUES_H
#define NEURONISA_SYNCCHECK_SYNCVALUES_H

#include "SyncModel.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <cstdint>

namespace llvm {
namespace NeuronISA {

/// The integers [Lo, Hi].
struct Range {
  int64_t Lo, Hi;
  bool operator==(const Range &O) const { return Lo == O.Lo && Hi == O.Hi; }
  bool contains(const Range &O) const { return Lo <= O.Lo && O.Hi <= Hi; }
};

/// Every signed 32-bit value: an integer's range when nothing is known.
inline constexpr Range FullInt{INT32_MIN, INT32_MAX};
/// Every offset modulo 2^32: a pointer's range when nothing is known.
inline constexpr Range FullOffset{0, (int64_t(1) << 32) - 1};
/// The modulus of a pointer whose offset is one of a few known values.
inline constexpr uint64_t ExactMod = uint64_t(1) << 32;

/// The value of a register. Ptr(Arg, R, Mod): argument Arg's pointer plus
/// an offset congruent to R modulo Mod (a power of two; 1: nothing known)
/// and to one of [R.Lo, R.Hi] modulo 2^32; with Mod = 2^32 the offset is
/// one of Vals, at most four. Int: an integer congruent to Res modulo 2^TZ
/// within [R.Lo, R.Hi].
struct AVal {
  enum KindTy : uint8_t { Bot, Consts, Int, Ptr, Top } K = Bot;
  int Arg = -1;
  unsigned TZ = 0;              // Int
  uint32_t Res = 0;             // Int
  uint64_t Mod = 1;             // Ptr
  SmallVector<int64_t, 4> Vals; // Consts, exact Ptr: sorted; Ptr: R
  Range R = FullInt;            // Int; Ptr with Mod < 2^32
  /// Set by slt (CmpUnsigned false) or sltu: this register is 1 when
  /// register CmpA is below register CmpB, 0 otherwise; 0: no such fact.
  unsigned CmpA = 0, CmpB = 0;
  bool CmpUnsigned = false;
  /// Set by add rd, ra, rb of integers: this value minus register SumReg
  /// (rb) is congruent to SumRes modulo 2^SumTZ, while SumReg keeps its
  /// value; 0: no such fact. Adding rb again then gives ra + 2 rb, whose
  /// low bit is ra's (`2 i + k + k` is even).
  unsigned SumReg = 0, SumTZ = 0;
  uint32_t SumRes = 0;

  static AVal top();
  static AVal integer(unsigned TZ = 0, uint64_t Res = 0, Range R = FullInt);
  static AVal constant(int64_t C);
  static AVal pointer(int A, int64_t Off, uint64_t Mod,
                      Range R = FullOffset);

  bool isInt() const { return K == Consts || K == Int; }
  bool hasCompare() const { return CmpA != 0 || CmpB != 0; }
  /// An integer value as "congruent to residue() modulo 2^modBits()":
  /// Consts as the largest such power of two their values share.
  unsigned modBits() const;
  uint64_t residue() const;
  /// The values an integer may take, the offsets a pointer may add.
  Range range() const;
  bool operator==(const AVal &O) const;
};

using RegState = std::array<AVal, 32>;

AVal join(const AVal &A, const AVal &B);

/// A with ranges that grew past Old's widened to everything: what makes the
/// dataflow over a loop stop.
AVal widen(const AVal &Old, const AVal &New);

/// V with its range replaced by R (an invariant found elsewhere: a loop
/// counter's bound); kinds without a range are returned unchanged.
AVal withRange(const AVal &V, Range R);

/// What D does to the registers.
void transfer(const Decoded &D, RegState &S);

/// Whether D writes register Reg.
bool writesRegister(const Decoded &D, unsigned Reg);

} // namespace NeuronISA
} // namespace llvm

#endif
