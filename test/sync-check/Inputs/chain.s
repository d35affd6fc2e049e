# ACT -> DVE through another agent: dve.ts.mul rewrites a, which the first
# load wrote, without waiting on queue 0: it waits for the act.tanh, whose
# engine had waited for both loads before issuing it.
	.neuronisa_kernel	chain, hbm.noalias, hbm.noalias
	.text
	.globl	chain
	.p2align	3
	.type	chain,@function
chain:
	dma.load	[r0+0x0], [r1+0x0], 128, 256, 1024, 0, s3
	dma.load	[r0+0x800], [r1+0x0], 128, 256, 1024, 0, s3
	act.wait	s3, 2
	act.tanh	[r0+0x400], [r0+0x800], 128, 256, 1.0, 0.0, s0
	dve.wait	s0, 1
	dve.ts.mul	[r0+0x0], [r0+0x400], -1.0, 128, 256, s1
	ret
.Lfunc_end0:
	.size	chain, .Lfunc_end0-chain
