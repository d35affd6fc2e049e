	.neuronisa_tile	gs, sbuf, 0x0, 0x400, 128
	.neuronisa_tile	bs, sbuf, 0x400, 0x400, 128
	.neuronisa_tile	xs, sbuf, 0x800, 0x400, 128
	.neuronisa_tile	xc, sbuf, 0xc00, 0x400, 128
	.neuronisa_tile	sq, sbuf, 0x1000, 0x400, 128
	.neuronisa_tile	yn, sbuf, 0x1400, 0x400, 128
	.neuronisa_tile	yg, sbuf, 0x1800, 0x400, 128
	.neuronisa_tile	ys, sbuf, 0x1c00, 0x400, 128
	.neuronisa_tile	sum, sbuf, 0x2000, 0x4, 128
	.neuronisa_tile	nmu, sbuf, 0x2040, 0x4, 128
	.neuronisa_tile	ss, sbuf, 0x2080, 0x4, 128
	.neuronisa_tile	rs, sbuf, 0x20c0, 0x4, 128
	.file	"layernorm.ll"
	.text
	.globl	layernorm                       # -- Begin function layernorm
	.p2align	2
	.type	layernorm,@function
layernorm:                              # @layernorm
# %bb.0:                                # %entry
	li	r20, 0
	li	r21, 0
	li	r22, 0
	li	r23, 0
	dma.load	[r0+0x0], [r2+0x0], 128, 256, 1024, 2, s5
	dma.load	[r0+0x400], [r3+0x0], 128, 256, 1024, 3, s6
	bge	r0, r5, .LBB0_2
.LBB0_1:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	sp.waitr	s0, r20, -2
	sp.waitr	s1, r21, -3
	dma.load	[r0+0x800], [r1+0x0], 128, 256, 1024, 0, s3
	dve.waitr	s3, r23, 1
	dve.reduce.add	[r0+0x2000], [r0+0x800], 128, 256, s1
	dve.ts.mul	[r0+0x2040], [r0+0x2000], -0.00390625, 128, 1, s1
	act.waitr	s1, r21, 2
	act.waitr	s3, r23, 1
	act.identity.bias	[r0+0xc00], [r0+0x800], [r0+0x2040], 128, 256, 1.0, s0
	act.square	[r0+0x1000], [r0+0xc00], 128, 256, 1.0, 0.0, s0
	dve.waitr	s0, r20, 2
	dve.reduce.add	[r0+0x2080], [r0+0x1000], 128, 256, s1
	act.waitr	s1, r21, 3
	act.rsqrt	[r0+0x20c0], [r0+0x2080], 128, 1, 0.00390625, 0.0009765625, s0
	dve.waitr	s0, r20, 3
	dve.waitr	s2, r22, -1
	dve.tsp.mul	[r0+0x1400], [r0+0xc00], [r0+0x20c0], 128, 256, s1
	pool.waitr	s1, r21, 4
	pool.wait	s5, 1
	pool.tt.mul	[r0+0x1800], [r0+0x1400], [r0+0x0], 128, 256, s2
	pool.waitr	s4, r23, 0
	pool.wait	s6, 1
	pool.tt.add	[r0+0x1c00], [r0+0x1800], [r0+0x400], 128, 256, s2
	sp.waitr	s2, r22, 2
	dma.store	[r4+0x0], [r0+0x1c00], 128, 256, 1024, 1, s4
	addi	r5, r5, -1
	addi	r4, r4, 131072
	addi	r1, r1, 131072
	addi	r20, r20, 3
	addi	r21, r21, 4
	addi	r22, r22, 2
	addi	r23, r23, 1
	bne	r5, r0, .LBB0_1
.LBB0_2:                                # %exit
	ret
.Lfunc_end0:
	.size	layernorm, .Lfunc_end0-layernorm
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
