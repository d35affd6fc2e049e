# n + n is even whatever n is: slots 0 and 2 of (2n & 3), apart from slot 1.
	.neuronisa_kernel	twice_n, hbm.noalias, scalar
	.text
	.globl	twice_n
	.p2align	3
	.type	twice_n,@function
twice_n:
	add	r3, r2, r2
	andi	r3, r3, 3
	shli	r3, r3, 10
	add	r3, r1, r3
	dma.store	[r3+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r5, r1, 1024
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	twice_n, .Lfunc_end0-twice_n
