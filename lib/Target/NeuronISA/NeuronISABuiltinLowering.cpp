//===-- NeuronISABuiltinLowering.cpp - Builtin calls to instrs ------------===//

#include "NeuronISABuiltinLowering.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISABuiltinSignature.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "NeuronISA.h"
#include "NeuronISASourceTerms.h"
#include "NeuronISATileAccess.h"
#include "llvm/ADT/bit.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGenTypes/LowLevelType.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCInstrInfo.h"

using namespace llvm;
using namespace llvm::NeuronISA;

bool NeuronISA::isBuiltinName(StringRef Name) {
  return Name.starts_with(BuiltinPrefix);
}

const Function *NeuronISA::getCalledFunctionOrNull(const CallBase &CB) {
  // A call whose type differs from the callee's declaration is still a
  // direct call to it, just not one getCalledFunction() reports.
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

/// The builtin a call refers to, or null.
static const BuiltinInfo *findForCall(const CallBase &CB) {
  const Function *Callee = getCalledFunctionOrNull(CB);
  if (!Callee || !isBuiltinName(Callee->getName()))
    return nullptr;
  return findBuiltin(Callee->getName().drop_front(BuiltinPrefix.size()));
}

/// `E.wait(sem, thr)` with a run-time threshold becomes `E.waitr sem, thr, 0`.
static unsigned selectOpcode(const CallBase &CB, const BuiltinInfo &B,
                             const MCInstrInfo &MII) {
  if (getSyncKind(MII.get(B.BuiltinOpcode)) == SyncKind::Wait &&
      CB.arg_size() == 2 && !isa<ConstantInt>(CB.getArgOperand(1))) {
    std::string Name = (StringRef(B.BuiltinName) + "r").str();
    if (const BuiltinInfo *R = findBuiltin(Name))
      return R->BuiltinOpcode;
  }
  return B.BuiltinOpcode;
}

/// The arguments of a call: a dynamic wait passes no offset (it is 0).
static BuiltinSignature signatureForCall(const CallBase &CB,
                                         const BuiltinInfo &B,
                                         const MCInstrInfo &MII) {
  unsigned Opcode = selectOpcode(CB, B, MII);
  BuiltinSignature Sig = getBuiltinSignature(Opcode, MII);
  if (Opcode != B.BuiltinOpcode)
    Sig.Args.pop_back();
  return Sig;
}

/// What an argument of kind K must be, in the words of M's language.
static std::string describeKind(const Module &M, BuiltinArg::KindTy K) {
  if (!speaksC(M))
    return describeArgKind(K).str();
  switch (K) {
  case BuiltinArg::Reg:
    return "an int";
  case BuiltinArg::Imm:
    return "a compile-time constant int";
  case BuiltinArg::F32:
    return "a compile-time constant float";
  case BuiltinArg::Sem:
    return "a compile-time constant semaphore number (0-255)";
  default:
    return describeArgKind(K).str();
  }
}

/// The memories a tile argument accepts, in the words of M's language.
static std::string describeSpaces(const Module &M, unsigned Spaces) {
  if (!speaksC(M))
    return describeTileAddrSpaces(Spaces);
  switch (Spaces) {
  case 1u << NeuronISAAS::HBM:
    return "an __hbm pointer";
  case 1u << NeuronISAAS::SBUF:
    return "an __sbuf tile";
  case 1u << NeuronISAAS::PSUM:
    return "a __psum tile";
  default:
    return "an __sbuf or __psum tile";
  }
}

/// Why an argument that must be a constant is not, and what to write
/// instead (C only; "" for IR).
static std::string nonConstantHint(const Module &M, const Value *V) {
  if (!speaksC(M) || isa<Constant>(V))
    return "";
  std::string Why = ": it is a field of the instruction";
  if (isa<SelectInst>(V) || isa<PHINode>(V))
    return Why + ", and this one is chosen at run time; call the builtin "
                 "once per value, with if/else";
  const auto *BO = dyn_cast<BinaryOperator>(V);
  const auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
  if (C && ((BO->getOpcode() == Instruction::And && C->isOne()) ||
            (BO->getOpcode() == Instruction::URem && C->equalsInt(2)) ||
            (BO->getOpcode() == Instruction::SRem && C->equalsInt(2))))
    return Why + ". A loop counter's parity (i & 1, i % 2) is a constant "
                 "only in a loop the compiler unrolls by 2, one whose tile "
                 "pointers alternate (double buffering); elsewhere choose "
                 "with if/else: if (i & 1) call(..., 1); else call(..., 0);";
  if (isa<Argument>(V))
    return Why + ", and a kernel argument is known only at run time";
  return Why + ", and this one is computed at run time";
}

namespace {
/// The instruction's operands as a call gives them (immediates, the
/// partition starts of its tiles), and which argument gives each.
struct CallOperands {
  SmallVector<OperandValue, 16> Ops;
  SmallVector<unsigned, 16> ArgOf;
  SmallVector<TilePointer, 3> Tiles; // per argument
  CallOperands(unsigned NumOps, unsigned NumArgs)
      : Ops(NumOps), ArgOf(NumOps, ~0u), Tiles(NumArgs) {}
  void set(unsigned Op, OperandValue V, unsigned Arg) {
    Ops[Op] = V;
    ArgOf[Op] = Arg;
  }
};
} // namespace

/// Sets the operands argument I (V, of kind A) gives; "" or why the argument
/// is wrong.
static std::string collectArgument(const Module &M, const Value *V,
                                   unsigned I, const BuiltinArg &A,
                                   TileFormat F, CallOperands &CO) {
  switch (A.Kind) {
  case BuiltinArg::Tile: {
    auto *PT = dyn_cast<PointerType>(V->getType());
    if (!PT)
      return "must be " + describeKind(M, A.Kind);
    unsigned Spaces = getTileAddrSpaces(F, *A.Spec);
    if (!(Spaces & (1u << PT->getAddressSpace())))
      return "must be " + describeSpaces(M, Spaces);
    // A register plus a tile's address (or, in HBM, 0); the partition
    // start from the pointer.
    CO.set(A.Spec->baseOp(), OperandValue::virtualReg(), I);
    if (A.Spec->Space == MemSpace::HBM) {
      CO.set(A.Spec->offsetOp(), OperandValue::imm(0), I);
      return "";
    }
    CO.Tiles[I] = analyzeTilePointer(V, M.getDataLayout());
    CO.set(A.Spec->offsetOp(), OperandValue::symbol(), I);
    CO.set(A.Spec->partStartOp(), OperandValue::imm(CO.Tiles[I].PartStart),
           I);
    return "";
  }
  case BuiltinArg::Reg:
    if (!V->getType()->isIntegerTy(32))
      return "must be " + describeKind(M, A.Kind);
    CO.set(A.MIOp, OperandValue::virtualReg(), I);
    return "";
  case BuiltinArg::Imm:
  case BuiltinArg::Sem: {
    auto *CI = dyn_cast<ConstantInt>(V);
    if (!CI || CI->getBitWidth() != 32)
      return "must be " + describeKind(M, A.Kind) + nonConstantHint(M, V);
    int64_t X = CI->getSExtValue();
    // Only S0-S255 exist as registers (the machine may have fewer).
    if (A.Kind == BuiltinArg::Sem && (X < 0 || X > 255))
      return "is semaphore " + std::to_string(X) + ", out of range 0-255";
    CO.set(A.MIOp,
           A.Kind == BuiltinArg::Imm ? OperandValue::imm(X)
                                     : OperandValue::reg(getSemaphoreReg(X)),
           I);
    return "";
  }
  case BuiltinArg::F32:
    if (!isa<ConstantFP>(V) || !V->getType()->isFloatTy())
      return "must be " + describeKind(M, A.Kind) + nonConstantHint(M, V);
    CO.set(A.MIOp,
           OperandValue::imm(bit_cast<uint32_t>(
               cast<ConstantFP>(V)->getValueAPF().convertToFloat())),
           I);
    return "";
  }
  return "";
}

/// Every on-chip access of the call must lie inside the tile its pointer
/// names (and not write a constant one); "" or why one does not.
static std::string checkTileAccesses(const CallBase &CB,
                                     const BuiltinSignature &P,
                                     const CallOperands &CO, StringRef Name,
                                     ScalarEvolution *SE) {
  auto Imm = [&](unsigned Idx) { return CO.Ops[Idx].Value; };
  for (unsigned I = 0; I < P.Args.size(); ++I) {
    const BuiltinArg &A = P.Args[I];
    if (A.Kind != BuiltinArg::Tile || A.Spec->Space != MemSpace::OnChip)
      continue;
    const Value *Ptr = CB.getArgOperand(I);
    const TilePointer &T = CO.Tiles[I];
    TileShape Shape = getTileShape(*A.Spec, Imm);
    std::string Err = checkTileBounds(T, Shape.Partitions, Shape.FreeElems);
    if (Err.empty() && Shape.Writes && T.Tile && T.Tile->isConstant())
      Err = "writes " + describeTile(*T.Tile) +
            ", which is constant (a const tile: its initial contents are "
            "all it ever holds)";
    if (Err.empty() && SE)
      Err = checkRunTimeOffset(Ptr, T, *SE);
    if (!Err.empty())
      return ("'" + Twine(Name) + "' " + A.Spec->Role + ": " + Err).str();
  }
  return "";
}

std::string NeuronISA::checkBuiltinCall(const CallBase &CB,
                                        const MCInstrInfo &MII,
                                        const MachineParams &MP,
                                        ScalarEvolution *SE) {
  const Function *Callee = getCalledFunctionOrNull(CB);
  if (!Callee)
    return "indirect calls are not supported";
  const Module &M = *CB.getModule();
  std::string Name = builtinName(M, Callee->getName());
  const BuiltinInfo *B = findForCall(CB);
  if (!B)
    return ("unknown builtin '" + Twine(Name) + "'").str();
  if (!CB.getType()->isVoidTy())
    return ("builtin '" + Twine(Name) + "' must return void").str();
  BuiltinSignature P = signatureForCall(CB, *B, MII);
  unsigned Opcode = P.Opcode;
  unsigned N = CB.arg_size();
  if (N != P.Args.size() && !(P.OptionalSem && N == P.Args.size() + 1))
    return ("builtin '" + Name + "' takes " + Twine(P.Args.size()) +
            (P.OptionalSem ? " arguments (plus an optional completion "
                             "semaphore)"
                           : " arguments") +
            ", not " + Twine(N))
        .str();

  const MCInstrDesc &D = MII.get(Opcode);
  TileFormat F = getTileFormat(D);
  SmallVector<StringRef, 8> ArgNames = getBuiltinArgNames(*B);
  // "argument 3 (p) of 'neuronisa.dve.copy'"
  auto ArgRef = [&](unsigned I) {
    StringRef ArgName = I < ArgNames.size() ? ArgNames[I] : "sem";
    return ("argument " + Twine(I + 1) + " (" + ArgName + ") of '" + Name +
            "'")
        .str();
  };
  CallOperands CO(D.getNumOperands(), N);
  for (unsigned I = 0; I < N; ++I) {
    BuiltinArg A = I < P.Args.size()
                       ? P.Args[I]
                       : BuiltinArg{BuiltinArg::Sem,
                                    DataOperands::semaphore(D)};
    std::string Why = collectArgument(M, CB.getArgOperand(I), I, A, F, CO);
    if (!Why.empty())
      return ArgRef(I) + " " + Why;
  }
  // What the call leaves implicit: no completion semaphore, the dynamic
  // wait's offset 0.
  if (P.OptionalSem && N == P.Args.size())
    CO.Ops[DataOperands::semaphore(D)] = OperandValue::reg(NeuronISA::SNONE);
  if (Opcode != B->BuiltinOpcode)
    CO.Ops[getNamedOperandIdx(Opcode, OpName::off)] = OperandValue::imm(0);

  // Every field in its operand type's range, and the shape rules.
  if (std::optional<OperandError> E =
          checkOperands(MP, D, [&](unsigned Idx) { return CO.Ops[Idx]; })) {
    if (E->OpIdx < CO.ArgOf.size() && CO.ArgOf[E->OpIdx] != ~0u)
      return ArgRef(CO.ArgOf[E->OpIdx]) + ": " + E->Msg;
    return ("'" + Twine(Name) + "': " + E->Msg).str();
  }
  return checkTileAccesses(CB, P, CO, Name, SE);
}

/// The semaphore register named by a constant argument.
static SDValue semaphoreOperand(SelectionDAG &DAG, const Value *V) {
  unsigned Index = cast<ConstantInt>(V)->getZExtValue();
  return DAG.getRegister(getSemaphoreReg(Index), MVT::i32);
}

/// The largest access size a memory operand records (32 KiB); a larger
/// access is recorded as covering its whole object (conservative, not
/// wrong).
static constexpr uint64_t MaxRecordedAccessBytes = 1 << 15;

/// The memory type of an access of Bytes bytes that MIR can write back and
/// read: a scalar up to the MIR parser's largest (65535 bits), else a vector
/// of bytes (up to 65535 of them).
static LLT accessType(uint64_t Bytes) {
  if (Bytes * 8 <= UINT16_MAX)
    return LLT::scalar(Bytes * 8);
  return LLT::fixed_vector(Bytes, 8);
}

/// The memory operand for a tile argument: the tile's underlying object,
/// the constant offset into it when known, and the bytes it covers. For an
/// on-chip tile the offset is the byte offset of the access's first
/// element in the tile global (partition Off / 4F, LLVM's layout) and the
/// size is the extent in each partition; the partitions are the
/// instruction's (partition start and count). AAInfo: the call's
/// scoped-noalias tags, which hold for every access it makes.
static MachineMemOperand *tileMemOperand(MachineFunction &MF, const Value *Ptr,
                                         const TileShape &Shape,
                                         const TileOperandSpec &Spec,
                                         const AAMDNodes &AAInfo) {
  const DataLayout &DL = MF.getDataLayout();
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  int64_t Off = 0;
  const Value *Base = GetPointerBaseWithConstantOffset(Ptr, Off, DL);
  MachinePointerInfo PtrInfo(AS);
  MachineMemOperand::Flags Flags = MachineMemOperand::MONone;
  if (Shape.Reads)
    Flags |= MachineMemOperand::MOLoad;
  if (Shape.Writes)
    Flags |= MachineMemOperand::MOStore;
  if (isa<GlobalVariable>(Base) || isa<Argument>(Base)) {
    PtrInfo = MachinePointerInfo(Base, Off);
    uint64_t Bytes = Shape.extentBytes(Spec.Space);
    if (Bytes <= MaxRecordedAccessBytes)
      return MF.getMachineMemOperand(PtrInfo, Flags, accessType(Bytes),
                                     Align(4), AAInfo);
  } else {
    // A run-time offset: record the pointer itself, range unknown. The
    // dependence analysis finds its object (looking through the phis and
    // selects that loop strength reduction makes of a pointer advanced every
    // iteration, in + i * tile, so that accesses to distinct noalias buffers
    // stay independent) and, for HBM, its run-time addresses (SCEV).
    PtrInfo = MachinePointerInfo(Ptr, 0);
  }
  return MF.getMachineMemOperand(PtrInfo, Flags,
                                 LocationSize::beforeOrAfterPointer(),
                                 Align(4), AAInfo);
}

SDValue NeuronISA::lowerBuiltinCall(TargetLowering::CallLoweringInfo &CLI,
                                    const MCInstrInfo &MII,
                                    const MachineParams &MP) {
  SelectionDAG &DAG = CLI.DAG;
  const CallBase &CB = *CLI.CB;
  const SDLoc &DL = CLI.DL;
  MachineFunction &MF = DAG.getMachineFunction();

  std::string Err = checkBuiltinCall(CB, MII, MP);
  if (!Err.empty()) {
    DAG.getContext()->diagnose(
        DiagnosticInfoUnsupported(MF.getFunction(), Err, DL.getDebugLoc()));
    return CLI.Chain;
  }
  const BuiltinInfo *B = findForCall(CB);
  BuiltinSignature P = signatureForCall(CB, *B, MII);
  unsigned Opcode = P.Opcode;
  const MCInstrDesc &D = MII.get(Opcode);

  SmallVector<SDValue, 16> Ops(D.getNumOperands());
  SmallVector<int64_t, 16> Imms(D.getNumOperands(), 0);
  // Immediates first: tile shapes depend on them.
  for (unsigned I = 0; I < P.Args.size(); ++I)
    if (P.Args[I].Kind == BuiltinArg::Imm)
      Imms[P.Args[I].MIOp] =
          cast<ConstantInt>(CB.getArgOperand(I))->getSExtValue();

  SmallVector<MachineMemOperand *, 3> MMOs;
  for (unsigned I = 0; I < P.Args.size(); ++I) {
    const BuiltinArg &A = P.Args[I];
    const Value *V = CB.getArgOperand(I);
    SDValue Val = CLI.OutVals[I];
    switch (A.Kind) {
    case BuiltinArg::Tile: {
      const TileOperandSpec &Spec = *A.Spec;
      SDValue Base = Val, Off = DAG.getTargetConstant(0, DL, MVT::i32);
      if (Spec.Space == MemSpace::OnChip) {
        TilePointer TP = analyzeTilePointer(V, MF.getDataLayout());
        if (TP.isConstant()) {
          // A placed tile plus a constant: an immediate address off r0.
          Base = DAG.getRegister(NeuronISA::R0, MVT::i32);
          Off = DAG.getTargetGlobalAddress(TP.Tile, DL, MVT::i32,
                                           TP.ColumnOffset);
        } else if (TP.PartStart) {
          // The pointer's value is the tile's address plus its byte offset
          // in LLVM's layout; the partitions it skips are the partition
          // start's, not bytes of the partition.
          Base = DAG.getNode(
              ISD::SUB, DL, MVT::i32, Val,
              DAG.getConstant(uint64_t(TP.PartStart) * TP.RowBytes, DL,
                              MVT::i32));
        }
        Ops[Spec.partStartOp()] =
            DAG.getTargetConstant(TP.PartStart, DL, MVT::i32);
      }
      Ops[Spec.baseOp()] = Base;
      Ops[Spec.offsetOp()] = Off;
      TileShape Shape =
          getTileShape(*A.Spec, [&](unsigned Idx) { return Imms[Idx]; });
      MMOs.push_back(
          tileMemOperand(MF, V, Shape, *A.Spec, CB.getAAMetadata()));
      break;
    }
    case BuiltinArg::Reg:
      Ops[A.MIOp] = Val;
      break;
    case BuiltinArg::Imm:
      Ops[A.MIOp] = DAG.getTargetConstant(Imms[A.MIOp], DL, MVT::i32);
      break;
    case BuiltinArg::F32: {
      float X = cast<ConstantFP>(V)->getValueAPF().convertToFloat();
      Ops[A.MIOp] =
          DAG.getTargetConstant(bit_cast<uint32_t>(X), DL, MVT::i32);
      break;
    }
    case BuiltinArg::Sem:
      Ops[A.MIOp] = semaphoreOperand(DAG, V);
      break;
    }
  }
  // The waitr form of a dynamic wait has its offset last.
  if (Opcode != B->BuiltinOpcode)
    Ops[getNamedOperandIdx(Opcode, OpName::off)] =
        DAG.getTargetConstant(0, DL, MVT::i32);
  if (P.OptionalSem)
    Ops.back() = CB.arg_size() > P.Args.size()
                     ? semaphoreOperand(DAG, CB.getArgOperand(P.Args.size()))
                     : DAG.getRegister(NeuronISA::SNONE, MVT::i32);
  Ops.push_back(CLI.Chain);
  MachineSDNode *MN =
      DAG.getMachineNode(Opcode, DL, DAG.getVTList(MVT::Other), Ops);
  if (!MMOs.empty())
    DAG.setNodeMemRefs(MN, MMOs);
  return SDValue(MN, 0);
}
