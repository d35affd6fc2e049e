# RUN: neuronisa-asm %s | FileCheck %s
# RUN: neuronisa-asm %s | neuronisa-asm | FileCheck %s
# The tile placement directive: name, memory, per-partition start address,
# bytes per partition, partitions. It survives a round trip; names that are
# not assembler identifiers are quoted. (Malformed ones: errors.s.)

# CHECK: .neuronisa_tile x, sbuf, 0x0, 0x800, 128
	.neuronisa_tile x, sbuf, 0, 2048, 128
# CHECK: .neuronisa_tile acc.1, psum, 0x400000, 0x40, 8
	.neuronisa_tile acc.1, psum, 0x400000, 0x40, 8
# CHECK: .neuronisa_tile "my tile\"", sbuf, 0x800, 0x4, 1
	.neuronisa_tile "my tile\"", sbuf, 2048, 4, 1
