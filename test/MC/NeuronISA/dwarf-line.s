# RUN: neuronisa-asm %s | FileCheck --check-prefix=ASM %s
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: llvm-readelf -r %t.o | FileCheck --check-prefix=NORELOC %s
# RUN: llvm-dwarfdump --debug-line %t.o 2>/dev/null | FileCheck %s
# RUN: neuronisa-objdump -d -l %t.o | FileCheck --check-prefix=DIS %s
# RUN: neuronisa-objdump -d %t.o > %t.dis.s
# RUN: neuronisa-asm -filetype=obj %t.dis.s -o %t.dis.o
# RUN: cmp %t.o %t.dis.o
# The assembler turns .file/.loc into a DWARF line table (.debug_line): an
# address advances in 8-byte units (the minimum instruction length), and the
# address of the second kernel is its .text offset, written by the assembler
# (no relocation: kernels are loaded with .text at address 0). The
# disassembly keeps the table as bytes and reassembles to the same object.

	.neuronisa_kernel a
	.neuronisa_kernel b
	.text
	.globl a
	.type a,@function
a:
	.file 0 "/src" "k.c" md5 0x00112233445566778899aabbccddeeff
	.file 1 "/src/include" "k.h" md5 0xffeeddccbbaa99887766554433221100
# ASM: .loc 0 3 5 prologue_end
	.loc 0 3 5 prologue_end
	dve.memset [r0+0x0], 1.0, 8, 16, s0
# ASM: .loc 1 20 7
	.loc 1 20 7
	sp.wait s0, 1
	.loc 0 4 1
	ret
	.globl b
	.type b,@function
b:
	.loc 0 8 3 prologue_end
	li r1, 2
	.loc 0 9 1
	ret

# NORELOC: There are no relocations in this file.

# CHECK: min_inst_length: 8
# CHECK: include_directories[  0] = "/src"
# CHECK: include_directories[  1] = "/src/include"
# CHECK: file_names[  0]:
# CHECK-NEXT: name: "k.c"
# CHECK: file_names[  1]:
# CHECK-NEXT: name: "k.h"
# CHECK-NEXT: dir_index: 1
# CHECK:      0x0000000000000000 3 5 0 {{.*}} prologue_end
# CHECK-NEXT: 0x0000000000000020 20 7 1
# CHECK-NEXT: 0x0000000000000028 4 1 0
# CHECK-NEXT: 0x0000000000000030 8 3 0 {{.*}} prologue_end
# CHECK-NEXT: 0x0000000000000038 9 1 0
# CHECK-NEXT: 0x0000000000000040 9 1 0 {{.*}} end_sequence

# DIS:      a:
# DIS-NEXT: # k.c:3
# DIS-NEXT: dve.memset
# DIS-NEXT: # /src/include/k.h:20
# DIS-NEXT: sp.wait
# DIS-NEXT: # k.c:4
# DIS-NEXT: ret
# DIS:      b:
# DIS-NEXT: # k.c:8
# DIS-NEXT: li r1, 2
# DIS-NEXT: # k.c:9
# DIS-NEXT: ret
