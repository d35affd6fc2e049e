; -neuronisa-sync-lazy-counters (hidden, off by default): a counter is 0
; wherever no correction of its agent can run before, and is set (li) only
; at the end of the blocks that enter the region where it may differ from
; 0, so counters of disjoint regions can share a register. On
; loop-carried.ll's function the ACT/DVE counter r20 is seeded at the end of
; the entry (for the path that skips the loop) and of the preheader, not at
; the function's start; the translation validator accepts the result.
; RUN: llc -mtriple=neuronisa -neuronisa-sync-lazy-counters=true < %S/loop-carried.ll | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync-lazy-counters=true -neuronisa-sync-dump=%t.json < %S/loop-carried.ll -o /dev/null
; RUN: neuronisa-sync-check %t.json | FileCheck %s --check-prefix=VALID
; REQUIRES: neuronisa-sync-check

; CHECK-LABEL: loop_carried:
; CHECK:       pool.memset [r0+0x0], 0.0, 128, 512, [[POOL:s[0-9]+]]
; CHECK-NEXT:  li r20, 0
; CHECK-NEXT:  beq
; CHECK:       dve.wait [[POOL]], 1
; CHECK-NEXT:  li r20, 0
; CHECK-NEXT: .LBB0_2:
; CHECK:       addi r20, r20, 1
; CHECK:      .LBB0_3:
; CHECK:       sp.waitr {{s[0-9]+}}, r20, 0

; VALID: summary: 1 functions checked: 1 exact, 0 imprecise with an announced fallback, 0 failed
