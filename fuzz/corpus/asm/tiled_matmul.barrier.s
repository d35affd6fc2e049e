	.neuronisa_tile	a, sbuf, 0x0, 0x200, 128
	.neuronisa_tile	b, sbuf, 0x200, 0x800, 128
	.neuronisa_tile	c, sbuf, 0xa00, 0x800, 128
	.neuronisa_tile	acc, psum, 0x400000, 0x800, 128
	.file	"tiled_matmul.ll"
	.text
	.globl	tiled_matmul                    # -- Begin function tiled_matmul
	.p2align	2
	.type	tiled_matmul,@function
tiled_matmul:                           # @tiled_matmul
# %bb.0:                                # %entry
	shli	r7, r5, 18
	shli	r8, r4, 16
	li	r9, 0
	b	.LBB0_1
.LBB0_8:                                # %m.latch
                                        #   in Loop: Header=BB0_1 Depth=1
	barrier	
	addi	r9, r9, 1
	addi	r1, r1, 65536
.LBB0_1:                                # %m.head
                                        # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_3 Depth 2
                                        #       Child Loop BB0_6 Depth 3
	barrier	
	bge	r9, r4, .LBB0_9
# %bb.2:                                # %n.head.preheader
                                        #   in Loop: Header=BB0_1 Depth=1
	li	r10, 0
	mul	r11, r9, r5
	mov	r12, r2
	b	.LBB0_3
.LBB0_7:                                # %n.latch
                                        #   in Loop: Header=BB0_3 Depth=2
	barrier	
	act.identity	[r0+0xa00], [r0+0x400000], 128, 512, 1.0, 0.0, s1
	add	r13, r11, r10
	shli	r13, r13, 18
	add	r13, r3, r13
	sp.wait	s1, 1
	dma.store	[r13+0x0], [r0+0xa00], 128, 512, 2048, 2, s5
	addi	r10, r10, 1
	addi	r12, r12, 262144
.LBB0_3:                                # %n.head
                                        #   Parent Loop BB0_1 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB0_6 Depth 3
	barrier	
	bge	r10, r5, .LBB0_8
# %bb.4:                                # %n.body
                                        #   in Loop: Header=BB0_3 Depth=2
	pool.memset	[r0+0x400000], 0.0, 128, 512, s2
	li	r13, 0
	mov	r14, r1
	mov	r15, r12
	bge	r13, r6, .LBB0_7
.LBB0_6:                                # %k.body
                                        #   Parent Loop BB0_1 Depth=1
                                        #     Parent Loop BB0_3 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	barrier	
	dma.load	[r0+0x0], [r14+0x0], 128, 128, 512, 0, s3
	dma.load	[r0+0x200], [r15+0x0], 128, 512, 2048, 1, s4
	pe.wait	s3, 1
	pe.wait	s4, 1
	pe.matmul	[r0+0x400000], [r0+0x0], [r0+0x200], 128, 128, 512, 1, s0
	addi	r13, r13, 1
	add	r15, r15, r7
	add	r14, r14, r8
	blt	r13, r6, .LBB0_6
	b	.LBB0_7
.LBB0_9:                                # %exit
	barrier	
	ret
.Lfunc_end0:
	.size	tiled_matmul, .Lfunc_end0-tiled_matmul
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
