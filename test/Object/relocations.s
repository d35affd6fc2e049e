# Symbols the assembler cannot resolve become relocations: R_NEURONISA_32
# (type 1) on a 32-bit field, R_NEURONISA_BRANCH (type 2) on a branch. The
# disassembly names the symbols again and reassembles into the same object;
# the simulator refuses an object that still needs a linker.
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: llvm-readelf -h -r %t.o | FileCheck %s --check-prefix=ELF
# RUN: neuronisa-objdump -d %t.o > %t.s
# RUN: FileCheck %s --check-prefix=DIS < %t.s
# RUN: neuronisa-asm -filetype=obj %t.s -o %t.2.o
# RUN: cmp %t.o %t.2.o
# RUN: not neuronisa-sim %t.o 2>&1 | FileCheck %s --check-prefix=SIM

	.text
	.globl	k
	.type	k,@function
k:
	li	r1, ext_value
	addi	r2, r2, ext_value+4
	dma.load	[r0+tile_x], [r1+ext_value], 128, 512, 2048, 0, snone
	b	ext_func
	ret
.Lend:
	.size	k, .Lend-k

# ELF: Class: ELF32
# ELF: Data: 2's complement, little endian
# ELF: Type: REL (Relocatable file)
# ELF: Machine: 4e49
# ELF: Relocation section '.rela.text' at offset {{.*}} contains 5 entries:
# The immediate of li and addi at byte 4 of their word.
# ELF: 00000004 {{[0-9a-f]+}}01 {{.*}} ext_value + 0
# ELF-NEXT: 0000000c {{[0-9a-f]+}}01 {{.*}} ext_value + 4
# dma.load at 0x10: the tile's offset in slot 1 (byte 8), the HBM offset in
# slot 2 (byte 12).
# ELF-NEXT: 00000018 {{[0-9a-f]+}}01 {{.*}} tile_x + 0
# ELF-NEXT: 0000001c {{[0-9a-f]+}}01 {{.*}} ext_value + 0
# The branch instruction itself.
# ELF-NEXT: 00000030 {{[0-9a-f]+}}02 {{.*}} ext_func + 0

# DIS: k:
# DIS-NEXT: li r1, ext_value
# DIS-NEXT: addi r2, r2, ext_value+4
# DIS-NEXT: dma.load [r0+tile_x], [r1+ext_value], 128, 512, 2048, 0, snone
# DIS-NEXT: b ext_func
# DIS-NEXT: ret
# DIS-NEXT: .size k, 64

# SIM: error: {{.*}}.o: unresolved relocation R_NEURONISA_32 against 'ext_value' at .text+0x4: the simulator runs self-contained objects
