//===-- NeuronISAAsmPrinter.cpp - NeuronISA assembly writer ---------------===//
//
// Writes engine-tagged assembly. Tiles are not data: instead of emitting
// them, the printer declares where each one was placed (.neuronisa_tile,
// NeuronISATargetStreamer.h), and what each kernel takes
// (.neuronisa_kernel). In an object both go to its .neuronisa.meta section.
// Before an instruction whose on-chip access has a run-time address, it
// names the tile the access is into (.neuronisa_tile_use), so that the
// simulator can keep the access inside that tile, not just inside some tile.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAInstPrinter.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include "NeuronISA.h"
#include "NeuronISAMCInstLower.h"
#include "NeuronISASubtarget.h"
#include "NeuronISASyncVerify.h"
#include "NeuronISATileAccess.h"
#include "NeuronISATileInitializers.h"
#include "NeuronISATileLayout.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Support/Format.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

#define DEBUG_TYPE "asm-printer"

namespace {
class NeuronISAAsmPrinter : public AsmPrinter {
  NeuronISATileLayout Layout;
  /// -neuronisa-verify-sync: the function's code as emitted.
  NeuronISA::EmittedCode Emitted;
  std::unique_ptr<MCInstPrinter> VerifyPrinter;

public:
  static char ID;
  NeuronISAAsmPrinter(TargetMachine &TM, std::unique_ptr<MCStreamer> Streamer)
      : AsmPrinter(TM, std::move(Streamer), ID) {}

  StringRef getPassName() const override {
    return "NeuronISA Assembly Printer";
  }
  void emitStartOfAsmFile(Module &M) override;
  void emitFunctionBodyStart() override;
  void emitFunctionBodyEnd() override;
  void emitBasicBlockStart(const MachineBasicBlock &MBB) override;
  void emitGlobalVariable(const GlobalVariable *GV) override;
  void emitInstruction(const MachineInstr *MI) override;

private:
  void emitTileUses(const MachineInstr &MI);
};
} // namespace

char NeuronISAAsmPrinter::ID = 0;

void NeuronISAAsmPrinter::emitStartOfAsmFile(Module &M) {
  // (Done by the kernel verifier, unless it did not run.)
  NeuronISA::restoreTileTypes(M);
  // Errors were reported by the kernel verifier; place what fits.
  SmallVector<NeuronISATileLayout::Error, 2> Ignored;
  Layout = NeuronISATileLayout::compute(
      M, NeuronISA::getMachineParamsOrGeneric(TM.getTargetCPU()), Ignored);
  auto *TS =
      static_cast<NeuronISATargetStreamer *>(OutStreamer->getTargetStreamer());
  if (!TS)
    return;
  // The machine the code is for, first (nothing for "generic").
  if (NeuronISA::getMachineParams(TM.getTargetCPU()))
    TS->emitCPU(TM.getTargetCPU().empty() ? "generic" : TM.getTargetCPU());
  for (const NeuronISATileLayout::Placement &P : Layout.placements()) {
    NeuronISA::TileDecl T;
    T.Name = P.Tile->getName().str();
    T.Memory = P.AddrSpace == NeuronISAAS::SBUF ? NeuronISA::TileMemory::SBUF
                                                : NeuronISA::TileMemory::PSUM;
    T.Address = P.Address;
    T.BytesPerPartition = P.BytesPerPartition;
    T.Partitions = P.Partitions;
    TS->emitTile(T);
  }
  // Their initial contents, loaded before a kernel starts.
  for (const NeuronISATileLayout::Placement &P : Layout.placements())
    for (const NeuronISA::TileInit &I :
         NeuronISA::getTileInits(*P.Tile, P.Tile->getName()))
      TS->emitTileInit(I);
  // Every defined function is a kernel; its arguments are i32 scalars or
  // HBM pointers (the kernel verifier rejects anything else).
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    NeuronISA::KernelDecl K;
    K.Name = getSymbol(&F)->getName().str();
    for (const Argument &A : F.args()) {
      bool HBM = A.getType()->isPointerTy() &&
                 A.getType()->getPointerAddressSpace() == NeuronISAAS::HBM;
      K.Args.push_back(!HBM                ? NeuronISA::ArgKind::Scalar
                       : A.hasNoAliasAttr() ? NeuronISA::ArgKind::HBMNoAlias
                                            : NeuronISA::ArgKind::HBM);
    }
    TS->emitKernel(K);
  }
}

void NeuronISAAsmPrinter::emitGlobalVariable(const GlobalVariable *GV) {
  // Tiles live in SBUF/PSUM at the addresses listed at the top of the file.
}

/// For each on-chip tile operand of MI whose address comes from a register,
/// the tile its pointer points into, when one tile is known (a pointer that
/// may point into several has no tile use; it stays checked against all of
/// them). The memory operands follow the tile operands, one each.
void NeuronISAAsmPrinter::emitTileUses(const MachineInstr &MI) {
  auto *TS =
      static_cast<NeuronISATargetStreamer *>(OutStreamer->getTargetStreamer());
  ArrayRef<NeuronISA::TileOperandSpec> Specs =
      NeuronISA::getTileOperandSpecs(NeuronISA::getTileFormat(MI.getDesc()));
  if (!TS || Specs.empty() || MI.memoperands().size() != Specs.size())
    return;
  for (auto [K, S] : enumerate(Specs)) {
    const MachineOperand &Base = MI.getOperand(S.baseOp());
    const Value *Ptr = MI.memoperands()[K]->getValue();
    if (S.Space != NeuronISA::MemSpace::OnChip || !Base.isReg() ||
        Base.getReg() == NeuronISA::R0 || !Ptr)
      continue;
    NeuronISA::TilePointer TP =
        NeuronISA::analyzeTilePointer(Ptr, getDataLayout());
    uint32_t Address;
    if (TP.Tile && Layout.getAddress(TP.Tile, Address))
      TS->emitTileUse({unsigned(K), TP.Tile->getName().str()});
  }
}

void NeuronISAAsmPrinter::emitFunctionBodyStart() {
  // The last line of defense against a function that falls off its end (a
  // lost `ret`): whatever pass produced it, the code never ships silently.
  NeuronISAInstrInfo::diagnoseRunPastEnd(*MF);
  Emitted.beginFunction();
}

void NeuronISAAsmPrinter::emitBasicBlockStart(const MachineBasicBlock &MBB) {
  AsmPrinter::emitBasicBlockStart(MBB);
  Emitted.label(MBB.getSymbol());
}

void NeuronISAAsmPrinter::emitFunctionBodyEnd() {
  if (!NeuronISA::verifySyncEnabled())
    return;
  if (!VerifyPrinter)
    VerifyPrinter.reset(TM.getTarget().createMCInstPrinter(
        TM.getTargetTriple(), 0, *MAI, *TM.getMCInstrInfo(),
        *TM.getMCRegisterInfo()));
  Emitted.verify(*MF, *TM.getMCInstrInfo(), *VerifyPrinter,
                 *TM.getMCSubtargetInfo());
}

void NeuronISAAsmPrinter::emitInstruction(const MachineInstr *MI) {
  // An instruction whose operands are not what its description asks for
  // (hand-written MIR) is an error, not something to print.
  if (MF->getSubtarget<NeuronISASubtarget>()
          .getInstrInfo()
          ->diagnoseInvalidInstruction(*MI))
    return;
  // Spills only exist in functions the frame lowering already reported as
  // needing a stack; assembly shows them as comments, objects leave them out.
  if (MI->isPseudo() && !OutStreamer->hasRawTextSupport())
    return;
  emitTileUses(*MI);
  NeuronISAMCInstLower Lower(OutContext, *this, Layout);
  MCInst Inst;
  Lower.lower(*MI, Inst);
  EmitToStreamer(*OutStreamer, Inst);
  if (NeuronISA::verifySyncEnabled() && !MI->isPseudo())
    Emitted.inst(Inst);
}

extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY void LLVMInitializeNeuronISAAsmPrinter() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  RegisterAsmPrinter<NeuronISAAsmPrinter> X(getTheNeuronISATarget());
}
