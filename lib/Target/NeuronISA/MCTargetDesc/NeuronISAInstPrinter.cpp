//===-- NeuronISAInstPrinter.cpp - NeuronISA assembly printer -------------===//
//
// Prints instructions with engine-prefixed mnemonics ("pe.matmul",
// "dve.tt.add", "dma.load"; control instructions have no prefix), tile
// addresses as [rB+offset] or [rB+offset, pN] (from partition N > 0), HBM
// addresses as [rB+offset], and fp32 immediates as decimal numbers that
// parse back to the same bits.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAInstPrinter.h"
#include "NeuronISABaseInfo.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/bit.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdio>

using namespace llvm;

#define DEBUG_TYPE "asm-printer"

#include "NeuronISAGenAsmWriter.inc"

void NeuronISAInstPrinter::printInst(const MCInst *MI, uint64_t Address,
                                     StringRef Annot,
                                     const MCSubtargetInfo &STI,
                                     raw_ostream &OS) {
  printInstruction(MI, Address, OS);
  printAnnotation(OS, Annot);
}

void NeuronISAInstPrinter::printRegName(raw_ostream &OS, MCRegister Reg) {
  OS << getRegisterName(Reg);
}

void NeuronISAInstPrinter::printOperand(const MCInst *MI, unsigned OpNo,
                                        raw_ostream &OS) {
  // Invalid instructions (rejected by verifyInstruction and the assembly
  // parser) still print without crashing.
  const MCOperand &Op = MI->getOperand(OpNo);
  if (Op.isReg() && Op.getReg()) {
    printRegName(OS, Op.getReg());
    return;
  }
  if (Op.isImm()) {
    OS << Op.getImm();
    return;
  }
  if (Op.isExpr()) {
    MAI.printExpr(OS, *Op.getExpr());
    return;
  }
  OS << "<invalid>";
}

void NeuronISAInstPrinter::printAddress(const MCInst *MI, unsigned OpNo,
                                        raw_ostream &OS) {
  const MCOperand &Base = MI->getOperand(OpNo + NeuronISA::TileAddrBase);
  OS << '[';
  if (Base.isReg() && Base.getReg())
    printRegName(OS, Base.getReg());
  else
    OS << "<invalid base>";
  const MCOperand &Off = MI->getOperand(OpNo + NeuronISA::TileAddrOffset);
  if (Off.isImm()) {
    // Negated as unsigned: -INT64_MIN overflows.
    int64_t V = Off.getImm();
    if (V < 0)
      OS << "-0x" << Twine::utohexstr(0 - static_cast<uint64_t>(V));
    else
      OS << "+0x" << Twine::utohexstr(static_cast<uint64_t>(V));
  } else if (Off.isExpr()) {
    OS << '+';
    MAI.printExpr(OS, *Off.getExpr());
  } else {
    OS << "+<invalid offset>";
  }
}

void NeuronISAInstPrinter::printTileAddr(const MCInst *MI, unsigned OpNo,
                                         raw_ostream &OS) {
  printAddress(MI, OpNo, OS);
  // Partition 0 is implied, so tiles that start at partition 0 print as
  // plain [rB+offset].
  const MCOperand &Part = MI->getOperand(OpNo + NeuronISA::TileAddrPartStart);
  if (!Part.isImm())
    OS << ", p<invalid>";
  else if (Part.getImm() != 0)
    OS << ", p" << Part.getImm();
  OS << ']';
}

void NeuronISAInstPrinter::printHBMAddr(const MCInst *MI, unsigned OpNo,
                                        raw_ostream &OS) {
  printAddress(MI, OpNo, OS);
  OS << ']';
}

void NeuronISAInstPrinter::printF32Imm(const MCInst *MI, unsigned OpNo,
                                       raw_ostream &OS) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (!Op.isImm()) {
    printOperand(MI, OpNo, OS);
    return;
  }
  float F = bit_cast<float>(static_cast<uint32_t>(Op.getImm()));
  if (std::isnan(F)) {
    OS << "nan";
    return;
  }
  if (std::isinf(F)) {
    OS << (F < 0 ? "-inf" : "inf");
    return;
  }
  // Nine significant digits always round-trip an IEEE single.
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.9g", static_cast<double>(F));
  StringRef S(Buf);
  OS << S;
  // Keep it a floating-point literal so that it reads as one.
  if (S.find_first_of(".enN") == StringRef::npos)
    OS << ".0";
}
