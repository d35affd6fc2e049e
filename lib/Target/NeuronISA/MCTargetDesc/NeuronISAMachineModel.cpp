//===-- NeuronISAMachineModel.cpp - Machine parameters and costs ----------===//

#include "NeuronISAMachineModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include <algorithm>
#include <array>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {
struct ParamEntry {
  const char *Name;
  uint32_t MachineParams::*Field;
};
} // namespace

#define NEURONISA_PARAMS(X)                                                    \
  X(NumPartitions) X(SBUFBase) X(SBUFBytesPerPartition) X(PSUMBase)            \
  X(PSUMBytesPerPartition) X(PSUMBankBytes) X(NumSemaphores) X(NumDMAQueues)   \
  X(TickMHz) X(PEClockMHz) X(ACTClockMHz) X(DVEClockMHz) X(POOLClockMHz)       \
  X(SPClockMHz) X(NumDMAEngines) X(DMAEnginesPerTransfer)                      \
  X(DMABufferOverhead) X(HBMBytesPerKCycle) X(AccessOverhead)                  \
  X(PEMinColumns) X(PEFp32Factor) X(ActMinElems) X(DVESmallOpThreshold)        \
  X(DVESmallOpOverhead) X(POOLSlowdown) X(DMATriggerCycles) X(DMAFixedLatency) \
  X(DMABytesPerKCycle) X(ScalarCycles) X(BranchCycles) X(WaitCycles)           \
  X(SemOpCycles) X(SemaphoreLatency) X(BarrierLatency)

static const ParamEntry Params[] = {
#define ENTRY(N) {#N, &MachineParams::N},
    NEURONISA_PARAMS(ENTRY)
#undef ENTRY
};

ArrayRef<const char *> MachineParams::names() {
  static const char *const Names[] = {
#define NAME(N) #N,
      NEURONISA_PARAMS(NAME)
#undef NAME
  };
  return Names;
}

bool MachineParams::set(StringRef Name, uint64_t Value) {
  for (const ParamEntry &E : Params)
    if (Name == E.Name) {
      this->*E.Field = static_cast<uint32_t>(Value);
      return true;
    }
  return false;
}

Error MachineParams::parse(StringRef Text, StringRef FileName) {
  unsigned LineNo = 0;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    ++LineNo;
    Line = Line.split('#').first.trim();
    if (Line.empty())
      continue;
    auto [Name, Value] = Line.split('=');
    Name = Name.trim();
    Value = Value.trim();
    uint64_t V;
    if (Value.getAsInteger(0, V) || V > UINT32_MAX)
      return createStringError(FileName + ":" + Twine(LineNo) +
                               ": expected 'name = unsigned value'");
    if (!set(Name, V))
      return createStringError(FileName + ":" + Twine(LineNo) +
                               ": unknown machine parameter '" + Name + "'");
  }
  return validate(FileName);
}

Error MachineParams::validate(StringRef Where) const {
  auto Fail = [&](const Twine &Param, uint64_t Value, const Twine &Range) {
    return createStringError(Where + ": " + Param + " = " + Twine(Value) +
                             " is out of range (" + Range + ")");
  };
  if (NumPartitions == 0 || NumPartitions > 128)
    return Fail("NumPartitions", NumPartitions, "1-128");
  if (NumDMAQueues == 0 || NumDMAQueues > MaxDMAQueues)
    return Fail("NumDMAQueues", NumDMAQueues, "1-" + Twine(MaxDMAQueues));
  if (NumSemaphores == 0 || NumSemaphores > 256)
    return Fail("NumSemaphores", NumSemaphores, "1-256");
  if (DMABytesPerKCycle == 0)
    return Fail("DMABytesPerKCycle", 0, "the DMA bandwidth must be > 0");
  if (PSUMBankBytes < 4)
    return Fail("PSUMBankBytes", PSUMBankBytes, "at least 4");
  if (NumDMAEngines == 0 || NumDMAEngines > 256)
    return Fail("NumDMAEngines", NumDMAEngines, "1-256");
  if (DMAEnginesPerTransfer == 0 || DMAEnginesPerTransfer > NumDMAEngines)
    return Fail("DMAEnginesPerTransfer", DMAEnginesPerTransfer,
                "1-NumDMAEngines");
  // Every engine cycle is a whole number of ticks, and no cost overflows:
  // at most 1000 ticks per cycle.
  if (TickMHz == 0 || TickMHz > 1000000)
    return Fail("TickMHz", TickMHz, "1-1000000");
  struct Clock {
    const char *Name;
    uint32_t MHz;
  } Clocks[] = {{"PEClockMHz", PEClockMHz},
                {"ACTClockMHz", ACTClockMHz},
                {"DVEClockMHz", DVEClockMHz},
                {"POOLClockMHz", POOLClockMHz},
                {"SPClockMHz", SPClockMHz}};
  for (const Clock &C : Clocks)
    if (C.MHz == 0 || TickMHz % C.MHz || TickMHz / C.MHz > 1000)
      return Fail(C.Name, C.MHz,
                  "a divisor of TickMHz = " + Twine(TickMHz) +
                      ", at least TickMHz / 1000");
  // The simulator holds every partition of both memories: bounded sizes
  // keep that allocation small and every address inside 32 bits.
  struct OnChip {
    const char *Name;
    uint32_t Base, Bytes;
  } Memories[] = {{"SBUF", SBUFBase, SBUFBytesPerPartition},
                  {"PSUM", PSUMBase, PSUMBytesPerPartition}};
  for (const OnChip &Mem : Memories) {
    if (Mem.Bytes == 0 || Mem.Bytes % 4 || Mem.Bytes > MaxBytesPerPartition)
      return Fail(Twine(Mem.Name) + "BytesPerPartition", Mem.Bytes,
                  "a multiple of 4 in 4-" + Twine(MaxBytesPerPartition));
    if (Mem.Base % 4 || uint64_t(Mem.Base) + Mem.Bytes > (uint64_t(1) << 32))
      return Fail(Twine(Mem.Name) + "Base", Mem.Base,
                  "4-byte aligned, base + size at most 2^32");
  }
  uint64_t SBUFEnd = uint64_t(SBUFBase) + SBUFBytesPerPartition;
  uint64_t PSUMEnd = uint64_t(PSUMBase) + PSUMBytesPerPartition;
  if (SBUFBase < PSUMEnd && PSUMBase < SBUFEnd)
    return createStringError(Where + ": SBUF [" + Twine(SBUFBase) + ", " +
                             Twine(SBUFEnd) + ") and PSUM [" +
                             Twine(PSUMBase) + ", " + Twine(PSUMEnd) +
                             ") overlap");
  return Error::success();
}

uint32_t MachineParams::ticksPerCycle(Engine E) const {
  uint32_t MHz = SPClockMHz;
  switch (E) {
  case Engine::PE:
    MHz = PEClockMHz;
    break;
  case Engine::ACT:
    MHz = ACTClockMHz;
    break;
  case Engine::DVE:
    MHz = DVEClockMHz;
    break;
  case Engine::POOL:
    MHz = POOLClockMHz;
    break;
  case Engine::SP:
  case Engine::Control:
    break;
  }
  return TickMHz / MHz;
}

void MachineParams::print(raw_ostream &OS) const {
  for (const ParamEntry &E : Params)
    OS << E.Name << " = " << this->*E.Field << "\n";
}

//===----------------------------------------------------------------------===//
// Tile operand layouts, by operand name (NeuronISAInstrInfo.td). Every
// instruction of a format has the same operand list, so the names resolve
// to operand indices once per format, on the format's first instruction.
//===----------------------------------------------------------------------===//

static constexpr TileAccess R = TileAccess::Read;
static constexpr TileAccess W = TileAccess::Write;
static constexpr MemSpace OC = MemSpace::OnChip;
static constexpr MemSpace HBM = MemSpace::HBM;

namespace {
struct NamedTileOperand {
  OpName Addr;
  TileAccess Access;
  MemSpace Space;
  OpName Part, Free, Stride, Acc;
  const char *Role;
};
} // namespace

static constexpr OpName None = OpName::NUM_OPERAND_NAMES;
using N = OpName;

static const NamedTileOperand DMALoadNames[] = {
    {N::dst, W, OC, N::p, N::f, None, None, "dst"},
    {N::src, R, HBM, N::p, N::f, N::stride, None, "src"}};
static const NamedTileOperand DMAStoreNames[] = {
    {N::dst, W, HBM, N::p, N::f, N::stride, None, "dst"},
    {N::src, R, OC, N::p, N::f, None, None, "src"}};
// dst[M x N] (+)= stat[K x M]^T mov[K x N]
static const NamedTileOperand MatMulNames[] = {
    {N::dst, W, OC, N::m, N::n, None, N::acc, "dst"},
    {N::stat, R, OC, N::k, N::m, None, None, "stationary"},
    {N::mov, R, OC, N::k, N::n, None, None, "moving"}};
// dst[F x P] = src[P x F]^T
static const NamedTileOperand TransposeNames[] = {
    {N::dst, W, OC, N::f, N::p, None, None, "dst"},
    {N::src, R, OC, N::p, N::f, None, None, "src"}};
static const NamedTileOperand UnaryNames[] = {
    {N::dst, W, OC, N::p, N::f, None, None, "dst"},
    {N::src, R, OC, N::p, N::f, None, None, "src"}};
// A [P x 1] bias tile.
static const NamedTileOperand ActBiasNames[] = {
    {N::dst, W, OC, N::p, N::f, None, None, "dst"},
    {N::src, R, OC, N::p, N::f, None, None, "src"},
    {N::bias, R, OC, N::p, None, None, None, "bias"}};
static const NamedTileOperand TensorTensorNames[] = {
    {N::dst, W, OC, N::p, N::f, None, None, "dst"},
    {N::a, R, OC, N::p, N::f, None, None, "a"},
    {N::b, R, OC, N::p, N::f, None, None, "b"}};
// A [P x 1] scalar tile.
static const NamedTileOperand TensorScalarTileNames[] = {
    {N::dst, W, OC, N::p, N::f, None, None, "dst"},
    {N::src, R, OC, N::p, N::f, None, None, "src"},
    {N::scal, R, OC, N::p, None, None, None, "scalar"}};
// dst[P x 1]
static const NamedTileOperand ReduceNames[] = {
    {N::dst, W, OC, N::p, None, None, None, "dst"},
    {N::src, R, OC, N::p, N::f, None, None, "src"}};
static const NamedTileOperand WriteOnlyNames[] = {
    {N::dst, W, OC, N::p, N::f, None, None, "dst"}};

static ArrayRef<NamedTileOperand> namedTileOperands(TileFormat F) {
  switch (F) {
  case TileFormat::None:
    return {};
  case TileFormat::DMALoad:
    return DMALoadNames;
  case TileFormat::DMAStore:
    return DMAStoreNames;
  case TileFormat::MatMul:
    return MatMulNames;
  case TileFormat::Transpose:
    return TransposeNames;
  case TileFormat::Act:
  case TileFormat::Scan:
  case TileFormat::Copy:
  case TileFormat::TensorScalar:
    return UnaryNames;
  case TileFormat::ActBias:
    return ActBiasNames;
  case TileFormat::TensorTensor:
    return TensorTensorNames;
  case TileFormat::TensorScalarTile:
    return TensorScalarTileNames;
  case TileFormat::Reduce:
    return ReduceNames;
  case TileFormat::Memset:
  case TileFormat::Iota:
    return WriteOnlyNames;
  }
  return {};
}

int NeuronISA::getFormatOperandIdx(TileFormat F, OpName Name) {
  if (F == TileFormat::None || Name == None)
    return -1;
  return getNamedOperandIdx(getFormatExemplar(F), Name);
}

ArrayRef<TileOperandSpec> NeuronISA::getTileOperandSpecs(TileFormat F) {
  static const auto Table = [] {
    std::array<SmallVector<TileOperandSpec, 3>, NumTileFormats> T;
    for (unsigned K = 0; K != NumTileFormats; ++K) {
      TileFormat Fmt = static_cast<TileFormat>(K);
      auto Idx = [&](OpName Name) {
        return static_cast<int8_t>(getFormatOperandIdx(Fmt, Name));
      };
      for (const NamedTileOperand &O : namedTileOperands(Fmt))
        T[K].push_back({Idx(O.Addr), O.Access, O.Space, Idx(O.Part),
                        Idx(O.Free), Idx(O.Stride), Idx(O.Acc), O.Role});
    }
    return T;
  }();
  return Table[static_cast<unsigned>(F)];
}

TileShape NeuronISA::getTileShape(const TileOperandSpec &S, ImmGetter Imm) {
  TileShape T;
  T.PartStart =
      S.partStartOp() >= 0 ? static_cast<uint32_t>(Imm(S.partStartOp())) : 0;
  T.Partitions = static_cast<uint32_t>(Imm(S.PartOp));
  T.FreeElems = S.FreeOp >= 0 ? static_cast<uint32_t>(Imm(S.FreeOp)) : 1;
  T.RowStride = S.StrideOp >= 0 ? static_cast<uint32_t>(Imm(S.StrideOp)) : 0;
  bool Acc = S.AccOp >= 0 && Imm(S.AccOp) != 0;
  T.Reads = S.Access == TileAccess::Read || Acc;
  T.Writes = S.Access == TileAccess::Write;
  return T;
}

//===----------------------------------------------------------------------===//
// Costs
//===----------------------------------------------------------------------===//

static uint64_t vectorCost(const MachineParams &MP, Engine E, uint64_t Elems,
                           unsigned Inputs) {
  uint64_t PerElem = Inputs * (E == Engine::POOL ? MP.POOLSlowdown : 1);
  uint64_t C = MP.AccessOverhead + PerElem * Elems;
  if (Elems < MP.DVESmallOpThreshold)
    C += MP.DVESmallOpOverhead;
  return C;
}

/// Cycles of engine E (not ticks).
static uint64_t engineCycles(const MachineParams &MP, Engine E, TileFormat F,
                             ImmGetter Imm) {
  auto Named = [&](OpName Name) { return Imm(getFormatOperandIdx(F, Name)); };
  switch (F) {
  case TileFormat::None:
    return 0;
  case TileFormat::DMALoad:
  case TileFormat::DMAStore:
    return MP.DMATriggerCycles;
  case TileFormat::MatMul:
    return MP.AccessOverhead +
           uint64_t(MP.PEFp32Factor) *
               std::max<uint64_t>(Named(OpName::n), MP.PEMinColumns);
  case TileFormat::Transpose:
    return MP.AccessOverhead +
           uint64_t(MP.PEFp32Factor) *
               std::max<uint64_t>(Named(OpName::p), MP.PEMinColumns);
  case TileFormat::Act:
  case TileFormat::ActBias:
    return MP.AccessOverhead +
           std::max<uint64_t>(Named(OpName::f), MP.ActMinElems);
  case TileFormat::TensorTensor:
    return vectorCost(MP, E, Named(OpName::f), 2);
  case TileFormat::TensorScalar:
  case TileFormat::TensorScalarTile:
  case TileFormat::Reduce:
  case TileFormat::Scan:
  case TileFormat::Copy:
  case TileFormat::Memset:
  case TileFormat::Iota:
    return vectorCost(MP, E, Named(OpName::f), 1);
  }
  return 0;
}

uint64_t NeuronISA::getDataPathCycles(const MachineParams &MP, Engine E,
                                      TileFormat F, ImmGetter Imm) {
  return MP.ticks(E, engineCycles(MP, E, F, Imm));
}

uint64_t NeuronISA::getDMATransferCycles(const MachineParams &MP,
                                         ImmGetter Imm) {
  auto Named = [&](OpName Name) {
    return uint64_t(Imm(getFormatOperandIdx(TileFormat::DMALoad, Name)));
  };
  uint64_t Rows = Named(OpName::p);
  uint64_t Bytes = 4ull * Rows * Named(OpName::f);
  uint64_t Engines = MP.DMAEnginesPerTransfer;
  // Bytes per 1000 cycles: the engines' sum, at most HBM's.
  uint64_t Rate = Engines * MP.DMABytesPerKCycle;
  if (MP.HBMBytesPerKCycle)
    Rate = std::min<uint64_t>(Rate, MP.HBMBytesPerKCycle);
  uint64_t RowsPerEngine = (Rows + Engines - 1) / Engines;
  uint64_t Cycles = MP.DMAFixedLatency + RowsPerEngine * MP.DMABufferOverhead +
                    (Bytes * 1000 + Rate - 1) / Rate;
  return MP.ticks(Engine::SP, Cycles);
}

uint64_t NeuronISA::getControlCycles(const MachineParams &MP,
                                     const MCInstrDesc &D) {
  switch (getSyncKind(D)) {
  case SyncKind::Wait:
  case SyncKind::WaitReg:
    return MP.WaitCycles;
  case SyncKind::Inc:
  case SyncKind::SemSet:
    return MP.SemOpCycles;
  case SyncKind::Barrier:
    return MP.BarrierLatency;
  case SyncKind::None:
    break;
  }
  if (D.isBranch() || D.isReturn())
    return MP.BranchCycles;
  return MP.ScalarCycles;
}

uint64_t NeuronISA::getControlTicks(const MachineParams &MP,
                                    const MCInstrDesc &D, Engine E) {
  if (getSyncKind(D) == SyncKind::Barrier)
    E = Engine::SP;
  return MP.ticks(E, getControlCycles(MP, D));
}

std::string NeuronISA::checkShape(const MachineParams &MP, TileFormat F,
                                  ImmGetter Imm) {
  for (const TileOperandSpec &S : getTileOperandSpecs(F)) {
    TileShape T = getTileShape(S, Imm);
    if (T.Partitions < 1 || T.Partitions > MP.NumPartitions)
      return (Twine(S.Role) + " partitions " + Twine(T.Partitions) +
              " out of range 1-" + Twine(MP.NumPartitions))
          .str();
    if (uint64_t(T.PartStart) + T.Partitions > MP.NumPartitions)
      return (Twine(S.Role) + " partitions [" + Twine(T.PartStart) + ", " +
              Twine(uint64_t(T.PartStart) + T.Partitions) +
              ") exceed the machine's " + Twine(MP.NumPartitions))
          .str();
    if (T.FreeElems < 1)
      return (Twine(S.Role) + " free size must be at least 1").str();
    if (S.Space == MemSpace::OnChip &&
        uint64_t(T.FreeElems) * 4 > MP.SBUFBytesPerPartition)
      return (Twine(S.Role) + " free size " + Twine(T.FreeElems) +
              " exceeds a partition")
          .str();
    if (S.Space == MemSpace::HBM && T.Partitions > 1 &&
        T.RowStride < 4ull * T.FreeElems)
      return (Twine("HBM row stride ") + Twine(T.RowStride) +
              " is smaller than a row (" + Twine(4ull * T.FreeElems) +
              " bytes)")
          .str();
  }
  return "";
}

std::string NeuronISA::agentName(AgentId A) {
  if (isDMAQueueAgent(A))
    return "dma.q" + std::to_string(A - NumStreams);
  return engineName(engineOfAgent(A)).str();
}

StringRef NeuronISA::engineName(Engine E) {
  switch (E) {
  case Engine::Control:
    return "control";
  case Engine::PE:
    return "pe";
  case Engine::ACT:
    return "act";
  case Engine::DVE:
    return "dve";
  case Engine::POOL:
    return "pool";
  case Engine::SP:
    return "sp";
  }
  return "?";
}
