# Two tile uses for bad-tileuse.test: one on each tile operand of a copy
# from x (r1 = 0) to y (r2 = 2048).
	.neuronisa_tile x, sbuf, 0, 2048, 128
	.neuronisa_tile y, sbuf, 2048, 2048, 128
	.neuronisa_kernel k, scalar, scalar

	.text
	.globl k
	.type k,@function
k:
	.neuronisa_tile_use 0, y
	.neuronisa_tile_use 1, x
	dve.copy [r2+0x0], [r1+0x0], 8, 4, snone
	ret
