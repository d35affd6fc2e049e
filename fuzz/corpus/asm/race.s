# Races are found by happens-before, not by luck: under every latency draw
# the checker names both instructions (program order) and the tile.
#  - dve.tt.add waits for s0 >= 1, but both loads increment s0: the wait is
#    ordered after only one of them (whichever completes first).
#  - act.exp reads dve's result with no wait at all.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/gen.py npy %t/x.npy 4x16 "i"
# RUN: not neuronisa-sim %s in:%t/x.npy 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s in:%t/x.npy --jitter=1 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s in:%t/x.npy --jitter=2 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s in:%t/x.npy --jitter=3 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s in:%t/x.npy --jitter=4 --report=json 2>&1 \
# RUN:   | FileCheck --check-prefix=JSON %s
# Without the race checker the program runs and exits 0.
# RUN: neuronisa-sim %s in:%t/x.npy --check=precision | FileCheck --check-prefix=OFF %s

# CHECK-DAG: error: race: dma.load (line {{3[23]}}) and dve.tt.add (line 35) on SBUF [{{0x0|0x100}}, {{0x40|0x140}})
# CHECK-DAG: error: race: dve.tt.add (line 35) and act.exp (line 36) on SBUF [0x200, 0x240)
# CHECK: races: 2 (2 instruction pairs)
# CHECK: error: 2 race(s) between 2 instruction pair(s)

# JSON: "races": 2,
# JSON: "race_pairs": 2,

# OFF: races: not checked

  .text
  .globl race
  .type race,@function
race:
  dma.load [r0+0], [r1+0], 4, 16, 64, 0, s0
  dma.load [r0+256], [r1+0], 4, 16, 64, 1, s0
  dve.wait s0, 1
  dve.tt.add [r0+512], [r0+0], [r0+256], 4, 16, s1
  act.exp [r0+768], [r0+512], 4, 16, 1.0, 0.0, s2
  ret
