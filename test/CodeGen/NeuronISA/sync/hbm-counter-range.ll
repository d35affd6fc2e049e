; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; The suite's llc validates these (the validator bounds the counters itself:
; test/sync-check/counter-ranges.test).
; HBM accesses to one noalias buffer at run-time offsets, kept apart (or
; not) by the range of a loop counter: ScalarEvolution's constant maximum
; backedge-taken count bounds an induction variable's term k * step, its
; value range bounds any other varying term (docs/Synchronization.md, "HBM
; offsets kept apart by a counter's range"). Every store covers 8 rows of
; 64 bytes: 512 bytes. The residues alone (every offset a multiple of 512)
; let all of these conflict.

declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

; Slot i and slot i + 8 for i < min(n, 8): [0, 4096) and [4096, 8192).
; CHECK-LABEL: apart_min:
; CHECK:       .LBB0_{{[0-9]+}}:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4,
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @apart_min(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %small = icmp slt i32 %n, 8
  %m = select i1 %small, i32 %n, i32 8
  %has = icmp sgt i32 %m, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 512
  %j = add i32 %i, 8
  %off1 = mul i32 %j, 512
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Off by one at the end of the range: i < min(n, 9), so slot i = 8 (the last
; iteration's first store) meets slot 0 + 8 (the first iteration's second).
; Both stores wait for the other queue.
; CHECK-LABEL: off_by_one:
; CHECK:       .LBB1_{{[0-9]+}}:
; CHECK:       sp.wait{{r?}} [[Q5:s[0-9]+]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5, [[Q5]]
define void @off_by_one(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %small = icmp slt i32 %n, 9
  %m = select i1 %small, i32 %n, i32 9
  %has = icmp sgt i32 %m, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 512
  %j = add i32 %i, 8
  %off1 = mul i32 %j, 512
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Unknown trip count: i < n, so the counter's range is as wide as n's.
; CHECK-LABEL: unknown_trip:
; CHECK:       .LBB2_{{[0-9]+}}:
; CHECK:       sp.wait{{r?}} [[Q5:s[0-9]+]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5, [[Q5]]
define void @unknown_trip(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 512
  %j = add i32 %i, 8
  %off1 = mul i32 %j, 512
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A first loop stores slots 0-3 (constant trip count 4), a second loop
; stores slots 4 + j for j < (n & 3): disjoint, the second loop's store does
; not wait for the first loop's.
; CHECK-LABEL: two_loops:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4,
; CHECK-NOT:   sp.wait
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
; CHECK:       .Lfunc_end3:
define void @two_loops(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  br label %first
first:
  %i = phi i32 [ 0, %entry ], [ %i.next, %first ]
  %off0 = mul i32 %i, 512
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
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
  %off1 = mul i32 %k, 512
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %j.next = add i32 %j, 1
  %again = icmp ult i32 %j.next, %m
  br i1 %again, label %second, label %exit
exit:
  ret void
}

; The same with the first loop running 5 times: slot 4 is stored by both.
; (The wait is loop-invariant: it moves to the second loop's preheader.)
; CHECK-LABEL: two_loops_meet:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4, [[Q4:s[0-9]+]]
; CHECK:       sp.wait{{r?}} [[Q4]],
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @two_loops_meet(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  br label %first
first:
  %i = phi i32 [ 0, %entry ], [ %i.next, %first ]
  %off0 = mul i32 %i, 512
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 5
  br i1 %more, label %first, label %mid
mid:
  %m = and i32 %n, 3
  %has = icmp ne i32 %m, 0
  br i1 %has, label %second, label %exit
second:
  %j = phi i32 [ 0, %mid ], [ %j.next, %second ]
  %k = add i32 %j, 4
  %off1 = mul i32 %k, 512
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %j.next = add i32 %j, 1
  %again = icmp ult i32 %j.next, %m
  br i1 %again, label %second, label %exit
exit:
  ret void
}

; A run-time stride below 1024 (an and-mask) in a loop of at most 4
; iterations: i * stride < 3072 + 1024, below the second store's 65536.
; CHECK-LABEL: masked_stride:
; CHECK:       .LBB5_{{[0-9]+}}:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4,
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @masked_stride(ptr addrspace(1) noalias %c, i32 %n, i32 %s) {
entry:
  %st = and i32 %s, 1023
  %small = icmp ult i32 %n, 4
  %m = select i1 %small, i32 %n, i32 4
  %has = icmp ne i32 %m, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, %st
  %off1 = add i32 %off0, 65536
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %m
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A stride that is not bounded: i * s may reach 65536 at i = 1.
; CHECK-LABEL: unbounded_stride:
; CHECK:       .LBB6_{{[0-9]+}}:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @unbounded_stride(ptr addrspace(1) noalias %c, i32 %n, i32 %s) {
entry:
  %small = icmp ult i32 %n, 4
  %m = select i1 %small, i32 %n, i32 4
  %has = icmp ne i32 %m, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, %s
  %off1 = add i32 %off0, 65536
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %m
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Wrapping arithmetic: i * 2^26 for i = 1 .. 64 stays above 2^26 as an
; integer, but i = 64 gives 2^32 = 0 modulo the 32-bit address: the store
; after the loop, at offset 0, waits for the loop's.
; CHECK-LABEL: wrapping:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4, [[Q4:s[0-9]+]]
; CHECK:       sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @wrapping(ptr addrspace(1) noalias %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 67108864
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  %i.next = add i32 %i, 1
  %more = icmp ne i32 %i.next, 65
  br i1 %more, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %c, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  ret void
}

; The same loop one iteration shorter (i = 1 .. 63) never wraps to 0.
; CHECK-LABEL: not_wrapping:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4,
; CHECK-NOT:   sp.wait
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
; CHECK:       .Lfunc_end8:
define void @not_wrapping(ptr addrspace(1) noalias %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 67108864
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  %i.next = add i32 %i, 1
  %more = icmp ne i32 %i.next, 64
  br i1 %more, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %c, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  ret void
}

; Signed, not unsigned: sext(x) * 512 for an i8 x lies in [-65536, 65024]
; (as an unsigned range it wraps and says nothing). At 65536 + that, the
; first store meets the second, at offset 0, when x = -128 ...
; CHECK-LABEL: signed_term:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @signed_term(ptr addrspace(1) noalias %c, i8 %x) {
entry:
  %xs = sext i8 %x to i32
  %t = mul i32 %xs, 512
  %off0 = add i32 %t, 65536
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %c, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  ret void
}

; ... and never reaches 131072 (x <= 127: at most 130560 + 512).
; CHECK-LABEL: signed_term_apart:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 8, 16, 64, 4,
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x40], 8, 16, 64, 5,
define void @signed_term_apart(ptr addrspace(1) noalias %c, i8 %x) {
entry:
  %xs = sext i8 %x to i32
  %t = mul i32 %xs, 512
  %off0 = add i32 %t, 65536
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 131072
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 5)
  ret void
}
