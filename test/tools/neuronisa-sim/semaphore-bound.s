# The 2^31 bound of the synchronization proofs (proofs/README.md, "What is
# assumed"): waits compare (int32)(S - v), so an increment that would take a
# semaphore past 2^31 - 1 stops the run with an error instead of wrapping,
# whether an inc or the completion of a data-path instruction makes it.
#
# RUN: not neuronisa-sim %s --kernel=by_inc 2>&1 | FileCheck --check-prefix=INC %s
# INC: semaphore-bound.s:21:3: error: semaphore s0 would pass 2^31 - 1
# INC: status: runtime-error
# RUN: not neuronisa-sim %s --kernel=by_completion 2>&1 | FileCheck --check-prefix=DONE %s
# DONE: semaphore-bound.s:30:3: error: semaphore s1 would pass 2^31 - 1
# DONE: status: runtime-error
# RUN: neuronisa-sim %s --kernel=below 2>&1 | FileCheck --check-prefix=BELOW %s
# BELOW: status: finished

  .text
  .globl by_inc
  .type by_inc,@function
by_inc:
  sp.semset s0, 2147483647
  sp.wait s0, 2147483647
  sp.inc s0
  ret

  .globl by_completion
  .type by_completion,@function
by_completion:
  pool.semset s1, 2147483646
  pool.wait s1, 2147483646
  pool.inc s1
  pool.memset [r0+0], 0.0, 1, 1, s1
  ret

  .globl below
  .type below,@function
below:
  pool.semset s1, 2147483645
  pool.wait s1, 2147483645
  pool.inc s1
  pool.memset [r0+0], 0.0, 1, 1, s1
  pool.wait s1, 2147483647
  ret
