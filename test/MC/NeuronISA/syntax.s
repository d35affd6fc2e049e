# RUN: neuronisa-asm %s | FileCheck %s
# Every operand form the parser accepts, printed in canonical form.

# CHECK: li r5, -42
	li r5, -42
# CHECK: add r1, r2, r3
	add r1, r2, r3
# CHECK: sel r4, r1, r2, r3
	sel r4, r1, r2, r3
# CHECK: dve.tt.add [r0+0x10], [r3+0x0], [r4-0x8], 128, 64, s7
	dve.tt.add [r0+16], [r3], [r4-8], 128, 64, s7
# A partition start other than 0 prints as ", pN".
# CHECK: dve.copy [r0+0x800, p32], [r3+0x10, p1], 96, 64, snone
	dve.copy [r0+0x800,p32], [r3+16, p1], 96, 64, snone
# CHECK: dve.copy [r0+0x0], [r0+0x0], 1, 1, snone
	dve.copy [r0, p0], [r0], 1, 1, snone
# HBM addresses have no partition start.
# CHECK: dma.load [r0+0x40, p7], [r1+0x0], 1, 16, 64, 0, snone
	dma.load [r0+0x40, p7], [r1], 1, 16, 64, 0, snone
# CHECK: dma.store [r2+0x100], [r0+0x0, p127], 1, 16, 64, 15, s3
	dma.store [r2+0x100], [r0, p127], 1, 16, 64, 15, s3
# CHECK: act.sigmoid [r0+0x0], [r0+0x400000], 2, 3, -1.5, 2.0, snone
	act.sigmoid [r0+0x0], [r0+0x400000], 2, 3, -1.5, 2, snone
# CHECK: dve.ts.mul [r0+0x0], [r0+0x0], 1.00000001e-07, 1, 1, snone
	dve.ts.mul [r0], [r0], 1.0e-7, 1, 1, snone
# CHECK: pe.waitr s12, r20, -3
	pe.waitr s12, r20, -3
# CHECK: sp.wait s255, 1000000
	sp.wait s255, 1000000
# CHECK: pool.inc s0
	pool.inc s0
# CHECK: act.semset s1, 0
	act.semset s1, 0
# CHECK: barrier
	barrier
# CHECK: bne r1, r0, .Lloop
.Lloop:
	bne r1, r0, .Lloop
# CHECK: ret
	ret
