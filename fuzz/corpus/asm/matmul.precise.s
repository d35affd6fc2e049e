	.neuronisa_tile	at0, sbuf, 0x0, 0x200, 128
	.neuronisa_tile	b0, sbuf, 0x200, 0x200, 128
	.neuronisa_tile	at1, sbuf, 0x400, 0x200, 128
	.neuronisa_tile	b1, sbuf, 0x600, 0x200, 128
	.neuronisa_tile	cs, sbuf, 0x800, 0x200, 128
	.neuronisa_tile	ps, psum, 0x400000, 0x200, 128
	.file	"matmul.ll"
	.text
	.globl	matmul                          # -- Begin function matmul
	.p2align	2
	.type	matmul,@function
matmul:                                 # @matmul
# %bb.0:                                # %entry
	li	r20, 0
	li	r21, 0
	li	r22, 0
	bge	r0, r4, .LBB0_6
# %bb.1:                                # %nloop.preheader
	li	r6, 0
	b	.LBB0_2
.LBB0_5:                                # %nlatch
                                        #   in Loop: Header=BB0_2 Depth=1
	shli	r7, r6, 9
	act.waitr	s0, r20, 0
	act.waitr	s2, r21, 1
	act.waitr	s7, r21, 0
	act.identity	[r0+0x800], [r0+0x400000], 128, 128, 1.0, 0.0, s1
	add	r7, r3, r7
	sp.waitr	s1, r21, 1
	dma.store	[r7+0x0], [r0+0x800], 128, 128, 2048, 4, s7
	addi	r6, r6, 1
	addi	r2, r2, 512
	addi	r21, r21, 1
	beq	r6, r4, .LBB0_6
.LBB0_2:                                # %nloop
                                        # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_4 Depth 2
	dve.waitr	s0, r20, 0
	dve.waitr	s1, r21, 0
	dve.memset	[r0+0x400000], 0.0, 128, 128, s2
	bge	r0, r5, .LBB0_5
# %bb.3:                                # %kloop.preheader
                                        #   in Loop: Header=BB0_2 Depth=1
	mov	r7, r1
	mov	r8, r2
	mov	r9, r5
.LBB0_4:                                # %kloop
                                        #   Parent Loop BB0_2 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	addi	r10, r7, 65536
	addi	r11, r8, 262144
	sp.waitr	s0, r20, -1
	dma.load	[r0+0x0], [r7+0x0], 128, 128, 512, 0, s3
	dma.load	[r0+0x200], [r8+0x0], 128, 128, 2048, 1, s4
	sp.waitr	s0, r20, 0
	dma.load	[r0+0x400], [r10+0x0], 128, 128, 512, 2, s5
	dma.load	[r0+0x600], [r11+0x0], 128, 128, 2048, 3, s6
	pe.waitr	s1, r21, 0
	pe.waitr	s2, r21, 1
	pe.waitr	s3, r22, 1
	pe.waitr	s4, r22, 1
	pe.matmul	[r0+0x400000], [r0+0x0], [r0+0x200], 128, 128, 128, 1, s0
	pe.waitr	s5, r22, 1
	pe.waitr	s6, r22, 1
	pe.matmul	[r0+0x400000], [r0+0x400], [r0+0x600], 128, 128, 128, 1, s0
	addi	r9, r9, -1
	addi	r8, r8, 524288
	addi	r7, r7, 131072
	addi	r20, r20, 2
	addi	r22, r22, 1
	bne	r9, r0, .LBB0_4
	b	.LBB0_5
.LBB0_6:                                # %exit
	ret
.Lfunc_end0:
	.size	matmul, .Lfunc_end0-matmul
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
