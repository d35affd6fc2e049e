; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; HBM accesses to one noalias buffer at run-time offsets: the dependence
; analysis describes each address as base + constant + a multiple of 2^k
; (ScalarEvolution), with the access's strided extent. Two accesses are
; independent iff no dynamic instances (same or different iterations) overlap.
; Each store below covers 128 rows of 1 KiB: 131072 bytes.

declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
@s0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@s1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer

; tensor_add-like: tile 2i at off, tile 2i+1 at off + 131072, step 262144.
; delta mod S = 131072 lies in [ex, S - ey] = [131072, 131072]: no wait.
; CHECK-LABEL: halves:
; CHECK:       .LBB0_{{[0-9]+}}:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 128, 256, 1024, 4,
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x400], 128, 256, 1024, 5,
define void @halves(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 262144
  %off1 = add i32 %off0, 131072
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 128, i32 256, i32 1024, i32 5)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Overlap in the same iteration: delta 65536 < extent. The second store
; waits for the first (WAW).
; CHECK-LABEL: same_iteration:
; CHECK:       .LBB1_{{[0-9]+}}:
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 128, 256, 1024, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x400], 128, 256, 1024, 5,
define void @same_iteration(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 262144
  %off1 = add i32 %off0, 65536
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 128, i32 256, i32 1024, i32 5)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Loop-carried: delta 327680 exceeds the extent, but delta mod S = 65536 does
; not (instance i of the second store meets instance i + 1 of the first).
; Both stores wait for the other queue.
; CHECK-LABEL: carried:
; CHECK:       .LBB2_{{[0-9]+}}:
; CHECK:       sp.wait{{r?}} [[Q5:s[0-9]+]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 128, 256, 1024, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x400], 128, 256, 1024, 5, [[Q5]]
define void @carried(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 262144
  %off1 = add i32 %off0, 327680
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 128, i32 256, i32 1024, i32 5)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Step smaller than the extent: tiles of consecutive iterations overlap.
; CHECK-LABEL: small_step:
; CHECK:       .LBB3_{{[0-9]+}}:
; CHECK:       sp.wait{{r?}} [[Q5:s[0-9]+]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 128, 256, 1024, 4, [[Q4:s[0-9]+]]
; CHECK-NEXT:  sp.wait{{r?}} [[Q4]],
; CHECK-NEXT:  dma.store [r{{[0-9]+}}+0x0], [r0+0x400], 128, 256, 1024, 5, [[Q5]]
define void @small_step(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 65536
  %off1 = add i32 %off0, 131072
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %p1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %p1, ptr addrspace(2) @s1, i32 128, i32 256, i32 1024, i32 5)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A different loop, and a base computed in a loop: not provable, conservative.
; The store after the loop at 131072 * n waits for the loop's stores.
; CHECK-LABEL: after_loop:
; CHECK:       sp.wait{{r?}}
; CHECK:       dma.store [r{{[0-9]+}}+0x0], [r0+0x0], 128, 256, 1024, 5,
define void @after_loop(ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 262144
  %p0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  call void @neuronisa.dma.store(ptr addrspace(1) %p0, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 4)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %offt = mul i32 %n, 131072
  %pt = getelementptr i8, ptr addrspace(1) %c, i32 %offt
  call void @neuronisa.dma.store(ptr addrspace(1) %pt, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 5)
  ret void
}
