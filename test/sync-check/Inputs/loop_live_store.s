# The branch skips the first store while r3 is 0, which holds only in the
# first iteration: the store runs from the second on and meets the second.
	.neuronisa_kernel	loop_live_store, hbm.noalias, scalar
	.text
	.globl	loop_live_store
	.p2align	3
	.type	loop_live_store,@function
loop_live_store:
	li	r3, 0
.LBB0_1:
	beq	r3, r0, .LBB0_3
	dma.store	[r1+0x0], [r0+0x0], 16, 16, 64, 0, snone
.LBB0_3:
	addi	r3, r3, 1
	blt	r3, r2, .LBB0_1
	dma.store	[r1+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	loop_live_store, .Lfunc_end0-loop_live_store
