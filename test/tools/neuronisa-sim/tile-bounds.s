# When a program declares its tiles (.neuronisa_tile, as llc writes them),
# every on-chip access must lie inside one of them, in bytes and in
# partitions: an access through a register (a run-time offset the compiler
# could not check) that leaves its tile is a run-time error naming the
# instruction, never a write into the neighbouring tile.
#
# RUN: neuronisa-sim %s 48 --report=none
# RUN: not neuronisa-sim %s 52 2>&1 | FileCheck %s --check-prefix=BYTES
# RUN: not neuronisa-sim %s --kernel=partitions 2>&1 | FileCheck %s --check-prefix=PARTS
# RUN: not neuronisa-sim %s --kernel=between 2>&1 | FileCheck %s --check-prefix=GAP

  .neuronisa_tile a, sbuf, 0x0, 0x40, 8
  .neuronisa_tile b, sbuf, 0x40, 0x40, 8
  .neuronisa_tile p, psum, 0x400040, 0x40, 8

  .text
  .globl columns
  .type columns,@function
columns:
  addi r1, r1, 0x40                   # &b[2][r1 / 4]
# BYTES: tile-bounds.s:[[#@LINE+1]]:3: error: dst tile: SBUF bytes [0x74, 0x84) of partitions [2, 6) are not inside one declared tile (they start in @b sbuf [0x40, 0x80) x 8 partitions)
  dve.memset [r1+0x0, p2], 1.0, 4, 4, snone
  ret

  .globl partitions
  .type partitions,@function
partitions:
  li r1, 0x40
# PARTS: tile-bounds.s:[[#@LINE+1]]:3: error: src tile: SBUF bytes [0x0, 0x40) of partitions [6, 10) are not inside one declared tile (they start in @a sbuf [0x0, 0x40) x 8 partitions)
  dve.copy [r1+0x0], [r0+0x0, p6], 4, 16, snone
  ret

  .globl between
  .type between,@function
between:
  li r2, 0x400000
# GAP: tile-bounds.s:[[#@LINE+1]]:3: error: dst tile: PSUM bytes [0x400000, 0x400010) of partitions [0, 1) are not inside one declared tile{{$}}
  pool.memset [r2+0x0], 0.0, 1, 4, snone
  ret
# BYTES: status: runtime-error
