//===-- NeuronISAInstrInfo.td - NeuronISA instructions -----*- tablegen -*-===//
//
// Three kinds of instructions:
//  - control (scalar ALU, compare, branch): every engine runs them, each on
//    its own copy of the scalar registers, so all engines follow one control
//    flow;
//  - data path: run by exactly one engine (PE, ACT, DVE, POOL) or, for DMA,
//    triggered by SP and completed asynchronously by a DMA queue; each may
//    increment a semaphore when it completes ($sem, or snone);
//  - synchronization: waits, increments and sets of semaphores on one engine,
//    and the all-engine barrier.
// docs/ISA.md describes every instruction's semantics.
//===----------------------------------------------------------------------===//

include "NeuronISAInstrFormats.td"

//===----------------------------------------------------------------------===//
// Selection DAG nodes
//===----------------------------------------------------------------------===//

def NeuronISAret : SDNode<"NeuronISAISD::RET_GLUE", SDTNone,
                          [SDNPHasChain, SDNPOptInGlue, SDNPVariadic]>;
// Materializes a tile's placed address (a global in the SBUF or PSUM space).
def NeuronISAwrapper : SDNode<"NeuronISAISD::WRAPPER", SDTIntUnaryOp>;

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

def TileAddrAsmOperand : AsmOperandClass {
  let Name = "TileAddr";
  let ParserMethod = "parseTileAddr";
  let RenderMethod = "addTileAddrOperands";
}

def HBMAddrAsmOperand : AsmOperandClass {
  let Name = "HBMAddr";
  let ParserMethod = "parseHBMAddr";
  let RenderMethod = "addHBMAddrOperands";
}

// An on-chip (SBUF or PSUM) tile address: [base + offset, p<start>]. Base
// plus offset is the per-partition byte address; the access starts at
// partition $pstart (a constant: run-time addresses move along the free
// dimension only). The offset is an immediate or, before emission, a tile
// global placed by the backend. Encoded as 44 bits: the offset in bits 0-31,
// the base register in 32-36, the partition start in 37-43.
def tileaddr : Operand<i32> {
  let MIOperandInfo = (ops GPR:$base, i32imm:$off, i32imm:$pstart);
  let PrintMethod = "printTileAddr";
  let ParserMatchClass = TileAddrAsmOperand;
  let OperandType = "OPERAND_NEURONISA_TILE_ADDR";
  let EncoderMethod = "getTileAddrEncoding";
  let DecoderMethod = "decodeTileAddr";
}

// An HBM address: [base + offset], a byte address (DMA only). Encoded as 37
// bits: the offset in bits 0-31, the base register in 32-36.
def hbmaddr : Operand<i32> {
  let MIOperandInfo = (ops GPR:$base, i32imm:$off);
  let PrintMethod = "printHBMAddr";
  let ParserMatchClass = HBMAddrAsmOperand;
  let OperandType = "OPERAND_NEURONISA_HBM_ADDR";
  let EncoderMethod = "getHBMAddrEncoding";
  let DecoderMethod = "decodeHBMAddr";
}

// Immediate fields. Each has an operand type of its own (an
// MCOI::NeuronISAOperandType, NeuronISABaseInfo.h) whose range the machine
// parameters decide (NeuronISAOperandCheck.h); the assembly parser, the
// machine verifier, the builtin checks and the simulator check it there.
class NeuronISAImm<string type> : Operand<i32> {
  let OperandType = "OPERAND_NEURONISA_" # type;
}
// Scalar immediates: any 32-bit value (written signed or unsigned).
def imm32 : NeuronISAImm<"IMM32">;
// A signed 32-bit immediate.
def simm32 : NeuronISAImm<"SIMM32">;
// A number of partitions: 1 to NumPartitions.
def partcount : NeuronISAImm<"PARTITIONS">;
// A free size in fp32 elements: 1 to a partition of SBUF or PSUM.
def freesize : NeuronISAImm<"FREE_SIZE">;
// A matmul's moving free size N: 1 to one PSUM bank.
def pecolumns : NeuronISAImm<"PE_COLUMNS">;
// Bytes between HBM rows.
def hbmstride : NeuronISAImm<"HBM_STRIDE">;
// A DMA queue: 0 to NumDMAQueues - 1.
def dmaqueue : NeuronISAImm<"DMA_QUEUE">;
// 0 or 1: one bit of the encoding.
def flag : NeuronISAImm<"FLAG"> {
  let EncoderMethod = "getFlagEncoding";
}

def F32ImmAsmOperand : AsmOperandClass {
  let Name = "F32Imm";
  let ParserMethod = "parseF32Imm";
  let RenderMethod = "addImmOperands";
}

// An fp32 constant, held as its IEEE bit pattern and printed as a number.
def f32bits : Operand<i32> {
  let OperandType = "OPERAND_NEURONISA_F32";
  let PrintMethod = "printF32Imm";
  let ParserMatchClass = F32ImmAsmOperand;
}

// A branch target: encoded as the signed distance in 64-bit words from the
// branch to its target.
def brtarget : Operand<OtherVT> {
  let EncoderMethod = "getBranchTargetEncoding";
  let DecoderMethod = "decodeBranchTarget";
}

//===----------------------------------------------------------------------===//
// Control instructions: scalar ALU
//===----------------------------------------------------------------------===//

// Control opcodes (header bits 8-15): 0x20 + n register-register ALU
// operation n, 0x40 + n the same operation with an immediate, 0x60 moves,
// 0x80 control flow. Opcodes 1-5 are SyncKinds (only barrier is a control
// instruction); everything else is not an instruction.
class ALU_rr<string m, SDPatternOperator op, bits<5> n>
    : ShortInst<(outs GPR:$rd), (ins GPR:$ra, GPR:$rb),
                m # "\t$rd, $ra, $rb",
                [(set GPR:$rd, (op GPR:$ra, GPR:$rb))], {0b001, n}> {
  bits<5> rd;
  bits<5> ra;
  bits<5> rb;
  let Inst{20-16} = rd;
  let Inst{25-21} = ra;
  let Inst{30-26} = rb;
  let Inst{63-31} = 0;
}

class ALU_ri<string m, SDPatternOperator op, bits<5> n>
    : ShortInst<(outs GPR:$rd), (ins GPR:$ra, imm32:$imm),
                m # "\t$rd, $ra, $imm",
                [(set GPR:$rd, (op GPR:$ra, imm:$imm))], {0b010, n}> {
  bits<5> rd;
  bits<5> ra;
  bits<32> imm;
  let Inst{20-16} = rd;
  let Inst{25-21} = ra;
  let Inst{31-26} = 0;
  let Inst{63-32} = imm;
}

def ADD  : ALU_rr<"add", add, 0>;
def SUB  : ALU_rr<"sub", sub, 1>;
def MUL  : ALU_rr<"mul", mul, 2>;
def DIVS : ALU_rr<"divs", sdiv, 3>;
def DIVU : ALU_rr<"divu", udiv, 4>;
def REMS : ALU_rr<"rems", srem, 5>;
def REMU : ALU_rr<"remu", urem, 6>;
def AND  : ALU_rr<"and", and, 7>;
def OR   : ALU_rr<"or", or, 8>;
def XOR  : ALU_rr<"xor", xor, 9>;
def SHL  : ALU_rr<"shl", shl, 10>;
def SRL  : ALU_rr<"srl", srl, 11>;
def SRA  : ALU_rr<"sra", sra, 12>;

def ADDI : ALU_ri<"addi", add, 0>;
def MULI : ALU_ri<"muli", mul, 2>;
def ANDI : ALU_ri<"andi", and, 7>;
def ORI  : ALU_ri<"ori", or, 8>;
def XORI : ALU_ri<"xori", xor, 9>;
def SHLI : ALU_ri<"shli", shl, 10>;
def SRLI : ALU_ri<"srli", srl, 11>;
def SRAI : ALU_ri<"srai", sra, 12>;

def SEQ  : ALU_rr<"seq", seteq, 13>;
def SNE  : ALU_rr<"sne", setne, 14>;
def SLT  : ALU_rr<"slt", setlt, 15>;
def SLTU : ALU_rr<"sltu", setult, 16>;

def : Pat<(setgt GPR:$a, GPR:$b), (SLT GPR:$b, GPR:$a)>;
def : Pat<(setugt GPR:$a, GPR:$b), (SLTU GPR:$b, GPR:$a)>;
def : Pat<(setge GPR:$a, GPR:$b), (XORI (SLT GPR:$a, GPR:$b), 1)>;
def : Pat<(setuge GPR:$a, GPR:$b), (XORI (SLTU GPR:$a, GPR:$b), 1)>;
def : Pat<(setle GPR:$a, GPR:$b), (XORI (SLT GPR:$b, GPR:$a), 1)>;
def : Pat<(setule GPR:$a, GPR:$b), (XORI (SLTU GPR:$b, GPR:$a), 1)>;

let isReMaterializable = 1, isAsCheapAsAMove = 1, isMoveImm = 1 in
def LI : ShortInst<(outs GPR:$rd), (ins imm32:$imm), "li\t$rd, $imm",
                   [(set GPR:$rd, imm:$imm)], 0x60> {
  bits<5> rd;
  bits<32> imm;
  let Inst{20-16} = rd;
  let Inst{31-21} = 0;
  let Inst{63-32} = imm;
}
def : Pat<(NeuronISAwrapper tglobaladdr:$g), (LI tglobaladdr:$g)>;

let isMoveReg = 1 in
def MOV : ShortInst<(outs GPR:$rd), (ins GPR:$ra), "mov\t$rd, $ra", [], 0x61> {
  bits<5> rd;
  bits<5> ra;
  let Inst{20-16} = rd;
  let Inst{25-21} = ra;
  let Inst{63-26} = 0;
}

// rd = rc != 0 ? ra : rb. Four registers: rb takes bits 32-36.
def SEL : ShortInst<(outs GPR:$rd), (ins GPR:$rc, GPR:$ra, GPR:$rb),
                    "sel\t$rd, $rc, $ra, $rb",
                    [(set GPR:$rd, (select GPR:$rc, GPR:$ra, GPR:$rb))], 0x62> {
  bits<5> rd;
  bits<5> rc;
  bits<5> ra;
  bits<5> rb;
  let Inst{20-16} = rd;
  let Inst{25-21} = rc;
  let Inst{30-26} = ra;
  let Inst{31} = 0;
  let Inst{36-32} = rb;
  let Inst{63-37} = 0;
}

// A one-word instruction without operands.
class NoOperandInst<string m, list<dag> pattern, bits<8> opcode>
    : ShortInst<(outs), (ins), m, pattern, opcode> {
  let Inst{63-16} = 0;
}

// Spill and reload of a scalar register. NeuronISA has no stack: they exist
// so that register allocation stays well formed while the frame lowering
// reports the function as needing a stack (an error). They have no encoding.
let isCodeGenOnly = 1, isPseudo = 1, mayStore = 1 in
def SPILL : NeuronISAInst<(outs), (ins GPR:$r, i32imm:$slot),
                          "# spill $r to stack slot $slot", []>;
let isCodeGenOnly = 1, isPseudo = 1, mayLoad = 1 in
def RELOAD : NeuronISAInst<(outs GPR:$r), (ins i32imm:$slot),
                           "# reload $r from stack slot $slot", []>;

let hasSideEffects = 0 in
def NOP : NoOperandInst<"nop", [], 0x63>;

//===----------------------------------------------------------------------===//
// Control instructions: branches
//===----------------------------------------------------------------------===//

let isBranch = 1, isTerminator = 1, isBarrier = 1 in
def B : ShortInst<(outs), (ins brtarget:$t), "b\t$t", [(br bb:$t)], 0x80> {
  bits<32> t;
  let Inst{31-16} = 0;
  let Inst{63-32} = t;
}

class BranchCC<string m, bits<8> opcode>
    : ShortInst<(outs), (ins GPR:$ra, GPR:$rb, brtarget:$t),
                m # "\t$ra, $rb, $t", [], opcode> {
  let isBranch = 1;
  let isTerminator = 1;
  bits<5> ra;
  bits<5> rb;
  bits<32> t;
  let Inst{20-16} = ra;
  let Inst{25-21} = rb;
  let Inst{31-26} = 0;
  let Inst{63-32} = t;
}

def BEQ  : BranchCC<"beq", 0x81>;
def BNE  : BranchCC<"bne", 0x82>;
def BLT  : BranchCC<"blt", 0x83>;
def BGE  : BranchCC<"bge", 0x84>;
def BLTU : BranchCC<"bltu", 0x85>;
def BGEU : BranchCC<"bgeu", 0x86>;

def : Pat<(brcond (i32 (seteq GPR:$a, GPR:$b)), bb:$t), (BEQ GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i32 (setne GPR:$a, GPR:$b)), bb:$t), (BNE GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i32 (setlt GPR:$a, GPR:$b)), bb:$t), (BLT GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i32 (setge GPR:$a, GPR:$b)), bb:$t), (BGE GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i32 (setgt GPR:$a, GPR:$b)), bb:$t), (BLT GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i32 (setle GPR:$a, GPR:$b)), bb:$t), (BGE GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i32 (setult GPR:$a, GPR:$b)), bb:$t), (BLTU GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i32 (setuge GPR:$a, GPR:$b)), bb:$t), (BGEU GPR:$a, GPR:$b, bb:$t)>;
def : Pat<(brcond (i32 (setugt GPR:$a, GPR:$b)), bb:$t), (BLTU GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond (i32 (setule GPR:$a, GPR:$b)), bb:$t), (BGEU GPR:$b, GPR:$a, bb:$t)>;
def : Pat<(brcond GPR:$c, bb:$t), (BNE GPR:$c, R0, bb:$t)>;
// Comparisons with zero read r0 instead of materializing the constant.
def : Pat<(brcond (i32 (seteq GPR:$a, 0)), bb:$t), (BEQ GPR:$a, R0, bb:$t)>;
def : Pat<(brcond (i32 (setne GPR:$a, 0)), bb:$t), (BNE GPR:$a, R0, bb:$t)>;
def : Pat<(brcond (i32 (setlt GPR:$a, 0)), bb:$t), (BLT GPR:$a, R0, bb:$t)>;
def : Pat<(brcond (i32 (setge GPR:$a, 0)), bb:$t), (BGE GPR:$a, R0, bb:$t)>;
def : Pat<(brcond (i32 (setgt GPR:$a, 0)), bb:$t), (BLT R0, GPR:$a, bb:$t)>;
def : Pat<(brcond (i32 (setle GPR:$a, 0)), bb:$t), (BGE R0, GPR:$a, bb:$t)>;
def : Pat<(brcond (i32 (setlt GPR:$a, 1)), bb:$t), (BGE R0, GPR:$a, bb:$t)>;
def : Pat<(brcond (i32 (setgt GPR:$a, -1)), bb:$t), (BGE GPR:$a, R0, bb:$t)>;

let isReturn = 1, isTerminator = 1, isBarrier = 1 in
def RET : NoOperandInst<"ret", [(NeuronISAret)], 0x87>;

//===----------------------------------------------------------------------===//
// Data-path instructions
//===----------------------------------------------------------------------===//

// Formats: each fixes the operand list of its TileFormat (the layout that
// NeuronISAMachineModel.cpp's TileOperandSpecs describe) and places the
// operands in the four-word encoding (DataEncoding): tile k's base register
// and partition start in word 0, every 32-bit field in the next free slot.

// SBUF dst, HBM src, P, F, stride, queue.
class DMALoadInst<string mnemonic>
    : DataInst<EngineSP, FmtDMALoad, mnemonic,
        (ins tileaddr:$dst, hbmaddr:$src, partcount:$p, freesize:$f,
             hbmstride:$stride, dmaqueue:$queue),
        "$dst, $src, $p, $f, $stride, $queue", 0> {
  bits<44> dst;
  bits<37> src;
  bits<32> p;
  bits<32> f;
  bits<32> stride;
  bits<32> queue;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = 0; // no partition start in HBM
  let Inst{127-96} = src{31-0};
  let Inst{159-128} = p;
  let Inst{191-160} = f;
  let Inst{223-192} = stride;
  let Inst{255-224} = queue;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
}

// HBM dst, SBUF src, P, F, stride, queue.
class DMAStoreInst<string mnemonic>
    : DataInst<EngineSP, FmtDMAStore, mnemonic,
        (ins hbmaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f,
             hbmstride:$stride, dmaqueue:$queue),
        "$dst, $src, $p, $f, $stride, $queue", 0> {
  bits<37> dst;
  bits<44> src;
  bits<32> p;
  bits<32> f;
  bits<32> stride;
  bits<32> queue;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = 0; // no partition start in HBM
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{159-128} = p;
  let Inst{191-160} = f;
  let Inst{223-192} = stride;
  let Inst{255-224} = queue;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
}

// dst, stationary, moving, K, M, N, accumulate.
class MatMulInst<string mnemonic>
    : DataInst<EnginePE, FmtMatMul, mnemonic,
        (ins tileaddr:$dst, tileaddr:$stat, tileaddr:$mov, partcount:$k,
             partcount:$m, pecolumns:$n, flag:$acc),
        "$dst, $stat, $mov, $k, $m, $n, $acc", 0> {
  bits<44> dst;
  bits<44> stat;
  bits<44> mov;
  bits<32> k;
  bits<32> m;
  bits<32> n;
  bits<1> acc;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = stat{36-32};
  let Inst{48-42} = stat{43-37};
  let Inst{127-96} = stat{31-0};
  let Inst{53-49} = mov{36-32};
  let Inst{60-54} = mov{43-37};
  let Inst{159-128} = mov{31-0};
  let Inst{191-160} = k;
  let Inst{223-192} = m;
  let Inst{255-224} = n;
  let Inst{61} = acc;
}

// dst, src, P, F. $f, the free size of src, is the partition count of dst:
// its operand type is a partition count.
class TransposeInst<string mnemonic>
    : DataInst<EnginePE, FmtTranspose, mnemonic,
        (ins tileaddr:$dst, tileaddr:$src, partcount:$p, partcount:$f),
        "$dst, $src, $p, $f", 0> {
  bits<44> dst;
  bits<44> src;
  bits<32> p;
  bits<32> f;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{159-128} = p;
  let Inst{191-160} = f;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
  let Inst{255-192} = 0;
}

// dst, src, P, F, scale, bias.
class ActInst<string mnemonic, bits<5> func>
    : DataInst<EngineACT, FmtAct, mnemonic,
        (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f,
             f32bits:$scale, f32bits:$bias),
        "$dst, $src, $p, $f, $scale, $bias", func> {
  bits<44> dst;
  bits<44> src;
  bits<32> p;
  bits<32> f;
  bits<32> scale;
  bits<32> bias;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{159-128} = p;
  let Inst{191-160} = f;
  let Inst{223-192} = scale;
  let Inst{255-224} = bias;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
}

// dst, src, bias tile, P, F, scale.
class ActBiasInst<string mnemonic, bits<5> func>
    : DataInst<EngineACT, FmtActBias, mnemonic,
        (ins tileaddr:$dst, tileaddr:$src, tileaddr:$bias, partcount:$p,
             freesize:$f, f32bits:$scale),
        "$dst, $src, $bias, $p, $f, $scale", func> {
  bits<44> dst;
  bits<44> src;
  bits<44> bias;
  bits<32> p;
  bits<32> f;
  bits<32> scale;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{53-49} = bias{36-32};
  let Inst{60-54} = bias{43-37};
  let Inst{159-128} = bias{31-0};
  let Inst{191-160} = p;
  let Inst{223-192} = f;
  let Inst{255-224} = scale;
  let Inst{61} = 0;
}

// dst, a, b, P, F.
class TensorTensorInst<Engine E, string mnemonic, bits<5> op>
    : DataInst<E, FmtTensorTensor, mnemonic,
        (ins tileaddr:$dst, tileaddr:$a, tileaddr:$b, partcount:$p,
             freesize:$f),
        "$dst, $a, $b, $p, $f", op> {
  bits<44> dst;
  bits<44> a;
  bits<44> b;
  bits<32> p;
  bits<32> f;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = a{36-32};
  let Inst{48-42} = a{43-37};
  let Inst{127-96} = a{31-0};
  let Inst{53-49} = b{36-32};
  let Inst{60-54} = b{43-37};
  let Inst{159-128} = b{31-0};
  let Inst{191-160} = p;
  let Inst{223-192} = f;
  let Inst{61} = 0;
  let Inst{255-224} = 0;
}

// dst, src, scalar, P, F.
class TensorScalarInst<Engine E, string mnemonic, bits<5> op>
    : DataInst<E, FmtTensorScalar, mnemonic,
        (ins tileaddr:$dst, tileaddr:$src, f32bits:$s, partcount:$p,
             freesize:$f),
        "$dst, $src, $s, $p, $f", op> {
  bits<44> dst;
  bits<44> src;
  bits<32> s;
  bits<32> p;
  bits<32> f;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{159-128} = s;
  let Inst{191-160} = p;
  let Inst{223-192} = f;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
  let Inst{255-224} = 0;
}

// dst, src, scalar tile, P, F.
class TensorScalarTileInst<Engine E, string mnemonic, bits<5> op>
    : DataInst<E, FmtTensorScalarTile, mnemonic,
        (ins tileaddr:$dst, tileaddr:$src, tileaddr:$scal, partcount:$p,
             freesize:$f),
        "$dst, $src, $scal, $p, $f", op> {
  bits<44> dst;
  bits<44> src;
  bits<44> scal;
  bits<32> p;
  bits<32> f;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{53-49} = scal{36-32};
  let Inst{60-54} = scal{43-37};
  let Inst{159-128} = scal{31-0};
  let Inst{191-160} = p;
  let Inst{223-192} = f;
  let Inst{61} = 0;
  let Inst{255-224} = 0;
}

// dst, src, P, F (reduce, scan, copy).
class UnaryInst<Engine E, TileFormat F, string mnemonic, bits<5> op = 0>
    : DataInst<E, F, mnemonic,
        (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f),
        "$dst, $src, $p, $f", op> {
  bits<44> dst;
  bits<44> src;
  bits<32> p;
  bits<32> f;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{41-37} = src{36-32};
  let Inst{48-42} = src{43-37};
  let Inst{127-96} = src{31-0};
  let Inst{159-128} = p;
  let Inst{191-160} = f;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
  let Inst{255-192} = 0;
}

// dst, value, P, F.
class MemsetInst<Engine E, string mnemonic>
    : DataInst<E, FmtMemset, mnemonic,
        (ins tileaddr:$dst, f32bits:$v, partcount:$p, freesize:$f),
        "$dst, $v, $p, $f", 0> {
  bits<44> dst;
  bits<32> v;
  bits<32> p;
  bits<32> f;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{127-96} = v;
  let Inst{159-128} = p;
  let Inst{191-160} = f;
  let Inst{48-37} = 0;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
  let Inst{255-192} = 0;
}

// dst, P, F, base, partition step, free step.
class IotaInst<string mnemonic>
    : DataInst<EnginePOOL, FmtIota, mnemonic,
        (ins tileaddr:$dst, partcount:$p, freesize:$f, simm32:$base,
             simm32:$pstep, simm32:$fstep),
        "$dst, $p, $f, $base, $pstep, $fstep", 0> {
  bits<44> dst;
  bits<32> p;
  bits<32> f;
  bits<32> base;
  bits<32> pstep;
  bits<32> fstep;
  let Inst{29-25} = dst{36-32};
  let Inst{36-30} = dst{43-37};
  let Inst{95-64} = dst{31-0};
  let Inst{127-96} = p;
  let Inst{159-128} = f;
  let Inst{191-160} = base;
  let Inst{223-192} = pstep;
  let Inst{255-224} = fstep;
  let Inst{48-37} = 0;
  let Inst{60-49} = 0;
  let Inst{61} = 0;
}

// DMA between HBM and SBUF, triggered by SP, completed by DMA queue $queue.
// HBM rows are $stride bytes apart; SBUF rows are partitions.
let BuiltinDoc = "SBUF dst[i][j] = HBM src[i * stride + 4 * j bytes] for i < p, j < f, "
                 "transferred by DMA queue `queue`" in
def DMA_LOAD : DMALoadInst<"dma.load">;
let BuiltinDoc = "HBM dst[i * stride + 4 * j bytes] = SBUF src[i][j] for i < p, j < f, "
                 "transferred by DMA queue `queue`" in
def DMA_STORE : DMAStoreInst<"dma.store">;

let BuiltinDoc = "PSUM dst[m x n] = stat[k x m]^T * mov[k x n]; acc = 1 adds the "
                 "product to dst" in
def PE_MATMUL : MatMulInst<"pe.matmul">;
let BuiltinDoc = "PSUM dst[f x p] = src[p x f]^T" in
def PE_TRANSPOSE : TransposeInst<"pe.transpose">;

class ActFunc<string n, bits<5> c> { string Name = n; bits<5> Code = c; }
def ActIdentity : ActFunc<"identity", 0>;
def ActExp      : ActFunc<"exp", 1>;
def ActTanh     : ActFunc<"tanh", 2>;
def ActGelu     : ActFunc<"gelu", 3>;
def ActRelu     : ActFunc<"relu", 4>;
def ActSigmoid  : ActFunc<"sigmoid", 5>;
def ActRsqrt    : ActFunc<"rsqrt", 6>;
def ActSquare   : ActFunc<"square", 7>;
def ActSilu     : ActFunc<"silu", 8>;

foreach Fn = [ActIdentity, ActExp, ActTanh, ActGelu, ActRelu, ActSigmoid,
              ActRsqrt, ActSquare, ActSilu] in {
  let BuiltinDoc = "dst = " # Fn.Name # "(src * scale + bias)" in
  def ACT_ # !toupper(Fn.Name) : ActInst<"act." # Fn.Name, Fn.Code>;
  let BuiltinDoc = "dst[i][j] = " # Fn.Name # "(src[i][j] * scale + bias[i][0]), "
                   "with a [p x 1] bias tile" in
  def ACT_ # !toupper(Fn.Name) # _BIAS
      : ActBiasInst<"act." # Fn.Name # ".bias", Fn.Code>;
}

class AluOp<string n, bits<5> c> { string Name = n; bits<5> Code = c; }
def AluAdd : AluOp<"add", 0>;
def AluSub : AluOp<"sub", 1>;
def AluMul : AluOp<"mul", 2>;
def AluDiv : AluOp<"div", 3>;
def AluMax : AluOp<"max", 4>;
def AluMin : AluOp<"min", 5>;

// Elementwise and reduction instructions of the Vector and GpSimd engines.
multiclass VectorInsts<Engine E, string e> {
  foreach Op = [AluAdd, AluSub, AluMul, AluDiv, AluMax, AluMin] in {
    let BuiltinDoc = "dst = " # Op.Name # "(a, b), elementwise" in
    def _TT_ # !toupper(Op.Name)
        : TensorTensorInst<E, e # ".tt." # Op.Name, Op.Code>;
    let BuiltinDoc = "dst = " # Op.Name # "(src, s), elementwise" in
    def _TS_ # !toupper(Op.Name)
        : TensorScalarInst<E, e # ".ts." # Op.Name, Op.Code>;
    let BuiltinDoc = "dst[i][j] = " # Op.Name # "(src[i][j], scal[i][0]), with a "
                     "[p x 1] scalar tile" in
    def _TSP_ # !toupper(Op.Name)
        : TensorScalarTileInst<E, e # ".tsp." # Op.Name, Op.Code>;
  }
  foreach Op = [AluAdd, AluMax, AluMin] in
    let BuiltinDoc = "dst[i][0] = " # Op.Name # " over j of src[i][j], into a "
                     "[p x 1] tile" in
    def _REDUCE_ # !toupper(Op.Name)
        : UnaryInst<E, FmtReduce, e # ".reduce." # Op.Name, Op.Code>;
  let BuiltinDoc = "dst[i][j] = src[i][0] + ... + src[i][j], the inclusive "
                   "prefix sum of each partition" in
  def _SCAN_ADD : UnaryInst<E, FmtScan, e # ".scan.add", AluAdd.Code>;
  let BuiltinDoc = "dst = src" in
  def _COPY : UnaryInst<E, FmtCopy, e # ".copy">;
  let BuiltinDoc = "dst = v in every element" in
  def _MEMSET : MemsetInst<E, e # ".memset">;
}

defm DVE : VectorInsts<EngineDVE, "dve">;
defm POOL : VectorInsts<EnginePOOL, "pool">;

let BuiltinDoc = "dst[i][j] = base + i * pstep + j * fstep, as fp32" in
def POOL_IOTA : IotaInst<"pool.iota">;

//===----------------------------------------------------------------------===//
// Synchronization instructions
//===----------------------------------------------------------------------===//

// Encoding: the semaphore in bits 16-23, waitr's register in bits 24-28, the
// immediate in bits 32-63.
class SemInst<Engine E, SyncKind K, string mnemonic>
    : SyncInst<E, K, mnemonic, (ins SEM:$s), "$s"> {
  bits<8> s;
  let Inst{23-16} = s;
  let Inst{63-24} = 0;
}

// Waits compare wrap-around safe: "S >= T" means (int32)(S - T) >= 0.
multiclass EngineSyncInsts<Engine E, string e> {
  let BuiltinDoc = "The engine waits until semaphore s >= thr (a run-time thr "
                   "becomes " # e # ".waitr)" in
  def _WAIT : SyncInst<E, SyncWait, e # ".wait", (ins SEM:$s, imm32:$thr),
                       "$s, $thr"> {
    bits<8> s;
    bits<32> thr;
    let Inst{23-16} = s;
    let Inst{31-24} = 0;
    let Inst{63-32} = thr;
  }
  let BuiltinDoc = "The engine waits until semaphore s >= r + off" in
  def _WAITR : SyncInst<E, SyncWaitReg, e # ".waitr",
                        (ins SEM:$s, GPR:$r, imm32:$off), "$s, $r, $off"> {
    bits<8> s;
    bits<5> r;
    bits<32> off;
    let Inst{23-16} = s;
    let Inst{28-24} = r;
    let Inst{31-29} = 0;
    let Inst{63-32} = off;
  }
  let BuiltinDoc = "Increments semaphore s once every earlier instruction of "
                   "the engine has completed" in
  def _INC : SemInst<E, SyncInc, e # ".inc">;
  let BuiltinDoc = "Sets semaphore s to v once every earlier instruction of "
                   "the engine has completed" in
  def _SEMSET : SyncInst<E, SyncSemSet, e # ".semset", (ins SEM:$s, imm32:$v),
                         "$s, $v"> {
    bits<8> s;
    bits<32> v;
    let Inst{23-16} = s;
    let Inst{31-24} = 0;
    let Inst{63-32} = v;
  }
}

defm PE : EngineSyncInsts<EnginePE, "pe">;
defm ACT : EngineSyncInsts<EngineACT, "act">;
defm DVE : EngineSyncInsts<EngineDVE, "dve">;
defm POOL : EngineSyncInsts<EnginePOOL, "pool">;
defm SP : EngineSyncInsts<EngineSP, "sp">;

let BuiltinDoc = "All engines: drain every engine and DMA queue, wait for all "
                 "engines, reset every semaphore to 0, then go on" in
def BARRIER : SyncInst<EngineControl, SyncBarrier, "barrier", (ins), ""> {
  let Inst{63-16} = 0;
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

// From a data-path instruction to the wait, waitr, inc and semset of the
// engine that issues it (for a DMA: SP), for the synchronization passes.
def getEngineSyncOpcode : InstrMapping {
  let FilterClass = "EngineSyncRelation";
  let RowFields = ["Eng"];
  let ColFields = ["SyncRole"];
  let KeyCol = ["data"];
  let ValueCols = [["wait"], ["waitr"], ["inc"], ["semset"]];
}

// Builtin name (without the "neuronisa." prefix) -> opcode.
def NeuronISABuiltinTable : GenericTable {
  let FilterClass = "NeuronISABuiltin";
  let CppTypeName = "BuiltinInfo";
  let Fields = ["BuiltinName", "BuiltinOpcode", "BuiltinArgNames",
                "BuiltinDoc"];
}

def lookupBuiltinByName : SearchIndex {
  let Table = NeuronISABuiltinTable;
  let Key = ["BuiltinName"];
}
