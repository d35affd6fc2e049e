# The store's base is out + 0 on one arm and out + 3072 on the other: offsets 0 and 3072, apart from the store at 1024 (a residue would know them only modulo 1024).
	.neuronisa_kernel	arm_regions, hbm.noalias, scalar
	.text
	.globl	arm_regions
	.p2align	3
	.type	arm_regions,@function
arm_regions:
	beq	r2, r0, .LBB0_2
	addi	r4, r1, 3072
	b	.LBB0_3
.LBB0_2:
	addi	r4, r1, 0
.LBB0_3:
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r5, r1, 1024
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	arm_regions, .Lfunc_end0-arm_regions
