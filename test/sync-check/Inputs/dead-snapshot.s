# dead-snapshot.c compiled by neuronisa-clang -O2 -S -mllvm
# -neuronisa-sync=precise -mllvm -neuronisa-sync-program-registers (kept as
# it was when the validator first rejected it). The store of .LBB0_9 waits
# on r13: written after the stores of the first loop and the i15 loop
# (.LBB0_40), dead after those of the i9 loop (.LBB0_29), which uses r13
# for its own values.
	.neuronisa_tile	s0, sbuf, 0x0, 0x40, 16
	.neuronisa_tile	s2, sbuf, 0x40, 0x40, 16
	.neuronisa_tile	p0, psum, 0x400000, 0x40, 16
	.neuronisa_tile	s3, sbuf, 0x80, 0x40, 16
	.neuronisa_tile	s1, sbuf, 0xc0, 0x40, 16
	.neuronisa_tile	v1, sbuf, 0x100, 0x4, 16
	.neuronisa_tile	v0, sbuf, 0x140, 0x4, 16
	.neuronisa_kernel	kernel, hbm.noalias, hbm.noalias, hbm.noalias, hbm.noalias, scalar, scalar, scalar, scalar
	.file	"kernel.c"
	.text
	.globl	kernel                          # -- Begin function kernel
	.p2align	3
	.type	kernel,@function
kernel:                                 # @kernel
# %bb.0:
	dma.load	[r0+0x0], [r1+0x0], 16, 16, 64, 0, s4
	li	r31, 0
	li	r30, 0
	li	r29, 0
	li	r28, 0
	li	r27, 0
	li	r26, 0
	li	r19, 0
	li	r18, 0
	li	r15, 0
	li	r14, 0
	li	r13, 0
	li	r21, 0
	li	r23, 0
	li	r24, 0
	bge	r0, r5, .LBB0_5
# %bb.1:
	li	r6, 0
	li	r9, 256
	dve.wait	s4, 1
	b	.LBB0_2
.LBB0_13:                               #   in Loop: Header=BB0_2 Depth=1
	dve.waitr	s6, r24, -1
	dve.waitr	s5, r31, 0
	dve.ts.min	[r0+0x40], [r0+0x40], 1.0, 8, 16, s2
	addi	r28, r21, 1
	shli	r10, r10, 2
	add	r10, r3, r10
	sp.waitr	s5, r31, 0
	sp.waitr	s2, r21, 1
	dma.store	[r10+0x0], [r0+0x40], 16, 16, 64, 2, s6
	addi	r19, r24, 1
	addi	r13, r24, 1
	addi	r9, r9, 512
	addi	r21, r21, 1
	addi	r24, r24, 1
	beq	r5, r6, .LBB0_5
.LBB0_2:                                # =>This Inner Loop Header: Depth=1
	addi	r11, r6, 1
	andi	r10, r9, 768
	bge	r11, r5, .LBB0_4
# %bb.3:                                #   in Loop: Header=BB0_2 Depth=1
	shli	r12, r10, 2
	add	r12, r1, r12
	sp.waitr	s6, r24, 0
	dma.load	[r0+0x40], [r12+0x0], 16, 16, 64, 1, s5
	addi	r31, r23, 1
	addi	r23, r23, 1
.LBB0_4:                                #   in Loop: Header=BB0_2 Depth=1
	dve.waitr	s6, r24, -1
	dve.waitr	s5, r30, 0
	dve.ts.min	[r0+0x0], [r0+0x0], 1.0, 8, 16, s2
	addi	r29, r21, 1
	addi	r12, r9, -256
	andi	r12, r12, 768
	shli	r12, r12, 2
	add	r12, r3, r12
	sp.wait	s4, 1
	sp.waitr	s5, r30, 0
	sp.waitr	s2, r21, 1
	dma.store	[r12+0x0], [r0+0x0], 16, 16, 64, 2, s6
	addi	r14, r24, 1
	addi	r13, r24, 1
	addi	r21, r21, 1
	addi	r24, r24, 1
	beq	r5, r11, .LBB0_5
# %bb.11:                               #   in Loop: Header=BB0_2 Depth=1
	addi	r6, r6, 2
	bge	r6, r5, .LBB0_13
# %bb.12:                               #   in Loop: Header=BB0_2 Depth=1
	addi	r11, r9, 256
	andi	r11, r11, 768
	shli	r11, r11, 2
	add	r11, r1, r11
	sp.waitr	s6, r24, 0
	dma.load	[r0+0x0], [r11+0x0], 16, 16, 64, 1, s5
	addi	r30, r23, 1
	addi	r23, r23, 1
	b	.LBB0_13
.LBB0_5:
	shli	r6, r8, 1
	andi	r6, r6, 2
	bne	r6, r0, .LBB0_27
# %bb.6:
	bge	r0, r7, .LBB0_7
# %bb.14:
	shli	r9, r8, 10
	andi	r9, r9, 3072
	add	r9, r2, r9
	li	r10, 1
	li	r20, 0
	bge	r10, r8, .LBB0_16
# %bb.15:
	pe.matmul	[r0+0x400000], [r0+0x80], [r0+0xc0], 16, 16, 16, 0, s0
	sp.waitr	s5, r31, 0
	dma.load	[r0+0x40], [r9+0x0], 16, 16, 64, 2, s6
	addi	r18, r24, 1
	addi	r19, r24, 1
	li	r20, 1
	addi	r24, r24, 1
.LBB0_16:
	mov	r10, r7
	li	r25, 0
	pool.waitr	s0, r20, 0
	li	r22, 0
.LBB0_17:                               # =>This Inner Loop Header: Depth=1
	pool.waitr	s5, r31, 0
	pool.waitr	s2, r28, 0
	pool.waitr	s6, r18, 0
	pool.tsp.max	[r0+0x80], [r0+0x40], [r0+0x100], 16, 16, s3
	addi	r16, r22, 1
	addi	r17, r22, 1
	addi	r10, r10, -1
	addi	r22, r22, 1
	bne	r10, r0, .LBB0_17
# %bb.18:
	li	r10, 1
	beq	r7, r10, .LBB0_26
# %bb.19:
	li	r10, 2
	blt	r8, r10, .LBB0_21
# %bb.20:
	pe.waitr	s3, r22, 0
	pe.matmul	[r0+0x400000], [r0+0x80], [r0+0xc0], 16, 16, 16, 0, s0
	sp.waitr	s3, r22, 0
	sp.waitr	s5, r31, 0
	dma.load	[r0+0x40], [r9+0x0], 16, 16, 64, 2, s6
	addi	r18, r24, 1
	addi	r19, r24, 1
	addi	r20, r20, 1
	addi	r24, r24, 1
.LBB0_21:
	mov	r10, r7
	pool.waitr	s0, r20, 0
.LBB0_22:                               # =>This Inner Loop Header: Depth=1
	pool.waitr	s5, r31, 0
	pool.waitr	s2, r28, 0
	pool.waitr	s6, r18, 0
	pool.tsp.max	[r0+0x80], [r0+0x40], [r0+0x100], 16, 16, s3
	addi	r16, r22, 1
	addi	r17, r22, 1
	addi	r10, r10, -1
	addi	r22, r22, 1
	bne	r10, r0, .LBB0_22
# %bb.23:
	li	r10, 2
	bne	r7, r10, .LBB0_24
.LBB0_26:
	sp.waitr	s6, r14, 0
	sp.waitr	s5, r30, 0
	dma.load	[r0+0x0], [r2+0x0], 16, 16, 64, 0, s4
	addi	r22, r22, -1
	b	.LBB0_28
.LBB0_27:
	pool.copy	[r0+0x80], [r0+0xc0], 16, 8, s3
	li	r25, 1
	sp.waitr	s6, r14, 0
	sp.waitr	s5, r30, 0
	dma.load	[r0+0x0], [r2+0x0], 16, 16, 64, 0, s4
	li	r17, 0
	li	r16, 0
	li	r14, 0
	li	r20, 0
	li	r22, 0
	bge	r0, r7, .LBB0_8
.LBB0_28:
	addi	r9, r7, -1
	li	r10, 0
	li	r11, 256
	pool.wait	s4, 2
	b	.LBB0_29
.LBB0_38:                               #   in Loop: Header=BB0_29 Depth=1
	addi	r11, r11, 512
	addi	r22, r22, 1
	addi	r24, r24, 1
	beq	r7, r10, .LBB0_39
.LBB0_29:                               # =>This Inner Loop Header: Depth=1
	addi	r13, r10, 1
	andi	r12, r11, 768
	bge	r13, r7, .LBB0_31
# %bb.30:                               #   in Loop: Header=BB0_29 Depth=1
	shli	r14, r12, 2
	add	r14, r2, r14
	sp.waitr	s0, r20, 0
	sp.waitr	s3, r22, 1
	sp.waitr	s6, r15, 0
	sp.waitr	s2, r27, 0
	dma.load	[r0+0x80], [r14+0x0], 16, 16, 64, 1, s5
	addi	r26, r23, 1
	addi	r23, r23, 1
.LBB0_31:                               #   in Loop: Header=BB0_29 Depth=1
	pool.waitr	s2, r29, 0
	pool.waitr	s5, r30, 0
	pool.reduce.max	[r0+0x140], [r0+0x0], 16, 16, s3
	addi	r14, r11, -256
	andi	r14, r14, 768
	shli	r14, r14, 2
	add	r14, r3, r14
	sp.waitr	s2, r29, 0
	sp.waitr	s5, r30, 0
	sp.wait	s4, 2
	dma.store	[r14+0x0], [r0+0x0], 16, 16, 64, 2, s6
	bltu	r9, r5, .LBB0_33
# %bb.32:                               #   in Loop: Header=BB0_29 Depth=1
	dve.waitr	s5, r31, 0
	dve.waitr	s3, r25, 0
	dve.waitr	s6, r19, 0
	dve.waitr	s3, r16, 0
	dve.waitr	s3, r17, 0
	dve.waitr	s5, r26, 0
	dve.tt.mul	[r0+0x40], [r0+0x80], [r0+0x80], 16, 16, s2
	addi	r27, r21, 1
	addi	r21, r21, 1
.LBB0_33:                               #   in Loop: Header=BB0_29 Depth=1
	addi	r22, r22, 1
	addi	r24, r24, 1
	beq	r7, r13, .LBB0_39
# %bb.34:                               #   in Loop: Header=BB0_29 Depth=1
	addi	r10, r10, 2
	bge	r10, r7, .LBB0_36
# %bb.35:                               #   in Loop: Header=BB0_29 Depth=1
	addi	r13, r11, 256
	andi	r13, r13, 768
	shli	r13, r13, 2
	add	r13, r2, r13
	sp.waitr	s3, r22, 1
	sp.waitr	s6, r24, 0
	dma.load	[r0+0x0], [r13+0x0], 16, 16, 64, 1, s5
	addi	r30, r23, 1
	addi	r23, r23, 1
.LBB0_36:                               #   in Loop: Header=BB0_29 Depth=1
	pool.waitr	s5, r26, 0
	pool.reduce.max	[r0+0x140], [r0+0x80], 16, 16, s3
	shli	r12, r12, 2
	add	r12, r3, r12
	sp.waitr	s3, r25, 0
	sp.waitr	s3, r17, 0
	sp.waitr	s5, r26, 0
	dma.store	[r12+0x0], [r0+0x80], 16, 16, 64, 2, s6
	addi	r15, r24, 1
	bltu	r9, r5, .LBB0_38
# %bb.37:                               #   in Loop: Header=BB0_29 Depth=1
	dve.waitr	s5, r31, 0
	dve.waitr	s3, r25, 0
	dve.waitr	s6, r19, 0
	dve.waitr	s3, r16, 0
	dve.waitr	s3, r17, 0
	dve.waitr	s5, r26, 0
	dve.tt.mul	[r0+0x40], [r0+0x80], [r0+0x80], 16, 16, s2
	addi	r27, r21, 1
	addi	r21, r21, 1
	b	.LBB0_38
.LBB0_39:
	sub	r2, r5, r8
	shli	r2, r2, 10
	andi	r2, r2, 3072
	add	r2, r4, r2
	sp.waitr	s5, r30, 0
	dma.store	[r2+0x0], [r0+0x0], 16, 16, 64, 2, s6
	addi	r12, r24, 1
	pool.waitr	s5, r30, 0
	pool.reduce.max	[r0+0x100], [r0+0x0], 16, 16, s3
	act.waitr	s3, r25, 0
	act.waitr	s0, r20, 0
	act.waitr	s5, r26, 0
	act.waitr	s3, r22, 1
	act.waitr	s2, r27, 0
	act.waitr	s6, r15, 0
	act.sigmoid	[r0+0x80], [r0+0xc0], 8, 16, 0.25, 0.0, s1
	act.sigmoid	[r0+0x80, p8], [r0+0xc0, p8], 8, 16, 0.25, 0.0, s1
	sp.waitr	s5, r31, 0
	sp.waitr	s2, r28, 0
	sp.waitr	s6, r19, 0
	sp.waitr	s3, r16, 0
	sp.waitr	s2, r27, 0
	dma.load	[r0+0x40], [r1+0x0], 16, 16, 64, 0, s4
	li	r2, 0
	li	r5, 256
	pool.wait	s4, 3
	addi	r22, r22, 1
	b	.LBB0_40
.LBB0_45:                               #   in Loop: Header=BB0_40 Depth=1
	pool.waitr	s2, r29, 0
	pool.waitr	s6, r24, 0
	pool.waitr	s5, r30, 0
	pool.ts.max	[r0+0x0], [r0+0x0], -0.5, 16, 16, s3
	shli	r9, r9, 2
	add	r9, r3, r9
	sp.waitr	s2, r29, 0
	sp.waitr	s5, r30, 0
	sp.waitr	s3, r22, 2
	dma.store	[r9+0x0], [r0+0x0], 16, 16, 64, 2, s6
	addi	r13, r24, 2
	addi	r5, r5, 512
	addi	r22, r22, 1
	addi	r24, r24, 1
	beq	r7, r2, .LBB0_9
.LBB0_40:                               # =>This Inner Loop Header: Depth=1
	addi	r10, r2, 1
	andi	r9, r5, 768
	bge	r10, r7, .LBB0_42
# %bb.41:                               #   in Loop: Header=BB0_40 Depth=1
	shli	r11, r9, 2
	add	r11, r1, r11
	sp.waitr	s2, r29, 0
	sp.waitr	s3, r22, 1
	sp.waitr	s6, r24, 1
	dma.load	[r0+0x0], [r11+0x0], 16, 16, 64, 1, s5
	addi	r30, r23, 1
	addi	r23, r23, 1
.LBB0_42:                               #   in Loop: Header=BB0_40 Depth=1
	pool.waitr	s2, r28, 0
	pool.waitr	s6, r18, 0
	pool.waitr	s6, r19, 0
	pool.waitr	s2, r27, 0
	pool.waitr	s5, r31, 0
	pool.ts.max	[r0+0x40], [r0+0x40], -0.5, 16, 16, s3
	addi	r14, r22, 2
	addi	r11, r5, -256
	andi	r11, r11, 768
	shli	r11, r11, 2
	add	r11, r3, r11
	sp.waitr	s2, r28, 0
	sp.waitr	s2, r27, 0
	sp.waitr	s5, r31, 0
	sp.wait	s4, 3
	sp.waitr	s3, r22, 2
	dma.store	[r11+0x0], [r0+0x40], 16, 16, 64, 2, s6
	addi	r19, r24, 2
	addi	r13, r24, 2
	addi	r22, r22, 1
	addi	r24, r24, 1
	beq	r7, r10, .LBB0_9
# %bb.43:                               #   in Loop: Header=BB0_40 Depth=1
	addi	r2, r2, 2
	bge	r2, r7, .LBB0_45
# %bb.44:                               #   in Loop: Header=BB0_40 Depth=1
	addi	r10, r5, 256
	andi	r10, r10, 768
	shli	r10, r10, 2
	add	r10, r1, r10
	sp.waitr	s6, r24, 1
	dma.load	[r0+0x40], [r10+0x0], 16, 16, 64, 1, s5
	addi	r31, r23, 1
	addi	r23, r23, 1
	b	.LBB0_45
.LBB0_7:
	sp.waitr	s6, r14, 0
	sp.waitr	s5, r30, 0
	dma.load	[r0+0x0], [r2+0x0], 16, 16, 64, 0, s4
	li	r25, 0
	li	r17, 0
	li	r14, 0
	li	r22, -1
.LBB0_8:
	sub	r2, r5, r8
	shli	r2, r2, 10
	andi	r2, r2, 3072
	add	r2, r4, r2
	sp.wait	s4, 2
	dma.store	[r2+0x0], [r0+0x0], 16, 16, 64, 2, s6
	addi	r12, r24, 1
	pool.waitr	s2, r29, 0
	pool.waitr	s5, r30, 0
	pool.wait	s4, 2
	pool.reduce.max	[r0+0x100], [r0+0x0], 16, 16, snone
	act.waitr	s3, r22, 1
	act.sigmoid	[r0+0x80], [r0+0xc0], 8, 16, 0.25, 0.0, s1
	act.sigmoid	[r0+0x80, p8], [r0+0xc0, p8], 8, 16, 0.25, 0.0, s1
	sp.waitr	s5, r31, 0
	sp.waitr	s6, r19, 0
	dma.load	[r0+0x40], [r1+0x0], 16, 16, 64, 0, s4
	li	r20, 0
.LBB0_9:
	shli	r2, r6, 10
	add	r2, r3, r2
	sp.waitr	s2, r29, 0
	sp.waitr	s5, r30, 0
	sp.waitr	s3, r22, 1
	sp.waitr	s6, r13, 0
	dma.store	[r2+0x0], [r0+0x0], 16, 16, 64, 3, snone
	bne	r6, r0, .LBB0_10
# %bb.46:
	andi	r2, r8, 1
	bne	r2, r0, .LBB0_47
# %bb.48:
	act.waitr	s3, r25, 0
	act.tanh	[r0+0xc0], [r0+0x400000], 16, 16, 0.125, 0.0, snone
	addi	r24, r24, -1
	b	.LBB0_49
.LBB0_10:
	xori	r1, r8, -1
	shli	r1, r1, 10
	andi	r1, r1, 3072
	add	r1, r4, r1
	sp.waitr	s5, r26, 0
	sp.wait	s1, 2
	dma.store	[r1+0x0], [r0+0x80], 16, 16, 64, 2, s6
	addi	r12, r24, 2
	b	.LBB0_49
.LBB0_47:
	muli	r2, r8, 768
	andi	r2, r2, 768
	shli	r2, r2, 2
	add	r1, r1, r2
	sp.waitr	s0, r20, 0
	sp.wait	s1, 1
	dma.load	[r0+0xc0], [r1+0x0], 8, 16, 128, 2, snone
	addi	r24, r24, -1
.LBB0_49:
	addi	r1, r4, 3072
	sp.waitr	s2, r28, 0
	sp.waitr	s6, r18, 0
	sp.waitr	s2, r27, 0
	sp.wait	s4, 3
	sp.waitr	s5, r31, 0
	sp.waitr	s6, r12, 0
	dma.store	[r1+0x0], [r0+0x40], 16, 16, 64, 3, snone
.LBB0_50:
	ret
.LBB0_24:
	blt	r8, r10, .LBB0_50
# %bb.25:
	pe.waitr	s3, r22, 0
	pe.matmul	[r0+0x400000], [r0+0x80], [r0+0xc0], 16, 16, 16, 0, snone
	sp.waitr	s3, r22, 0
	sp.waitr	s5, r31, 0
	dma.load	[r0+0x40], [r9+0x0], 16, 16, 64, 2, snone
	ret
.Lfunc_end0:
	.size	kernel, .Lfunc_end0-kernel
                                        # -- End function
	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
