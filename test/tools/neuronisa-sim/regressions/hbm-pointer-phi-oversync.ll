; Regression test of a precision bug: after loop strength reduction turns
; the HBM addresses into pointer phis, NeuronISABuiltinLowering's
; tileMemOperand (getUnderlyingObject stops at the phi) attached no IR object to the DMA's
; HBM memory operand, so the dependence analysis treated the access as
; "anything in HBM": the load of iteration i+1 (reads %in) was made to wait
; for the store of iteration i (writes %out), although %in and %out are
; noalias and the store's SBUF tile (@c) is not the load's (@a).
; neuronisa-sim reported it as over-synchronization at that wait
; (sp.waitr s<store queue's semaphore>). Fixed: the memory operand now looks
; through phis and selects (getUnderlyingObjectAggressive).
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/../Inputs/gen.py npy %t/x.npy 4x4x16 "i"
; RUN: llc -mtriple=neuronisa -neuronisa-sync=precise %s -o %t/k.s
; RUN: neuronisa-sim %t/k.s in:%t/x.npy out:4x4x16 4 | FileCheck %s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles at 0 sites
target triple = "neuronisa"

@a = internal addrspace(2) global [4 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [4 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @k(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %cmp0 = icmp sgt i32 %n, 0
  br i1 %cmp0, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 256
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %off
  %dst = getelementptr i8, ptr addrspace(1) %out, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %src, i32 4, i32 16, i32 64, i32 0)
  call void @neuronisa.dve.copy(ptr addrspace(2) @c, ptr addrspace(2) @a, i32 4, i32 16)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @c, i32 4, i32 16, i32 64, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
