//===-- NeuronISAMCInstLower.cpp - MachineInstr to MCInst -----------------===//

#include "NeuronISAMCInstLower.h"
#include "NeuronISATileLayout.h"
#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/IR/Function.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"

using namespace llvm;

bool NeuronISAMCInstLower::lowerOperand(const MachineOperand &MO,
                                        MCOperand &Out) const {
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    if (MO.isImplicit())
      return false;
    Out = MCOperand::createReg(MO.getReg());
    return true;
  case MachineOperand::MO_Immediate:
    Out = MCOperand::createImm(MO.getImm());
    return true;
  case MachineOperand::MO_MachineBasicBlock:
    Out = MCOperand::createExpr(
        MCSymbolRefExpr::create(MO.getMBB()->getSymbol(), Ctx));
    return true;
  case MachineOperand::MO_GlobalAddress: {
    uint32_t Addr;
    if (Layout.getAddress(MO.getGlobal(), Addr)) {
      Out = MCOperand::createImm(int64_t(Addr) + MO.getOffset());
      return true;
    }
    // Not a placed tile (already diagnosed): keep the symbol.
    const MCExpr *E =
        MCSymbolRefExpr::create(Printer.getSymbol(MO.getGlobal()), Ctx);
    if (MO.getOffset())
      E = MCBinaryExpr::createAdd(
          E, MCConstantExpr::create(MO.getOffset(), Ctx), Ctx);
    Out = MCOperand::createExpr(E);
    return true;
  }
  case MachineOperand::MO_MCSymbol:
    Out = MCOperand::createExpr(MCSymbolRefExpr::create(MO.getMCSymbol(), Ctx));
    return true;
  case MachineOperand::MO_RegisterMask:
    return false;
  default:
    // The AsmPrinter verifies every instruction before lowering it; keep
    // the operand count if something unexpected still gets here.
    Ctx.reportError(SMLoc(), "NeuronISA: cannot lower operand of kind " +
                                 Twine(unsigned(MO.getType())));
    Out = MCOperand::createImm(0);
    return true;
  }
}

void NeuronISAMCInstLower::lower(const MachineInstr &MI, MCInst &Out) const {
  Out.setOpcode(MI.getOpcode());
  for (const MachineOperand &MO : MI.operands()) {
    MCOperand MCOp;
    if (lowerOperand(MO, MCOp))
      Out.addOperand(MCOp);
  }
}
