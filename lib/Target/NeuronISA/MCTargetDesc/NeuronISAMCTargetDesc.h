//===-- NeuronISAMCTargetDesc.h - NeuronISA target descriptions -*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMCTARGETDESC_H
#define LLVM_LIB_TARGET_NEURONISA_MCTARGETDESC_NEURONISAMCTARGETDESC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>

namespace llvm {
class MCAsmBackend;
class MCCodeEmitter;
class MCContext;
class MCInstrInfo;
class MCObjectTargetWriter;
class MCRegisterInfo;
class MCSubtargetInfo;
class MCTargetOptions;
class Target;

MCCodeEmitter *createNeuronISAMCCodeEmitter(const MCInstrInfo &MCII,
                                            MCContext &Ctx);
MCAsmBackend *createNeuronISAAsmBackend(const Target &T,
                                        const MCSubtargetInfo &STI,
                                        const MCRegisterInfo &MRI,
                                        const MCTargetOptions &Options);
std::unique_ptr<MCObjectTargetWriter> createNeuronISAELFObjectWriter();
} // namespace llvm

// Defines symbolic names for the registers, instructions and subtarget
// features of NeuronISA.
#define GET_REGINFO_ENUM
#include "NeuronISAGenRegisterInfo.inc"

#define GET_INSTRINFO_ENUM
#define GET_INSTRINFO_MC_HELPER_DECLS
#define GET_INSTRINFO_OPERAND_ENUM
#include "NeuronISAGenInstrInfo.inc"

#define GET_SUBTARGETINFO_ENUM
#include "NeuronISAGenSubtargetInfo.inc"

namespace llvm {
namespace NeuronISA {
/// A row of the builtin table: `@neuronisa.<Name>` lowers to Opcode.
struct BuiltinInfo {
  const char *BuiltinName;
  unsigned BuiltinOpcode;
  const char *BuiltinArgNames; // "dst,src,p,f": one name per argument
  const char *BuiltinDoc;      // one line: what the instruction does
};
/// The builtin whose name (without "neuronisa.") is exactly Name, or null.
const BuiltinInfo *findBuiltin(llvm::StringRef Name);
/// Every builtin.
llvm::ArrayRef<BuiltinInfo> getBuiltins();

/// Semaphore register number (0-255) of S0..S255, or -1 (SNONE or not a
/// semaphore).
int getSemaphoreIndex(unsigned Reg);
/// Register S<Index>.
unsigned getSemaphoreReg(unsigned Index);
/// Scalar register number of R0..R31, or -1.
int getGPRIndex(unsigned Reg);
unsigned getGPR(unsigned Index);
} // namespace NeuronISA

namespace NeuronISAAS {
/// Address spaces of the kernel interface (docs/KernelInterface.md).
enum : unsigned { Generic = 0, HBM = 1, SBUF = 2, PSUM = 3 };
} // namespace NeuronISAAS
} // namespace llvm

#endif
