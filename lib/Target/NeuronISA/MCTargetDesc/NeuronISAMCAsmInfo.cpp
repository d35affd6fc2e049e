//===-- NeuronISAMCAsmInfo.cpp - NeuronISA asm properties -----------------===//

#include "NeuronISAMCAsmInfo.h"

using namespace llvm;

NeuronISAMCAsmInfo::NeuronISAMCAsmInfo(const Triple &TT) {
  CommentString = "#";
  PrivateGlobalPrefix = ".L";
  PrivateLabelPrefix = ".L";
  SupportsDebugInformation = false;
  UsesELFSectionDirectiveForBSS = true;
  // Tiles are placed by the backend, not emitted as data.
  HasDotTypeDotSizeDirective = true;
}
