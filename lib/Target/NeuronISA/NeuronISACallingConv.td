//===-- NeuronISACallingConv.td - NeuronISA calling convention -*- tablegen -*-===//
//
// Kernel arguments (i32 scalars and HBM pointers) arrive in r1..r8; an i32
// result, where a function has one, returns in r1.
//===----------------------------------------------------------------------===//

def CC_NeuronISA : CallingConv<[
  CCIfType<[i1, i8, i16], CCPromoteToType<i32>>,
  CCIfType<[i32], CCAssignToReg<[R1, R2, R3, R4, R5, R6, R7, R8]>>
]>;

def RetCC_NeuronISA : CallingConv<[
  CCIfType<[i1, i8, i16], CCPromoteToType<i32>>,
  CCIfType<[i32], CCAssignToReg<[R1]>>
]>;
