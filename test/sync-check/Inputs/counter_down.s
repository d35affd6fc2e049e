# A counter from 63 down to 0 (bne): the pointer steps by 2^26 from 2^26 to 63 * 2^26 and never wraps to the store at 0.
	.neuronisa_kernel	counter_down, hbm.noalias
	.text
	.globl	counter_down
	.p2align	3
	.type	counter_down,@function
counter_down:
	addi	r2, r1, 67108864
	li	r3, 63
.LBB0_1:
	dma.store	[r2+0x0], [r0+0x0], 8, 16, 64, 4, snone
	addi	r3, r3, -1
	addi	r2, r2, 67108864
	bne	r3, r0, .LBB0_1
	dma.store	[r1+0x0], [r0+0x40], 8, 16, 64, 5, snone
	ret
.Lfunc_end0:
	.size	counter_down, .Lfunc_end0-counter_down
