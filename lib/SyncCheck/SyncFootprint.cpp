//===-- SyncFootprint.cpp - Footprints of the emitted accesses ------------===//
//
// A tile operand addresses base register + offset. Which values the base
// register can hold comes from a forward dataflow over the kernel's CFG on
// the lattice of SyncValues.h, with the ranges of loop counters
// (SyncLoops.h) at loop headers and widening elsewhere. At the entry,
// r0 = 0, every HBM argument r(k+1) = Ptr(k, {0}), every scalar argument is
// Int, every other register Top. Nothing the compiler says is used.
//
// On chip, a base with known values gives one byte range per value; any
// other base may address every byte (the partition range is always an
// immediate). In HBM, a Ptr(k, _) base stays inside argument k's buffer
// (the launch contract: proofs/README.md), one footprint per known offset,
// else one from the offset's range or residue; anything else may touch any
// HBM byte. Two accesses through different arguments are disjoint only
// when the object's kernel metadata says both are noalias.
//
//===----------------------------------------------------------------------===//

#include "SyncLoops.h"
#include "SyncModel.h"
#include "SyncValues.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <array>
#include <memory>
#include <numeric>

using namespace llvm;
using namespace llvm::NeuronISA;

/// The HBM constraints of an access through Base (Ptr) at O: the offsets
/// modulo Base.Mod, the rows' pattern, and the offsets' range.
static void hbmConstraints(Footprint &F, const Decoded::Operand &O,
                           const AVal &Base, unsigned Which) {
  int64_t Start = Base.Vals[Which] + O.Offset;
  bool ResidueKnows = Base.Mod > 1 && O.Extent < Base.Mod;
  // Rows with gaps between them (a column slice of a wider array): every
  // byte also lies at an offset congruent modulo the row stride to the
  // first row's bytes, when the stride is a power of two dividing Mod (the
  // base is then known modulo the stride). Interleaved slices of one array
  // are disjoint by this; slices far apart by the hull, which the
  // footprint keeps.
  uint64_t S = O.RowStride;
  bool Rows = O.Rows > 1 && O.RowBytes < S && isPowerOf2_64(S) &&
              S <= Base.Mod;
  // A range of offsets (a loop counter's bound) is the first constraint,
  // unless the residue and the rows already fill both.
  Range R = Base.range();
  int64_t Width = R.Hi - R.Lo + int64_t(O.Extent);
  bool Ranged = Base.Mod < ExactMod && !(R == FullOffset) &&
                Width < int64_t(ExactMod) && !(ResidueKnows && Rows);
  F.RangeKnown = Ranged || Base.Mod > 1;
  if (Ranged) {
    F.Mod = ExactMod;
    F.Lo = int64_t(uint64_t(R.Lo + O.Offset) & (ExactMod - 1));
    F.Hi = F.Lo + Width;
  } else if (Base.Mod > 1) {
    F.Mod = Base.Mod;
    F.Lo = int64_t(uint64_t(Start) & (Base.Mod - 1));
    F.Hi = F.Lo + int64_t(O.Extent);
  }
  if (Rows) {
    F.SMod = S;
    F.SLo = int64_t(uint64_t(Start) & (S - 1));
    F.SHi = F.SLo + int64_t(O.RowBytes);
  } else if (Ranged && ResidueKnows) {
    F.SMod = Base.Mod;
    F.SLo = int64_t(uint64_t(Start) & (Base.Mod - 1));
    F.SHi = F.SLo + int64_t(O.Extent);
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
    hbmConstraints(F, O, Base, Which);
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

namespace {
/// The forward dataflow of register values: In and Out of every block, a
/// block's input the join of its predecessors' outputs along the edges
/// their branches can take (and of its earlier input), ranges widened
/// after a few visits, and the ranges of loop counters' inductions set at
/// loop headers.
class ValueFlow {
public:
  ValueFlow(const CodeKernel &K, const std::vector<CodeBlock> &Blocks,
            const std::vector<Decoded> &Code, bool UseLoops);
  /// False when it has not settled within MaxSteps block visits.
  bool run(unsigned MaxSteps);
  /// Every register of every block may hold anything, every edge is taken.
  void giveUp();

  std::vector<RegState> In, Out;
  std::vector<bool> Seen;

private:
  RegState joinOf(unsigned B, ArrayRef<unsigned> From) const;
  RegState inputOf(unsigned B) const;

  const std::vector<CodeBlock> &Blocks;
  const std::vector<Decoded> &Code;
  RegState Entry;
  std::vector<std::vector<unsigned>> Preds;
  std::vector<SmallVector<unsigned, 2>> Feasible;
  std::vector<LoopBound> Loops;
  std::vector<int> LoopAt; // block -> index in Loops, -1: none
  std::vector<unsigned> Visits;
};
} // namespace

/// Visits of a block after which ranges that still grow are widened.
static constexpr unsigned WidenAfter = 3;

ValueFlow::ValueFlow(const CodeKernel &K, const std::vector<CodeBlock> &Blocks,
                     const std::vector<Decoded> &Code, bool UseLoops)
    : In(Blocks.size()), Out(Blocks.size()), Seen(Blocks.size(), false),
      Blocks(Blocks), Code(Code), Preds(Blocks.size()),
      Feasible(Blocks.size()), LoopAt(Blocks.size(), -1),
      Visits(Blocks.size(), 0) {
  for (unsigned R = 0; R != 32; ++R)
    Entry[R] = AVal::top();
  Entry[0] = AVal::constant(0);
  for (unsigned A = 0; A != K.NumArgs && A + 1 < 32; ++A)
    Entry[A + 1] = (K.HBMArgs >> A) & 1 ? AVal::pointer(A, 0, ExactMod)
                                          : AVal::integer();
  for (unsigned B = 0; B != Blocks.size(); ++B)
    for (unsigned S : Blocks[B].Succs)
      Preds[S].push_back(B);
  if (UseLoops)
    Loops = findLoopBounds(Blocks, Code);
  for (unsigned L = 0; L != Loops.size(); ++L)
    LoopAt[Loops[L].Header] = int(L);
}

/// The join of the outputs of the blocks From that can branch to B (and of
/// the kernel's entry state for the entry block).
RegState ValueFlow::joinOf(unsigned B, ArrayRef<unsigned> From) const {
  RegState S;
  if (B == 0)
    S = Entry;
  for (unsigned P : From)
    if (Seen[P] && is_contained(Feasible[P], B))
      for (unsigned R = 0; R != 32; ++R)
        S[R] = join(S[R], Out[P][R]);
  return S;
}

RegState ValueFlow::inputOf(unsigned B) const {
  RegState S = joinOf(B, Preds[B]);
  // Inputs only grow (values rotating through registers would otherwise
  // carry a widened range around a loop forever).
  if (Seen[B])
    for (unsigned R = 0; R != 32; ++R)
      S[R] = join(In[B][R], S[R]);
  if (Visits[B] >= WidenAfter)
    for (unsigned R = 0; R != 32; ++R)
      S[R] = widen(In[B][R], S[R]);
  if (LoopAt[B] >= 0) {
    const LoopBound &L = Loops[LoopAt[B]];
    boundInductions(L, joinOf(B, L.EntryPreds), S);
  }
  return S;
}

bool ValueFlow::run(unsigned MaxSteps) {
  std::vector<unsigned> Work{0};
  std::vector<bool> Queued(Blocks.size(), false);
  Queued[0] = true;
  for (unsigned Steps = 0; !Work.empty(); ++Steps) {
    if (Steps == MaxSteps)
      return false;
    unsigned B = Work.back();
    Work.pop_back();
    Queued[B] = false;
    RegState S = inputOf(B);
    if (Seen[B] && S == In[B])
      continue;
    In[B] = S;
    ++Visits[B];
    for (unsigned I = Blocks[B].Begin; I != Blocks[B].End; ++I)
      transfer(Code[I], S);
    Out[B] = S;
    Seen[B] = true;
    Feasible[B] = feasibleSuccs(Blocks[B], Code[Blocks[B].End - 1], S);
    for (unsigned Succ : Feasible[B])
      if (!Queued[Succ]) {
        Queued[Succ] = true;
        Work.push_back(Succ);
      }
  }
  return true;
}

void ValueFlow::giveUp() {
  RegState Any;
  for (AVal &V : Any)
    V = AVal::top();
  for (unsigned B = 0; B != Blocks.size(); ++B) {
    In[B] = Out[B] = Any;
    Seen[B] = true;
  }
}

void NeuronISA::computeFootprints(const CodeKernel &K,
                                  std::vector<CodeBlock> &Blocks,
                                  std::vector<Decoded> &Code) {
  if (Blocks.empty())
    return;
  auto Flow = std::make_unique<ValueFlow>(K, Blocks, Code, /*UseLoops=*/true);
  if (!Flow->run(64 * Blocks.size() + 4096)) {
    // Loop bounds that keep moving: without them the ranges settle (they
    // only widen), as the residues and sets do.
    Flow = std::make_unique<ValueFlow>(K, Blocks, Code, /*UseLoops=*/false);
    if (!Flow->run(64 * Blocks.size() + 4096))
      Flow->giveUp(); // never expected: inputs only grow, ranges widen
  }
  const std::vector<RegState> &In = Flow->In, &Out = Flow->Out;
  const std::vector<bool> &Seen = Flow->Seen;
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
          // A base with several known values (tile rotation, regions of
          // one buffer at run-time slots): one footprint per value, so that
          // the bytes between them are not touched.
          const AVal &B = S[O.Base];
          bool Several = O.OnChip ? B.K == AVal::Consts : B.K == AVal::Ptr;
          unsigned N = Several ? B.Vals.size() : 1;
          for (unsigned W = 0; W != N; ++W)
            D.Foot.push_back(footprintOf(O, B, W));
        }
      transfer(D, S);
    }
  }
}
