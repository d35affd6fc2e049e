# RUN: not neuronisa-sim %s 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: not neuronisa-sim %t.o 2>&1 | FileCheck %s --check-prefix=OBJ --implicit-check-not=error:
# A tile use applies to the next instruction: one at the end of the code
# applies to none.

	.neuronisa_tile x, sbuf, 0, 64, 8
	.neuronisa_kernel k

	.text
	.globl k
	.type k,@function
k:
	ret
# CHECK: tile-use-trailing.s:[[#@LINE+2]]:2: error: a tile use must be followed by an instruction
# OBJ: error: {{.*}}.o: .neuronisa.tileuse: the use of tile operand 0 at .text+0x8 is not at an instruction
	.neuronisa_tile_use 0, x
# CHECK: error: invalid program
