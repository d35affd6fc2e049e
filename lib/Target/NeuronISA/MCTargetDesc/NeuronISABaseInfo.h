//===-- NeuronISABaseInfo.h - What each instruction is ----------*- C++ -*-===//
//
// Decodes the fields that NeuronISAInstrFormats.td records in TSFlags: the
// engine that runs an instruction, its tile operand format, its
// synchronization kind and its arithmetic sub-operation. This header is the
// only place that knows the bit layout.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISABASEINFO_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISABASEINFO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInstrDesc.h"
#include <cstdint>

namespace llvm {
namespace MCOI {
/// NeuronISA operand types (MCOperandInfo::OperandType). TableGen names
/// operand types inside MCOI, so the target's live there too.
enum NeuronISAOperandType : unsigned {
  /// An fp32 constant held as its IEEE bit pattern in an i32 immediate.
  OPERAND_NEURONISA_F32 = OPERAND_FIRST_TARGET,
  /// An on-chip tile address: three operands, see TileAddrOperand.
  OPERAND_NEURONISA_TILE_ADDR,
  /// An HBM address: two operands (base register, byte offset).
  OPERAND_NEURONISA_HBM_ADDR,
  // Immediate fields, each with the range NeuronISAOperandCheck gives it.
  OPERAND_NEURONISA_IMM32,      // any 32-bit value
  OPERAND_NEURONISA_SIMM32,     // a signed 32-bit value
  OPERAND_NEURONISA_PARTITIONS, // a partition count
  OPERAND_NEURONISA_FREE_SIZE,  // a free size in fp32 elements
  OPERAND_NEURONISA_PE_COLUMNS, // a matmul's moving free size
  OPERAND_NEURONISA_HBM_STRIDE, // bytes between HBM rows
  OPERAND_NEURONISA_DMA_QUEUE,  // a DMA queue
  OPERAND_NEURONISA_FLAG,       // 0 or 1
};
} // namespace MCOI

namespace NeuronISA {

/// The instruction streams of a NeuronCore. Control instructions are run by
/// every engine. DMA transfers are triggered by SP and complete on one of
/// NumDMAQueues queues; each queue completes asynchronously to SP and to the
/// other queues, so for synchronization it is an engine of its own.
enum class Engine : uint8_t { Control = 0, PE = 1, ACT = 2, DVE = 3, POOL = 4, SP = 5 };

/// Number of instruction streams that run code (PE, ACT, DVE, POOL, SP).
constexpr unsigned NumStreams = 5;
constexpr unsigned MaxDMAQueues = 16;

/// A synchronization agent: one of the five streams, or a DMA queue.
/// Agents 0..4 are PE, ACT, DVE, POOL, SP; agent 5 + q is DMA queue q.
using AgentId = unsigned;
constexpr unsigned NumAgents = NumStreams + MaxDMAQueues;
inline AgentId agentOfEngine(Engine E) {
  return static_cast<unsigned>(E) - 1;
}
inline AgentId agentOfDMAQueue(unsigned Q) { return NumStreams + Q; }
inline bool isDMAQueueAgent(AgentId A) { return A >= NumStreams; }
inline Engine engineOfAgent(AgentId A) {
  return isDMAQueueAgent(A) ? Engine::SP : static_cast<Engine>(A + 1);
}
/// "pe", "act", "dve", "pool", "sp", or "dma.q<N>".
std::string agentName(AgentId A);

/// The agents of the synchronization pass ("sync agents"): each has one
/// semaphore, and its sites complete in program order. Agent ids below
/// NumAgents are the hardware agents above, one semaphore per hardware
/// unit; the precise pass may split a hardware agent into sub-agents (a
/// subset of the unit's sites with a semaphore of its own, ids up to
/// MaxSyncAgents - 1, EngineDependences::splitAgents), which keeps their
/// sites in order since the unit is. The simulator knows only hardware
/// agents: a semaphore is just a number there. 64 sync agents, one
/// semaphore each, are a quarter of a core's 256 (docs/MachineModel.md);
/// sets of sync agents are 64-bit masks.
constexpr unsigned MaxSyncAgents = 64;
static_assert(NumAgents <= MaxSyncAgents, "hardware agents are sync agents");
using SyncAgentMask = uint64_t;
static_assert(MaxSyncAgents <= 64, "sync agents are a 64-bit mask");
inline SyncAgentMask syncAgentBit(AgentId A) { return SyncAgentMask(1) << A; }
StringRef engineName(Engine E);

enum class TileFormat : uint8_t {
  None = 0,
  DMALoad,
  DMAStore,
  MatMul,
  Transpose,
  Act,
  ActBias,
  TensorTensor,
  TensorScalar,
  TensorScalarTile,
  Reduce,
  Scan,
  Copy,
  Memset,
  Iota,
};
constexpr unsigned NumTileFormats = static_cast<unsigned>(TileFormat::Iota) + 1;

enum class SyncKind : uint8_t {
  None = 0,
  Wait,    // E.wait  s, imm
  WaitReg, // E.waitr s, r, imm
  Inc,     // E.inc   s
  SemSet,  // E.semset s, imm
  Barrier, // barrier
};

/// Arithmetic of DVE/POOL instructions (SubOp field).
enum class AluOp : uint8_t { Add = 0, Sub, Mul, Div, Max, Min };
/// Activation functions of ACT instructions (SubOp field).
enum class ActFunc : uint8_t {
  Identity = 0, Exp, Tanh, Gelu, Relu, Sigmoid, Rsqrt, Square, Silu
};

inline Engine getEngine(uint64_t TSFlags) {
  return static_cast<Engine>(TSFlags & 0x7);
}
inline TileFormat getTileFormat(uint64_t TSFlags) {
  return static_cast<TileFormat>((TSFlags >> 3) & 0x1f);
}
inline SyncKind getSyncKind(uint64_t TSFlags) {
  return static_cast<SyncKind>((TSFlags >> 8) & 0x7);
}
inline unsigned getSubOp(uint64_t TSFlags) { return (TSFlags >> 11) & 0x1f; }

inline Engine getEngine(const MCInstrDesc &D) { return getEngine(D.TSFlags); }
inline TileFormat getTileFormat(const MCInstrDesc &D) {
  return getTileFormat(D.TSFlags);
}
inline SyncKind getSyncKind(const MCInstrDesc &D) {
  return getSyncKind(D.TSFlags);
}
inline bool isDataPath(const MCInstrDesc &D) {
  return getTileFormat(D) != TileFormat::None;
}
inline bool isSync(const MCInstrDesc &D) {
  return getSyncKind(D) != SyncKind::None;
}
inline bool isDMA(TileFormat F) {
  return F == TileFormat::DMALoad || F == TileFormat::DMAStore;
}

/// The MI/MC operands of a tile address, from its first one: the base
/// register, the byte offset (an immediate, or a tile global before
/// emission) and, on chip only, the first partition of the access.
enum TileAddrOperand : unsigned {
  TileAddrBase = 0,
  TileAddrOffset = 1,
  TileAddrPartStart = 2,
};
/// Number of MI/MC operands of an on-chip tile address and of an HBM address.
constexpr unsigned NumTileAddrOperands = 3;
constexpr unsigned NumHBMAddrOperands = 2;

/// Operand indices shared by all data-path instructions. (Every other
/// operand is found by name: NeuronISA::getNamedOperandIdx.)
struct DataOperands {
  /// Index of the completion-semaphore operand (always the last one).
  static unsigned semaphore(const MCInstrDesc &D) {
    return D.getNumOperands() - 1;
  }
};

} // namespace NeuronISA
} // namespace llvm

#endif
