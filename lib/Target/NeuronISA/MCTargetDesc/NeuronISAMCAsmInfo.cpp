//===-- NeuronISAMCAsmInfo.cpp - NeuronISA asm properties -----------------===//

#include "NeuronISAMCAsmInfo.h"

using namespace llvm;

NeuronISAMCAsmInfo::NeuronISAMCAsmInfo(const Triple &TT) {
  CommentString = "#";
  PrivateGlobalPrefix = ".L";
  PrivateLabelPrefix = ".L";
  UsesELFSectionDirectiveForBSS = true;
  // Tiles are placed by the backend, not emitted as data.
  HasDotTypeDotSizeDirective = true;
  // Instructions are one or four 64-bit words: line tables advance the
  // address in words.
  MinInstAlignment = 8;
  // DWARF line tables (docs/ObjectFormat.md, "Debug information"). A kernel
  // object is loaded, not linked: an offset into another debug section is
  // final when the assembler writes it, so it needs no relocation (and
  // DWARF readers that do not know this machine read it right).
  SupportsDebugInformation = true;
  DwarfUsesRelocationsAcrossSections = false;
}
