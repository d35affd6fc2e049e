; -neuronisa-sync-kept-registers=N (hidden, default 0) keeps r31 down to
; r(32-N) out of register allocation in precise mode, in a function with a
; loop, so the pass has them for its counters. loop-carried.ll's function
; needs 3 registers of its own (two arguments and the loop counter): with
; 28 kept it gets r1..r3 and its counter is r20, with 29 kept it needs a
; stack (without the option it compiles, as loop-carried.ll shows). The
; barrier algorithm keeps nothing.
; RUN: llc -mtriple=neuronisa -neuronisa-sync-kept-registers=28 < %S/loop-carried.ll | FileCheck %s
; RUN: not llc -mtriple=neuronisa -neuronisa-sync-kept-registers=29 < %S/loop-carried.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=STACK
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -neuronisa-sync-kept-registers=29 < %S/loop-carried.ll | FileCheck %s --check-prefix=BARRIER

; CHECK-LABEL: loop_carried:
; CHECK:       li r20, 0
; CHECK:       li r3, 0
; CHECK-NOT:   r{{[4-9]|1[0-9]|2[1-9]|3[01]}}{{\b}}
; CHECK:       ret

; The error names the registers allocation had: r1..r2, not r1..r31.
; STACK: error: {{.*}}in function loop_carried{{.*}}: needs a stack (register spills or stack objects), which NeuronISA engines do not have: 1 scalar value did not fit in r1..r2 (r3..r31 kept for the synchronization pass) and was spilled (1 live into 'entry'); reduce the number of live scalar values

; BARRIER-LABEL: loop_carried:
; BARRIER:       barrier
