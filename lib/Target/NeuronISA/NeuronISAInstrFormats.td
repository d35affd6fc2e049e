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

// Role: the column of the instruction in getEngineSyncOpcode (below).
class SyncKind<bits<3> v, string role> { bits<3> Value = v; string Role = role; }
def SyncNone    : SyncKind<0, "data">;
def SyncWait    : SyncKind<1, "wait">;
def SyncWaitReg : SyncKind<2, "waitr">;
def SyncInc     : SyncKind<3, "inc">;
def SyncSemSet  : SyncKind<4, "semset">;
def SyncBarrier : SyncKind<5, "barrier">;

// Data-path and synchronization instructions related by engine: see
// getEngineSyncOpcode.
class EngineSyncRelation<string role> { string SyncRole = role; }

class NeuronISAInst<dag outs, dag ins, string asmstr, list<dag> pattern>
    : Instruction {
  let Namespace = "NeuronISA";
  let OutOperandList = outs;
  let InOperandList = ins;
  let AsmString = asmstr;
  let Pattern = pattern;
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

//===----------------------------------------------------------------------===//
// Encoding (docs/ISA.md, "Encoding")
//
// Instructions are made of little-endian 64-bit words: control and
// synchronization instructions are one word, data-path instructions four.
// Every instruction starts with the same 16-bit header:
//   bits 0-2   engine: TSFlags' Engine
//   bits 3-7   format: TSFlags' TileFormat; non-zero means a four-word
//              data-path instruction, so the first word gives the length
//   bits 8-15  opcode: the SubOp of a data-path instruction, the SyncKind of
//              a synchronization instruction, a ControlOp otherwise
// (engine, format, opcode) identifies the instruction. Every bit that no
// field uses is zero; a word with a non-zero unused bit is not an
// instruction.
//===----------------------------------------------------------------------===//

// A one-word (control or synchronization) instruction. Operand fields:
//   bits 16-20, 21-25, 26-30  scalar registers, in operand order
//   bits 16-23                a semaphore (synchronization)
//   bits 32-63                a 32-bit immediate or branch offset
class ShortInst<dag outs, dag ins, string asmstr, list<dag> pattern,
                bits<8> opcode>
    : NeuronISAInst<outs, ins, asmstr, pattern> {
  field bits<64> Inst;
  field bits<64> SoftFail = 0;
  let Size = 8;
  let Inst{2-0} = Eng.Value;
  let Inst{7-3} = 0;
  let Inst{15-8} = opcode;
}

// A four-word data-path instruction:
//   word 0   bits 0-15 header, 16-24 completion semaphore (s0-s255 as 0-255,
//            snone as 256), then for tile operand k = 0, 1, 2 (in operand
//            order) at bit 25 + 12k: its base register (5 bits) and its
//            partition start (7 bits, zero for HBM operands); bit 61 the
//            matmul accumulate flag; bits 62-63 zero.
//   words 1-3  six 32-bit slots at bits 64, 96, ..., 224: the 32-bit fields
//            of the operands in operand order (a tile's byte offset, an
//            integer immediate, an fp32 bit pattern); unused slots are zero.
class DataEncoding<dag outs, dag ins, string asmstr>
    : NeuronISAInst<outs, ins, asmstr, []> {
  field bits<256> Inst;
  field bits<256> SoftFail = 0;
  let Size = 32;
  bits<9> sem;
  let Inst{2-0} = Eng.Value;
  let Inst{7-3} = Fmt.Value;
  let Inst{15-8} = {0, 0, 0, SubOp};
  let Inst{24-16} = sem;
  let Inst{63-62} = 0;
}

// Instructions reachable from IR through a builtin call
// `@neuronisa.<mnemonic>(...)`: the mnemonic is the builtin's name, so the
// table generated from this class is the only list of builtins. neuronisa.h
// and neuronisa-builtins.json are generated from the same table.
class NeuronISABuiltin<string mnemonic, dag args> {
  string BuiltinName = mnemonic;
  Instruction BuiltinOpcode = !cast<Instruction>(NAME);
  // The builtin's arguments, named after the instruction's operands in order
  // ("dst,src,p,f"): a tile address is one argument.
  string BuiltinArgNames =
      !interleave(!foreach(i, !range(!size(args)), !getdagname(args, i)), ",");
  // What the instruction does, in one line (set by every definition).
  string BuiltinDoc = "";
}

// A data-path instruction: runs on one engine, touches tiles, and keeps its
// place in program order (the synchronization passes rely on that order).
// Its format class (NeuronISAInstrInfo.td) places the operands in Inst.
class DataInst<Engine E, TileFormat F, string mnemonic, dag operandList,
               string operands, bits<5> subop = 0>
    : DataEncoding<(outs), !con(operandList, (ins SEMOPT:$sem)),
                   mnemonic # "\t" # operands # ", $sem">,
      NeuronISABuiltin<mnemonic, operandList>,
      EngineSyncRelation<SyncNone.Role> {
  let Eng = E;
  let Fmt = F;
  let SubOp = subop;
  let hasSideEffects = 1;
  let mayLoad = 1;
  let mayStore = 1;
}

// A synchronization instruction, executed by engine E only. Its opcode is
// its SyncKind.
class SyncInst<Engine E, SyncKind K, string mnemonic, dag operandList,
               string operands>
    : ShortInst<(outs), operandList, mnemonic # "\t" # operands, [],
                {0, 0, 0, 0, 0, K.Value{2}, K.Value{1}, K.Value{0}}>,
      NeuronISABuiltin<mnemonic, operandList>, EngineSyncRelation<K.Role> {
  let Eng = E;
  let Sync = K;
  let hasSideEffects = 1;
}
