# Semaphore histories are exact however long the loop: pool waits for the
# FIRST increment of s0 only, after dve has incremented s0 n + 2 times, and
# then reads Y, written by the SECOND increment's memset: a race for every n.
# (A checker keeping only the last 1024 values of s0 would attribute the
# oldest kept value, ~n - 1000, to the wait and miss it for n > 1024.)
# pool first waits for act's loop (act is much slower than dve, and never
# learns anything about dve), so that s0 has reached n + 2 by then.
#
# RUN: not neuronisa-sim %s 2000 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s 2000 --jitter=1 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s 0 2>&1 | FileCheck %s
# Waiting for the second increment is enough, however long the loop.
# RUN: neuronisa-sim %s 2000 --arg=1 2>&1 | FileCheck --check-prefix=OK %s

# CHECK: error: race: dve.memset (line 25) and pool.copy (line 36) on SBUF [0x100, 0x140)
# CHECK: races: 1 (1 instruction pairs)

# OK: races: 0 (0 instruction pairs)

  .text
  .globl long_loop_race
  .type long_loop_race,@function
long_loop_race:                          # r1 = n, r2 = extra threshold
  dve.memset [r0+0], 1.0, 4, 16, s0      # s0 = 1: X
  dve.memset [r0+256], 2.0, 4, 16, s0    # s0 = 2: Y
  li r20, 0
  bge r20, r1, .Ldone
.Lloop:
  dve.memset [r0+512], 3.0, 4, 16, s0    # s0 = 3 .. n + 2: Z
  act.exp [r0+4096], [r0+4096], 4, 512, 1.0, 0.0, s1
  addi r20, r20, 1
  blt r20, r1, .Lloop
.Ldone:
  pool.waitr s1, r1, 0                   # act's loop is done (so is dve's)
  pool.waitr s0, r2, 1                   # X (and Y if r2 = 1)
  pool.copy [r0+768], [r0+256], 4, 16, snone
  ret
