# RUN: neuronisa-asm %s | FileCheck %s
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: llvm-readelf -x .neuronisa.tileinit %t.o | FileCheck %s --check-prefix=SECTION
# RUN: neuronisa-objdump -d %t.o | FileCheck %s
# Initial contents of tiles: printed back as written, in an object the
# .neuronisa.tileinit section (docs/ObjectFormat.md), and disassembled back
# to the same directives.

	.neuronisa_tile x, sbuf, 0, 16, 2
	.neuronisa_tile p, psum, 0x400000, 2048, 128
# CHECK: .neuronisa_tile_init x, 0, 1, 0x3f800000, 0x40000000
	.neuronisa_tile_init x, 0, 1, 0x3f800000, 0x40000000
# CHECK-NEXT: .neuronisa_tile_init p, 127, 511, 0x80000000
	.neuronisa_tile_init p, 127, 511, 0x80000000
	.neuronisa_kernel k
	.text
	.globl k
k:
	dve.memset [r0+0x0], 1.0, 2, 4, snone
	ret

# Header "NITI", version 1, 2 records; then tile 0, partition 0, element 1,
# 2 words (1.0, 2.0), and tile 1, partition 127, element 511, 1 word (-0.0).
# SECTION: 0x00000000 4e495449 01000000 02000000 00000000
# SECTION-NEXT: 0x00000010 00000000 01000000 02000000 0000803f
# SECTION-NEXT: 0x00000020 00000040 01000000 7f000000 ff010000
# SECTION-NEXT: 0x00000030 01000000 00000080
