//===-- NeuronISABuiltinSignature.cpp - Arguments of a builtin ------------===//

#include "NeuronISABuiltinSignature.h"
#include "NeuronISABaseInfo.h"
#include "NeuronISAMCTargetDesc.h"
#include "NeuronISAOperandCheck.h"
#include "llvm/MC/MCInstrInfo.h"

using namespace llvm;
using namespace llvm::NeuronISA;

BuiltinSignature NeuronISA::getBuiltinSignature(unsigned Opcode,
                                                const MCInstrInfo &MII) {
  BuiltinSignature Sig;
  Sig.Opcode = Opcode;
  const MCInstrDesc &D = MII.get(Opcode);
  TileFormat F = getTileFormat(D);
  ArrayRef<TileOperandSpec> Specs = getTileOperandSpecs(F);
  unsigned NumOps = D.getNumOperands();
  if (F != TileFormat::None) {
    Sig.OptionalSem = true;
    --NumOps; // $sem is not a positional argument
  }
  for (unsigned J = 0; J < NumOps;) {
    const TileOperandSpec *Spec = nullptr;
    for (const TileOperandSpec &S : Specs)
      if (unsigned(S.AddrOp) == J)
        Spec = &S;
    if (Spec) {
      Sig.Args.push_back({BuiltinArg::Tile, J, Spec});
      J += Spec->numAddrOperands();
      continue;
    }
    const MCOperandInfo &OI = D.operands()[J];
    BuiltinArg::KindTy K = BuiltinArg::Imm;
    if (OI.RegClass == NeuronISA::GPRRegClassID)
      K = BuiltinArg::Reg;
    else if (OI.RegClass == NeuronISA::SEMRegClassID)
      K = BuiltinArg::Sem;
    else if (OI.OperandType == MCOI::OPERAND_NEURONISA_F32)
      K = BuiltinArg::F32;
    Sig.Args.push_back({K, J});
    ++J;
  }
  return Sig;
}

unsigned NeuronISA::getTileAddrSpaces(TileFormat F, const TileOperandSpec &S) {
  if (S.Space == MemSpace::HBM)
    return 1u << NeuronISAAS::HBM;
  bool IsPE = F == TileFormat::MatMul || F == TileFormat::Transpose;
  // The PE writes only PSUM; it and the DMA queues read only SBUF.
  if (IsPE && S.Access == TileAccess::Write)
    return 1u << NeuronISAAS::PSUM;
  if (IsPE || isDMA(F))
    return 1u << NeuronISAAS::SBUF;
  return (1u << NeuronISAAS::SBUF) | (1u << NeuronISAAS::PSUM);
}

std::string NeuronISA::describeTileAddrSpaces(unsigned AddrSpaces) {
  switch (AddrSpaces) {
  case 1u << NeuronISAAS::HBM:
    return "an HBM pointer (addrspace(1))";
  case 1u << NeuronISAAS::SBUF:
    return "an SBUF tile (addrspace(2))";
  case 1u << NeuronISAAS::PSUM:
    return "a PSUM tile (addrspace(3))";
  default:
    return "an SBUF or PSUM tile (addrspace(2) or addrspace(3))";
  }
}

StringRef NeuronISA::describeArgKind(BuiltinArg::KindTy K) {
  switch (K) {
  case BuiltinArg::Tile:
    return "a tile pointer";
  case BuiltinArg::Reg:
    return "an i32 value";
  case BuiltinArg::Imm:
    return "a constant i32";
  case BuiltinArg::F32:
    return "a constant float";
  case BuiltinArg::Sem:
    return "a constant semaphore number (0-255)";
  }
  return "?";
}

std::optional<ImmRange>
NeuronISA::getBuiltinArgRange(const MachineParams &MP, const MCInstrInfo &MII,
                              unsigned Opcode, const BuiltinArg &A) {
  if (A.Kind == BuiltinArg::Sem)
    return ImmRange{0, int64_t(MP.NumSemaphores) - 1, "semaphore", false};
  if (A.Kind != BuiltinArg::Imm)
    return std::nullopt;
  return getImmRange(MP, MII.get(Opcode), A.MIOp);
}

SmallVector<StringRef, 8> NeuronISA::getBuiltinArgNames(const BuiltinInfo &B) {
  SmallVector<StringRef, 8> Names;
  StringRef(B.BuiltinArgNames).split(Names, ',', -1, /*KeepEmpty=*/false);
  return Names;
}
