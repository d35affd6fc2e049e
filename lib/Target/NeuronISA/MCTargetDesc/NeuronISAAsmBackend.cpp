//===-- NeuronISAAsmBackend.cpp - NeuronISA assembler backend -------------===//
//
// Applies fixups once the layout is known: branch offsets within a section
// and 32-bit fields whose symbol is defined. What stays unresolved becomes a
// relocation (NeuronISAELFObjectWriter). No instruction needs relaxation.
// Code addresses in debug sections are resolved here too: a kernel is loaded
// with .text at address 0, so the address of a label is its .text offset.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAELF.h"
#include "MCTargetDesc/NeuronISAFixupKinds.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCValue.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace {

class NeuronISAAsmBackend : public MCAsmBackend {
public:
  NeuronISAAsmBackend() : MCAsmBackend(endianness::little) {}

  std::unique_ptr<MCObjectTargetWriter>
  createObjectTargetWriter() const override {
    return createNeuronISAELFObjectWriter();
  }

  MCFixupKindInfo getFixupKindInfo(MCFixupKind Kind) const override {
    // Name, offset of the field in bits, its size in bits, flags.
    static const MCFixupKindInfo Infos[NeuronISA::NumTargetFixupKinds] = {
        {"fixup_neuronisa_branch", 32, 32, 0},
    };
    if (Kind < FirstTargetFixupKind)
      return MCAsmBackend::getFixupKindInfo(Kind);
    return Infos[Kind - FirstTargetFixupKind];
  }

  std::optional<bool> evaluateFixup(const MCFragment &F, MCFixup &Fixup,
                                    MCValue &Target, uint64_t &Value) override;

  void applyFixup(const MCFragment &F, const MCFixup &Fixup,
                  const MCValue &Target, uint8_t *Data, uint64_t Value,
                  bool IsResolved) override;

  bool writeNopData(raw_ostream &OS, uint64_t Count,
                    const MCSubtargetInfo *STI) const override;
};

} // namespace

static bool inDebugSection(const MCFragment &F) {
  return F.getParent()->getName().starts_with(".debug_");
}

/// Debug sections hold no relocations (docs/ObjectFormat.md): offsets into
/// other debug sections are label differences (MCAsmInfo's
/// DwarfUsesRelocationsAcrossSections), and a code address, such as a line
/// table's DW_LNE_set_address or an entry of .debug_addr, is the offset of
/// its label in .text, where the loader puts address 0. Anything else stays
/// unresolved, and applyFixup reports it.
std::optional<bool> NeuronISAAsmBackend::evaluateFixup(const MCFragment &F,
                                                       MCFixup &Fixup,
                                                       MCValue &Target,
                                                       uint64_t &Value) {
  const MCSymbol *Sym = Target.getAddSym();
  if (!inDebugSection(F) || !Sym || Target.getSubSym() ||
      Target.getSpecifier() || !Sym->isInSection() ||
      Sym->getSection().getName() != ".text")
    return std::nullopt;
  Value = Asm->getSymbolOffset(*Sym) + Target.getConstant();
  return true;
}

void NeuronISAAsmBackend::applyFixup(const MCFragment &F, const MCFixup &Fixup,
                                     const MCValue &Target, uint8_t *Data,
                                     uint64_t Value, bool IsResolved) {
  MCContext &Ctx = getContext();
  if (!IsResolved && inDebugSection(F)) {
    const MCSymbol *Sym = Target.getAddSym();
    Ctx.reportError(Fixup.getLoc(),
                    "debug information refers to '" +
                        (Sym ? Sym->getName() : StringRef("?")) +
                        "', which is not in .text: NeuronISA kernels are "
                        "loaded with .text at address 0, not linked");
    return;
  }
  maybeAddReloc(F, Fixup, Target, Value, IsResolved);
  switch (unsigned(Fixup.getKind())) {
  case NeuronISA::fixup_neuronisa_branch: {
    // Value is target - branch, in bytes (zero when a relocation will say).
    int64_t Bytes = static_cast<int64_t>(Value);
    if (Bytes % NeuronISA::WordBytes != 0) {
      Ctx.reportError(Fixup.getLoc(),
                      "branch target is not a multiple of 8 bytes away");
      return;
    }
    int64_t Words = Bytes / NeuronISA::WordBytes;
    if (!isInt<32>(Words)) {
      Ctx.reportError(Fixup.getLoc(), "branch target out of range");
      return;
    }
    support::endian::write32le(Data + 4, static_cast<uint32_t>(Words));
    return;
  }
  case FK_Data_4: {
    int64_t V = static_cast<int64_t>(Value);
    if (!isInt<32>(V) && !isUInt<32>(V)) {
      Ctx.reportError(Fixup.getLoc(),
                      "value " + Twine(V) + " does not fit in a 32-bit field");
      return;
    }
    support::endian::write32le(Data, static_cast<uint32_t>(V));
    return;
  }
  case FK_Data_1:
  case FK_Data_2:
  case FK_Data_8: {
    // Data directives (.byte, .short, .quad) in a data section.
    unsigned Size = getFixupKindInfo(Fixup.getKind()).TargetSize / 8;
    for (unsigned I = 0; I != Size; ++I)
      Data[I] = uint8_t(Value >> (8 * I));
    return;
  }
  default:
    Ctx.reportError(Fixup.getLoc(), "unsupported fixup in a NeuronISA object");
    return;
  }
}

bool NeuronISAAsmBackend::writeNopData(raw_ostream &OS, uint64_t Count,
                                       const MCSubtargetInfo *STI) const {
  // Padding between instructions is made of `nop` words; anything smaller
  // than a word cannot be executed and is zero.
  constexpr uint64_t NopWord = 0x6300; // header: engine 0, format 0, opcode 0x63
  for (; Count >= NeuronISA::WordBytes; Count -= NeuronISA::WordBytes)
    support::endian::write<uint64_t>(OS, NopWord, endianness::little);
  OS.write_zeros(Count);
  return true;
}

MCAsmBackend *llvm::createNeuronISAAsmBackend(const Target &T,
                                              const MCSubtargetInfo &STI,
                                              const MCRegisterInfo &MRI,
                                              const MCTargetOptions &Options) {
  return new NeuronISAAsmBackend();
}
