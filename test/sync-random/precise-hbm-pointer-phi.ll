; Regression test of a precision bug found by the random-program
; differential test (precise mode must neither race nor over-synchronize).
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs %s -o %t.s
; RUN: neuronisa-sim %t.s out:2048 out:2048 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 out:2048 3 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 out:2048 3 --jitter=7 | FileCheck %s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; Was over-synchronized (precise mode, no remark): the dependence relation lost the
; underlying object of an HBM pointer that loop strength reduction turned into
; a pointer phi (fixed: the memory operand looks through phis), so a store to the noalias argument %out0 inside a loop is
; taken to conflict with a store to the distinct noalias argument %out1 on
; another DMA queue, and SP waits for queue 0 before triggering the second
; store. There is no conflict: the wait should not exist.
; Found by utils/differential_test.py (seed 14; reduced with
; utils/reduce_kernel.py --gen-seed 14 --check oversync --args 0,0,1,0).
;   llc -neuronisa-sync=precise precise-hbm-pointer-phi.ll -o x.s
;   neuronisa-sim x.s out:2048 out:2048 3
;   -> over-synchronization: ... sp.waitr ...
target triple = "neuronisa"

@s = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @kernel(ptr addrspace(1) noalias %out0, ptr addrspace(1) noalias %out1, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 512
  %dst = getelementptr i8, ptr addrspace(1) %out0, i32 %off
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @s, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %out1, ptr addrspace(2) @s, i32 8, i32 16, i32 64, i32 2)
  ret void
}
