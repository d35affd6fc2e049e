# The slots (i ^ 3) & 3 of an odd counter are 2 and 0: the store after the
# loop, to slot 2, meets them.
	.neuronisa_kernel	xor_slots_meet, hbm.noalias, scalar
	.text
	.globl	xor_slots_meet
	.p2align	3
	.type	xor_slots_meet,@function
xor_slots_meet:
	li	r3, 1
.LBB0_1:
	xori	r4, r3, 3
	andi	r4, r4, 3
	shli	r4, r4, 10
	add	r4, r1, r4
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r3, r3, 2
	blt	r3, r2, .LBB0_1
	addi	r5, r1, 2048
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	xor_slots_meet, .Lfunc_end0-xor_slots_meet
