	.neuronisa_tile	a0, sbuf, 0x0, 0x400, 128
	.neuronisa_tile	b0, sbuf, 0x400, 0x400, 128
	.neuronisa_tile	c0, sbuf, 0x800, 0x400, 128
	.neuronisa_tile	a1, sbuf, 0xc00, 0x400, 128
	.neuronisa_tile	b1, sbuf, 0x1000, 0x400, 128
	.neuronisa_tile	c1, sbuf, 0x1400, 0x400, 128
	.file	"tensor_add.ll"
	.text
	.globl	tensor_add                      # -- Begin function tensor_add
	.p2align	2
	.type	tensor_add,@function
tensor_add:                             # @tensor_add
# %bb.0:                                # %entry
	li	r20, 0
	li	r21, 0
	srli	r5, r4, 31
	add	r5, r4, r5
	srai	r5, r5, 1
	bge	r0, r5, .LBB0_3
# %bb.1:                                # %loop.preheader
	mov	r6, r1
	mov	r7, r2
	mov	r8, r3
.LBB0_2:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	addi	r9, r6, 131072
	addi	r10, r7, 131072
	addi	r11, r8, 131072
	dma.load	[r0+0x0], [r6+0x0], 128, 256, 1024, 0, s2
	dma.load	[r0+0x400], [r7+0x0], 128, 256, 1024, 1, s3
	dma.load	[r0+0xc00], [r9+0x0], 128, 256, 1024, 2, s4
	dma.load	[r0+0x1000], [r10+0x0], 128, 256, 1024, 3, s5
	dve.waitr	s2, r20, 1
	dve.waitr	s3, r20, 1
	dve.waitr	s6, r21, 0
	dve.tt.add	[r0+0x800], [r0+0x0], [r0+0x400], 128, 256, s0
	pool.waitr	s4, r21, 1
	pool.waitr	s5, r21, 1
	pool.waitr	s7, r21, 0
	pool.tt.add	[r0+0x1400], [r0+0xc00], [r0+0x1000], 128, 256, s1
	sp.waitr	s0, r20, 1
	dma.store	[r8+0x0], [r0+0x800], 128, 256, 1024, 4, s6
	sp.waitr	s1, r21, 1
	dma.store	[r11+0x0], [r0+0x1400], 128, 256, 1024, 5, s7
	addi	r5, r5, -1
	addi	r8, r8, 262144
	addi	r7, r7, 262144
	addi	r6, r6, 262144
	addi	r20, r20, 1
	addi	r21, r21, 1
	bne	r5, r0, .LBB0_2
.LBB0_3:                                # %tail.check
	andi	r5, r4, 1
	beq	r5, r0, .LBB0_5
# %bb.4:                                # %tail
	shli	r4, r4, 17
	addi	r4, r4, -131072
	add	r1, r1, r4
	add	r2, r2, r4
	add	r3, r3, r4
	dma.load	[r0+0x0], [r1+0x0], 128, 256, 1024, 0, s2
	dma.load	[r0+0x400], [r2+0x0], 128, 256, 1024, 1, s3
	dve.waitr	s2, r20, 1
	dve.waitr	s3, r20, 1
	dve.waitr	s6, r21, 0
	dve.tt.add	[r0+0x800], [r0+0x0], [r0+0x400], 128, 256, s0
	sp.waitr	s0, r20, 1
	sp.waitr	s7, r21, 0
	dma.store	[r3+0x0], [r0+0x800], 128, 256, 1024, 4, snone
.LBB0_5:                                # %exit
	ret
.Lfunc_end0:
	.size	tensor_add, .Lfunc_end0-tensor_add
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
