//===-- NeuronISAISelDAGToDAG.cpp - NeuronISA instruction selection -------===//

#include "NeuronISA.h"
#include "NeuronISASubtarget.h"
#include "NeuronISATargetMachine.h"
#include "llvm/CodeGen/SelectionDAGISel.h"
#include "llvm/IR/DiagnosticInfo.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-isel"
#define PASS_NAME "NeuronISA DAG->DAG Pattern Instruction Selection"

namespace {
class NeuronISADAGToDAGISel : public SelectionDAGISel {
public:
  explicit NeuronISADAGToDAGISel(NeuronISATargetMachine &TM)
      : SelectionDAGISel(TM) {}

  void Select(SDNode *N) override;

#include "NeuronISAGenDAGISel.inc"
};

class NeuronISADAGToDAGISelLegacy : public SelectionDAGISelLegacy {
public:
  static char ID;
  explicit NeuronISADAGToDAGISelLegacy(NeuronISATargetMachine &TM)
      : SelectionDAGISelLegacy(
            ID, std::make_unique<NeuronISADAGToDAGISel>(TM)) {}
};
} // namespace

char NeuronISADAGToDAGISelLegacy::ID = 0;

INITIALIZE_PASS(NeuronISADAGToDAGISelLegacy, DEBUG_TYPE, PASS_NAME, false,
                false)

void NeuronISADAGToDAGISel::Select(SDNode *N) {
  // Builtin calls are lowered straight to machine nodes.
  if (N->isMachineOpcode()) {
    N->setNodeId(-1);
    return;
  }
  if (N->getOpcode() == ISD::FrameIndex) {
    // Only reachable through stack objects the kernel verifier rejects.
    CurDAG->getContext()->diagnose(DiagnosticInfoUnsupported(
        MF->getFunction(), "stack objects are not supported"));
    ReplaceNode(N, CurDAG->getMachineNode(NeuronISA::LI, SDLoc(N), MVT::i32,
                                          CurDAG->getTargetConstant(
                                              0, SDLoc(N), MVT::i32)));
    return;
  }
  SelectCode(N);
}

FunctionPass *llvm::createNeuronISAISelDag(NeuronISATargetMachine &TM) {
  return new NeuronISADAGToDAGISelLegacy(TM);
}
