//===-- NeuronISASubtarget.cpp - NeuronISA subtarget ----------------------===//

#include "NeuronISASubtarget.h"
#include "NeuronISATargetMachine.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetOpcodes.h"

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

// The MIR parser runs the machine verifier on every function it reads, right
// after this hook, and a verifier failure aborts llc. An instruction with
// operands of the wrong kind (a $noreg or immediate tile base, a register
// where an offset goes, a symbol where a count goes) or out of range is
// reported here instead, as an error of its function, and taken out (its
// register results become undefined values), so that llc exits with that
// error rather than an abort, and nothing after it ever prints or lowers it.
// A function whose last block falls through gets a `ret` after its report.
void NeuronISASubtarget::mirFileLoaded(MachineFunction &MF) const {
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : make_early_inc_range(MBB)) {
      if (!InstrInfo.diagnoseInvalidInstruction(MI))
        continue;
      for (const MachineOperand &MO : MI.defs())
        if (MO.isReg() && MO.getReg().isValid())
          BuildMI(MBB, MI, MI.getDebugLoc(),
                  InstrInfo.get(TargetOpcode::IMPLICIT_DEF), MO.getReg());
      MI.eraseFromParent();
    }
  // A function that falls off its end is reported the same way.
  InstrInfo.diagnoseAndEndFunction(MF);
}
