//===-- NeuronISAInstrFormats.td - NeuronISA formats -------*- tablegen -*-===//
//
// Every instruction records, once, in TSFlags:
//   bits 0-2   Engine: the stream that executes it (0 = control: every
//              engine runs it on its own copy of the scalar registers).
//   bits 3-7   TileFormat: the operand layout of a data-path instruction
//              (which operands are tiles, read or written, and their shape).
//   bits 8-10  SyncKind: what a synchronization instruction does.
//   bits 11-15 SubOp: the arithmetic operation or activation function.
// NeuronISABaseInfo.h decodes these fields; nothing else may.
//===----------------------------------------------------------------------===//

class Engine<bits<3> v> { bits<3> Value = v; }
def EngineControl : Engine<0>;
def EnginePE      : Engine<1>;
def EngineACT     : Engine<2>;
def EngineDVE     : Engine<3>;
def EnginePOOL    : Engine<4>;
def EngineSP      : Engine<5>;

class TileFormat<bits<5> v> { bits<5> Value = v; }
def FmtNone         : TileFormat<0>;
def FmtDMALoad      : TileFormat<1>;
def FmtDMAStore     : TileFormat<2>;
def FmtMatMul       : TileFormat<3>;
def FmtTranspose    : TileFormat<4>;
def FmtAct          : TileFormat<5>;
def FmtActBias      : TileFormat<6>;
def FmtTensorTensor : TileFormat<7>;
def FmtTensorScalar : TileFormat<8>;
def FmtTensorScalarTile : TileFormat<9>;
def FmtReduce       : TileFormat<10>;
def FmtScan         : TileFormat<11>;
def FmtCopy         : TileFormat<12>;
def FmtMemset       : TileFormat<13>;
def FmtIota         : TileFormat<14>;

class SyncKind<bits<3> v> { bits<3> Value = v; }
def SyncNone    : SyncKind<0>;
def SyncWait    : SyncKind<1>;
def SyncWaitReg : SyncKind<2>;
def SyncInc     : SyncKind<3>;
def SyncSemSet  : SyncKind<4>;
def SyncBarrier : SyncKind<5>;

class NeuronISAInst<dag outs, dag ins, string asmstr, list<dag> pattern>
    : Instruction {
  let Namespace = "NeuronISA";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asmstr;
  let Pattern = pattern;
  let Size = 4;
  // Operands are found by name (NeuronISA::getNamedOperandIdx), never by
  // position: a change of an operand list cannot silently shift them.
  let UseNamedOperandTable = 1;

  Engine Eng = EngineControl;
  TileFormat Fmt = FmtNone;
  SyncKind Sync = SyncNone;
  bits<5> SubOp = 0;

  let TSFlags{2-0} = Eng.Value;
  let TSFlags{7-3} = Fmt.Value;
  let TSFlags{10-8} = Sync.Value;
  let TSFlags{15-11} = SubOp;
}

// Instructions reachable from IR through a builtin call
// `@neuronisa.<mnemonic>(...)`: the mnemonic is the builtin's name, so the
// table generated from this class is the only list of builtins.
class NeuronISABuiltin<string mnemonic> {
  string BuiltinName = mnemonic;
  Instruction BuiltinOpcode = !cast<Instruction>(NAME);
}

// A data-path instruction: runs on one engine, touches tiles, and keeps its
// place in program order (the synchronization passes rely on that order).
class DataInst<Engine E, TileFormat F, string mnemonic, dag operandList,
               string operands, bits<5> subop = 0>
    : NeuronISAInst<(outs), !con(operandList, (ins SEMOPT:$sem)),
                    mnemonic # "\t" # operands # ", $sem", []>,
      NeuronISABuiltin<mnemonic> {
  let Eng = E;
  let Fmt = F;
  let SubOp = subop;
  let hasSideEffects = 1;
  let mayLoad = 1;
  let mayStore = 1;
}

// A synchronization instruction, executed by engine E only.
class SyncInst<Engine E, SyncKind K, string mnemonic, dag operandList,
               string operands>
    : NeuronISAInst<(outs), operandList, mnemonic # "\t" # operands, []>,
      NeuronISABuiltin<mnemonic> {
  let Eng = E;
  let Sync = K;
  let hasSideEffects = 1;
}
