# Encodings of the one-word synchronization instructions: header (the
# engine, format 0, opcode = the synchronization kind: 1 wait, 2 waitr,
# 3 inc, 4 semset, 5 barrier), the semaphore in bits 16-23, waitr's register
# in bits 24-28, the immediate in bits 32-63.
# RUN: neuronisa-asm -show-encoding %s | FileCheck %s
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: neuronisa-objdump -d %t.o > %t.s
# RUN: FileCheck %s --check-prefix=DIS < %t.s
# RUN: neuronisa-asm -filetype=obj %t.s -o %t.2.o
# RUN: cmp %t.o %t.2.o

# CHECK: pe.wait s255, 100 # encoding: [0x01,0x01,0xff,0x00,0x64,0x00,0x00,0x00]
# CHECK: act.waitr s1, r20, -2 # encoding: [0x02,0x02,0x01,0x14,0xfe,0xff,0xff,0xff]
# CHECK: dve.inc s7 # encoding: [0x03,0x03,0x07,0x00,0x00,0x00,0x00,0x00]
# CHECK: pool.semset s128, 0 # encoding: [0x04,0x04,0x80,0x00,0x00,0x00,0x00,0x00]
# CHECK: sp.wait s0, 1 # encoding: [0x05,0x01,0x00,0x00,0x01,0x00,0x00,0x00]
# CHECK: sp.waitr s3, r31, 0 # encoding: [0x05,0x02,0x03,0x1f,0x00,0x00,0x00,0x00]
# CHECK: barrier # encoding: [0x00,0x05,0x00,0x00,0x00,0x00,0x00,0x00]
	pe.wait	s255, 100
	act.waitr	s1, r20, -2
	dve.inc	s7
	pool.semset	s128, 0
	sp.wait	s0, 1
	sp.waitr	s3, r31, 0
	barrier

# DIS: pe.wait s255, 100
# DIS-NEXT: act.waitr s1, r20, -2
# DIS-NEXT: dve.inc s7
# DIS-NEXT: pool.semset s128, 0
# DIS-NEXT: sp.wait s0, 1
# DIS-NEXT: sp.waitr s3, r31, 0
# DIS-NEXT: barrier
