# A loop synchronized the way the Neuron compiler does it: constant
# thresholds and an all-engine barrier (drain + semaphore reset) at the end of
# every iteration. Sound (no races, right results) but not precise: the
# precision check reports the cycles the barrier holds engines for unrelated
# work.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/gen.py loop %t 64
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64::expect=%t/exp.ref.npy 8 \
# RUN:   | FileCheck %s
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64::expect=%t/exp.ref.npy 8 \
# RUN:   --jitter=3 | FileCheck %s
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64::expect=%t/exp.ref.npy 8 \
# RUN:   --report=json | FileCheck --check-prefix=JSON %s
# RUN: neuronisa-sim %s in:%t/x.npy out:64x64 8 | FileCheck --check-prefix=SITE %s

# CHECK: status: finished
# CHECK: races: 0
# CHECK: over-synchronization: {{[1-9][0-9]*}} cycles at {{[1-9][0-9]*}} sites
# CHECK: output arg2 ({{.*}}): match

# JSON: "status": "finished"
# JSON: "races": 0
# JSON: "over_sync_cycles": {{[1-9][0-9]*}}
# JSON: "instruction": "barrier",
# JSON-NEXT: "line": [[#BARRIER:]],

  .text
  .globl loop_barrier
  .type loop_barrier,@function
loop_barrier:                  # r1 = x [8n x 64], r2 = out, r3 = n
  li r10, 0
  mov r11, r1
  mov r12, r2
  bge r10, r3, .Ldone
.Lbody:
  dma.load [r0+0], [r11+0], 8, 64, 256, 0, s0
  act.wait s0, 1
  act.exp [r0+256], [r0+0], 8, 64, 1.0, 0.0, s1
  sp.wait s1, 1
  dma.store [r12+0], [r0+256], 8, 64, 256, 1, s2
  barrier                      # SITE: barrier (line [[@LINE]]): {{[1-9][0-9]*}} cycles over
  addi r10, r10, 1
  addi r11, r11, 2048
  addi r12, r12, 2048
  blt r10, r3, .Lbody
.Ldone:
  ret
