	.neuronisa_tile	xs, sbuf, 0x0, 0x200, 128
	.neuronisa_tile	ys, sbuf, 0x200, 0x200, 128
	.neuronisa_tile	tp, psum, 0x400000, 0x200, 128
	.file	"transpose.ll"
	.text
	.globl	transpose                       # -- Begin function transpose
	.p2align	2
	.type	transpose,@function
transpose:                              # @transpose
# %bb.0:                                # %entry
	li	r20, 0
	bge	r0, r3, .LBB0_6
# %bb.1:                                # %bloop.preheader
	li	r5, 0
	b	.LBB0_2
.LBB0_5:                                # %blatch
                                        #   in Loop: Header=BB0_2 Depth=1
	addi	r5, r5, 1
	addi	r2, r2, 262144
	addi	r1, r1, 262144
	beq	r5, r3, .LBB0_6
.LBB0_2:                                # %bloop
                                        # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_4 Depth 2
	bge	r0, r4, .LBB0_5
# %bb.3:                                # %cloop.preheader
                                        #   in Loop: Header=BB0_2 Depth=1
	mov	r6, r1
	mov	r7, r2
	mov	r8, r4
.LBB0_4:                                # %cloop
                                        #   Parent Loop BB0_2 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	sp.waitr	s0, r20, 0
	dma.load	[r0+0x0], [r6+0x0], 128, 128, 2048, 0, s2
	pe.waitr	s1, r20, 0
	pe.waitr	s2, r20, 1
	pe.transpose	[r0+0x400000], [r0+0x0], 128, 128, s0
	act.waitr	s0, r20, 1
	act.waitr	s3, r20, 0
	act.identity	[r0+0x200], [r0+0x400000], 128, 128, 1.0, 0.0, s1
	sp.waitr	s1, r20, 1
	dma.store	[r7+0x0], [r0+0x200], 128, 128, 512, 1, s3
	addi	r8, r8, -1
	addi	r7, r7, 65536
	addi	r6, r6, 512
	addi	r20, r20, 1
	bne	r8, r0, .LBB0_4
	b	.LBB0_5
.LBB0_6:                                # %exit
	ret
.Lfunc_end0:
	.size	transpose, .Lfunc_end0-transpose
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
