; HBM offsets that the loop counter's range keeps apart: iteration i stores
; slot i of %buf (queue 0) and loads slot i + 8 (queue 1), for i below
; min(n, 8), a run-time trip count with a constant upper bound. The offsets
; are i * 512 and (i + 8) * 512: congruent modulo 512, so the residues alone
; let every store meet every load; with i in [0, 7] the stores cover
; [0, 4096) and the loads [4096, 8192). The load does not wait for the
; store. (Without the range, the load waited for the same iteration's store,
; remarked "unknown HBM distance": 2661 over-synchronized cycles for n = 3.)
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs -pass-remarks-missed=neuronisa-sync %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: neuronisa-sim %t.s out:8192 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:8192 3 | FileCheck %s
; RUN: neuronisa-sim %t.s out:8192 100 | FileCheck %s
; RUN: neuronisa-sim %t.s out:8192 100 --jitter=7 | FileCheck %s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; The validator derives the counter's range from the code (the latch's
; test against min(n, 8): test/sync-check/counter-ranges.test) and accepts
; the code; it also gets the object alone.
; RUN: llc -neuronisa-sync=precise -filetype=obj %s -o %t.o
; RUN: neuronisa-sync-check %t.o | FileCheck %s --check-prefix=VALIDATED
; VALIDATED: kernel: exact (3 sites)
; REMARK-NOT: remark
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
  %small = icmp slt i32 %n, 8
  %m = select i1 %small, i32 %n, i32 8
  %has = icmp sgt i32 %m, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %so = mul i32 %i, 512
  %j = add i32 %i, 8
  %lo = mul i32 %j, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.act.tanh(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %m
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
