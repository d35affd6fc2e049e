; Regression test from the random-program differential test (precise mode
; must neither race nor over-synchronize).
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs %s -o %t.s
; RUN: neuronisa-sim %t.s out:512 2 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:512 2 1 | FileCheck %s
; RUN: neuronisa-sim %t.s out:512 0 2 | FileCheck %s
; RUN: neuronisa-sim %t.s out:512 2 2 --jitter=5 | FileCheck %s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; Precision case built while triaging random-program failures: the only ACT instruction that conflicts
; with the final store (act.relu, writing @a) sits in an inner loop nested in
; an outer loop. With the inner trip count 0 it never runs, so the store must
; not wait for ACT at all; the precise pass waits for ACT's earlier,
; unrelated act.tanh (on @t) instead.
; Derived from utils/differential_test.py (seed 2010 --no-dynamic-hbm; reduced
; with utils/reduce_kernel.py, then by hand).
;   llc -neuronisa-sync=precise oversync-nested-zero-trip.ll -o x.s
;   neuronisa-sim x.s out:512 2 0  -> over-synchronization at sp.waitr
;   (also check n = 1: neuronisa-sim x.s out:512 2 1)
target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@t = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.act.relu(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)

define void @kernel(ptr addrspace(1) noalias %out, i32 %m, i32 %n) {
entry:
  call void @neuronisa.act.tanh(ptr addrspace(2) @t, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  ; DVE reads nothing ACT writes, but overwrites @t: ACT must signal.
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 1.0, i32 8, i32 16)
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %c = icmp slt i32 %i, %m
  br i1 %c, label %inner.pre, label %exit
inner.pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %inner.pre ], [ %j.next, %inner.body ]
  %cj = icmp slt i32 %j, %n
  br i1 %cj, label %inner.body, label %outer.latch
inner.body:
  call void @neuronisa.act.relu(ptr addrspace(2) @a, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  %j.next = add i32 %j, 1
  br label %inner
outer.latch:
  %i.next = add i32 %i, 1
  br label %outer
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 8, i32 16, i32 64, i32 2)
  ret void
}
