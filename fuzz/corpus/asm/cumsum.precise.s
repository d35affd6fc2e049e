	.neuronisa_tile	xs, sbuf, 0x0, 0x400, 128
	.neuronisa_tile	sc, sbuf, 0x400, 0x400, 128
	.neuronisa_tile	ys, sbuf, 0x800, 0x400, 128
	.neuronisa_tile	carry, sbuf, 0xc00, 0x4, 128
	.file	"cumsum.ll"
	.text
	.globl	cumsum                          # -- Begin function cumsum
	.p2align	2
	.type	cumsum,@function
cumsum:                                 # @cumsum
# %bb.0:                                # %entry
	li	r20, 0
	li	r21, 0
	li	r22, 0
	li	r30, 0
	bge	r0, r3, .LBB0_6
# %bb.1:                                # %rloop.preheader
	li	r5, 0
	b	.LBB0_2
.LBB0_5:                                # %rlatch
                                        #   in Loop: Header=BB0_2 Depth=1
	addi	r5, r5, 1
	addi	r2, r2, 524288
	addi	r1, r1, 524288
	addi	r20, r20, 1
	beq	r5, r3, .LBB0_6
.LBB0_2:                                # %rloop
                                        # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_4 Depth 2
	dve.waitr	s1, r21, 0
	dve.memset	[r0+0xc00], 0.0, 128, 1, s0
	addi	r31, r20, 1
	bge	r0, r4, .LBB0_5
# %bb.3:                                # %cloop.preheader
                                        #   in Loop: Header=BB0_2 Depth=1
	mov	r6, r1
	mov	r7, r2
	mov	r8, r4
.LBB0_4:                                # %cloop
                                        #   Parent Loop BB0_2 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	sp.waitr	s0, r30, 0
	dma.load	[r0+0x0], [r6+0x0], 128, 256, 4096, 0, s2
	dve.waitr	s1, r21, -1
	dve.waitr	s2, r22, 1
	dve.scan.add	[r0+0x400], [r0+0x0], 128, 256, s0
	addi	r30, r20, 2
	pool.waitr	s0, r20, 2
	pool.waitr	s3, r22, 0
	pool.waitr	s0, r31, 0
	pool.tsp.add	[r0+0x800], [r0+0x400], [r0+0xc00], 128, 256, s1
	pool.copy	[r0+0xc00], [r0+0xbfc], 128, 1, s1
	sp.waitr	s1, r21, 1
	dma.store	[r7+0x0], [r0+0x800], 128, 256, 4096, 1, s3
	addi	r8, r8, -1
	addi	r7, r7, 1024
	addi	r6, r6, 1024
	addi	r20, r20, 1
	addi	r21, r21, 2
	addi	r22, r22, 1
	bne	r8, r0, .LBB0_4
	b	.LBB0_5
.LBB0_6:                                # %exit
	ret
.Lfunc_end0:
	.size	cumsum, .Lfunc_end0-cumsum
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
