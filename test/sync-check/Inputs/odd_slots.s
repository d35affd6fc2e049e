# A loop counter from 1 in steps of 2 stays odd: its slots (i & 3) are 1 and 3, apart from slot 2.
	.neuronisa_kernel	odd_slots, hbm.noalias, scalar
	.text
	.globl	odd_slots
	.p2align	3
	.type	odd_slots,@function
odd_slots:
	li	r3, 1
.LBB0_1:
	andi	r4, r3, 3
	shli	r4, r4, 10
	add	r4, r1, r4
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r3, r3, 2
	blt	r3, r2, .LBB0_1
	addi	r5, r1, 2048
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	odd_slots, .Lfunc_end0-odd_slots
