; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -filetype=obj < %s -o %t.o
; RUN: neuronisa-sync-check %t.o | FileCheck %s --check-prefix=VALID
; A counter is 0 wherever no correction of its agent can have run, and is
; set (li C_F, d) only at the end of the blocks that enter the region where
; it may differ from 0 (docs/Synchronization.md, "Registers"): its register
; is free before that region. A seed that repeats the value an earlier seed
; of the same counter left in the register on every path to it is left out
; (dropRepeatedConstants).
;  - after_loop: the store after the loop reads the ACT/DVE counter, and
;    the exit is reached from the entry when the loop is skipped: seeded at
;    the entry's end. The preheader would seed it with 0 again, which r20
;    holds there on every path: no second li.
;  - loop_only: nothing after the loop reads the counter: seeded in the
;    preheader only, nothing at the entry.

@t = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@u = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.add(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(2), float, i32, i32)

; CHECK-LABEL: after_loop:
; CHECK:       pool.memset [r0+0x0], 0.0, 128, 512, [[POOL:s[0-9]+]]
; CHECK-NEXT:  li r20, 0
; CHECK-NEXT:  beq
; CHECK:       # %loop.preheader
; CHECK-NOT:   li r20
; CHECK:       # %loop
; CHECK:       addi r20, r20, 1
; CHECK:       # %exit
; CHECK:       sp.waitr {{s[0-9]+}}, r20, 0
define void @after_loop(ptr addrspace(1) noalias %out, i32 %n) {
entry:
  call void @neuronisa.pool.memset(ptr addrspace(2) @t, float 0.0, i32 128, i32 512)
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @t, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t, ptr addrspace(2) @u, float 1.0, i32 128, i32 512)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @t, i32 128, i32 512, i32 2048, i32 0)
  ret void
}

; CHECK-LABEL: loop_only:
; CHECK-NOT:   li r20
; CHECK:       # %loop.preheader
; CHECK:       li r20, 0
; CHECK:       # %loop
; CHECK:       act.waitr {{s[0-9]+}}, r20, 0
; CHECK:       addi r20, r20, 1
define void @loop_only(i32 %n) {
entry:
  call void @neuronisa.pool.memset(ptr addrspace(2) @t, float 0.0, i32 128, i32 512)
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @t, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t, ptr addrspace(2) @u, float 1.0, i32 128, i32 512)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; VALID: after_loop: exact
; VALID: loop_only: exact
; VALID: summary: 2 functions checked: 2 exact, 0 imprecise with an announced fallback, 0 failed
