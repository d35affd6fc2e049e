//===-- NeuronISARegisterInfo.td - NeuronISA registers -----*- tablegen -*-===//
//
// Scalar registers: every engine's sequencer has a private copy of r0..r31.
// Control instructions run on every engine, so all copies hold the same value
// at the same program point. r0 always reads as zero.
//
// Semaphores: 256 per core, shared by all engines, signed 32-bit.
//===----------------------------------------------------------------------===//

class NeuronISAReg<bits<16> Enc, string n> : Register<n> {
  let HWEncoding = Enc;
  let Namespace = "NeuronISA";
}

foreach I = 0-31 in
  def R#I : NeuronISAReg<I, "r"#I>, DwarfRegNum<[I]>;

foreach I = 0-255 in
  def S#I : NeuronISAReg<I, "s"#I>;

// The "no semaphore" value of an instruction's completion-increment operand.
def SNONE : NeuronISAReg<256, "snone">;

// Allocation order: r1..r31, r0 (the zero register) reserved. The
// synchronization pass takes the registers a function leaves free, r20..r31
// first (NeuronISASyncRegisters.h): the allocator reaches them last.
def GPR : RegisterClass<"NeuronISA", [i32], 32,
                        (add (sequence "R%u", 1, 19), R0,
                             (sequence "R%u", 20, 31))>;

def SEM : RegisterClass<"NeuronISA", [i32], 32, (sequence "S%u", 0, 255)> {
  let isAllocatable = false;
}

// A data-path instruction's completion semaphore: a semaphore, or SNONE.
def SEMOPT : RegisterClass<"NeuronISA", [i32], 32,
                           (add SNONE, (sequence "S%u", 0, 255))> {
  let isAllocatable = false;
}
