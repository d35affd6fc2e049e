; Strided HBM footprints are compared row by row: the store of the left
; halves (8 rows of 32 bytes at a 64-byte stride, queue 0) and the load of
; the right halves (queue 1) interleave without a common byte, so the load
; does not wait for the store. (Taken as one contiguous span each, they
; overlapped, and the load waited for the whole store every iteration:
; 2622 over-synchronized cycles for n = 3.)
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs %s -o %t.s
; RUN: neuronisa-sim %t.s out:2048 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 3 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 3 --jitter=7 | FileCheck %s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; ASM:      dma.store
; ASM-NEXT: dma.load
target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %buf, i32 %n) {
entry:
  %right = getelementptr i8, ptr addrspace(1) %buf, i32 32
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @neuronisa.act.tanh(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %buf, ptr addrspace(2) @s0, i32 8, i32 8, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %right, i32 8, i32 8, i32 64, i32 1)
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
