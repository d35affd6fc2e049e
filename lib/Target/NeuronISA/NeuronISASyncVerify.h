//===-- NeuronISASyncVerify.h - Validating the emitted code -----*- C++ -*-===//
//
// -neuronisa-verify-sync: the AsmPrinter keeps the MCInsts it emits for a
// function (exactly what goes to the assembly or the object), and at the
// end of the function hands them to the translation validator, the same
// neuronisa-sync-check that checks objects (lib/SyncCheck builds its record
// from the code alone). A rejection is an error naming the function, the
// instruction and the wait that is missing or in excess; a precision finding
// (a wait for more than the criterion asks) is a remark.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCVERIFY_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCVERIFY_H

#include "SyncProgram.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace llvm {
class MachineFunction;
class MCInstPrinter;
class MCInstrInfo;
class MCSubtargetInfo;
class MCSymbol;

namespace NeuronISA {

/// Is -neuronisa-verify-sync on?
bool verifySyncEnabled();

/// Records the emitted code of one function.
class EmittedCode {
public:
  void beginFunction() {
    Insts.clear();
    Labels.clear();
  }
  void label(const MCSymbol *S) { Labels[S] = Insts.size(); }
  void inst(const MCInst &MI) { Insts.push_back({MI, -1, ""}); }
  /// Validates the recorded code of MF; diagnoses what the validator finds.
  void verify(const MachineFunction &MF, const MCInstrInfo &MII,
              MCInstPrinter &Printer, const MCSubtargetInfo &STI);

private:
  std::vector<CodeInst> Insts;
  DenseMap<const MCSymbol *, unsigned> Labels;
};

} // namespace NeuronISA
} // namespace llvm

#endif
