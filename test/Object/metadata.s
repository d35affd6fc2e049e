# The kernel metadata section (docs/ObjectFormat.md): an object carries what
# the .neuronisa_tile and .neuronisa_kernel directives say in .neuronisa.meta;
# the disassembly gives the directives back, and the simulator keeps an
# object's accesses inside its tiles exactly as it does for the assembly.
#
# RUN: neuronisa-asm -filetype=obj %s -o %t.o
# RUN: llvm-readelf -S -x .neuronisa.meta %t.o | FileCheck %s --check-prefix=SECTION
# RUN: neuronisa-objdump -d %t.o | FileCheck %s --check-prefix=DIS
# RUN: neuronisa-objdump -d %t.o > %t.s
# RUN: neuronisa-asm -filetype=obj %t.s -o %t.2.o
# RUN: cmp %t.o %t.2.o
#
# RUN: neuronisa-sim %t.o 48 --report=none
# RUN: not neuronisa-sim %t.o 52 2>&1 | FileCheck %s --check-prefix=BOUNDS
# RUN: not neuronisa-sim %s 52 2>&1 | FileCheck %s --check-prefix=BOUNDS-ASM

# SECTION: .neuronisa.meta PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 4
# The header ("NIMD", version 1, 2 kernels, 2 tiles), the kernels (name
# offset, argument count, kinds: 1 scalar, 2 hbm), the tiles (name offset,
# memory: 0 sbuf 1 psum, address, bytes per partition, partitions), names.
# SECTION:      0x00000000 4e494d44 01000000 02000000 02000000 NIMD............
# SECTION-NEXT: 0x00000010 00000000 02000000 01020000 00000000 ................
# SECTION-NEXT: 0x00000020 08000000 00000000 00000000 00000000 ................
# SECTION-NEXT: 0x00000030 0f000000 00000000 00000000 40000000 ............@...
# SECTION-NEXT: 0x00000040 08000000 11000000 01000000 40004000 ............@.@.
# SECTION-NEXT: 0x00000050 40000000 08000000 636f6c75 6d6e7300 @.......columns.
# SECTION-NEXT: 0x00000060 6e6f6172 67730061 00706172 7469616c noargs.a.partial
# SECTION-NEXT: 0x00000070 00                                  .

# DIS:      .neuronisa_tile a, sbuf, 0x0, 0x40, 8
# DIS-NEXT: .neuronisa_tile partial, psum, 0x400040, 0x40, 8
# DIS-NEXT: .neuronisa_kernel columns, scalar, hbm
# DIS-NEXT: .neuronisa_kernel noargs
# DIS-NEXT: .text

# BOUNDS: {{.*}}.o:.text+0x8: error: dst tile: SBUF bytes [0x34, 0x44) of partitions [2, 6) are not inside one declared tile (they start in @a sbuf [0x0, 0x40) x 8 partitions)
# BOUNDS-ASM: metadata.s:{{[0-9]+}}:3: error: dst tile: SBUF bytes [0x34, 0x44) of partitions [2, 6) are not inside one declared tile (they start in @a sbuf [0x0, 0x40) x 8 partitions)

  .neuronisa_tile a, sbuf, 0x0, 0x40, 8
  .neuronisa_tile partial, psum, 0x400040, 0x40, 8
  .neuronisa_kernel columns, scalar, hbm
  .neuronisa_kernel noargs

  .text
  .globl columns
  .type columns,@function
columns:
  # &a[2][r1 / 4]
  addi r1, r1, 0x0
  dve.memset [r1+0x0, p2], 1.0, 4, 4, snone
  ret

  .globl noargs
  .type noargs,@function
noargs:
  ret
