# RUN: neuronisa-asm %s | FileCheck %s
# RUN: neuronisa-asm %s | neuronisa-asm | FileCheck %s
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: neuronisa-objdump -d %t.o | FileCheck %s
# The tile use directive names the tile that a tile operand of the next
# instruction (0: its first) accesses. It survives a round trip through
# assembly and through an object (.neuronisa.tileuse), where it stays before
# its instruction. (Malformed ones: tile-use-errors.s.)

	.neuronisa_tile x, sbuf, 0, 2048, 128
	.neuronisa_tile "acc tile", psum, 0x400000, 0x40, 8
	.neuronisa_kernel k, scalar

	.text
	.globl k
	.type k,@function
k:
# CHECK-LABEL: k:
# CHECK-NEXT: .neuronisa_tile_use 1, x
# CHECK-NEXT: .neuronisa_tile_use 0, "acc tile"
# CHECK-NEXT: dve.copy [r1+0x0], [r2+0x0], 8, 4, snone
	.neuronisa_tile_use 1, x
	.neuronisa_tile_use 0, "acc tile"
	dve.copy [r1+0x0], [r2+0x0], 8, 4, snone
# CHECK-NEXT: dve.memset [r0+0x0], 1.0, 8, 4, snone
	dve.memset [r0+0x0], 1.0, 8, 4, snone
# CHECK-NEXT: .neuronisa_tile_use 0, x
# CHECK-NEXT: dve.memset [r3+0x0, p2], 1.0, 4, 4, snone
	.neuronisa_tile_use 0, x
	dve.memset [r3+0x0, p2], 1.0, 4, 4, snone
	ret
