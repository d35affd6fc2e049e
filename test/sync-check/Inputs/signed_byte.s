# A signed byte x (shli 24; srai 24: [-128, 127]) selects 512-byte slot x + 128 of the first 128 KiB: apart from the store at 131072.
	.neuronisa_kernel	signed_byte, hbm.noalias, scalar
	.text
	.globl	signed_byte
	.p2align	3
	.type	signed_byte,@function
signed_byte:
	shli	r2, r2, 24
	srai	r2, r2, 24
	shli	r2, r2, 9
	add	r2, r2, r1
	addi	r2, r2, 65536
	addi	r1, r1, 131072
	dma.store	[r2+0x0], [r0+0x0], 8, 16, 64, 4, snone
	dma.store	[r1+0x0], [r0+0x40], 8, 16, 64, 5, snone
	ret
.Lfunc_end0:
	.size	signed_byte, .Lfunc_end0-signed_byte
