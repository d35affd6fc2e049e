# The pointer steps by 512 in an inner loop of 2 iterations, inside an outer loop of 4: it is no induction of the outer loop (its step runs twice per iteration), and the fourth iteration's store is at 3072, where the last store is.
	.neuronisa_kernel	counter_inner, hbm.noalias, scalar
	.text
	.globl	counter_inner
	.p2align	3
	.type	counter_inner,@function
counter_inner:
	li	r3, 0
	addi	r4, r1, 0
	li	r6, 4
	li	r8, 2
.LBB0_1:
	li	r5, 0
.LBB0_2:
	addi	r4, r4, 512
	addi	r5, r5, 1
	blt	r5, r8, .LBB0_2
	dma.store	[r4+0x0], [r0+0x0], 8, 16, 64, 4, snone
	addi	r3, r3, 1
	blt	r3, r6, .LBB0_1
	addi	r7, r1, 3072
	dma.store	[r7+0x0], [r0+0x40], 8, 16, 64, 5, snone
	ret
.Lfunc_end0:
	.size	counter_inner, .Lfunc_end0-counter_inner
