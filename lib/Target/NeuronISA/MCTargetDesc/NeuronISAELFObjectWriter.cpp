//===-- NeuronISAELFObjectWriter.cpp - NeuronISA ELF writer ---------------===//
//
// ELF32, little-endian, RELA, e_machine EM_NEURONISA. Fixups the assembler
// could not resolve become R_NEURONISA_32 (a 32-bit field) or
// R_NEURONISA_BRANCH (a branch offset) relocations (NeuronISAELF.h).
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAELF.h"
#include "MCTargetDesc/NeuronISAFixupKinds.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCValue.h"

using namespace llvm;

namespace {
class NeuronISAELFObjectWriter : public MCELFObjectTargetWriter {
public:
  NeuronISAELFObjectWriter()
      : MCELFObjectTargetWriter(/*Is64Bit=*/false, ELF::ELFOSABI_NONE,
                                NeuronISA::EM_NEURONISA,
                                /*HasRelocationAddend=*/true) {}

protected:
  unsigned getRelocType(const MCFixup &Fixup, const MCValue &Target,
                        bool IsPCRel) const override {
    switch (unsigned(Fixup.getKind())) {
    case NeuronISA::fixup_neuronisa_branch:
      return NeuronISA::R_NEURONISA_BRANCH;
    case FK_Data_4:
      if (!IsPCRel)
        return NeuronISA::R_NEURONISA_32;
      break;
    default:
      break;
    }
    getContext().reportError(Fixup.getLoc(),
                             "no NeuronISA relocation for this expression");
    return NeuronISA::R_NEURONISA_NONE;
  }

  bool needsRelocateWithSymbol(const MCValue &, unsigned Type) const override {
    // Branches name their target symbol, so that the relocation says where
    // the branch goes rather than a section offset.
    return Type == NeuronISA::R_NEURONISA_BRANCH;
  }
};
} // namespace

std::unique_ptr<MCObjectTargetWriter> llvm::createNeuronISAELFObjectWriter() {
  return std::make_unique<NeuronISAELFObjectWriter>();
}
