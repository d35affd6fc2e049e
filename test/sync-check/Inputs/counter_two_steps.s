# The pointer steps by 512 on one arm and 16384 on the other, for 4 iterations: written twice per loop, it is no induction; the store at 32768 may be reached (3 * 16384).
	.neuronisa_kernel	counter_two_steps, hbm.noalias, scalar, scalar
	.text
	.globl	counter_two_steps
	.p2align	3
	.type	counter_two_steps,@function
counter_two_steps:
	li	r3, 0
	li	r6, 4
	addi	r8, r1, 32768
.LBB0_1:
	dma.store	[r1+0x0], [r0+0x0], 8, 16, 64, 4, snone
	beq	r2, r0, .LBB0_3
	addi	r1, r1, 512
	b	.LBB0_4
.LBB0_3:
	addi	r1, r1, 16384
.LBB0_4:
	addi	r3, r3, 1
	blt	r3, r6, .LBB0_1
	dma.store	[r8+0x0], [r0+0x40], 8, 16, 64, 5, snone
	ret
.Lfunc_end0:
	.size	counter_two_steps, .Lfunc_end0-counter_two_steps
