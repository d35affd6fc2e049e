# 2i + k + k with k written between the two adds: 2i + k + k' may be odd,
# and slot 1 of its `& 3` meets the second store.
	.neuronisa_kernel	twice_k_meet, hbm.noalias, scalar, scalar
	.text
	.globl	twice_k_meet
	.p2align	3
	.type	twice_k_meet,@function
twice_k_meet:
	shli	r4, r2, 1
	add	r4, r4, r3
	addi	r3, r3, 1
	add	r4, r4, r3
	andi	r4, r4, 3
	shli	r4, r4, 10
	add	r4, r1, r4
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r5, r1, 1024
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	twice_k_meet, .Lfunc_end0-twice_k_meet
