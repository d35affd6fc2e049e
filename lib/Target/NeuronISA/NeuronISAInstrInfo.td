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
// global placed by the backend.
def tileaddr : Operand<i32> {
  let MIOperandInfo = (ops GPR:$base, i32imm:$off, i32imm:$pstart);
  let PrintMethod = "printTileAddr";
  let ParserMatchClass = TileAddrAsmOperand;
  let OperandType = "OPERAND_NEURONISA_TILE_ADDR";
}

// An HBM address: [base + offset], a byte address (DMA only).
def hbmaddr : Operand<i32> {
  let MIOperandInfo = (ops GPR:$base, i32imm:$off);
  let PrintMethod = "printHBMAddr";
  let ParserMatchClass = HBMAddrAsmOperand;
  let OperandType = "OPERAND_NEURONISA_HBM_ADDR";
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
// 0 or 1.
def flag : NeuronISAImm<"FLAG">;

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

def brtarget : Operand<OtherVT>;

//===----------------------------------------------------------------------===//
// Control instructions: scalar ALU
//===----------------------------------------------------------------------===//

class ALU_rr<string m, SDPatternOperator op>
    : NeuronISAInst<(outs GPR:$rd), (ins GPR:$ra, GPR:$rb),
                    m # "\t$rd, $ra, $rb",
                    [(set GPR:$rd, (op GPR:$ra, GPR:$rb))]>;

class ALU_ri<string m, SDPatternOperator op>
    : NeuronISAInst<(outs GPR:$rd), (ins GPR:$ra, imm32:$imm),
                    m # "\t$rd, $ra, $imm",
                    [(set GPR:$rd, (op GPR:$ra, imm:$imm))]>;

def ADD  : ALU_rr<"add", add>;
def SUB  : ALU_rr<"sub", sub>;
def MUL  : ALU_rr<"mul", mul>;
def DIVS : ALU_rr<"divs", sdiv>;
def DIVU : ALU_rr<"divu", udiv>;
def REMS : ALU_rr<"rems", srem>;
def REMU : ALU_rr<"remu", urem>;
def AND  : ALU_rr<"and", and>;
def OR   : ALU_rr<"or", or>;
def XOR  : ALU_rr<"xor", xor>;
def SHL  : ALU_rr<"shl", shl>;
def SRL  : ALU_rr<"srl", srl>;
def SRA  : ALU_rr<"sra", sra>;

def ADDI : ALU_ri<"addi", add>;
def MULI : ALU_ri<"muli", mul>;
def ANDI : ALU_ri<"andi", and>;
def ORI  : ALU_ri<"ori", or>;
def XORI : ALU_ri<"xori", xor>;
def SHLI : ALU_ri<"shli", shl>;
def SRLI : ALU_ri<"srli", srl>;
def SRAI : ALU_ri<"srai", sra>;

def SEQ  : ALU_rr<"seq", seteq>;
def SNE  : ALU_rr<"sne", setne>;
def SLT  : ALU_rr<"slt", setlt>;
def SLTU : ALU_rr<"sltu", setult>;

def : Pat<(setgt GPR:$a, GPR:$b), (SLT GPR:$b, GPR:$a)>;
def : Pat<(setugt GPR:$a, GPR:$b), (SLTU GPR:$b, GPR:$a)>;
def : Pat<(setge GPR:$a, GPR:$b), (XORI (SLT GPR:$a, GPR:$b), 1)>;
def : Pat<(setuge GPR:$a, GPR:$b), (XORI (SLTU GPR:$a, GPR:$b), 1)>;
def : Pat<(setle GPR:$a, GPR:$b), (XORI (SLT GPR:$b, GPR:$a), 1)>;
def : Pat<(setule GPR:$a, GPR:$b), (XORI (SLTU GPR:$b, GPR:$a), 1)>;

let isReMaterializable = 1, isAsCheapAsAMove = 1, isMoveImm = 1 in
def LI : NeuronISAInst<(outs GPR:$rd), (ins imm32:$imm), "li\t$rd, $imm",
                       [(set GPR:$rd, imm:$imm)]>;
def : Pat<(NeuronISAwrapper tglobaladdr:$g), (LI tglobaladdr:$g)>;

let isMoveReg = 1 in
def MOV : NeuronISAInst<(outs GPR:$rd), (ins GPR:$ra), "mov\t$rd, $ra", []>;

// rd = rc != 0 ? ra : rb
def SEL : NeuronISAInst<(outs GPR:$rd), (ins GPR:$rc, GPR:$ra, GPR:$rb),
                        "sel\t$rd, $rc, $ra, $rb",
                        [(set GPR:$rd, (select GPR:$rc, GPR:$ra, GPR:$rb))]>;

// Spill and reload of a scalar register. NeuronISA has no stack: they exist
// so that register allocation stays well formed while the frame lowering
// reports the function as needing a stack (an error).
let isCodeGenOnly = 1, mayStore = 1 in
def SPILL : NeuronISAInst<(outs), (ins GPR:$r, i32imm:$slot),
                          "# spill $r to stack slot $slot", []>;
let isCodeGenOnly = 1, mayLoad = 1 in
def RELOAD : NeuronISAInst<(outs GPR:$r), (ins i32imm:$slot),
                           "# reload $r from stack slot $slot", []>;

let hasSideEffects = 0 in
def NOP : NeuronISAInst<(outs), (ins), "nop", []>;

//===----------------------------------------------------------------------===//
// Control instructions: branches
//===----------------------------------------------------------------------===//

let isBranch = 1, isTerminator = 1, isBarrier = 1 in
def B : NeuronISAInst<(outs), (ins brtarget:$t), "b\t$t", [(br bb:$t)]>;

class BranchCC<string m>
    : NeuronISAInst<(outs), (ins GPR:$ra, GPR:$rb, brtarget:$t),
                    m # "\t$ra, $rb, $t", []> {
  let isBranch = 1;
  let isTerminator = 1;
}

def BEQ  : BranchCC<"beq">;
def BNE  : BranchCC<"bne">;
def BLT  : BranchCC<"blt">;
def BGE  : BranchCC<"bge">;
def BLTU : BranchCC<"bltu">;
def BGEU : BranchCC<"bgeu">;

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
def RET : NeuronISAInst<(outs), (ins), "ret", [(NeuronISAret)]>;

//===----------------------------------------------------------------------===//
// Data-path instructions
//===----------------------------------------------------------------------===//

// DMA between HBM and SBUF, triggered by SP, completed by DMA queue $queue.
// HBM rows are $stride bytes apart; SBUF rows are partitions.
def DMA_LOAD : DataInst<EngineSP, FmtDMALoad, "dma.load",
    (ins tileaddr:$dst, hbmaddr:$src, partcount:$p, freesize:$f,
         hbmstride:$stride, dmaqueue:$queue),
    "$dst, $src, $p, $f, $stride, $queue">;
def DMA_STORE : DataInst<EngineSP, FmtDMAStore, "dma.store",
    (ins hbmaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f,
         hbmstride:$stride, dmaqueue:$queue),
    "$dst, $src, $p, $f, $stride, $queue">;

// dst[M x N] (+)= stationary[K x M]^T * moving[K x N]; $acc = 1 accumulates.
def PE_MATMUL : DataInst<EnginePE, FmtMatMul, "pe.matmul",
    (ins tileaddr:$dst, tileaddr:$stat, tileaddr:$mov, partcount:$k,
         partcount:$m, pecolumns:$n, flag:$acc),
    "$dst, $stat, $mov, $k, $m, $n, $acc">;
// dst[F x P] = src[P x F]^T, into PSUM.
def PE_TRANSPOSE : DataInst<EnginePE, FmtTranspose, "pe.transpose",
    (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f),
    "$dst, $src, $p, $f">;

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
  // dst = f(src * scale + bias)
  def ACT_ # !toupper(Fn.Name) : DataInst<EngineACT, FmtAct, "act." # Fn.Name,
      (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f,
           f32bits:$scale, f32bits:$bias),
      "$dst, $src, $p, $f, $scale, $bias", Fn.Code>;
  // dst = f(src * scale + bias[p]), with a per-partition bias tile [P x 1].
  def ACT_ # !toupper(Fn.Name) # _BIAS : DataInst<EngineACT, FmtActBias,
      "act." # Fn.Name # ".bias",
      (ins tileaddr:$dst, tileaddr:$src, tileaddr:$bias, partcount:$p,
           freesize:$f, f32bits:$scale),
      "$dst, $src, $bias, $p, $f, $scale", Fn.Code>;
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
    // dst = a op b
    def _TT_ # !toupper(Op.Name) : DataInst<E, FmtTensorTensor,
        e # ".tt." # Op.Name,
        (ins tileaddr:$dst, tileaddr:$a, tileaddr:$b, partcount:$p,
             freesize:$f),
        "$dst, $a, $b, $p, $f", Op.Code>;
    // dst = src op scalar
    def _TS_ # !toupper(Op.Name) : DataInst<E, FmtTensorScalar,
        e # ".ts." # Op.Name,
        (ins tileaddr:$dst, tileaddr:$src, f32bits:$s, partcount:$p,
             freesize:$f),
        "$dst, $src, $s, $p, $f", Op.Code>;
    // dst = src op scal[p], with a per-partition scalar tile [P x 1]
    def _TSP_ # !toupper(Op.Name) : DataInst<E, FmtTensorScalarTile,
        e # ".tsp." # Op.Name,
        (ins tileaddr:$dst, tileaddr:$src, tileaddr:$scal, partcount:$p,
             freesize:$f),
        "$dst, $src, $scal, $p, $f", Op.Code>;
  }
  // dst[P x 1] = reduce(src[P x F]) along the free dimension
  foreach Op = [AluAdd, AluMax, AluMin] in
    def _REDUCE_ # !toupper(Op.Name) : DataInst<E, FmtReduce,
        e # ".reduce." # Op.Name,
        (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f),
        "$dst, $src, $p, $f", Op.Code>;
  // Inclusive prefix sum along the free dimension.
  def _SCAN_ADD : DataInst<E, FmtScan, e # ".scan.add",
      (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f),
      "$dst, $src, $p, $f", AluAdd.Code>;
  def _COPY : DataInst<E, FmtCopy, e # ".copy",
      (ins tileaddr:$dst, tileaddr:$src, partcount:$p, freesize:$f),
      "$dst, $src, $p, $f">;
  def _MEMSET : DataInst<E, FmtMemset, e # ".memset",
      (ins tileaddr:$dst, f32bits:$v, partcount:$p, freesize:$f),
      "$dst, $v, $p, $f">;
}

defm DVE : VectorInsts<EngineDVE, "dve">;
defm POOL : VectorInsts<EnginePOOL, "pool">;

// dst[p][j] = base + p * pstep + j * fstep, as fp32.
def POOL_IOTA : DataInst<EnginePOOL, FmtIota, "pool.iota",
    (ins tileaddr:$dst, partcount:$p, freesize:$f, simm32:$base,
         simm32:$pstep, simm32:$fstep),
    "$dst, $p, $f, $base, $pstep, $fstep">;

//===----------------------------------------------------------------------===//
// Synchronization instructions
//===----------------------------------------------------------------------===//

// Waits compare wrap-around safe: "S >= T" means (int32)(S - T) >= 0.
multiclass EngineSyncInsts<Engine E, string e> {
  // Wait until $s >= $thr.
  def _WAIT : SyncInst<E, SyncWait, e # ".wait", (ins SEM:$s, imm32:$thr),
                       "$s, $thr">;
  // Wait until $s >= $r + $off: the dynamic threshold.
  def _WAITR : SyncInst<E, SyncWaitReg, e # ".waitr",
                        (ins SEM:$s, GPR:$r, imm32:$off), "$s, $r, $off">;
  // Increment $s once every earlier instruction of this engine completed.
  def _INC : SyncInst<E, SyncInc, e # ".inc", (ins SEM:$s), "$s">;
  // Set $s to $v once every earlier instruction of this engine completed.
  def _SEMSET : SyncInst<E, SyncSemSet, e # ".semset", (ins SEM:$s, imm32:$v),
                         "$s, $v">;
}

defm PE : EngineSyncInsts<EnginePE, "pe">;
defm ACT : EngineSyncInsts<EngineACT, "act">;
defm DVE : EngineSyncInsts<EngineDVE, "dve">;
defm POOL : EngineSyncInsts<EnginePOOL, "pool">;
defm SP : EngineSyncInsts<EngineSP, "sp">;

// Drain every engine and DMA queue, wait for all engines to arrive, reset
// every semaphore to zero, then release all engines.
def BARRIER : SyncInst<EngineControl, SyncBarrier, "barrier", (ins), "">;

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

// Builtin name (without the "neuronisa." prefix) -> opcode.
def NeuronISABuiltinTable : GenericTable {
  let FilterClass = "NeuronISABuiltin";
  let CppTypeName = "BuiltinInfo";
  let Fields = ["BuiltinName", "BuiltinOpcode"];
}

def lookupBuiltinByName : SearchIndex {
  let Table = NeuronISABuiltinTable;
  let Key = ["BuiltinName"];
}
