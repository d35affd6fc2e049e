//===-- NeuronISAISelLowering.cpp - NeuronISA DAG lowering ----------------===//
//
// Scalar code: i32 only (narrower integers are promoted; wider ones and
// floating-point scalar code are rejected before instruction selection by
// NeuronISAKernelVerifier). Tile operations arrive as builtin calls.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAISelLowering.h"
#include "NeuronISA.h"
#include "NeuronISABuiltinLowering.h"
#include "NeuronISASubtarget.h"
#include "NeuronISATargetMachine.h"
#include "llvm/CodeGen/CallingConvLower.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-lower"

#include "NeuronISAGenCallingConv.inc"

NeuronISATargetLowering::NeuronISATargetLowering(const TargetMachine &TM,
                                                 const NeuronISASubtarget &STI)
    : TargetLowering(TM, STI), Subtarget(STI) {
  addRegisterClass(MVT::i32, &NeuronISA::GPRRegClass);
  computeRegisterProperties(STI.getRegisterInfo());

  setBooleanContents(ZeroOrOneBooleanContent);
  setSchedulingPreference(Sched::Source);
  // Instructions are made of 64-bit words (docs/ISA.md, "Encoding").
  setMinFunctionAlignment(Align(8));
  setMaxAtomicSizeInBitsSupported(0);

  setOperationAction(ISD::GlobalAddress, MVT::i32, Custom);

  // Conditions: compare-and-branch and setcc + sel.
  setOperationAction(ISD::BR_CC, MVT::i32, Expand);
  setOperationAction(ISD::SELECT_CC, MVT::i32, Expand);
  setOperationAction(ISD::BR_JT, MVT::Other, Expand);
  setOperationAction(ISD::BRIND, MVT::Other, Expand);

  for (unsigned Op :
       {ISD::ROTL, ISD::ROTR, ISD::BSWAP, ISD::CTPOP, ISD::CTLZ, ISD::CTTZ,
        ISD::BITREVERSE, ISD::MULHS, ISD::MULHU, ISD::SMUL_LOHI,
        ISD::UMUL_LOHI, ISD::SDIVREM, ISD::UDIVREM, ISD::SHL_PARTS,
        ISD::SRA_PARTS, ISD::SRL_PARTS, ISD::ABS, ISD::SMIN, ISD::SMAX,
        ISD::UMIN, ISD::UMAX, ISD::FSHL, ISD::FSHR, ISD::UADDO, ISD::USUBO,
        ISD::SADDO, ISD::SSUBO, ISD::UADDO_CARRY, ISD::USUBO_CARRY,
        ISD::SMULO, ISD::UMULO, ISD::SADDSAT, ISD::UADDSAT, ISD::SSUBSAT,
        ISD::USUBSAT, ISD::ABDS, ISD::ABDU, ISD::AVGFLOORS, ISD::AVGFLOORU,
        ISD::AVGCEILS, ISD::AVGCEILU, ISD::SCMP, ISD::UCMP})
    setOperationAction(Op, MVT::i32, Expand);
  for (MVT VT : {MVT::i1, MVT::i8, MVT::i16})
    setOperationAction(ISD::SIGN_EXTEND_INREG, VT, Expand);
  for (MVT VT : MVT::integer_valuetypes()) {
    setLoadExtAction(ISD::EXTLOAD, MVT::i32, VT, Expand);
    setLoadExtAction(ISD::SEXTLOAD, MVT::i32, VT, Expand);
    setLoadExtAction(ISD::ZEXTLOAD, MVT::i32, VT, Expand);
  }
  // No indirect branches: switches become compare-and-branch chains.
  setMinimumJumpTableEntries(UINT_MAX);
  setOperationAction(ISD::DYNAMIC_STACKALLOC, MVT::i32, Expand);
  setOperationAction(ISD::STACKSAVE, MVT::Other, Expand);
  setOperationAction(ISD::STACKRESTORE, MVT::Other, Expand);
  // `unreachable` (TrapUnreachable) and llvm.trap end the kernel.
  setOperationAction(ISD::TRAP, MVT::Other, Custom);
}

SDValue NeuronISATargetLowering::LowerOperation(SDValue Op,
                                                SelectionDAG &DAG) const {
  switch (Op.getOpcode()) {
  case ISD::GlobalAddress:
    return lowerGlobalAddress(Op, DAG);
  case ISD::TRAP:
    // No trap instruction: reaching a point C says is never reached ends the
    // kernel on every engine (all run the same control flow).
    return DAG.getNode(NeuronISAISD::RET_GLUE, SDLoc(Op), MVT::Other,
                       Op.getOperand(0));
  default:
    report_fatal_error("NeuronISA: unexpected operation to lower");
  }
}

// A tile's address is known once the backend places the tiles: an immediate.
SDValue NeuronISATargetLowering::lowerGlobalAddress(SDValue Op,
                                                    SelectionDAG &DAG) const {
  auto *N = cast<GlobalAddressSDNode>(Op);
  SDLoc DL(Op);
  SDValue T = DAG.getTargetGlobalAddress(N->getGlobal(), DL, MVT::i32,
                                         N->getOffset());
  return DAG.getNode(NeuronISAISD::WRAPPER, DL, MVT::i32, T);
}

SDValue NeuronISATargetLowering::LowerFormalArguments(
    SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
    const SmallVectorImpl<ISD::InputArg> &Ins, const SDLoc &DL,
    SelectionDAG &DAG, SmallVectorImpl<SDValue> &InVals) const {
  MachineFunction &MF = DAG.getMachineFunction();
  MachineRegisterInfo &RegInfo = MF.getRegInfo();
  SmallVector<CCValAssign, 8> ArgLocs;
  CCState CCInfo(CallConv, IsVarArg, MF, ArgLocs, *DAG.getContext());
  CCInfo.AnalyzeFormalArguments(Ins, CC_NeuronISA);

  for (const CCValAssign &VA : ArgLocs) {
    if (!VA.isRegLoc()) {
      // Diagnosed by the kernel verifier; produce a placeholder value.
      InVals.push_back(DAG.getUNDEF(VA.getLocVT()));
      continue;
    }
    Register VReg = RegInfo.createVirtualRegister(&NeuronISA::GPRRegClass);
    RegInfo.addLiveIn(VA.getLocReg(), VReg);
    SDValue V = DAG.getCopyFromReg(Chain, DL, VReg, VA.getLocVT());
    if (VA.getLocInfo() == CCValAssign::SExt)
      V = DAG.getNode(ISD::AssertSext, DL, VA.getLocVT(), V,
                      DAG.getValueType(VA.getValVT()));
    else if (VA.getLocInfo() == CCValAssign::ZExt)
      V = DAG.getNode(ISD::AssertZext, DL, VA.getLocVT(), V,
                      DAG.getValueType(VA.getValVT()));
    if (VA.getLocInfo() != CCValAssign::Full)
      V = DAG.getNode(ISD::TRUNCATE, DL, VA.getValVT(), V);
    InVals.push_back(V);
  }
  return Chain;
}

SDValue NeuronISATargetLowering::LowerCall(CallLoweringInfo &CLI,
                                           SmallVectorImpl<SDValue> &) const {
  // A builtin is an instruction, never a tail call: clang marks the last call
  // of a function `tail`, and a call lowered as a tail call makes
  // SelectionDAGBuilder drop the block's `ret`, so execution would fall
  // through into whatever block is laid out next.
  CLI.IsTailCall = false;
  return NeuronISA::lowerBuiltinCall(CLI, *Subtarget.getInstrInfo(),
                                     Subtarget.getMachineParams());
}

bool NeuronISATargetLowering::CanLowerReturn(
    CallingConv::ID CallConv, MachineFunction &MF, bool IsVarArg,
    const SmallVectorImpl<ISD::OutputArg> &Outs, LLVMContext &Context,
    const Type *RetTy) const {
  SmallVector<CCValAssign, 2> RVLocs;
  CCState CCInfo(CallConv, IsVarArg, MF, RVLocs, Context);
  return CCInfo.CheckReturn(Outs, RetCC_NeuronISA);
}

SDValue NeuronISATargetLowering::LowerReturn(
    SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
    const SmallVectorImpl<ISD::OutputArg> &Outs,
    const SmallVectorImpl<SDValue> &OutVals, const SDLoc &DL,
    SelectionDAG &DAG) const {
  SmallVector<CCValAssign, 2> RVLocs;
  CCState CCInfo(CallConv, IsVarArg, DAG.getMachineFunction(), RVLocs,
                 *DAG.getContext());
  CCInfo.AnalyzeReturn(Outs, RetCC_NeuronISA);

  SDValue Glue;
  SmallVector<SDValue, 4> RetOps(1, Chain);
  for (unsigned I = 0; I < RVLocs.size(); ++I) {
    CCValAssign &VA = RVLocs[I];
    SDValue V = OutVals[I];
    if (VA.getLocInfo() == CCValAssign::SExt)
      V = DAG.getNode(ISD::SIGN_EXTEND, DL, VA.getLocVT(), V);
    else if (VA.getLocInfo() == CCValAssign::ZExt)
      V = DAG.getNode(ISD::ZERO_EXTEND, DL, VA.getLocVT(), V);
    else if (VA.getLocInfo() == CCValAssign::AExt)
      V = DAG.getNode(ISD::ANY_EXTEND, DL, VA.getLocVT(), V);
    Chain = DAG.getCopyToReg(Chain, DL, VA.getLocReg(), V, Glue);
    Glue = Chain.getValue(1);
    RetOps.push_back(DAG.getRegister(VA.getLocReg(), VA.getLocVT()));
  }
  RetOps[0] = Chain;
  if (Glue.getNode())
    RetOps.push_back(Glue);
  return DAG.getNode(NeuronISAISD::RET_GLUE, DL, MVT::Other, RetOps);
}
