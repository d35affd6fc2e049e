//===-- NeuronISAFrameLowering.cpp - NeuronISA frames ---------------------===//

#include "NeuronISAFrameLowering.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"
#include <set>
#include <string>
#include <vector>

using namespace llvm;

static std::string blockName(const MachineBasicBlock &MBB) {
  return MBB.getName().empty() ? "bb." + std::to_string(MBB.getNumber())
                               : MBB.getName().str();
}

/// The scalar values that register allocation spilled, one per spill slot
/// (the value first stored there), grouped by where they come from: "<n>
/// defined by '<instruction>' in '<block>'", or "<n> live into '<block>'"
/// for a value defined in an earlier block. Returns the number of values.
static unsigned describeSpilledValues(const MachineFunction &MF,
                                      std::string &Text) {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  std::vector<std::pair<std::string, unsigned>> Origins; // in program order
  std::set<int> Seen;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &Spill : MBB) {
      if (Spill.getOpcode() != NeuronISA::SPILL ||
          !Seen.insert(Spill.getOperand(1).getIndex()).second)
        continue;
      Register Reg = Spill.getOperand(0).getReg();
      const MachineInstr *Def = nullptr;
      for (auto I = std::next(Spill.getReverseIterator()); I != MBB.rend(); ++I)
        if (I->modifiesRegister(Reg, &TRI)) {
          Def = &*I;
          break;
        }
      std::string Origin =
          Def ? "defined by '" +
                    StringRef(TII.getName(Def->getOpcode())).lower() +
                    "' in '" + blockName(MBB) + "'"
              : "live into '" + blockName(MBB) + "'";
      if (const DebugLoc &DL = Def ? Def->getDebugLoc() : Spill.getDebugLoc())
        Origin += " at line " + std::to_string(DL.getLine());
      auto It = llvm::find_if(Origins,
                              [&](const auto &O) { return O.first == Origin; });
      if (It == Origins.end())
        Origins.push_back({Origin, 1});
      else
        ++It->second;
    }
  std::vector<std::string> Parts;
  for (const auto &[Origin, N] : Origins)
    Parts.push_back(std::to_string(N) + " " + Origin);
  Text = join(Parts, ", ");
  return Seen.size();
}

/// The registers register allocation had in MF, "r1..r<K>" (the reserved
/// ones at the top are not among them; today none is).
static std::string allocatableRegisters(const MachineFunction &MF) {
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  unsigned Last = 31;
  while (Last > 1 && MRI.isReserved(NeuronISA::getGPR(Last)))
    --Last;
  return "r1..r" + std::to_string(Last);
}

void NeuronISAFrameLowering::emitPrologue(MachineFunction &MF,
                                          MachineBasicBlock &MBB) const {
  const MachineFrameInfo &MFI = MF.getFrameInfo();
  if (MFI.getStackSize() == 0 && !MFI.hasVarSizedObjects() &&
      MFI.getNumObjects() == 0)
    return;
  std::string Why =
      "needs a stack (register spills or stack objects), which NeuronISA "
      "engines do not have";
  std::string Spilled;
  if (unsigned N = describeSpilledValues(MF, Spilled)) {
    // More values were live at once than the allocatable registers hold:
    // say which ones register allocation spilled, by the instruction
    // defining them.
    Why += ": " + std::to_string(N) +
           (N == 1 ? " scalar value did not fit in "
                   : " scalar values did not fit in ") +
           allocatableRegisters(MF) + " and " + (N == 1 ? "was" : "were") +
           " spilled (" + Spilled + ")";
  } else {
    Why += ": " + std::to_string(MFI.getNumObjects()) + " stack objects";
  }
  Why += "; reduce the number of live scalar values";
  const Function &F = MF.getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(F, Why));
}

void NeuronISAFrameLowering::emitEpilogue(MachineFunction &MF,
                                          MachineBasicBlock &MBB) const {}
