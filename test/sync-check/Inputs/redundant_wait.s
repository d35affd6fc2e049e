# SP waits for the DVE write twice: the second wait, one instance lower
# than the first, is implied by it.
	.neuronisa_kernel	redundant_wait, hbm.noalias, scalar
	.text
	.globl	redundant_wait
	.p2align	3
	.type	redundant_wait,@function
redundant_wait:
	li	r4, 0
	dve.ts.max	[r0+0x0], [r0+0x40], 0.5, 16, 16, s1
	addi	r4, r4, 1
	addi	r5, r4, 0
	sp.waitr	s1, r5, 0
	sp.waitr	s1, r5, -1
	dma.store	[r1+0x0], [r0+0x0], 16, 16, 64, 0, snone
	ret
.Lfunc_end0:
	.size	redundant_wait, .Lfunc_end0-redundant_wait
