# The wait's register holds the count after the DVE write until the andi
# clears it: the wait then asks for nothing and the store may read the
# tile before the write completes.
	.neuronisa_kernel	andi_wait, hbm.noalias, scalar
	.text
	.globl	andi_wait
	.p2align	3
	.type	andi_wait,@function
andi_wait:
	li	r4, 0
	dve.ts.max	[r0+0x0], [r0+0x40], 0.5, 16, 16, s1
	addi	r4, r4, 1
	addi	r5, r4, 0
	andi	r5, r5, 0
	sp.waitr	s1, r5, 0
	dma.store	[r1+0x0], [r0+0x0], 16, 16, 64, 0, snone
	ret
.Lfunc_end0:
	.size	andi_wait, .Lfunc_end0-andi_wait
