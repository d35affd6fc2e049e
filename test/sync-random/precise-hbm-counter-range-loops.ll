; HBM offsets kept apart by the ranges of two loops' counters: the first
; loop stores slots 0-3 of %buf (trip count 4, queue 0), the second loads
; slots 4 + j for j < (n & 3) (a run-time trip count below 4, queue 1). The
; loads do not wait for the stores. (With the residues alone, every load
; waited for the first loop's last store, remarked "unknown HBM distance":
; 3373 over-synchronized cycles for n = 3.)
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs -pass-remarks-missed=neuronisa-sync %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: neuronisa-sim %t.s out:4096 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:4096 3 | FileCheck %s
; RUN: neuronisa-sim %t.s out:4096 7 --jitter=7 | FileCheck %s
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
; Nothing waits for the store: it increments no semaphore.
; ASM: dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 0, snone
target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %buf, i32 %n) {
entry:
  br label %first
first:
  %i = phi i32 [ 0, %entry ], [ %i.next, %first ]
  %so = mul i32 %i, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %first, label %mid
mid:
  %m = and i32 %n, 3
  %has = icmp ne i32 %m, 0
  br i1 %has, label %second, label %exit
second:
  %j = phi i32 [ 0, %mid ], [ %j.next, %second ]
  %k = add i32 %j, 4
  %lo = mul i32 %k, 512
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  call void @neuronisa.act.tanh(ptr addrspace(2) @s1, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0)
  %j.next = add i32 %j, 1
  %again = icmp ult i32 %j.next, %m
  br i1 %again, label %second, label %exit
exit:
  ret void
}
