//===-- TileAccess.cpp - Resolving and validating tile operands -----------===//

#include "TileAccess.h"
#include "Program.h"
#include "TileBounds.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using namespace llvm::NeuronISA;

static uint32_t tileAddress(const TileOperand &T, const int32_t *Regs) {
  return static_cast<uint32_t>(Regs[T.BaseReg]) +
         static_cast<uint32_t>(T.Offset);
}

TileFault neuronisa_sim::resolveTiles(const Inst &I, const int32_t *Regs,
                                      const Memory &M, ResolvedTile *Out) {
  TileFault F;
  for (unsigned K = 0; K != I.NumTiles; ++K) {
    const TileOperand &T = I.Tiles[K];
    ResolvedTile &R = Out[K];
    R.Addr = tileAddress(T, Regs);
    F.Operand = static_cast<uint8_t>(K);
    if (T.Space == MemSpace::HBM) {
      R.Reg = Region::HBM;
      F.Mem = M.checkHBM(R.Addr, T.Partitions, T.FreeElems, T.RowStride,
                         R.Buf);
    } else {
      F.Mem = M.checkOnChip(R.Addr, T.PartStart, T.Partitions, T.FreeElems,
                            R.Reg);
    }
    if (F.Mem != MemoryFault::None) {
      F.Rule = TileRule::Memory;
      return F;
    }
    if (T.Space == MemSpace::HBM)
      continue;
    bool PE = I.Fmt == TileFormat::MatMul || I.Fmt == TileFormat::Transpose;
    if (PE && T.Writes && R.Reg != Region::PSUM)
      F.Rule = TileRule::PEDestNotPSUM;
    else if (PE && !T.Writes && R.Reg != Region::SBUF)
      F.Rule = TileRule::PESourceNotSBUF;
    else if (I.isDMA() && R.Reg != Region::SBUF)
      F.Rule = TileRule::DMANotSBUF;
    else if (T.NamedTile >= 0
                 ? !isInsideTile(M.tiles()[T.NamedTile], R.Reg, R.Addr,
                                 T.PartStart, T.Partitions, T.FreeElems)
                 : !isInsideDeclaredTile(M.tiles(), R.Reg, R.Addr,
                                         T.PartStart, T.Partitions,
                                         T.FreeElems))
      F.Rule = T.NamedTile >= 0 ? TileRule::OutsideNamedTile
                                : TileRule::OutsideDeclaredTile;
    if (F)
      return F;
  }
  return TileFault();
}

std::string neuronisa_sim::describeTileFault(const TileFault &F,
                                             const Inst &I,
                                             const int32_t *Regs,
                                             const Memory &M) {
  const TileOperand &T = I.Tiles[F.Operand];
  std::string Msg = std::string(T.Role) + " tile: ";
  switch (F.Rule) {
  case TileRule::None:
    return "";
  case TileRule::Memory:
    return Msg + M.describe(F.Mem, tileAddress(T, Regs), T.PartStart,
                            T.Partitions, T.FreeElems, T.RowStride);
  case TileRule::PEDestNotPSUM:
    return Msg + "the destination of a PE instruction must be in PSUM";
  case TileRule::PESourceNotSBUF:
    return Msg + "the sources of a PE instruction must be in SBUF";
  case TileRule::DMANotSBUF:
    return Msg + "the on-chip side of a DMA must be in SBUF";
  case TileRule::OutsideDeclaredTile: {
    Region R = Region::SBUF;
    uint32_t Addr = tileAddress(T, Regs);
    M.checkOnChip(Addr, T.PartStart, T.Partitions, T.FreeElems, R);
    return Msg + describeOutsideDeclaredTile(M.tiles(), R, Addr, T.PartStart,
                                             T.Partitions, T.FreeElems);
  }
  case TileRule::OutsideNamedTile: {
    Region R = Region::SBUF;
    uint32_t Addr = tileAddress(T, Regs);
    M.checkOnChip(Addr, T.PartStart, T.Partitions, T.FreeElems, R);
    return Msg + describeOutsideNamedTile(M.tiles(), T.NamedTile, R, Addr,
                                          T.PartStart, T.Partitions,
                                          T.FreeElems);
  }
  }
  return Msg + "invalid";
}
