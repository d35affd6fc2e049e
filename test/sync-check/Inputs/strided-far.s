# A strided store (bytes [0, 32) of each of 8 64-byte rows: hull [0, 480))
# and a contiguous load of bytes [1024, 1536) of the same buffer: apart by
# the hull, not by the rows' residues modulo 64. No wait orders them.
	.neuronisa_kernel	strided_far, hbm.noalias
	.text
	.globl	strided_far
	.p2align	3
	.type	strided_far,@function
strided_far:
	dma.store	[r1+0x0], [r0+0x0], 8, 8, 64, 0, snone
	dma.load	[r0+0x40], [r1+0x400], 8, 16, 64, 2, snone
	ret
.Lfunc_end0:
	.size	strided_far, .Lfunc_end0-strided_far
