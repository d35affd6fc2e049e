# A pointer stepped by 1 KiB per iteration, n times: more offsets than a set holds, so they are known modulo 1024 only, and the store at 8 KiB (which the ninth iteration reaches) conflicts.
	.neuronisa_kernel	loop_pointer, hbm.noalias, scalar
	.text
	.globl	loop_pointer
	.p2align	3
	.type	loop_pointer,@function
loop_pointer:
	addi	r4, r1, 0
	li	r3, 0
.LBB0_1:
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r4, r4, 1024
	addi	r3, r3, 1
	blt	r3, r2, .LBB0_1
	addi	r5, r1, 8192
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	loop_pointer, .Lfunc_end0-loop_pointer
