	.neuronisa_tile	xs, sbuf, 0x0, 0x400, 128
	.neuronisa_tile	es, sbuf, 0x400, 0x400, 128
	.neuronisa_tile	ys, sbuf, 0x800, 0x400, 128
	.neuronisa_tile	mx, sbuf, 0xc00, 0x4, 128
	.neuronisa_tile	nmx, sbuf, 0xc40, 0x4, 128
	.neuronisa_tile	sm, sbuf, 0xc80, 0x4, 128
	.file	"softmax.ll"
	.text
	.globl	softmax                         # -- Begin function softmax
	.p2align	2
	.type	softmax,@function
softmax:                                # @softmax
# %bb.0:                                # %entry
	li	r20, 0
	li	r21, 0
	bge	r0, r3, .LBB0_2
.LBB0_1:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	sp.waitr	s0, r20, 0
	sp.waitr	s2, r20, 0
	dma.load	[r0+0x0], [r1+0x0], 128, 256, 1024, 0, s3
	pool.waitr	s1, r21, -2
	pool.waitr	s3, r20, 1
	pool.reduce.max	[r0+0xc00], [r0+0x0], 128, 256, s2
	dve.waitr	s2, r20, 1
	dve.ts.mul	[r0+0xc40], [r0+0xc00], -1.0, 128, 1, s1
	act.waitr	s1, r21, 1
	act.waitr	s3, r20, 1
	act.exp.bias	[r0+0x400], [r0+0x0], [r0+0xc40], 128, 256, 1.0, s0
	dve.waitr	s0, r20, 1
	dve.reduce.add	[r0+0xc80], [r0+0x400], 128, 256, s1
	dve.waitr	s4, r20, 0
	dve.tsp.div	[r0+0x800], [r0+0x400], [r0+0xc80], 128, 256, s1
	sp.waitr	s1, r21, 3
	dma.store	[r2+0x0], [r0+0x800], 128, 256, 1024, 1, s4
	addi	r3, r3, -1
	addi	r2, r2, 131072
	addi	r1, r1, 131072
	addi	r20, r20, 1
	addi	r21, r21, 3
	bne	r3, r0, .LBB0_1
.LBB0_2:                                # %exit
	ret
.Lfunc_end0:
	.size	softmax, .Lfunc_end0-softmax
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
