//===-- SyncLoops.cpp - Loop counters the validator bounds ----------------===//
//
// Dominators (Cooper, Harvey and Kennedy's iteration over reverse post
// order), natural loops with one latch, and the induction facts of
// SyncLoops.h. Everything comes from the decoded code.
//
//===----------------------------------------------------------------------===//

#include "SyncLoops.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <optional>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {
/// The dominator tree of the blocks reachable from the entry, numbered so
/// that dominance is an interval test.
struct DomTree {
  std::vector<int> IDom; // -1: not reachable
  std::vector<unsigned> Pre, Post;
  bool dominates(unsigned A, unsigned B) const {
    return IDom[A] >= 0 && IDom[B] >= 0 && Pre[A] <= Pre[B] &&
           Post[B] <= Post[A];
  }
};
} // namespace

static std::vector<unsigned>
reversePostOrder(const std::vector<CodeBlock> &Blocks) {
  std::vector<unsigned> Order;
  std::vector<bool> Seen(Blocks.size(), false);
  std::vector<std::pair<unsigned, unsigned>> Stack{{0, 0}};
  Seen[0] = true;
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next < Blocks[B].Succs.size()) {
      unsigned S = Blocks[B].Succs[Next++];
      if (!Seen[S]) {
        Seen[S] = true;
        Stack.push_back({S, 0});
      }
      continue;
    }
    Order.push_back(B);
    Stack.pop_back();
  }
  std::reverse(Order.begin(), Order.end());
  return Order;
}

static std::vector<std::vector<unsigned>>
predecessors(const std::vector<CodeBlock> &Blocks) {
  std::vector<std::vector<unsigned>> Preds(Blocks.size());
  for (unsigned B = 0; B != Blocks.size(); ++B)
    for (unsigned S : Blocks[B].Succs)
      Preds[S].push_back(B);
  return Preds;
}

/// Pre and post numbers of a depth-first walk of the tree IDom describes.
static void numberTree(DomTree &T) {
  unsigned N = T.IDom.size();
  std::vector<std::vector<unsigned>> Kids(N);
  for (unsigned B = 1; B < N; ++B)
    if (T.IDom[B] >= 0 && unsigned(T.IDom[B]) != B)
      Kids[T.IDom[B]].push_back(B);
  T.Pre.assign(N, 0);
  T.Post.assign(N, 0);
  unsigned Clock = 0;
  std::vector<std::pair<unsigned, unsigned>> Stack{{0, 0}};
  T.Pre[0] = Clock++;
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next < Kids[B].size()) {
      unsigned K = Kids[B][Next++];
      T.Pre[K] = Clock++;
      Stack.push_back({K, 0});
      continue;
    }
    T.Post[B] = Clock++;
    Stack.pop_back();
  }
}

static DomTree dominators(const std::vector<CodeBlock> &Blocks,
                          const std::vector<std::vector<unsigned>> &Preds) {
  std::vector<unsigned> RPO = reversePostOrder(Blocks);
  std::vector<unsigned> Index(Blocks.size(), ~0u);
  for (unsigned I = 0; I != RPO.size(); ++I)
    Index[RPO[I]] = I;
  DomTree T;
  T.IDom.assign(Blocks.size(), -1);
  T.IDom[0] = 0;
  auto Intersect = [&](unsigned A, unsigned B) {
    while (A != B) {
      while (Index[A] > Index[B])
        A = unsigned(T.IDom[A]);
      while (Index[B] > Index[A])
        B = unsigned(T.IDom[B]);
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 1; I < RPO.size(); ++I) {
      unsigned B = RPO[I];
      int New = -1;
      for (unsigned P : Preds[B])
        if (T.IDom[P] >= 0)
          New = New < 0 ? int(P) : int(Intersect(P, unsigned(New)));
      if (New != T.IDom[B]) {
        T.IDom[B] = New;
        Changed = true;
      }
    }
  }
  numberTree(T);
  return T;
}

/// The blocks of the natural loop of the back edge Latch -> Header.
static std::vector<bool>
loopBody(unsigned Header, unsigned Latch,
         const std::vector<std::vector<unsigned>> &Preds) {
  std::vector<bool> In(Preds.size(), false);
  In[Header] = true;
  std::vector<unsigned> Work{Latch};
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    if (In[B])
      continue;
    In[B] = true;
    Work.insert(Work.end(), Preds[B].begin(), Preds[B].end());
  }
  return In;
}

/// Whether block B lies on a cycle of the loop that avoids its header.
static bool onInnerCycle(unsigned B, unsigned Header,
                         const std::vector<bool> &Body,
                         const std::vector<CodeBlock> &Blocks) {
  std::vector<bool> Seen(Blocks.size(), false);
  std::vector<unsigned> Work(Blocks[B].Succs.begin(), Blocks[B].Succs.end());
  while (!Work.empty()) {
    unsigned S = Work.back();
    Work.pop_back();
    if (S == Header || !Body[S]) // the back edge, or out of the loop
      continue;
    if (S == B)
      return true;
    if (Seen[S])
      continue;
    Seen[S] = true;
    Work.insert(Work.end(), Blocks[S].Succs.begin(), Blocks[S].Succs.end());
  }
  return false;
}

namespace {
/// Where the loop writes each register: how many times, and the last write.
struct LoopDefs {
  std::array<unsigned, 32> Count{};
  std::array<std::pair<unsigned, unsigned>, 32> Where{}; // block, inst
};
} // namespace

static LoopDefs loopDefs(const std::vector<bool> &Body,
                         const std::vector<CodeBlock> &Blocks,
                         const std::vector<Decoded> &Code) {
  LoopDefs D;
  for (unsigned B = 0; B != Blocks.size(); ++B)
    if (Body[B])
      for (unsigned I = Blocks[B].Begin; I != Blocks[B].End; ++I)
        if (Code[I].Rd != 0 && writesRegister(Code[I], Code[I].Rd)) {
          ++D.Count[Code[I].Rd];
          D.Where[Code[I].Rd] = {B, I};
        }
  return D;
}

/// Reg's induction step, if the loop writes it once per iteration by
/// adding a constant or a register the loop does not write.
static std::optional<LoopBound::Induction>
inductionOf(unsigned Reg, unsigned Header, unsigned Latch,
            const std::vector<bool> &Body, const LoopDefs &Defs,
            const DomTree &DT, const std::vector<CodeBlock> &Blocks,
            const std::vector<Decoded> &Code) {
  if (Defs.Count[Reg] != 1)
    return std::nullopt;
  auto [B, I] = Defs.Where[Reg];
  const Decoded &D = Code[I];
  LoopBound::Induction Ind{Reg, 0, -1};
  if (D.K == DKind::AddI && D.Ra == Reg && D.Imm != 0)
    Ind.Const = D.Imm;
  else if (D.K == DKind::Add && (D.Ra == Reg) != (D.Rb == Reg) &&
           Defs.Count[D.Ra == Reg ? D.Rb : D.Ra] == 0)
    Ind.StepReg = int(D.Ra == Reg ? D.Rb : D.Ra);
  else
    return std::nullopt;
  if (!DT.dominates(B, Latch) || onInnerCycle(B, Header, Body, Blocks))
    return std::nullopt;
  return Ind;
}

/// A counter kept in a copy: the latch compares S after `mov R, S` (its
/// last write of R or S), and S is written once in the loop, by
/// `addi S, R, k`, k != 0, in a block BW that runs once per iteration
/// before the latch, with R not written before it in the iteration (every
/// other write of R lies in a block BW strictly dominates, or after it in
/// BW). Then R = R0 + j k at the header, and the latch compares R's next
/// value: R is the counter, with step k. (A loop that keeps its counter as
/// `r11 = r10 + 1; ...; r10 = r11` and reuses r10 as a temporary.)
static std::optional<LoopBound::Induction>
copiedCounter(unsigned S, unsigned Header, unsigned Latch,
              const std::vector<bool> &Body, const LoopDefs &Defs,
              const DomTree &DT, const std::vector<CodeBlock> &Blocks,
              const std::vector<Decoded> &Code) {
  if (S == 0 || Defs.Count[S] != 1 ||
      onInnerCycle(Latch, Header, Body, Blocks))
    return std::nullopt;
  // The latch's last copy of S, with no write of R or S after it.
  const CodeBlock &LB = Blocks[Latch];
  unsigned M = LB.End;
  while (M != LB.Begin && !(Code[M - 1].K == DKind::AddI &&
                            Code[M - 1].Imm == 0 && Code[M - 1].Ra == S &&
                            Code[M - 1].Rd != S && Code[M - 1].Rd != 0))
    --M;
  if (M == LB.Begin)
    return std::nullopt;
  unsigned R = Code[--M].Rd;
  for (unsigned I = M + 1; I != LB.End; ++I)
    if (writesRegister(Code[I], R) || writesRegister(Code[I], S))
      return std::nullopt;
  auto [BW, W] = Defs.Where[S];
  const Decoded &Step = Code[W];
  if (Step.K != DKind::AddI || Step.Ra != R || Step.Imm == 0 ||
      !DT.dominates(BW, Latch) || onInnerCycle(BW, Header, Body, Blocks))
    return std::nullopt;
  for (unsigned B = 0; B != Blocks.size(); ++B) {
    if (!Body[B])
      continue;
    for (unsigned I = Blocks[B].Begin; I != Blocks[B].End; ++I) {
      if (I == M || Code[I].Rd != R || !writesRegister(Code[I], R))
        continue;
      bool After = B == BW ? I > W : DT.dominates(BW, B);
      if (!After)
        return std::nullopt;
    }
  }
  return LoopBound::Induction{R, Step.Imm, -1};
}

/// The latch's test as "the back edge is taken iff X < Y" (or X <= Y).
static bool backEdgeTest(const CodeBlock &Latch, const Decoded &Br,
                         unsigned Header, LoopBound &L) {
  if (Br.K != DKind::CondBranch || Latch.Succs.size() != 2 ||
      (Latch.Succs[0] == Header) == (Latch.Succs[1] == Header))
    return false;
  bool Taken = Latch.Succs[0] == Header;
  int64_t Op = Br.Imm;
  if (!Taken) // The back edge falls through: the opposite comparison.
    Op = Op == NeuronISA::BLT    ? NeuronISA::BGE
         : Op == NeuronISA::BGE  ? NeuronISA::BLT
         : Op == NeuronISA::BLTU ? NeuronISA::BGEU
         : Op == NeuronISA::BGEU ? NeuronISA::BLTU
         : Op == NeuronISA::BEQ  ? NeuronISA::BNE
                                 : -1;
  if (Op == NeuronISA::BNE) {
    L.Counter = Br.Ra; // which one counts: boundOf decides
    L.Bound = Br.Rb;
    L.NotEqual = true;
    return true;
  }
  L.Unsigned = Op == NeuronISA::BLTU || Op == NeuronISA::BGEU;
  if (Op == NeuronISA::BLT || Op == NeuronISA::BLTU) {
    L.Counter = Br.Ra; // Ra < Rb
    L.Bound = Br.Rb;
    return true;
  }
  if (Op == NeuronISA::BGE || Op == NeuronISA::BGEU) {
    L.Counter = Br.Rb; // Ra >= Rb: Rb <= Ra
    L.Bound = Br.Ra;
    L.Inclusive = true;
    return true;
  }
  return false;
}

/// The bound of the loop of back edge Latch -> Header, if its counter
/// bounds it.
static std::optional<LoopBound>
boundOf(unsigned Header, unsigned Latch, const DomTree &DT,
        const std::vector<std::vector<unsigned>> &Preds,
        const std::vector<CodeBlock> &Blocks,
        const std::vector<Decoded> &Code) {
  LoopBound L;
  L.Header = Header;
  L.Latch = Latch;
  if (!backEdgeTest(Blocks[Latch], Code[Blocks[Latch].End - 1], Header, L))
    return std::nullopt;
  std::vector<bool> Body = loopBody(Header, Latch, Preds);
  LoopDefs Defs = loopDefs(Body, Blocks, Code);
  for (unsigned R = 1; R != 32; ++R)
    if (auto Ind = inductionOf(R, Header, Latch, Body, Defs, DT, Blocks, Code))
      L.Inductions.push_back(*Ind);
  // The latch compares a copy of the counter (copiedCounter): count R.
  if (none_of(L.Inductions,
              [&](const auto &I) { return I.Reg == L.Counter; }))
    if (auto C = copiedCounter(L.Counter, Header, Latch, Body, Defs, DT, Blocks,
                               Code)) {
      L.Counter = C->Reg;
      if (none_of(L.Inductions, [&](const auto &I) { return I.Reg == C->Reg; }))
        L.Inductions.push_back(*C);
    }
  auto IsCounter = [&](const LoopBound::Induction &I, unsigned Reg) {
    return I.Reg == Reg && I.StepReg < 0 &&
           (L.NotEqual ? I.Const == 1 || I.Const == -1 : I.Const > 0);
  };
  if (L.NotEqual && none_of(L.Inductions, [&](const auto &I) {
        return IsCounter(I, L.Counter);
      }))
    std::swap(L.Counter, L.Bound);
  auto Counter = llvm::find_if(
      L.Inductions, [&](const auto &I) { return IsCounter(I, L.Counter); });
  if (L.Counter == 0 || Counter == L.Inductions.end() ||
      Defs.Count[L.Bound] != 0)
    return std::nullopt;
  L.CounterStep = Counter->Const;
  for (unsigned P : Preds[Header])
    if (!Body[P] && DT.IDom[P] >= 0)
      L.EntryPreds.push_back(P);
  return L;
}

std::vector<LoopBound>
NeuronISA::findLoopBounds(const std::vector<CodeBlock> &Blocks,
                          const std::vector<Decoded> &Code) {
  std::vector<LoopBound> Loops;
  if (Blocks.empty())
    return Loops;
  std::vector<std::vector<unsigned>> Preds = predecessors(Blocks);
  DomTree DT = dominators(Blocks, Preds);
  std::vector<SmallVector<unsigned, 1>> Latches(Blocks.size());
  for (unsigned B = 0; B != Blocks.size(); ++B)
    for (unsigned H : Blocks[B].Succs)
      if (DT.dominates(H, B))
        Latches[H].push_back(B);
  for (unsigned H = 0; H != Blocks.size(); ++H)
    if (Latches[H].size() == 1)
      if (auto L = boundOf(H, Latches[H][0], DT, Preds, Blocks, Code))
        Loops.push_back(std::move(*L));
  return Loops;
}

/// The largest j for which the header is entered the j-th time, given the
/// ranges of the counter's entry value and of the bound; none when the
/// counter may wrap or never reach the bound.
static std::optional<int64_t> maxIterations(const LoopBound &L, Range RC,
                                            Range RB) {
  int64_t K = L.CounterStep;
  if (L.NotEqual) {
    // Stepping by one towards a bound it starts short of, it stops there.
    if (K == 1 && RC.Hi < RB.Lo)
      return RB.Hi - 1 - RC.Lo;
    if (K == -1 && RC.Lo > RB.Hi)
      return RC.Hi - 1 - RB.Lo;
    return std::nullopt;
  }
  int64_t Hb = RB.Hi + (L.Inclusive ? 1 : 0);
  int64_t Limit = INT32_MAX;
  if (L.Unsigned) {
    if (RC.Lo < 0 || RB.Lo < 0)
      return std::nullopt;
    Limit = int64_t(UINT32_MAX);
  }
  // No value the latch compares wraps: each is below b before the step.
  if (std::max(RC.Hi, Hb - 1) + K > Limit)
    return std::nullopt;
  return Hb - 1 - RC.Lo < 0 ? 0 : (Hb - 1 - RC.Lo) / K;
}

void NeuronISA::boundInductions(const LoopBound &L, const RegState &Entry,
                                RegState &In) {
  const AVal &C0 = Entry[L.Counter], &B = Entry[L.Bound];
  if (!C0.isInt() || !B.isInt())
    return;
  std::optional<int64_t> J = maxIterations(L, C0.range(), B.range());
  if (!J)
    return;
  for (const LoopBound::Induction &I : L.Inductions) {
    const AVal &V0 = Entry[I.Reg];
    AVal &V = In[I.Reg];
    bool Same = (V0.isInt() && V.isInt()) ||
                (V0.K == AVal::Ptr && V.K == AVal::Ptr && V0.Arg == V.Arg);
    if (!Same || (I.StepReg >= 0 && !Entry[I.StepReg].isInt()))
      continue;
    Range S = I.StepReg < 0 ? Range{I.Const, I.Const}
                            : Entry[I.StepReg].range();
    Range R0 = V0.range();
    __int128 Lo = __int128(R0.Lo) + std::min<__int128>(0, __int128(*J) * S.Lo);
    __int128 Hi = __int128(R0.Hi) + std::max<__int128>(0, __int128(*J) * S.Hi);
    // An integer's values may wrap beyond 32 bits; offsets are modulo 2^32
    // anyway (and a range that wide knows nothing).
    if (V0.isInt() ? (Lo < INT32_MIN || Hi > INT32_MAX)
                   : (Hi - Lo >= __int128(ExactMod)))
      continue;
    V = withRange(V, {int64_t(Lo), int64_t(Hi)});
  }
}
