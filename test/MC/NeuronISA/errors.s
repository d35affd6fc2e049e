# RUN: not neuronisa-asm %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# Malformed assembly: located errors, non-zero exit.

# CHECK: errors.s:[[#@LINE+1]]:2: error: unrecognized instruction mnemonic
	dve.tt.frob [r0+0], [r0+0], [r0+0], 1, 1, snone
# CHECK: errors.s:[[#@LINE+1]]:12: error: expected a scalar register (r0-r31) as tile base
	dve.copy [s1+0], [r0+0], 1, 1, snone
# CHECK: errors.s:[[#@LINE+1]]:19: error: expected ']' to close a tile address
	dve.copy [r0+0x10, [r0+0], 1, 1, snone
# CHECK: errors.s:[[#@LINE+1]]:33: error: invalid operand for instruction
	dve.copy [r0+0], [r0+0], 1, 1, r3
# CHECK: errors.s:[[#@LINE+1]]:2: error: too few operands for instruction
	dve.copy [r0+0], [r0+0], 1
# CHECK: errors.s:[[#@LINE+1]]:37: error: expected a floating-point immediate
	act.exp [r0+0], [r0+0], 1, 1, 1.0, foo, snone
# CHECK: errors.s:[[#@LINE+1]]:10: error: invalid operand for instruction
	pe.wait r1, 3
# CHECK: errors.s:[[#@LINE+1]]:26: error: an HBM address has no partition start
	dma.load [r0+0], [r1+0, p2], 1, 1, 4, 0, snone
# CHECK: errors.s:[[#@LINE+1]]:18: error: expected a partition start 'p<N>'
	dve.copy [r0+0, pq], [r0+0], 1, 1, snone
# Tile placement directives.
# CHECK: errors.s:[[#@LINE+1]]:21: error: expected 'sbuf' or 'psum'
	.neuronisa_tile y, hbm, 0, 4, 1
# CHECK: errors.s:[[#@LINE+1]]:30: error: bytes per partition out of range 1-4294967295
	.neuronisa_tile y, sbuf, 0, 0, 1
# CHECK: errors.s:[[#@LINE+1]]:27: error: tile address out of range 0-4294967295
	.neuronisa_tile y, sbuf, -4, 4, 1
# CHECK: errors.s:[[#@LINE+1]]:2: error: tile address and size must be multiples of 4 bytes
	.neuronisa_tile y, sbuf, 2, 4, 1
# CHECK: errors.s:[[#@LINE+1]]:20: error: expected comma
	.neuronisa_tile y sbuf, 0, 4, 1
# Fields the machine cannot encode (the operand check the compiler and the
# simulator apply), located at the operand.
# CHECK: errors.s:[[#@LINE+1]]:13: error: address offset -9223372036854775808 out of range -2147483648-2147483647
	dve.memset [r0+-9223372036854775808], 1.0, 1, 1, snone
# CHECK: errors.s:[[#@LINE+1]]:37: error: DMA queue -1 out of range 0-15
	dma.load [r0+0], [r1+0], 1, 4, 16, -1, snone
# CHECK: errors.s:[[#@LINE+1]]:11: error: partition start 128 out of range 0-127
	dve.copy [r0+0, p128], [r0+0], 1, 1, snone
# CHECK: errors.s:[[#@LINE+1]]:14: error: 32-bit immediate 4294967296 out of range -2147483648-4294967295
	pe.wait s1, 4294967296
# CHECK: errors.s:[[#@LINE+1]]:42: error: matmul moving free size (one PSUM bank) 513 out of range 1-512
	pe.matmul [r0+0], [r0+0], [r0+0], 1, 1, 513, 0, snone
# CHECK: errors.s:[[#@LINE+1]]:2: error: dst partitions [100, 129) exceed the machine's 128
	dve.copy [r0+0, p100], [r0+0], 29, 1, snone
# Kernel directives.
# CHECK: errors.s:[[#@LINE+1]]:23: error: expected an argument kind, 'scalar', 'hbm' or 'hbm.noalias'
	.neuronisa_kernel k, float
# CHECK: errors.s:[[#@LINE+1]]:20: error: expected a kernel name
	.neuronisa_kernel 3, hbm
# CHECK: errors.s:[[#@LINE+1]]:63: error: a kernel takes at most 8 arguments
	.neuronisa_kernel k, hbm, hbm, hbm, hbm, hbm, hbm, hbm, hbm, scalar
