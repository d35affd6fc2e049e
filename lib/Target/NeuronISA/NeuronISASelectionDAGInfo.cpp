//===-- NeuronISASelectionDAGInfo.cpp - NeuronISA DAG node info -----------===//

#include "NeuronISASelectionDAGInfo.h"

#define GET_SDNODE_DESC
#include "NeuronISAGenSDNodeInfo.inc"

using namespace llvm;

NeuronISASelectionDAGInfo::NeuronISASelectionDAGInfo()
    : SelectionDAGGenTargetInfo(NeuronISAGenSDNodeInfo) {}
