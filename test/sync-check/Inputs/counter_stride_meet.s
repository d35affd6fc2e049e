# As counter_stride.s with a stride x & 65535: three steps reach 65536.
	.neuronisa_kernel	counter_stride, hbm.noalias, scalar, scalar
	.text
	.globl	counter_stride
	.p2align	3
	.type	counter_stride,@function
counter_stride:
	li	r4, 4
	sltu	r5, r2, r4
	sel	r2, r5, r2, r4
	beq	r2, r0, .LBB0_3
	andi	r3, r3, 65535
	li	r4, 0
.LBB0_2:
	addi	r5, r1, 65536
	dma.store	[r1+0x0], [r0+0x0], 8, 16, 64, 4, snone
	dma.store	[r5+0x0], [r0+0x40], 8, 16, 64, 5, snone
	addi	r4, r4, 1
	add	r1, r1, r3
	bltu	r4, r2, .LBB0_2
.LBB0_3:
	ret
.Lfunc_end0:
	.size	counter_stride, .Lfunc_end0-counter_stride
