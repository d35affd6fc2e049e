//===-- Program.h - A decoded NeuronISA kernel ------------------*- C++ -*-===//
//
// The simulator decodes every instruction once, at load time, into Inst: a
// compact record with everything execution needs (operation, engine, register
// numbers, immediates, precomputed costs from the shared machine model, tile
// operand shapes, source line). Execution never looks at MCInst again.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_PROGRAM_H
#define NEURONISA_SIM_PROGRAM_H

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISAMetadata.h"
#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MCInst;
class MCInstrInfo;
namespace neuronisa_sim {

/// What an instruction does, as the execution loop dispatches on it.
enum class Op : uint8_t {
  // Scalar ALU (control: every engine).
  Add, Sub, Mul, DivS, DivU, RemS, RemU, And, Or, Xor, Shl, Srl, Sra,
  Seq, Sne, Slt, Sltu,
  AddI, MulI, AndI, OrI, XorI, ShlI, SrlI, SraI,
  Li, Mov, Sel, Nop,
  // Control flow (every engine).
  B, Beq, Bne, Blt, Bge, Bltu, Bgeu, Ret,
  // Synchronization.
  Barrier, // every engine
  Wait, WaitR, Inc, SemSet, // one engine
  // Data path (one engine; DMA: triggered by SP, run by a queue).
  Data,
};

inline bool isControlOp(Op O) { return O <= Op::Ret; }
inline bool isSyncOp(Op O) { return O >= Op::Barrier && O <= Op::SemSet; }

/// Register slot that absorbs writes to r0 (reads of r0 use slot 0 = 0).
constexpr uint8_t DiscardReg = 32;
constexpr unsigned NumRegSlots = 33;
constexpr uint8_t NoAgent = 0xff;

/// One tile operand of a data-path instruction, decoded from the shared
/// TileOperandSpec. The address is Regs[BaseReg] + Offset at execution; on
/// chip the access covers partitions [PartStart, PartStart + Partitions).
struct TileOperand {
  uint8_t BaseReg = 0;
  NeuronISA::MemSpace Space = NeuronISA::MemSpace::OnChip;
  bool Reads = false;
  bool Writes = false;
  uint8_t PartStart = 0;
  int32_t Offset = 0;
  uint32_t Partitions = 0;
  uint32_t FreeElems = 0;
  uint32_t RowStride = 0; // HBM only
  const char *Role = "";
  /// On chip: the tile the access names (.neuronisa_tile_use), an index
  /// into Program::Tiles, which it must stay inside; -1 if it names none.
  int16_t NamedTile = -1;
};

/// A decoded instruction.
struct Inst {
  Op Kind = Op::Nop;
  NeuronISA::Engine Eng = NeuronISA::Engine::Control;
  NeuronISA::TileFormat Fmt = NeuronISA::TileFormat::None;
  uint8_t SubOp = 0;
  /// Executing agent (stream 0-4) for data-path and engine sync
  /// instructions; NoAgent for control instructions and barrier.
  uint8_t Agent = NoAgent;
  uint8_t Rd = DiscardReg, Ra = 0, Rb = 0, Rc = 0;
  uint8_t NumTiles = 0;
  uint8_t Queue = 0;    // DMA queue
  int16_t Sem = -1;     // semaphore operand (completion semaphore), -1: none
  int32_t Imm = 0;      // ALU/li immediate; wait threshold or offset; semset value
  uint32_t Target = 0;  // branch target instruction index
  uint32_t Cost = 0;    // ticks on the engine; control: engine cycles
  uint32_t DMACycles = 0; // DMA transfer ticks on the queue
  unsigned Opcode = 0;
  unsigned Line = 0;
  SMLoc Loc;
  TileOperand Tiles[3];
  /// Raw operand values by MC operand index (registers as their numbers).
  int32_t Ops[16] = {};

  /// The raw value of operand Name (NeuronISAInstrInfo.td).
  int32_t named(NeuronISA::OpName Name) const {
    return Ops[NeuronISA::getNamedOperandIdx(Opcode, Name)];
  }

  bool isData() const { return Kind == Op::Data; }
  bool isDMA() const { return NeuronISA::isDMA(Fmt); }
};

/// A kernel ready to run.
class Program {
public:
  std::vector<Inst> Insts;
  unsigned Entry = 0;
  /// One past the kernel's last instruction: where the next function starts
  /// or where .text ends. Reaching it is an error (a function that falls off
  /// its end), never a normal end of the kernel.
  unsigned End = 0;
  std::string KernelName;
  std::string FileName;
  /// The machine preset the kernel records (.neuronisa_cpu, e_flags).
  std::string CPU = "generic";
  /// Mnemonic of each opcode (for messages), indexed by Inst::Opcode.
  std::vector<std::string> OpcodeNames;
  /// The tiles the program declares (.neuronisa_tile), in order.
  std::vector<NeuronISA::TileDecl> Tiles;
  /// Their initial contents (.neuronisa_tile_init), each naming a tile by
  /// its index in Tiles, in order: loaded before the kernel starts.
  std::vector<NeuronISA::TileInitRecord> TileInits;
  /// The source, kept for located diagnostics at run time.
  std::shared_ptr<SourceMgr> SrcMgr;
  /// Loaded from an object: each instruction's byte address in .text,
  /// which messages give instead of a line. Empty for assembly.
  std::vector<uint32_t> Addresses;
  /// Loaded from an object with a line table (-g): each instruction's
  /// source position ("kernel.c:8:3"; "" where it has none). Empty otherwise.
  std::vector<std::string> SourceLocs;

  StringRef name(const Inst &I) const { return OpcodeNames[I.Opcode]; }
  /// "mnemonic (line N)", or "mnemonic (.text+0xA)" from an object, or
  /// "mnemonic (kernel.c:8:3, .text+0xA)" from one with a line table.
  std::string describe(const Inst &I) const;
  /// Prints "FILE:LINE:COL: error: Msg" with the source line, or
  /// "FILE:.text+0xA: error: Msg" from an object, or
  /// "kernel.c:8:3: error: Msg (FILE:.text+0xA)" from one with a line table.
  void printError(raw_ostream &OS, const Inst &I, const Twine &Msg) const;
};

/// Decodes one MCInst. TargetIndex resolves a branch target symbol operand
/// (already mapped to an instruction index by the loader) or is ~0u.
/// Returns an error message (empty if fine).
std::string decodeInst(const MCInst &MI, const MCInstrInfo &MII,
                       const NeuronISA::MachineParams &MP, unsigned TargetIndex,
                       Inst &Out);

/// Records that tile operand Operand of I names tile Tile of the program
/// (a .neuronisa_tile_use); returns an error message (empty if fine).
std::string applyTileUse(Inst &I, unsigned Operand, unsigned Tile);

/// Given the CPU a kernel records ("generic" if none), the machine to load
/// it for, or an error (a CPU other than the one asked for).
using MachineChooser = std::function<Expected<const NeuronISA::MachineParams *>(
    StringRef CPU)>;

/// Loads the kernel called KernelName (empty: the first global function)
/// from an ELF object or from assembly, whichever FileName holds.
Expected<Program> loadProgram(StringRef FileName, StringRef KernelName,
                              const MachineChooser &Choose,
                              raw_ostream &ErrOS);
/// The same on machine MP, whatever CPU the kernel records.
Expected<Program> loadProgram(StringRef FileName, StringRef KernelName,
                              const NeuronISA::MachineParams &MP,
                              raw_ostream &ErrOS);
/// Parses NeuronISA assembly with the target's MC assembly parser and decodes
/// the kernel. Parse errors are printed to ErrOS (with the source line) and
/// returned as a failure.
Expected<Program> loadProgramFromBuffer(std::unique_ptr<MemoryBuffer> Buf,
                                        StringRef KernelName,
                                        const MachineChooser &Choose,
                                        raw_ostream &ErrOS);
Expected<Program> loadProgramFromBuffer(std::unique_ptr<MemoryBuffer> Buf,
                                        StringRef KernelName,
                                        const NeuronISA::MachineParams &MP,
                                        raw_ostream &ErrOS);
/// Reads a NeuronISA ELF object (docs/ObjectFormat.md) and decodes the
/// kernel: the same Program as the assembly the object was made from.
Expected<Program> loadObjectProgram(std::unique_ptr<MemoryBuffer> Buf,
                                    StringRef KernelName,
                                    const MachineChooser &Choose,
                                    raw_ostream &ErrOS);

} // namespace neuronisa_sim
} // namespace llvm

#endif
