# The load starts at byte 448: its bytes [448, 960) meet the store's last
# row, [448, 480), and no wait orders them.
	.neuronisa_kernel	strided_far, hbm.noalias
	.text
	.globl	strided_far
	.p2align	3
	.type	strided_far,@function
strided_far:
	dma.store	[r1+0x0], [r0+0x0], 8, 8, 64, 0, snone
	dma.load	[r0+0x40], [r1+0x1c0], 8, 16, 64, 2, snone
	ret
.Lfunc_end0:
	.size	strided_far, .Lfunc_end0-strided_far
