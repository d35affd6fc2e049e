; The loop of precise-hbm-loop-carried.ll unrolled by 2 by hand: copy 0
; (iteration 2m) stores slot 2m + 1 and loads slot 2m, copy 1 stores slot
; 2m + 2 and loads slot 2m + 1, each copy keeping its exit test. The
; offsets now step by 1024, so the residues modulo 1024 separate the copies:
; copy 0's load conflicts only with copy 1's store, whose latest instance
; (the previous pass through the body) is the one it conflicts with, and
; copy 1's load only with copy 0's store earlier in the same pass. The
; dependence at distance 1 becomes two exact ones: no over-synchronization,
; where the loop as written waits for the same iteration's disjoint store
; (precise-hbm-loop-carried.ll with -neuronisa-hbm-carried-unroll=false;
; 5974 against 3312 cycles at n = 3). neuronisa-tile-pingpong-unroll does
; this unroll itself (the default), and leaves this loop, whose stores come
; after the loads they feed, as it is.
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs %s -o %t.s
; RUN: neuronisa-sim %t.s out:4608 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:4608 1 | FileCheck %s
; RUN: neuronisa-sim %t.s out:4608 3 | FileCheck %s
; RUN: neuronisa-sim %t.s out:4608 8 --jitter=7 | FileCheck %s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %buf, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i2.next, %loop.1 ]
  %i.next = add i32 %i, 1
  %so = mul i32 %i.next, 512
  %lo = mul i32 %i, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  call void @neuronisa.act.tanh(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop.1, label %exit
loop.1:
  %i2.next = add i32 %i.next, 1
  %so2 = mul i32 %i2.next, 512
  %lo2 = mul i32 %i.next, 512
  %sp2 = getelementptr i8, ptr addrspace(1) %buf, i32 %so2
  %lp2 = getelementptr i8, ptr addrspace(1) %buf, i32 %lo2
  call void @neuronisa.dma.store(ptr addrspace(1) %sp2, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp2, i32 8, i32 16, i32 64, i32 1)
  call void @neuronisa.act.tanh(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0)
  %d2 = icmp slt i32 %i2.next, %n
  br i1 %d2, label %loop, label %exit
exit:
  ret void
}
