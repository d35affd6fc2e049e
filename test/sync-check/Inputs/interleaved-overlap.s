# The load starts 4 bytes too early: bytes [28, 60) of each row meet the
# store's [0, 32), and no wait orders them.
	.neuronisa_kernel	interleaved, hbm.noalias
	.text
	.globl	interleaved
	.p2align	3
	.type	interleaved,@function
interleaved:
	dma.store	[r1+0x0], [r0+0x0], 8, 8, 64, 0, snone
	dma.load	[r0+0x40], [r1+0x1c], 8, 8, 64, 2, snone
	ret
.Lfunc_end0:
	.size	interleaved, .Lfunc_end0-interleaved
