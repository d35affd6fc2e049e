//===-- ShadowMemory.cpp - Conflicts and latest producers -----------------===//

#include "ShadowMemory.h"
#include "Program.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::neuronisa_sim;

void ShadowMemory::initShadow(Shadow &S, Region R, uint64_t Base,
                              uint64_t Bytes) {
  S.Reg = R;
  S.Base = Base;
  S.Writes.resize(Bytes / 4);
  S.ReaderMask.resize(Bytes / 4);
  S.Reads.resize(MaxAgents); // sized when the agent first reads
}

ShadowMemory::ShadowMemory(const Program &P, const Memory &M)
    : MP(M.params()) {
  // One band per partition start of the program (more are split off if an
  // access starts elsewhere).
  for (Bands *B : {&SBUF, &PSUM}) {
    B->Starts.push_back(0);
    B->Shadows.emplace_back();
  }
  for (const Inst &I : P.Insts)
    for (unsigned K = 0; K != I.NumTiles; ++K)
      if (I.Tiles[K].Space == NeuronISA::MemSpace::OnChip)
        for (Bands *B : {&SBUF, &PSUM})
          bandStartingAt(*B, I.Tiles[K].PartStart);
  HBM.resize(M.buffers().size());
  for (unsigned K = 0; K != HBM.size(); ++K)
    initShadow(HBM[K], Region::HBM, M.buffers()[K].Base,
               M.buffers()[K].sizeBytes());
}

ShadowMemory::~ShadowMemory() = default;

unsigned ShadowMemory::bandStartingAt(Bands &B, uint32_t Part) {
  auto It = llvm::upper_bound(B.Starts, Part);
  unsigned Containing = (It - B.Starts.begin()) - 1;
  if (B.Starts[Containing] == Part)
    return Containing;
  unsigned New = Containing + 1;
  B.Starts.insert(B.Starts.begin() + New, Part);
  std::unique_ptr<Shadow> Copy;
  if (const Shadow *Old = B.Shadows[Containing].get()) {
    Copy = std::make_unique<Shadow>(*Old);
    Copy->Partition = Part;
  }
  B.Shadows.insert(B.Shadows.begin() + New, std::move(Copy));
  return New;
}

ShadowMemory::Shadow &ShadowMemory::bandShadow(Region R, Bands &B,
                                               unsigned Band) {
  std::unique_ptr<Shadow> &S = B.Shadows[Band];
  if (!S) {
    S = std::make_unique<Shadow>();
    if (R == Region::SBUF)
      initShadow(*S, R, MP.SBUFBase, MP.SBUFBytesPerPartition);
    else
      initShadow(*S, R, MP.PSUMBase, MP.PSUMBytesPerPartition);
    S->Partition = B.Starts[Band];
  }
  return *S;
}

void ShadowMemory::begin(uint8_t Agent, uint64_t Seq, uint32_t Epoch,
                         uint32_t InstIdx, uint64_t Ready,
                         const VectorClock *Order) {
  Cur.Agent = Agent;
  Cur.Seq = Seq;
  Cur.Epoch = Epoch;
  Cur.InstIdx = InstIdx;
  Cur.Ready = Ready;
  CurOrder = Order;
  CurD = 0;
  Conflicts.clear();
}

void ShadowMemory::access(const Inst &I, const ResolvedTile *T) {
  for (unsigned K = 0; K != I.NumTiles; ++K) {
    const TileOperand &TO = I.Tiles[K];
    if (TO.Space == NeuronISA::MemSpace::HBM)
      accessHBM(T[K].Buf, T[K].Addr, TO.Partitions, TO.FreeElems,
                TO.RowStride, TO.Reads, TO.Writes);
    else
      accessOnChip(T[K].Reg, T[K].Addr, TO.PartStart, TO.Partitions,
                   TO.FreeElems, TO.Reads, TO.Writes);
  }
}

void ShadowMemory::accessOnChip(Region R, uint32_t Addr, uint32_t P0,
                                uint32_t Parts, uint32_t F, bool Reads,
                                bool Writes) {
  Bands &B = R == Region::SBUF ? SBUF : PSUM;
  uint64_t Base = R == Region::SBUF ? MP.SBUFBase : MP.PSUMBase;
  uint64_t G0 = (Addr - Base) / 4;
  uint64_t PEnd = uint64_t(P0) + Parts;
  for (unsigned Band = bandStartingAt(B, P0);
       Band != B.Starts.size() && B.Starts[Band] < PEnd; ++Band)
    access(bandShadow(R, B, Band), G0, G0 + F, Reads, Writes);
}

void ShadowMemory::accessHBM(unsigned Buf, uint32_t Addr, uint32_t Parts,
                             uint32_t F, uint32_t Stride, bool Reads,
                             bool Writes) {
  Shadow &S = HBM[Buf];
  for (uint32_t Pi = 0; Pi != Parts; ++Pi) {
    uint64_t G0 = (Addr + uint64_t(Pi) * Stride - S.Base) / 4;
    access(S, G0, G0 + F, Reads, Writes);
  }
}

void ShadowMemory::unordered(const AccessRecord &Prev, Shadow &S,
                             uint64_t G) {
  for (Conflict &C : Conflicts)
    if (C.Other.Agent == Prev.Agent && C.Other.Epoch == Prev.Epoch &&
        C.Base == S.Base && C.Reg == S.Reg) {
      C.LoG = std::min(C.LoG, G);
      C.HiG = std::max(C.HiG, G + 1);
      return;
    }
  Conflicts.push_back({Prev, S.Reg, S.Partition, S.Base, G, G + 1});
}

void ShadowMemory::checkRange(Shadow &S, uint64_t G0, uint64_t G1,
                              bool Readers) {
  uint32_t Others = ~(1u << Cur.Agent);
  // Granules never written have no writer and no reader: checking them
  // need not look at (nor allocate) their pages.
  for (uint64_t Lo = G0, Hi; Lo != G1; Lo = Hi) {
    const AccessRecord *W = S.Writes.spanIfPresent(Lo, G1, Hi);
    const uint32_t *Mask = S.ReaderMask.spanIfPresent(Lo, G1, Hi);
    for (uint64_t G = Lo; G != Hi; ++G) {
      if (W && W[G - Lo].valid())
        check(W[G - Lo], S, G);
      if (Readers && Mask)
        for (uint32_t M = Mask[G - Lo] & Others; M; M &= M - 1)
          check(S.Reads[__builtin_ctz(M)].get(G), S, G);
    }
  }
}

void ShadowMemory::access(Shadow &S, uint64_t G0, uint64_t G1, bool Reads,
                          bool Writes) {
  if (Probe)
    return checkRange(S, G0, G1, Writes);
  uint8_t A = Cur.Agent;
  if (Reads) {
    checkRange(S, G0, G1, /*Readers=*/false);
    if (S.Reads[A].empty())
      S.Reads[A].resize(S.Writes.size());
    for (uint64_t Lo = G0, Hi; Lo != G1; Lo = Hi) {
      AccessRecord *RA = S.Reads[A].span(Lo, G1, Hi);
      uint32_t *Mask = S.ReaderMask.span(Lo, G1, Hi);
      std::fill(RA, RA + (Hi - Lo), Cur);
      for (uint64_t G = Lo; G != Hi; ++G)
        Mask[G - Lo] |= 1u << A;
    }
  }
  if (Writes) {
    checkRange(S, G0, G1, /*Readers=*/true);
    for (uint64_t Lo = G0, Hi; Lo != G1; Lo = Hi) {
      AccessRecord *W = S.Writes.span(Lo, G1, Hi);
      uint32_t *Mask = S.ReaderMask.span(Lo, G1, Hi);
      std::fill(W, W + (Hi - Lo), Cur);
      std::fill(Mask, Mask + (Hi - Lo), 0u);
    }
  }
}
