//===-- NeuronISAISelLowering.h - NeuronISA DAG lowering --------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISAISELLOWERING_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISAISELLOWERING_H

#include "NeuronISASelectionDAGInfo.h"
#include "llvm/CodeGen/SelectionDAG.h"
#include "llvm/CodeGen/TargetLowering.h"

namespace llvm {
class NeuronISASubtarget;
class NeuronISATargetMachine;

class NeuronISATargetLowering : public TargetLowering {
  const NeuronISASubtarget &Subtarget;

public:
  NeuronISATargetLowering(const TargetMachine &TM,
                          const NeuronISASubtarget &STI);

  SDValue LowerOperation(SDValue Op, SelectionDAG &DAG) const override;

  SDValue LowerFormalArguments(SDValue Chain, CallingConv::ID CallConv,
                               bool IsVarArg,
                               const SmallVectorImpl<ISD::InputArg> &Ins,
                               const SDLoc &DL, SelectionDAG &DAG,
                               SmallVectorImpl<SDValue> &InVals) const override;
  /// Only builtin calls exist: they become data-path or sync instructions.
  SDValue LowerCall(CallLoweringInfo &CLI,
                    SmallVectorImpl<SDValue> &InVals) const override;
  bool CanLowerReturn(CallingConv::ID CallConv, MachineFunction &MF,
                      bool IsVarArg,
                      const SmallVectorImpl<ISD::OutputArg> &Outs,
                      LLVMContext &Context, const Type *RetTy) const override;
  SDValue LowerReturn(SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
                      const SmallVectorImpl<ISD::OutputArg> &Outs,
                      const SmallVectorImpl<SDValue> &OutVals, const SDLoc &DL,
                      SelectionDAG &DAG) const override;

  bool isOffsetFoldingLegal(const GlobalAddressSDNode *GA) const override {
    return true;
  }

private:
  SDValue lowerGlobalAddress(SDValue Op, SelectionDAG &DAG) const;
};

} // namespace llvm

#endif
