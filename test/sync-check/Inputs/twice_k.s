# 2i + k + k, k added twice (clang at -O0), is even whatever i and k are:
# slots 0 and 2 of its `& 3`, apart from slot 1.
	.neuronisa_kernel	twice_k, hbm.noalias, scalar, scalar
	.text
	.globl	twice_k
	.p2align	3
	.type	twice_k,@function
twice_k:
	shli	r4, r2, 1
	add	r4, r4, r3
	add	r4, r4, r3
	andi	r4, r4, 3
	shli	r4, r4, 10
	add	r4, r1, r4
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r5, r1, 1024
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	twice_k, .Lfunc_end0-twice_k
