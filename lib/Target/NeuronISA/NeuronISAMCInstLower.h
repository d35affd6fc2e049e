//===-- NeuronISAMCInstLower.h - MachineInstr to MCInst ---------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAMCINSTLOWER_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAMCINSTLOWER_H

namespace llvm {
class AsmPrinter;
class MCContext;
class MCInst;
class MCOperand;
class MachineInstr;
class MachineOperand;
class NeuronISATileLayout;

/// Lowers MachineInstrs to MCInsts; tile globals become their placed
/// addresses.
class NeuronISAMCInstLower {
  MCContext &Ctx;
  AsmPrinter &Printer;
  const NeuronISATileLayout &Layout;

public:
  NeuronISAMCInstLower(MCContext &Ctx, AsmPrinter &Printer,
                       const NeuronISATileLayout &Layout)
      : Ctx(Ctx), Printer(Printer), Layout(Layout) {}

  void lower(const MachineInstr &MI, MCInst &Out) const;
  /// False for operands that have no MC form (implicit registers, masks).
  bool lowerOperand(const MachineOperand &MO, MCOperand &Out) const;
};

} // namespace llvm

#endif
