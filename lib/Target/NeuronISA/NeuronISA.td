//===-- NeuronISA.td - Describe the NeuronISA target -------*- tablegen -*-===//
//
// NeuronISA: a multi-engine tensor accelerator modeled on AWS NeuronCore.
//
//===----------------------------------------------------------------------===//

include "llvm/Target/Target.td"
include "llvm/TableGen/SearchableTable.td"

include "NeuronISARegisterInfo.td"
include "NeuronISACallingConv.td"
include "NeuronISAInstrInfo.td"

defm : RemapAllTargetPseudoPointerOperands<GPR>;

def NeuronISAInstrInfo : InstrInfo;

def : ProcessorModel<"generic", NoSchedModel, []>;
def : ProcessorModel<"trn1", NoSchedModel, []>; // NeuronCore-v2
def : ProcessorModel<"trn2", NoSchedModel, []>; // NeuronCore-v3

def NeuronISAAsmParser : AsmParser {
  let ShouldEmitMatchRegisterName = 1;
}

def NeuronISA : Target {
  let InstructionSet = NeuronISAInstrInfo;
  let AssemblyParsers = [NeuronISAAsmParser];
}
