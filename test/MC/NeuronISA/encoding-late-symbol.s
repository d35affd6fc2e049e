# A symbol whose value, known only after layout, does not fit its 32-bit
# field: a located error from the encoder, no object.
# RUN: not neuronisa-asm -filetype=obj %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not test -e %t.o

# CHECK: encoding-late-symbol.s:[[@LINE+1]]:9: error: value 4294967297 does not fit in a 32-bit field
	li	r2, big
	.set	big, 0x100000001
