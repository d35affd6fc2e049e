# A broken chain: act.tanh waited for the first load only, and dve.ts.mul,
# which waits for act.tanh only, rewrites the tile of the second load.
	.neuronisa_kernel	chain, hbm.noalias, hbm.noalias
	.text
	.globl	chain
	.p2align	3
	.type	chain,@function
chain:
	dma.load	[r0+0x0], [r1+0x0], 128, 256, 1024, 0, s3
	dma.load	[r0+0x800], [r1+0x0], 128, 256, 1024, 0, s3
	act.wait	s3, 1
	act.tanh	[r0+0x400], [r0+0x0], 128, 256, 1.0, 0.0, s0
	dve.wait	s0, 1
	dve.ts.mul	[r0+0x800], [r0+0x400], -1.0, 128, 256, s1
	ret
.Lfunc_end0:
	.size	chain, .Lfunc_end0-chain
