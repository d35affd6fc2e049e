# RUN: rm -f %t.o
# RUN: not neuronisa-asm -filetype=obj %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not test -e %t.o
# Debug sections hold no relocations (docs/ObjectFormat.md): an address in
# them is a .text offset, which the assembler writes itself. An address of
# anything else (an undefined symbol, a label of another section) is an
# error, not a relocation left for a linker that kernels never see.

	.neuronisa_kernel k
	.text
	.globl k
k:
	ret
.Lend:
	.section .rodata,"a",@progbits
.Ldata:
	.long 0

	.section .debug_info,"",@progbits
# A .text address and a label difference are fine.
	.long .Lend
	.long .Lend-k
# CHECK: dwarf-errors.s:[[@LINE+1]]:8: error: debug information refers to 'elsewhere', which is not in .text: NeuronISA kernels are loaded with .text at address 0, not linked
	.long elsewhere
# CHECK: dwarf-errors.s:[[@LINE+1]]:14: error: debug information refers to '.Ldata', which is not in .text: NeuronISA kernels are loaded with .text at address 0, not linked
	.long .Ldata+4
