//===-- NeuronISAMachineModel.cpp - Machine parameters and costs ----------===//

#include "NeuronISAMachineModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include <algorithm>

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
  X(PSUMBytesPerPartition) X(NumSemaphores) X(NumDMAQueues) X(AccessOverhead)  \
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
  if (NumPartitions == 0 || NumPartitions > 128 || NumDMAQueues == 0 ||
      NumDMAQueues > MaxDMAQueues || NumSemaphores == 0 ||
      NumSemaphores > 256 || DMABytesPerKCycle == 0)
    return createStringError(FileName +
                             ": machine parameters out of range "
                             "(partitions 1-128, DMA queues 1-16, semaphores "
                             "1-256, DMA bandwidth > 0)");
  return Error::success();
}

void MachineParams::print(raw_ostream &OS) const {
  for (const ParamEntry &E : Params)
    OS << E.Name << " = " << this->*E.Field << "\n";
}

//===----------------------------------------------------------------------===//
// Tile operand layouts. Operand indices follow NeuronISAInstrInfo.td.
//===----------------------------------------------------------------------===//

static constexpr TileAccess R = TileAccess::Read;
static constexpr TileAccess W = TileAccess::Write;
static constexpr MemSpace OC = MemSpace::OnChip;
static constexpr MemSpace HBM = MemSpace::HBM;

// dst, src, p, f, stride, queue
static const TileOperandSpec DMALoadSpecs[] = {
    {0, W, OC, 4, 5, -1, -1, "dst"}, {2, R, HBM, 4, 5, 6, -1, "src"}};
static const TileOperandSpec DMAStoreSpecs[] = {
    {0, W, HBM, 4, 5, 6, -1, "dst"}, {2, R, OC, 4, 5, -1, -1, "src"}};
// dst, stat, mov, k, m, n, acc
static const TileOperandSpec MatMulSpecs[] = {
    {0, W, OC, 7, 8, -1, 9, "dst"},
    {2, R, OC, 6, 7, -1, -1, "stationary"},
    {4, R, OC, 6, 8, -1, -1, "moving"}};
// dst, src, p, f
static const TileOperandSpec TransposeSpecs[] = {
    {0, W, OC, 5, 4, -1, -1, "dst"}, {2, R, OC, 4, 5, -1, -1, "src"}};
// dst, src, p, f, ...
static const TileOperandSpec UnarySpecs[] = {
    {0, W, OC, 4, 5, -1, -1, "dst"}, {2, R, OC, 4, 5, -1, -1, "src"}};
// dst, src, bias, p, f, scale
static const TileOperandSpec ActBiasSpecs[] = {
    {0, W, OC, 6, 7, -1, -1, "dst"},
    {2, R, OC, 6, 7, -1, -1, "src"},
    {4, R, OC, 6, -1, -1, -1, "bias"}};
// dst, a, b, p, f
static const TileOperandSpec TensorTensorSpecs[] = {
    {0, W, OC, 6, 7, -1, -1, "dst"},
    {2, R, OC, 6, 7, -1, -1, "a"},
    {4, R, OC, 6, 7, -1, -1, "b"}};
// dst, src, s, p, f
static const TileOperandSpec TensorScalarSpecs[] = {
    {0, W, OC, 5, 6, -1, -1, "dst"}, {2, R, OC, 5, 6, -1, -1, "src"}};
// dst, src, scal, p, f
static const TileOperandSpec TensorScalarTileSpecs[] = {
    {0, W, OC, 6, 7, -1, -1, "dst"},
    {2, R, OC, 6, 7, -1, -1, "src"},
    {4, R, OC, 6, -1, -1, -1, "scalar"}};
// dst, src, p, f
static const TileOperandSpec ReduceSpecs[] = {
    {0, W, OC, 4, -1, -1, -1, "dst"}, {2, R, OC, 4, 5, -1, -1, "src"}};
// dst, v, p, f
static const TileOperandSpec MemsetSpecs[] = {{0, W, OC, 3, 4, -1, -1, "dst"}};
// dst, p, f, base, pstep, fstep
static const TileOperandSpec IotaSpecs[] = {{0, W, OC, 2, 3, -1, -1, "dst"}};

ArrayRef<TileOperandSpec> NeuronISA::getTileOperandSpecs(TileFormat F) {
  switch (F) {
  case TileFormat::None:
    return {};
  case TileFormat::DMALoad:
    return DMALoadSpecs;
  case TileFormat::DMAStore:
    return DMAStoreSpecs;
  case TileFormat::MatMul:
    return MatMulSpecs;
  case TileFormat::Transpose:
    return TransposeSpecs;
  case TileFormat::Act:
  case TileFormat::Scan:
  case TileFormat::Copy:
    return UnarySpecs;
  case TileFormat::ActBias:
    return ActBiasSpecs;
  case TileFormat::TensorTensor:
    return TensorTensorSpecs;
  case TileFormat::TensorScalar:
    return TensorScalarSpecs;
  case TileFormat::TensorScalarTile:
    return TensorScalarTileSpecs;
  case TileFormat::Reduce:
    return ReduceSpecs;
  case TileFormat::Memset:
    return MemsetSpecs;
  case TileFormat::Iota:
    return IotaSpecs;
  }
  return {};
}

TileShape NeuronISA::getTileShape(const TileOperandSpec &S, ImmGetter Imm) {
  TileShape T;
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

uint64_t NeuronISA::getDataPathCycles(const MachineParams &MP, Engine E,
                                      TileFormat F, ImmGetter Imm) {
  switch (F) {
  case TileFormat::None:
    return 0;
  case TileFormat::DMALoad:
  case TileFormat::DMAStore:
    return MP.DMATriggerCycles;
  case TileFormat::MatMul:
    return MP.AccessOverhead +
           uint64_t(MP.PEFp32Factor) *
               std::max<uint64_t>(Imm(8), MP.PEMinColumns);
  case TileFormat::Transpose:
    return MP.AccessOverhead +
           uint64_t(MP.PEFp32Factor) *
               std::max<uint64_t>(Imm(4), MP.PEMinColumns);
  case TileFormat::Act:
  case TileFormat::ActBias: {
    unsigned FOp = F == TileFormat::Act ? 5 : 7;
    return MP.AccessOverhead + std::max<uint64_t>(Imm(FOp), MP.ActMinElems);
  }
  case TileFormat::TensorTensor:
    return vectorCost(MP, E, Imm(7), 2);
  case TileFormat::TensorScalar:
    return vectorCost(MP, E, Imm(6), 1);
  case TileFormat::TensorScalarTile:
    return vectorCost(MP, E, Imm(7), 1);
  case TileFormat::Reduce:
  case TileFormat::Scan:
  case TileFormat::Copy:
    return vectorCost(MP, E, Imm(5), 1);
  case TileFormat::Memset:
    return vectorCost(MP, E, Imm(4), 1);
  case TileFormat::Iota:
    return vectorCost(MP, E, Imm(3), 1);
  }
  return 0;
}

uint64_t NeuronISA::getDMATransferCycles(const MachineParams &MP,
                                         ImmGetter Imm) {
  uint64_t Bytes = 4ull * uint64_t(Imm(4)) * uint64_t(Imm(5));
  return MP.DMAFixedLatency +
         (Bytes * 1000 + MP.DMABytesPerKCycle - 1) / MP.DMABytesPerKCycle;
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

std::string NeuronISA::checkShape(const MachineParams &MP, TileFormat F,
                                  ImmGetter Imm) {
  for (const TileOperandSpec &S : getTileOperandSpecs(F)) {
    TileShape T = getTileShape(S, Imm);
    if (T.Partitions < 1 || T.Partitions > MP.NumPartitions)
      return (Twine(S.Role) + " partitions " + Twine(T.Partitions) +
              " out of range 1-" + Twine(MP.NumPartitions))
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
  if (F == TileFormat::MatMul) {
    if (Imm(8) > 512)
      return "matmul moving free size N " + std::to_string(Imm(8)) +
             " exceeds 512 (one PSUM bank)";
    if (Imm(9) != 0 && Imm(9) != 1)
      return "matmul accumulate flag must be 0 or 1";
  }
  if (F == TileFormat::Transpose && Imm(5) > MP.NumPartitions)
    return "transpose free size " + std::to_string(Imm(5)) +
           " exceeds the partition count";
  if (isDMA(F) && Imm(DataOperands::DMAQueue) >= MP.NumDMAQueues)
    return "DMA queue " + std::to_string(Imm(DataOperands::DMAQueue)) +
           " out of range 0-" + std::to_string(MP.NumDMAQueues - 1);
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
