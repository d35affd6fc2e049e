# Two column slices of one array, interleaved: the store writes bytes
# [0, 32) of each 64-byte row, the load reads [32, 64). No wait orders them.
	.neuronisa_kernel	interleaved, hbm.noalias
	.text
	.globl	interleaved
	.p2align	3
	.type	interleaved,@function
interleaved:
	dma.store	[r1+0x0], [r0+0x0], 8, 8, 64, 0, snone
	dma.load	[r0+0x40], [r1+0x20], 8, 8, 64, 2, snone
	ret
.Lfunc_end0:
	.size	interleaved, .Lfunc_end0-interleaved
