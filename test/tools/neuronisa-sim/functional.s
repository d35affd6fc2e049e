# Functional results of matmul, transpose, activation, reduce, scan and DMA
# round trips, compared with references computed by Inputs/gen.py. The
# program is precisely synchronized: no races, no over-synchronization.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/gen.py functional %t
# RUN: neuronisa-sim %s in:%t/a.npy in:%t/b.npy \
# RUN:   out:3x5:%t/gelu.npy:expect=%t/gelu.ref.npy \
# RUN:   out:3x1::expect=%t/max.ref.npy \
# RUN:   out:5x4::expect=%t/bt.ref.npy out:4x5::expect=%t/scan.ref.npy \
# RUN:   --rtol=1e-5 --atol=1e-6 | FileCheck %s
# RUN: neuronisa-sim %s in:%t/a.npy in:%t/b.npy out:3x5 out:3x1 out:5x4 \
# RUN:   out:4x5:%t/scan.bin --report=none
# RUN: wc -c < %t/scan.bin | FileCheck --check-prefix=BIN %s
# RUN: neuronisa-sim %s in:%t/a.npy in:%t/b.npy out:3x5 out:3x1 out:5x4 \
# RUN:   --arg=out:4x5::expect=%t/scan.ref.npy --jitter=7 | FileCheck --check-prefix=JIT %s

# BIN: 80

# JIT: races: 0 (0 instruction pairs)
# JIT: over-synchronization: 0 cycles at 0 sites
# JIT: output arg6 ({{.*}}scan.ref.npy): match
# CHECK: kernel: functional
# CHECK: status: finished
# CHECK: races: 0 (0 instruction pairs)
# CHECK: over-synchronization: 0 cycles at 0 sites
# CHECK: output arg3 ({{.*}}gelu.ref.npy): match
# CHECK: output arg4 ({{.*}}max.ref.npy): match
# CHECK: output arg5 ({{.*}}bt.ref.npy): match
# CHECK: output arg6 ({{.*}}scan.ref.npy): match

  .text
  .globl functional
  .type functional,@function
functional:
  li r9, 0x400000                               # PSUM
  dma.load [r0+0], [r1+0], 4, 3, 12, 0, s0      # A [4 x 3]
  dma.load [r0+256], [r2+0], 4, 5, 20, 1, s1    # B [4 x 5]
  pe.wait s0, 1
  pe.wait s1, 1
  pe.matmul [r9+0], [r0+0], [r0+256], 4, 3, 5, 0, s2
  pe.transpose [r9+256], [r0+256], 4, 5, s5
  act.wait s2, 1
  act.gelu [r0+512], [r9+0], 3, 5, 0.5, 0.25, s3
  dve.wait s3, 1
  dve.reduce.max [r0+768], [r0+512], 3, 5, s4
  dve.wait s5, 1
  dve.copy [r0+1280], [r9+256], 5, 4, s6
  pool.wait s1, 1
  pool.scan.add [r0+1024], [r0+256], 4, 5, s7
  sp.wait s3, 1
  dma.store [r3+0], [r0+512], 3, 5, 20, 2, snone
  sp.wait s4, 1
  dma.store [r4+0], [r0+768], 3, 1, 4, 3, snone
  sp.wait s6, 1
  dma.store [r5+0], [r0+1280], 5, 4, 16, 4, snone
  sp.wait s7, 1
  dma.store [r6+0], [r0+1024], 4, 5, 20, 5, snone
  ret
