# With -1 >= 0 the branch falls through: the first store runs and meets the second.
	.neuronisa_kernel	live_store, hbm.noalias, scalar
	.text
	.globl	live_store
	.p2align	3
	.type	live_store,@function
live_store:
	li	r3, -1
	bge	r3, r0, .LBB0_2
	dma.store	[r1+0x0], [r0+0x0], 16, 16, 64, 0, snone
.LBB0_2:
	dma.store	[r1+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	live_store, .Lfunc_end0-live_store
