# counter_copied.s with a bound of 3: i reaches 2, and slot 2 meets the store after the loop.
	.neuronisa_kernel	counter_copied, hbm.noalias, scalar
	.text
	.globl	counter_copied
	.p2align	3
	.type	counter_copied,@function
counter_copied:
	li	r3, 3
	li	r10, 0
.LBB0_1:
	addi	r11, r10, 1
	andi	r12, r10, 3
	shli	r12, r12, 9
	add	r12, r1, r12
	dma.store	[r12+0x0], [r0+0x0], 8, 16, 64, 4, snone
	andi	r10, r10, 1
	mov	r10, r11
	blt	r11, r3, .LBB0_1
	addi	r4, r1, 1024
	dma.store	[r4+0x0], [r0+0x40], 8, 16, 64, 5, snone
	ret
.Lfunc_end0:
	.size	counter_copied, .Lfunc_end0-counter_copied
