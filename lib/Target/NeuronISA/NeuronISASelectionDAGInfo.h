//===-- NeuronISASelectionDAGInfo.h - NeuronISA DAG node info ---*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASELECTIONDAGINFO_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASELECTIONDAGINFO_H

#include "llvm/CodeGen/SelectionDAGTargetInfo.h"

#define GET_SDNODE_ENUM
#include "NeuronISAGenSDNodeInfo.inc"

namespace llvm {
class NeuronISASelectionDAGInfo : public SelectionDAGGenTargetInfo {
public:
  NeuronISASelectionDAGInfo();
};
} // namespace llvm

#endif
