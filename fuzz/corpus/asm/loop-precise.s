# The same loop as loop-barrier.s, synchronized precisely with dynamic
# thresholds from the iteration count r20 (no barrier): no races and no
# over-synchronization, under fixed and randomized latencies.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/gen.py loop %t 64
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64::expect=%t/exp.ref.npy 8 \
# RUN:   | FileCheck %s
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64::expect=%t/exp.ref.npy 8 \
# RUN:   --jitter=1 | FileCheck %s
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64::expect=%t/exp.ref.npy 8 \
# RUN:   --jitter=2 | FileCheck %s
# Zero trips: nothing runs, nothing is written.
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64 0 | FileCheck --check-prefix=ZERO %s

# CHECK: status: finished
# CHECK: races: 0 (0 instruction pairs)
# CHECK: over-synchronization: 0 cycles at 0 sites
# CHECK: output arg2 ({{.*}}): match

# ZERO: status: finished
# ZERO-NEXT: total cycles: 7
# ZERO-NOT: dma.q
# ZERO: races: 0

  .text
  .globl loop_precise
  .type loop_precise,@function
loop_precise:                  # r1 = x [8n x 64], r2 = out, r3 = n
  li r20, 0
  mov r11, r1
  mov r12, r2
  bge r20, r3, .Ldone
.Lbody:
  sp.waitr s1, r20, 0          # act.exp of iteration i-1 has read X
  dma.load [r0+0], [r11+0], 8, 64, 256, 0, s0
  act.waitr s0, r20, 1         # X of iteration i loaded
  act.waitr s2, r20, 0         # the store of iteration i-1 has read Y
  act.exp [r0+256], [r0+0], 8, 64, 1.0, 0.0, s1
  sp.waitr s1, r20, 1          # Y of iteration i computed
  dma.store [r12+0], [r0+256], 8, 64, 256, 1, s2
  addi r20, r20, 1
  addi r11, r11, 2048
  addi r12, r12, 2048
  blt r20, r3, .Lbody
.Ldone:
  ret
