; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync=precise -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s
; A store in a loop on one arm and a load of the same buffer in a loop on
; the other, inside an outer loop: the load waits for the store of an
; earlier outer iteration. Explaining that wait compares the two addresses,
; recurrences of loops neither of which contains the other, which
; ScalarEvolution cannot subtract (an assertion in builds with assertions:
; the in-tree llc, lit -Din_tree_llc). The distance is unknown.
; CHECK: remark: {{.*}}wait of DMA_STORE {{.*}} may be over-synchronized: unknown HBM distance
; CHECK: remark: {{.*}}wait of DMA_LOAD {{.*}} may be over-synchronized: unknown HBM distance

target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @arms(ptr addrspace(1) noalias %buf, i32 %n, i32 %m, i32 %c) {
entry:
  br label %outer
outer:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %cc = icmp slt i32 %k, %c
  br i1 %cc, label %first, label %second
first:
  %i = phi i32 [ 0, %outer ], [ %i.next, %first ]
  %o = mul i32 %i, 512
  %p = getelementptr i8, ptr addrspace(1) %buf, i32 %o
  call void @neuronisa.dma.store(ptr addrspace(1) %p, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %di = icmp slt i32 %i.next, %n
  br i1 %di, label %first, label %latch
second:
  %j = phi i32 [ 0, %outer ], [ %j.next, %second ]
  %o2 = mul i32 %j, 512
  %p2 = getelementptr i8, ptr addrspace(1) %buf, i32 %o2
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %p2, i32 8, i32 16, i32 64, i32 1)
  %j.next = add i32 %j, 1
  %dj = icmp slt i32 %j.next, %n
  br i1 %dj, label %second, label %latch
latch:
  %k.next = add i32 %k, 1
  %dk = icmp slt i32 %k.next, %m
  br i1 %dk, label %outer, label %exit
exit:
  ret void
}
