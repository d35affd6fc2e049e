//===-- NeuronISAMCTargetDesc.cpp - NeuronISA target descriptions ---------===//

#include "NeuronISAMCTargetDesc.h"
#include "NeuronISABaseInfo.h"
#include "NeuronISAInstPrinter.h"
#include "NeuronISAMachineModel.h"
#include "NeuronISATargetStreamer.h"
#include "NeuronISAMCAsmInfo.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include <array>

using namespace llvm;

#define GET_INSTRINFO_MC_DESC
#define ENABLE_INSTR_PREDICATE_VERIFIER
#define GET_INSTRINFO_NAMED_OPS
#include "NeuronISAGenInstrInfo.inc"

#define GET_SUBTARGETINFO_MC_DESC
#include "NeuronISAGenSubtargetInfo.inc"

#define GET_REGINFO_MC_DESC
#include "NeuronISAGenRegisterInfo.inc"

namespace llvm {
namespace NeuronISA {
using namespace NeuronISA;
#define GET_NeuronISABuiltinTable_DECL
#define GET_NeuronISABuiltinTable_IMPL
#include "NeuronISAGenSearchableTables.inc"

const BuiltinInfo *findBuiltin(StringRef Name) {
  // The generated index compares case-insensitively; builtin names are
  // case-sensitive like every other LLVM function name.
  const BuiltinInfo *B = lookupBuiltinByName(Name);
  if (!B || Name != B->BuiltinName)
    return nullptr;
  return B;
}

ArrayRef<BuiltinInfo> getBuiltins() { return NeuronISABuiltinTable; }

int getSemaphoreIndex(unsigned Reg) {
  if (Reg >= S0 && Reg <= S255)
    return static_cast<int>(Reg - S0);
  return -1;
}
unsigned getSemaphoreReg(unsigned Index) {
  assert(Index < 256 && "semaphore out of range");
  return S0 + Index;
}
int getGPRIndex(unsigned Reg) {
  if (Reg >= R0 && Reg <= R31)
    return static_cast<int>(Reg - R0);
  return -1;
}
unsigned getGPR(unsigned Index) {
  assert(Index < 32 && "register out of range");
  return R0 + Index;
}

unsigned getFormatExemplar(TileFormat F) {
  static const auto Exemplars = [] {
    MCInstrInfo MII;
    InitNeuronISAMCInstrInfo(&MII);
    std::array<unsigned, NumTileFormats> E{};
    // Downwards, so that the lowest opcode of each format is kept.
    for (unsigned Opc = MII.getNumOpcodes(); Opc-- > 0;)
      E[static_cast<unsigned>(getTileFormat(MII.get(Opc)))] = Opc;
    return E;
  }();
  return Exemplars[static_cast<unsigned>(F)];
}
} // namespace NeuronISA
} // namespace llvm

static MCInstrInfo *createNeuronISAMCInstrInfo() {
  auto *X = new MCInstrInfo();
  InitNeuronISAMCInstrInfo(X);
  return X;
}

static MCRegisterInfo *createNeuronISAMCRegisterInfo(const Triple &TT) {
  auto *X = new MCRegisterInfo();
  InitNeuronISAMCRegisterInfo(X, NeuronISA::R0);
  return X;
}

static MCSubtargetInfo *
createNeuronISAMCSubtargetInfo(const Triple &TT, StringRef CPU, StringRef FS) {
  if (CPU.empty())
    CPU = "generic";
  return createNeuronISAMCSubtargetInfoImpl(TT, CPU, /*TuneCPU=*/CPU, FS);
}

static MCAsmInfo *createNeuronISAMCAsmInfo(const MCRegisterInfo &MRI,
                                           const Triple &TT,
                                           const MCTargetOptions &Options) {
  return new NeuronISAMCAsmInfo(TT);
}

static MCInstPrinter *createNeuronISAMCInstPrinter(const Triple &T,
                                                   unsigned SyntaxVariant,
                                                   const MCAsmInfo &MAI,
                                                   const MCInstrInfo &MII,
                                                   const MCRegisterInfo &MRI) {
  if (SyntaxVariant != 0)
    return nullptr;
  return new NeuronISAInstPrinter(MAI, MII, MRI);
}

static MCTargetStreamer *
createNeuronISAAsmTargetStreamer(MCStreamer &S, formatted_raw_ostream &OS,
                                 MCInstPrinter *InstPrint) {
  return new NeuronISATargetAsmStreamer(S, OS);
}

static MCTargetStreamer *
createNeuronISAObjectTargetStreamer(MCStreamer &S, const MCSubtargetInfo &STI) {
  return new NeuronISATargetELFStreamer(S);
}

static MCTargetStreamer *createNeuronISANullTargetStreamer(MCStreamer &S) {
  return new NeuronISATargetStreamer(S);
}

extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY void LLVMInitializeNeuronISATargetMC() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  Target &T = getTheNeuronISATarget();
  TargetRegistry::RegisterMCAsmInfo(T, createNeuronISAMCAsmInfo);
  TargetRegistry::RegisterMCInstrInfo(T, createNeuronISAMCInstrInfo);
  TargetRegistry::RegisterMCRegInfo(T, createNeuronISAMCRegisterInfo);
  TargetRegistry::RegisterMCSubtargetInfo(T, createNeuronISAMCSubtargetInfo);
  TargetRegistry::RegisterMCInstPrinter(T, createNeuronISAMCInstPrinter);
  TargetRegistry::RegisterMCCodeEmitter(T, createNeuronISAMCCodeEmitter);
  TargetRegistry::RegisterMCAsmBackend(T, createNeuronISAAsmBackend);
  TargetRegistry::RegisterAsmTargetStreamer(T,
                                            createNeuronISAAsmTargetStreamer);
  TargetRegistry::RegisterNullTargetStreamer(T,
                                             createNeuronISANullTargetStreamer);
  TargetRegistry::RegisterObjectTargetStreamer(
      T, createNeuronISAObjectTargetStreamer);
}
