# A wait that can never be satisfied, and engines left at a barrier that one
# engine never reaches: each is reported with its pending wait, and the
# simulator exits non-zero instead of hanging.
#
# RUN: not neuronisa-sim %s 2>&1 | FileCheck %s
# RUN: not neuronisa-sim %s --kernel=stuck_barrier 2>&1 \
# RUN:   | FileCheck --check-prefix=BARRIER %s
# RUN: not neuronisa-sim %s --kernel=nonexistent 2>&1 \
# RUN:   | FileCheck --check-prefix=NOKERNEL %s

# CHECK: error: deadlock at cycle {{[0-9]+}}: no engine can make progress
# CHECK-NEXT: pe: finished
# CHECK-NEXT: act: finished
# CHECK-NEXT: dve: finished
# CHECK-NEXT: pool: waiting at pool.wait (line 34) since cycle {{[0-9]+}}: s3 = 1, needs >= 2
# CHECK: semaphores: s3=1
# CHECK: status: deadlock

# BARRIER: error: deadlock
# BARRIER-NEXT: pe: at barrier (line 42)
# BARRIER-NEXT: act: at barrier (line 42)
# BARRIER-NEXT: dve: at barrier (line 42)
# BARRIER-NEXT: pool: at barrier (line 42)
# BARRIER-NEXT: sp: waiting at sp.wait (line 41) since cycle 0: s9 = 0, needs >= 1
# BARRIER-NEXT: semaphores: all zero

# NOKERNEL: error: no kernel named 'nonexistent'

  .text
  .globl stuck_wait
  .type stuck_wait,@function
stuck_wait:
  act.inc s3
  pool.wait s3, 2
  pool.memset [r0+0], 0.0, 1, 1, snone
  ret

  .globl stuck_barrier
  .type stuck_barrier,@function
stuck_barrier:
  sp.wait s9, 1
  barrier
  ret
