//===-- NeuronISAObject.h - Reading NeuronISA ELF objects -------*- C++ -*-===//
//
// Reads and checks a NeuronISA object (docs/ObjectFormat.md): an ELF32
// little-endian relocatable file with e_machine EM_NEURONISA. The code in
// .text is decoded with the target's disassembler into MCInsts whose branch
// targets are resolved to instruction indices or relocation symbols; its
// kernels and tile placements come from the .neuronisa.meta section
// (NeuronISAMetadata.h), with their uses and initial contents
// (.neuronisa.tileuse, .neuronisa.tileinit). The disassembler tool prints what this reads; the
// simulator runs it.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_OBJECT_NEURONISAOBJECT_H
#define NEURONISA_OBJECT_NEURONISAOBJECT_H

#include "NeuronISALineTable.h"
#include "MCTargetDesc/NeuronISAMetadata.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/TargetParser/Triple.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MCAsmInfo;
class MCCodeEmitter;
class MCContext;
class MCDisassembler;
class MCInstPrinter;
class MCInstrInfo;
class MCRegisterInfo;
class MCSubtargetInfo;
class Target;

namespace neuronisa_obj {

/// Registers the target's MC layer (target info, MC, assembly parser,
/// disassembler), once per process: what the tools and loaders that read
/// assembly or objects need, without the code generator.
void initializeTargetMC();

/// The MC layer of the NeuronISA target: what decoding, encoding and
/// printing instructions need.
class MCTools {
public:
  /// Initializes the target (once per process) and creates the MC objects.
  static Expected<std::unique_ptr<MCTools>> create(StringRef CPU = "generic");
  /// Makes the subtarget, and what depends on it, CPU's.
  Error retarget(StringRef CPU);
  ~MCTools();

  Triple TT;
  const Target *T = nullptr;
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> Disassembler;
  std::unique_ptr<MCCodeEmitter> Emitter;
  std::unique_ptr<MCInstPrinter> Printer;

private:
  MCTools();
};

/// An ELF symbol of the object.
struct ObjSymbol {
  std::string Name;
  uint32_t Value = 0;
  uint32_t Size = 0;
  bool Global = false;
  bool Function = false;
  /// Defined in .text (else undefined, absolute or in another section).
  bool InText = false;
};

/// A relocation of .text the assembler could not resolve.
struct ObjReloc {
  uint32_t Offset = 0;
  uint32_t Type = 0;
  std::string Symbol;
  int64_t Addend = 0;
};

/// A section other than .text, the symbol table, string tables and
/// relocations: kept as bytes so that a disassembly can reproduce it (debug
/// sections included: they hold no relocations).
struct ObjSection {
  std::string Name;
  uint32_t Type = 0;
  uint64_t Flags = 0;
  uint32_t Align = 1;
  uint32_t EntSize = 0;
  std::vector<uint8_t> Bytes;
  /// .neuronisa.meta, .tileuse or .tileinit: listed for its place among the
  /// sections, without bytes (Metadata, TileUses, TileInits hold it).
  bool FromDirectives = false;
};

/// One decoded instruction of .text.
struct ObjInst {
  uint32_t Address = 0;
  uint32_t Size = 0;
  /// A word that is not an instruction (kept only when reading with
  /// KeepInvalid); its bytes are in Raw and MI is empty.
  bool Invalid = false;
  std::vector<uint8_t> Raw;
  MCInst MI;
  /// Branches: the index of the target instruction, or -1 if the target
  /// is a relocation's symbol (BranchReloc).
  int BranchTarget = -1;
  /// Relocations that apply to this instruction (indices into Relocs).
  std::vector<unsigned> RelocIdx;
};

/// How to treat code that does not decode.
struct ReadOptions {
  /// Keep going past undecodable words (each becomes an Invalid ObjInst of
  /// one word) and branches whose target is not an instruction (their
  /// target stays a word offset); each is reported in Problems. Otherwise
  /// the first one is the error.
  bool KeepInvalid = false;
};

/// A problem found while reading with KeepInvalid.
struct ReadProblem {
  bool IsError;
  std::string Message; // "FILE: .text+0x48: invalid instruction ..."
};

/// A NeuronISA object, decoded.
class ObjectFile {
public:
  std::string FileName;
  /// The machine preset the code is for (e_flags; "generic" for 0).
  std::string CPU = "generic";
  /// The source file named by an STT_FILE symbol, if any.
  std::optional<std::string> SourceFileName;
  uint32_t TextAlign = 1;
  std::vector<ObjInst> Insts; // in address order, covering .text
  std::vector<ObjSymbol> Symbols; // in symbol-table order (not the null one)
  std::vector<ObjReloc> Relocs;   // of .text
  std::vector<ObjSection> OtherSections; // in section header order
  /// The kernels and tile placements of .neuronisa.meta.
  NeuronISA::ObjectMetadata Metadata;
  /// The tile uses of .neuronisa.tileuse (none without that section), each
  /// at the address of an instruction.
  std::vector<NeuronISA::TileUseRecord> TileUses;
  /// The initial contents of tiles (.neuronisa.tileinit), in order.
  std::vector<NeuronISA::TileInitRecord> TileInits;
  std::vector<ReadProblem> Problems; // only with KeepInvalid
  /// The source position of each instruction (Lines.Locs parallels Insts),
  /// from the DWARF line table; none without -g.
  SourceLines Lines;

  /// Reads Buffer. Every problem (not ELF, not NeuronISA, truncated or
  /// inconsistent headers, a missing or malformed .neuronisa.meta section,
  /// a kernel without its entry symbol, undecodable instructions, branches
  /// into the middle of an instruction or out of .text, malformed DWARF) is
  /// an error naming the file and, where there is one, the offset.
  static Expected<ObjectFile> read(MemoryBufferRef Buffer, MCTools &MC,
                                   ReadOptions Opts = {});

  /// Index of the instruction at Address, or -1.
  int instructionAt(uint32_t Address) const;
};

} // namespace neuronisa_obj
} // namespace llvm

#endif
