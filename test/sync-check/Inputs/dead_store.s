# A branch on known values (0 >= 0) always skips the first store: it is no site.
	.neuronisa_kernel	dead_store, hbm.noalias, scalar
	.text
	.globl	dead_store
	.p2align	3
	.type	dead_store,@function
dead_store:
	li	r3, 0
	bge	r3, r0, .LBB0_2
	dma.store	[r1+0x0], [r0+0x0], 16, 16, 64, 0, snone
.LBB0_2:
	dma.store	[r1+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	dead_store, .Lfunc_end0-dead_store
