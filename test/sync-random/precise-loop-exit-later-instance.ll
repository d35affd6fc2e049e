; Regression test from the random-program differential test (precise mode
; must neither race nor over-synchronize).
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs %s -o %t.s
; RUN: neuronisa-sim %t.s out:2048 out:2048 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 out:2048 1 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 out:2048 3 --jitter=3 | FileCheck %s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; Precision case built while triaging random-program failures: a consumer after a loop waits for the
; LAST instance on DMA queue 0 in the loop (a store that does not conflict)
; instead of the latest CONFLICTING one (the load of @b, one increment earlier).
; Derived from utils/differential_test.py (seed 14, reduced).
;   llc -neuronisa-sync=precise x.ll -o x.s
;   neuronisa-sim x.s out:512 out:512 2    -> over-synchronization > 0
target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.act.relu(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dve.memset(ptr addrspace(2) @a, float 1.0, i32 8, i32 16)
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  call void @neuronisa.act.relu(ptr addrspace(2) @c, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  ret void
}
