# A counter stepping by 2^30 below a run-time n: c + 2^30 may wrap past INT32_MAX to a negative value and stay below n, so the loop need not end and the pointer may reach the store at 4096.
	.neuronisa_kernel	counter_wraps, hbm.noalias, scalar
	.text
	.globl	counter_wraps
	.p2align	3
	.type	counter_wraps,@function
counter_wraps:
	li	r3, 0
	addi	r4, r1, 0
.LBB0_1:
	dma.store	[r4+0x0], [r0+0x0], 8, 16, 64, 4, snone
	addi	r4, r4, 512
	addi	r3, r3, 1073741824
	blt	r3, r2, .LBB0_1
	addi	r7, r1, 4096
	dma.store	[r7+0x0], [r0+0x40], 8, 16, 64, 5, snone
	ret
.Lfunc_end0:
	.size	counter_wraps, .Lfunc_end0-counter_wraps
