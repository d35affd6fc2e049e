//===-- NeuronISAMachineModel.h - Machine parameters and costs --*- C++ -*-===//
//
// The one description of the machine that both the compiler (instruction
// latencies, tile placement, capacity checks) and neuronisa-sim (timing,
// address checks) use: sizes, costs, and which operands of each data-path
// instruction are tiles and how large they are.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMACHINEMODEL_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMACHINEMODEL_H

#include "NeuronISABaseInfo.h"
#include "NeuronISAMCTargetDesc.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>

namespace llvm {
namespace NeuronISA {

/// Machine parameters. The member initializers are the "generic" machine;
/// getMachineParams(CPU) holds the presets (trn1, trn2), the only other
/// place values are set. docs/MachineModel.md gives the source or the
/// reason for every value; neuronisa-sim can override each one
/// (--machine=FILE, --param NAME=VALUE).
struct MachineParams {
  /// The largest SBUF or PSUM size per partition (4 MiB, 21 x the default
  /// SBUF): the simulator allocates every partition of both memories.
  static constexpr uint32_t MaxBytesPerPartition = 4u << 20;

  // Memories. On-chip addresses are per-partition byte addresses; SBUF and
  // PSUM occupy disjoint ranges of one on-chip address space.
  uint32_t NumPartitions = 128;
  uint32_t SBUFBase = 0x0;
  uint32_t SBUFBytesPerPartition = 192 * 1024;
  uint32_t PSUMBase = 0x400000;
  uint32_t PSUMBytesPerPartition = 16 * 1024;
  uint32_t PSUMBankBytes = 2048;    // per partition: a matmul's N limit
  uint32_t NumSemaphores = 256;
  uint32_t NumDMAQueues = 16;

  // Clocks in MHz. Every cost below is in cycles of the clock of the engine
  // that pays it (DMA, semaphore and barrier costs: SPClockMHz). Time is
  // counted in ticks of TickMHz, which every engine clock divides, so that
  // an engine cycle is a whole number of ticks (ticksPerCycle).
  uint32_t TickMHz = 1400;
  uint32_t PEClockMHz = 1400;
  uint32_t ACTClockMHz = 1400;
  uint32_t DVEClockMHz = 1400;
  uint32_t POOLClockMHz = 1400;
  uint32_t SPClockMHz = 1400;

  // DMA engines. A transfer of queue q is split evenly over
  // DMAEnginesPerTransfer engines (engine (q * that + k) mod NumDMAEngines),
  // each moving its share of the rows; a transfer starts when its queue and
  // all its engines are free.
  uint32_t NumDMAEngines = 16;
  uint32_t DMAEnginesPerTransfer = 1;
  uint32_t DMABufferOverhead = 0;   // per DMA buffer (row) on an engine
  uint32_t HBMBytesPerKCycle = 0;   // per core, per 1000 cycles; 0: unbounded

  // Data-path costs, in cycles of the engine.
  uint32_t AccessOverhead = 60;     // fixed cost of any SBUF/PSUM access
  uint32_t PEMinColumns = 64;       // matmul: max(N, 64) ...
  uint32_t PEFp32Factor = 4;        // ... times 4 for fp32
  uint32_t ActMinElems = 64;        // activation: max(64, F)
  uint32_t DVESmallOpThreshold = 32; // F below this pays SmallOpOverhead
  uint32_t DVESmallOpOverhead = 100;
  uint32_t POOLSlowdown = 2;        // GpSimd per-element cost vs DVE
  uint32_t DMATriggerCycles = 30;   // SP cost of issuing a transfer
  uint32_t DMAFixedLatency = 840;   // ~600 ns per descriptor-generated DMA
  uint32_t DMABytesPerKCycle = 19430; // 27.2 GB/s at 1.4 GHz, per 1000 cycles

  // Control and synchronization costs.
  uint32_t ScalarCycles = 1;
  uint32_t BranchCycles = 2;
  uint32_t WaitCycles = 4;          // fixed cost of a satisfied wait
  uint32_t SemOpCycles = 2;         // inc, semset
  uint32_t SemaphoreLatency = 20;   // completion -> visible to waiters
  uint32_t BarrierLatency = 300;    // last arrival -> release

  /// Sets the parameter called Name (the member's name). Returns false if
  /// there is no such parameter.
  bool set(StringRef Name, uint64_t Value);
  /// Parses "name = value" lines ('#' starts a comment), then validates.
  Error parse(StringRef Text, StringRef FileName);
  /// Checks every parameter's range (Where names the source in messages).
  Error validate(StringRef Where) const;
  /// Writes every parameter as "name = value" lines.
  void print(raw_ostream &OS) const;
  /// Names of all parameters, in declaration order.
  static ArrayRef<const char *> names();

  /// Ticks of TickMHz per cycle of engine E (SP's clock for the DMA queues
  /// and for Control, which callers resolve to the engine running it).
  uint32_t ticksPerCycle(Engine E) const;
  /// Cycles of engine E's clock as ticks.
  uint64_t ticks(Engine E, uint64_t Cycles) const {
    return Cycles * ticksPerCycle(E);
  }
  /// Microseconds of Ticks.
  double microseconds(uint64_t Ticks) const {
    return double(Ticks) / double(TickMHz);
  }

  bool isSBUF(uint64_t Begin, uint64_t End) const {
    return Begin >= SBUFBase && End <= uint64_t(SBUFBase) + SBUFBytesPerPartition;
  }
  bool isPSUM(uint64_t Begin, uint64_t End) const {
    return Begin >= PSUMBase && End <= uint64_t(PSUMBase) + PSUMBytesPerPartition;
  }
};

/// The machine presets by CPU name ("generic", "trn1", "trn2"; "" is
/// "generic"), or null for an unknown name. The compiler's subtarget, the
/// assembler, the disassembler, the object reader and the simulator all take
/// their machine from here.
const MachineParams *getMachineParams(StringRef CPU);
/// The preset of CPU; "generic" for an unknown name (LLVM has warned that it
/// ignores it).
const MachineParams &getMachineParamsOrGeneric(StringRef CPU);
/// The preset names, default first.
ArrayRef<StringRef> getCPUNames();
/// The CPU number recorded in an object's ELF e_flags (0 is "generic"), and
/// back; nullopt / "" for an unknown one.
std::optional<unsigned> getCPUNumber(StringRef CPU);
StringRef getCPUName(unsigned Number);

enum class TileAccess : uint8_t { Read, Write };
enum class MemSpace : uint8_t { OnChip, HBM };

/// Where a tile operand sits in the operand list and how to compute its size.
/// Operand indices are MI/MC operand indices, resolved from the operand names
/// of NeuronISAInstrInfo.td; -1 where there is none. The address starts at
/// AddrOp: base register, byte offset and, on chip, the first partition
/// (TileAddrOperand).
struct TileOperandSpec {
  int8_t AddrOp;
  TileAccess Access;
  MemSpace Space;
  int8_t PartOp;   // operand holding the partition count
  int8_t FreeOp;   // operand holding the free size in fp32 elements; -1: 1
  int8_t StrideOp; // HBM row stride in bytes; -1 if not HBM
  int8_t AccOp;    // if >= 0 and that operand is non-zero, also read
  const char *Role; // "dst", "src", ...

  unsigned baseOp() const { return AddrOp + TileAddrBase; }
  unsigned offsetOp() const { return AddrOp + TileAddrOffset; }
  /// The partition-start operand; -1 for HBM.
  int partStartOp() const {
    return Space == MemSpace::OnChip ? AddrOp + TileAddrPartStart : -1;
  }
  unsigned numAddrOperands() const {
    return Space == MemSpace::OnChip ? NumTileAddrOperands
                                     : NumHBMAddrOperands;
  }
};

/// The tile operands of a data-path format (empty for None).
ArrayRef<TileOperandSpec> getTileOperandSpecs(TileFormat F);

/// The first opcode of format F (every instruction of a format has the same
/// operand list).
unsigned getFormatExemplar(TileFormat F);
/// The operand index of Name in the instructions of format F, or -1.
int getFormatOperandIdx(TileFormat F, OpName Name);

/// The immediate at an MI/MC operand index (never called with -1 by the
/// functions below for an operand their format has).
using ImmGetter = function_ref<int64_t(unsigned OpIdx)>;

/// Shape of one tile access, from the instruction's immediates.
struct TileShape {
  uint32_t PartStart; // on chip: the first partition
  uint32_t Partitions;
  uint32_t FreeElems;
  uint32_t RowStride; // HBM only: bytes between partition rows
  bool Reads;         // read (Access == Read, or accumulating write)
  bool Writes;
  /// Bytes from the tile address to the end of the access: 4 * FreeElems
  /// per partition on chip; the whole strided footprint in HBM.
  uint64_t extentBytes(MemSpace S) const {
    if (S == MemSpace::HBM)
      return uint64_t(Partitions ? Partitions - 1 : 0) * RowStride +
             4ull * FreeElems;
    return 4ull * FreeElems;
  }
};
TileShape getTileShape(const TileOperandSpec &S, ImmGetter Imm);

/// Costs are in ticks (MachineParams::TickMHz): the engine's cycles times
/// its ticksPerCycle.
///
/// Ticks a data-path instruction occupies its engine (for DMA: the SP
/// trigger only; see getDMATransferCycles).
uint64_t getDataPathCycles(const MachineParams &MP, Engine E, TileFormat F,
                           ImmGetter Imm);
/// Ticks a DMA transfer occupies its queue and engines: the fixed latency,
/// the buffer overhead of the rows each engine moves, and the bytes at the
/// lower of the engines' and HBM's bandwidth.
uint64_t getDMATransferCycles(const MachineParams &MP, ImmGetter Imm);
/// Cycles of a control or synchronization instruction on each engine that
/// runs it (a wait's cost excludes the time spent blocked), in cycles of that
/// engine; getControlTicks converts them for engine E (a barrier's latency
/// is at SP's clock whichever engine reaches it).
uint64_t getControlCycles(const MachineParams &MP, const MCInstrDesc &D);
uint64_t getControlTicks(const MachineParams &MP, const MCInstrDesc &D,
                         Engine E);

/// Checks the shape immediates of a data-path instruction against the
/// machine (partitions, PSUM bank size, matmul limits, ...). Returns an
/// empty string if valid, else a message naming the problem.
std::string checkShape(const MachineParams &MP, TileFormat F, ImmGetter Imm);

} // namespace NeuronISA
} // namespace llvm

#endif
