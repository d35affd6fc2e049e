# Tile operands that start at a partition other than 0 ("[rB+offset, pN]"):
# the data path reads and writes partitions N.., and the race checker
# tracks partition ranges as well as bytes (slices on disjoint partitions
# never race).
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/gen.py npy %t/x.npy 8x16 "i"
# RUN: %python %S/Inputs/gen.py npy %t/y.ref.npy 8x16 \
# RUN:   "i if 2 <= i // 16 <= 5 and 4 <= i % 16 < 12 else (1.0 if i // 16 < 4 else 2 * i)"
# RUN: neuronisa-sim %s in:%t/x.npy out:8x16::expect=%t/y.ref.npy --jitter=5 \
# RUN:   | FileCheck %s
# RUN: not neuronisa-sim %s --kernel=unsynchronized in:%t/x.npy out:8x16 \
# RUN:   --report=none 2>&1 | FileCheck --check-prefix=RACE %s --implicit-check-not=race:

# CHECK: status: finished
# CHECK: races: 0 (0 instruction pairs)
# CHECK: output arg2 ({{.*}}y.ref.npy): match

# The memset (partitions 0-3) and the activation (4-7) never race; the copy
# (partitions 2-5, bytes 0x50-0x70) races with both.
# RACE-DAG: error: race: dve.memset (line [[#MEMSET:]]) and pool.copy (line [[#COPY:]]) on SBUF [0x50, 0x70) from partition 2
# RACE-DAG: error: race: act.identity (line {{[0-9]+}}) and pool.copy (line [[#COPY]]) on SBUF [0x50, 0x70) from partition 4
# RACE: error: 2 race(s) between 2 instruction pair(s)

  .text
  .globl slices
  .type slices,@function
slices:
  dma.load [r0+0x0], [r1+0x0], 8, 16, 64, 0, s0
  dve.memset [r0+0x40], 1.0, 4, 16, s1
  act.wait s0, 1
  act.identity [r0+0x40, p4], [r0+0x0, p4], 4, 16, 2.0, 0.0, s2
  pool.wait s0, 1
  pool.wait s1, 1
  pool.wait s2, 1
  pool.copy [r0+0x50, p2], [r0+0x10, p2], 4, 8, s3
  sp.wait s3, 1
  dma.store [r2+0x0], [r0+0x40], 8, 16, 64, 1, snone
  ret

  .globl unsynchronized
  .type unsynchronized,@function
unsynchronized:
  dma.load [r0+0x0], [r1+0x0], 8, 16, 64, 0, s0
  act.wait s0, 1
  pool.wait s0, 1
  dve.memset [r0+0x40], 1.0, 4, 16, s1
  act.identity [r0+0x40, p4], [r0+0x0, p4], 4, 16, 2.0, 0.0, s2
  pool.copy [r0+0x50, p2], [r0+0x10, p2], 4, 8, s3
  sp.wait s1, 1
  sp.wait s2, 1
  sp.wait s3, 1
  dma.store [r2+0x0], [r0+0x40], 8, 16, 64, 1, snone
  ret
