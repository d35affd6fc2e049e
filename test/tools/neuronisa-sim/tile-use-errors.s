# RUN: not neuronisa-sim %s 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: not neuronisa-sim %t.o 2>&1 | FileCheck %s --check-prefix=OBJ --implicit-check-not=error:
# A tile use must name an on-chip tile operand of the instruction that
# follows it.

	.neuronisa_tile x, sbuf, 0, 64, 8
	.neuronisa_kernel k

	.text
	.globl k
	.type k,@function
k:
# CHECK: tile-use-errors.s:[[#@LINE+2]]:2: error: a tile use of tile operand 1, but the instruction has 1 tile operand(s)
# OBJ: .o:.text+0x0: error: a tile use of tile operand 1, but the instruction has 1 tile operand(s)
	.neuronisa_tile_use 1, x
	dve.memset [r1+0x0], 1.0, 8, 4, snone
# CHECK: tile-use-errors.s:[[#@LINE+2]]:2: error: a tile use of tile operand 0, which is in HBM
# OBJ: .o:.text+0x{{[0-9a-f]+}}: error: a tile use of tile operand 0, which is in HBM
	.neuronisa_tile_use 0, x
	dma.store [r2+0x0], [r0+0x0], 8, 16, 64, 0, snone
# CHECK: error: invalid program
# OBJ: error: invalid program
