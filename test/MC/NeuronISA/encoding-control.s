# Encodings of the one-word control formats (docs/ISA.md, "Encoding"): header
# (engine 0, format 0, opcode), registers in bits 16-20, 21-25, 26-30, the
# 32-bit immediate or branch offset in bits 32-63. The object disassembles to
# the same instructions and reassembles to the same bytes.
# RUN: neuronisa-asm -show-encoding %s | FileCheck %s
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: llvm-readelf -x .text %t.o | FileCheck %s --check-prefix=BYTES
# RUN: neuronisa-objdump -d %t.o > %t.s
# RUN: FileCheck %s --check-prefix=DIS < %t.s
# RUN: neuronisa-asm -filetype=obj %t.s -o %t.2.o
# RUN: cmp %t.o %t.2.o

# Register-register ALU: opcode 0x20 + operation.
# CHECK: add r1, r2, r3 # encoding: [0x00,0x20,0x41,0x0c,0x00,0x00,0x00,0x00]
# CHECK: sub r0, r0, r0 # encoding: [0x00,0x21,0x00,0x00,0x00,0x00,0x00,0x00]
# CHECK: sra r4, r5, r6 # encoding: [0x00,0x2c,0xa4,0x18,0x00,0x00,0x00,0x00]
# CHECK: sltu r31, r30, r29 # encoding: [0x00,0x30,0xdf,0x77,0x00,0x00,0x00,0x00]
	add	r1, r2, r3
	sub	r0, r0, r0
	sra	r4, r5, r6
	sltu	r31, r30, r29
# Register-immediate ALU: opcode 0x40 + the same operation.
# CHECK: addi r5, r6, -1 # encoding: [0x00,0x40,0xc5,0x00,0xff,0xff,0xff,0xff]
# CHECK: muli r1, r1, 3 # encoding: [0x00,0x42,0x21,0x00,0x03,0x00,0x00,0x00]
# CHECK: srai r7, r8, 31 # encoding: [0x00,0x4c,0x07,0x01,0x1f,0x00,0x00,0x00]
	addi	r5, r6, -1
	muli	r1, r1, 3
	srai	r7, r8, 31
# Moves: opcode 0x60-0x63; sel's fourth register is in bits 32-36.
# CHECK: li r9, 2147483647 # encoding: [0x00,0x60,0x09,0x00,0xff,0xff,0xff,0x7f]
# CHECK: li r10, -2147483648 # encoding: [0x00,0x60,0x0a,0x00,0x00,0x00,0x00,0x80]
# CHECK: li r11, 4294967295 # encoding: [0x00,0x60,0x0b,0x00,0xff,0xff,0xff,0xff]
# CHECK: mov r11, r12 # encoding: [0x00,0x61,0x8b,0x01,0x00,0x00,0x00,0x00]
# CHECK: sel r13, r14, r15, r16 # encoding: [0x00,0x62,0xcd,0x3d,0x10,0x00,0x00,0x00]
# CHECK: nop # encoding: [0x00,0x63,0x00,0x00,0x00,0x00,0x00,0x00]
	li	r9, 2147483647
	li	r10, -2147483648
	li	r11, 4294967295
	mov	r11, r12
	sel	r13, r14, r15, r16
	nop
# Control flow: opcode 0x80-0x87. A label is a fixup until the layout is
# known; the object holds the distance in 64-bit words from the branch (the
# disassembly names each target by its address: b at 0x68 is 0 words from
# itself, beq at 0x70 is 3 words before ret at 0x88, bne at 0x80 is -1 word
# after bgeu at 0x78).
# CHECK: .Lback:
# CHECK: b .Lback # encoding: [0x00,0x80,0x00,0x00,A,A,A,A]
# CHECK-NEXT: fixup A - offset: 0, value: .Lback, kind: fixup_neuronisa_branch
# CHECK: beq r1, r2, .Lfwd # encoding: [0x00,0x81,0x41,0x00,A,A,A,A]
# CHECK: bgeu r31, r0, .Lfwd # encoding: [0x00,0x86,0x1f,0x00,A,A,A,A]
# CHECK: bne r0, r0, -1 # encoding: [0x00,0x82,0x00,0x00,0xff,0xff,0xff,0xff]
# CHECK: ret # encoding: [0x00,0x87,0x00,0x00,0x00,0x00,0x00,0x00]
.Lback:
	b	.Lback
	beq	r1, r2, .Lfwd
	bgeu	r31, r0, .Lfwd
	bne	r0, r0, -1
.Lfwd:
	ret

# The resolved branch offsets: b 0, beq 3, bgeu 2 words.
# BYTES: 0x00000060 00630000 00000000 00800000 00000000
# BYTES-NEXT: 0x00000070 00814100 03000000 00861f00 02000000
# BYTES-NEXT: 0x00000080 00820000 ffffffff 00870000 00000000

# DIS: add r1, r2, r3
# DIS-NEXT: sub r0, r0, r0
# DIS-NEXT: sra r4, r5, r6
# DIS-NEXT: sltu r31, r30, r29
# DIS-NEXT: addi r5, r6, -1
# DIS-NEXT: muli r1, r1, 3
# DIS-NEXT: srai r7, r8, 31
# DIS-NEXT: li r9, 2147483647
# DIS-NEXT: li r10, -2147483648
# 0xffffffff reads back as the same 32 bits, printed signed.
# DIS-NEXT: li r11, -1
# DIS-NEXT: mov r11, r12
# DIS-NEXT: sel r13, r14, r15, r16
# DIS-NEXT: nop
# DIS-NEXT: .L0x68:
# DIS-NEXT: b .L0x68
# DIS-NEXT: beq r1, r2, .L0x88
# DIS-NEXT: .L0x78:
# DIS-NEXT: bgeu r31, r0, .L0x88
# DIS-NEXT: bne r0, r0, .L0x78
# DIS-NEXT: .L0x88:
# DIS-NEXT: ret
