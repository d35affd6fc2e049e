# Stores at slot (3i) & 3 of the first 4 KiB and one after them: the base is out plus one of four known offsets, and the regions are apart.
	.neuronisa_kernel	slot_regions, hbm.noalias, scalar
	.text
	.globl	slot_regions
	.p2align	3
	.type	slot_regions,@function
slot_regions:
	li	r3, 0
.LBB0_1:
	muli	r4, r3, 3
	andi	r4, r4, 3
	shli	r4, r4, 10
	add	r4, r1, r4
	dma.store	[r4+0x0], [r0+0x0], 16, 16, 64, 0, snone
	addi	r3, r3, 1
	blt	r3, r2, .LBB0_1
	addi	r5, r1, 4096
	dma.store	[r5+0x0], [r0+0x40], 16, 16, 64, 1, snone
	ret
.Lfunc_end0:
	.size	slot_regions, .Lfunc_end0-slot_regions
