; A tile chosen by select: even iterations load @a, odd ones @b (DMA queue
; 0), and ACT reads only @b. Split into one load per arm
; (neuronisa-tile-select-split), ACT waits for the latest load into @b and
; overlaps the load into @a. (As one load of a select-chosen tile, ACT
; waited for the load of its own iteration, which might be @a, and the load
; for ACT's read, which might be of @b: for n = 8, 9467 cycles with 6807
; over-synchronized cycles at 2 waits, against 8045 cycles and none now.)
; (neuronisa-tile-pingpong-unroll, turned off here to test the split,
; would fold this select on the parity by unrolling by 2 instead:
; precise-tile-parity.ll.)
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-tile-pingpong-unroll=false -neuronisa-sync=precise -verify-machineinstrs -pass-remarks-missed=neuronisa-sync %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: neuronisa-sim %t.s out:128 out:128 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:128 out:128 1 | FileCheck %s
; RUN: neuronisa-sim %t.s out:128 out:128 8 | FileCheck %s
; RUN: neuronisa-sim %t.s out:128 out:128 8 --jitter=7 | FileCheck %s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; REMARK-NOT: remark
; ASM:     dma.load [r0+0x0], [r1+0x0], 8, 16, 64, 0, snone
; ASM:     act.waitr
; ASM-NEXT: act.tanh
; ASM:     dma.load [r0+0x40], [r1+0x0], 8, 16, 64, 0, s{{[0-9]+}}
target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %bit = and i32 %i, 1
  %even = icmp eq i32 %bit, 0
  %t = select i1 %even, ptr addrspace(2) @a, ptr addrspace(2) @b
  call void @neuronisa.dma.load(ptr addrspace(2) %t, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @d, i32 8, i32 16, i32 64, i32 1)
  ret void
}
