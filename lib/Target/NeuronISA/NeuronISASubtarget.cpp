//===-- NeuronISASubtarget.cpp - NeuronISA subtarget ----------------------===//

#include "NeuronISASubtarget.h"
#include "NeuronISATargetMachine.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-subtarget"

#define GET_SUBTARGETINFO_TARGET_DESC
#define GET_SUBTARGETINFO_CTOR
#include "NeuronISAGenSubtargetInfo.inc"

NeuronISASubtarget::NeuronISASubtarget(const Triple &TT, StringRef CPU,
                                       StringRef FS,
                                       const NeuronISATargetMachine &TM)
    : NeuronISAGenSubtargetInfo(TT, CPU.empty() ? "generic" : CPU,
                                /*TuneCPU=*/CPU.empty() ? "generic" : CPU, FS),
      InstrInfo(*this), FrameLowering(), TLInfo(TM, *this) {}
