# Fields the encoding cannot hold: the assembly parser's operand check
# (the compiler's and the simulator's too) rejects them at the operand, so
# they never reach the encoder; no object. A symbol whose value is known only
# after layout is the encoder's to reject: encoding-late-symbol.s.
# RUN: not neuronisa-asm -filetype=obj %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not neuronisa-asm -show-encoding %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not test -e %t.o

# CHECK: encoding-errors.s:[[@LINE+1]]:9: error: 32-bit immediate 4294967296 out of range -2147483648-4294967295
	li	r1, 4294967296
# CHECK: encoding-errors.s:[[@LINE+1]]:15: error: 32-bit immediate -2147483649 out of range -2147483648-4294967295
	addi	r1, r1, -2147483649
# CHECK: encoding-errors.s:[[@LINE+1]]:11: error: address offset 8589934592 out of range -2147483648-2147483647
	dve.copy	[r0+0x200000000], [r0+0x0], 1, 1, snone
# CHECK: encoding-errors.s:[[@LINE+1]]:56: error: flag 2 out of range 0-1
	pe.matmul	[r0+0x400000], [r0+0x0], [r0+0x0], 1, 1, 1, 2, snone
