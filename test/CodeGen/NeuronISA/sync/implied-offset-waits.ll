; RUN: llc -mtriple=neuronisa -O2 -verify-machineinstrs < %s | FileCheck %s
; A snapshot wait `waitr S, R, K` is implied by a wait of the same engine on
; S and R with an offset K' >= K, run on every path to it with no write of R
; since (S only grows): before the same consumer (groups sharing one
; snapshot register at several offsets) or before an earlier one. Each such
; wait costs its engine a wait's issue time even when it passes at once.
; The translation validator relates the wait at the larger offset to the
; other group (test/sync-check/implied-offset-waits.test).

; The first consumer waits for the snapshot at -1, the second at 0: the
; second wait is not implied by the first and stays.
; CHECK-LABEL: earlier_smaller:
; CHECK:       # %loop
; CHECK:       pool.waitr [[S:s[0-9]+]], [[R:r[0-9]+]], -1
; CHECK-NEXT:  pool.copy
; CHECK-NEXT:  pool.waitr [[S]], [[R]], 0
; CHECK-NEXT:  pool.copy

; In the other order the second consumer needs no wait.
; CHECK-LABEL: later_consumer:
; CHECK:       # %loop
; CHECK:       pool.waitr {{s[0-9]+}}, {{r[0-9]+}}, 0
; CHECK-NEXT:  pool.copy
; CHECK-NEXT:  pool.copy

; Random program 10 of utils/random_kernels.py, reduced: DVE's tsp.min and
; PE's matmul in the innermost loop each depend on two instances of the
; other engine whose thresholds share one snapshot register, at offsets 0
; and -1 (before: `dve.waitr s0, rX, 0` then `dve.waitr s0, rX, -1`, and
; `pe.waitr s1, rY, -1` then `pe.waitr s1, rY, 0`). One wait at offset 0
; each.
; CHECK-LABEL: reduced:
; CHECK:       # %else13
; CHECK-NOT:   .LBB
; CHECK:       dve.waitr s0, {{r[0-9]+}}, 0
; CHECK-NEXT:  dve.waitr s0, {{r[0-9]+}}, 0
; CHECK-NEXT:  dve.waitr s0, {{r[0-9]+}}, 0
; CHECK-NEXT:  dve.waitr s0, {{r[0-9]+}}, 0
; CHECK-NEXT:  dve.tsp.min
; CHECK:       # %loop18
; CHECK-NOT:   waitr
; CHECK:       pe.waitr s1, {{r[0-9]+}}, 0
; CHECK-NEXT:  pe.matmul

@a = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@y1 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@y2 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@in = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @earlier_smaller(i32 %n) {
entry:
  %e = icmp eq i32 %n, 0
  br i1 %e, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.pool.copy(ptr addrspace(2) @y1, ptr addrspace(2) @a, i32 128, i32 16)
  call void @neuronisa.pool.copy(ptr addrspace(2) @y2, ptr addrspace(2) @b, i32 128, i32 16)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @a, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @b, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  %i1 = add i32 %i, 1
  %c1 = icmp ult i32 %i1, %n
  br i1 %c1, label %loop, label %exit
exit:
  ret void
}

define void @later_consumer(i32 %n) {
entry:
  %e = icmp eq i32 %n, 0
  br i1 %e, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.pool.copy(ptr addrspace(2) @y2, ptr addrspace(2) @b, i32 128, i32 16)
  call void @neuronisa.pool.copy(ptr addrspace(2) @y1, ptr addrspace(2) @a, i32 128, i32 16)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @a, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @b, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  %i1 = add i32 %i, 1
  %c1 = icmp ult i32 %i1, %n
  br i1 %c1, label %loop, label %exit
exit:
  ret void
}

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s2 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s3 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s4 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@p0 = internal addrspace(3) global [8 x [16 x float]] zeroinitializer
@p1 = internal addrspace(3) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.reduce.min(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.ts.max(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.ts.min(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(3), float, i32, i32)
declare void @neuronisa.dve.tsp.max(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tsp.min(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.min(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.transpose(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.reduce.max(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.ts.max(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.ts.min(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.tt.max(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.tt.min(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.tt.sub(ptr addrspace(3), ptr addrspace(3), ptr addrspace(2), i32, i32)

define void @reduced(ptr addrspace(1) noalias %in0, ptr addrspace(1) noalias %in1, ptr addrspace(1) noalias %out0, ptr addrspace(1) noalias %out1, i32 %n0, i32 %n1, i32 %n2, i32 %k) {
entry:
  br label %loop1
loop1:
  %i2 = phi i32 [ 0, %entry ], [ %i2.next, %exit5 ]
  %d1 = icmp slt i32 %i2, %n2
  br i1 %d1, label %body3, label %exit2
body3:
  %g2 = icmp sgt i32 %n0, 0
  br i1 %g2, label %loop4, label %exit5
loop4:
  %i5 = phi i32 [ 0, %body3 ], [ %i5.next, %loop4 ]
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p1, ptr addrspace(2) @s1, ptr addrspace(2) @s1, i32 8, i32 8, i32 16, i32 0)
  %i5.next = add i32 %i5, 1
  %d7 = icmp slt i32 %i5.next, %n0
  br i1 %d7, label %loop4, label %exit5
exit5:
  %i2.next = add i32 %i2, 1
  br label %loop1
exit2:
  br label %loop6
loop6:
  %i7 = phi i32 [ 0, %exit2 ], [ %i7.next, %body8 ]
  %d8 = icmp slt i32 %i7, %n1
  br i1 %d8, label %body8, label %exit7
body8:
  %i7.next = add i32 %i7, 1
  br label %loop6
exit7:
  br label %loop9
loop9:
  %i10 = phi i32 [ 0, %exit7 ], [ %i10.next, %join14 ]
  %d10 = icmp slt i32 %i10, %k
  br i1 %d10, label %body11, label %exit10
body11:
  %c15 = icmp eq i32 %n0, 0
  br i1 %c15, label %then12, label %else13
then12:
  %a21 = getelementptr i8, ptr addrspace(3) @p0, i32 16
  %a22 = getelementptr i8, ptr addrspace(2) @s1, i32 32
  call void @neuronisa.pe.transpose(ptr addrspace(3) %a21, ptr addrspace(2) %a22, i32 8, i32 8)
  br label %join14
else13:
  %a33 = getelementptr i8, ptr addrspace(2) @s1, i32 16
  %a34 = getelementptr i8, ptr addrspace(2) @s0, i32 16
  %a35 = getelementptr i8, ptr addrspace(2) @s2, i32 44
  call void @neuronisa.dve.tsp.min(ptr addrspace(2) %a33, ptr addrspace(2) %a34, ptr addrspace(2) %a35, i32 8, i32 8)
  %a36 = getelementptr i8, ptr addrspace(3) @p0, i32 32
  %a37 = getelementptr i8, ptr addrspace(2) @s2, i32 32
  call void @neuronisa.pe.transpose(ptr addrspace(3) %a36, ptr addrspace(2) %a37, i32 4, i32 8)
  call void @neuronisa.dve.copy(ptr addrspace(2) @s2, ptr addrspace(2) @s0, i32 8, i32 16)
  br label %loop15
loop15:
  %i16 = phi i32 [ 0, %else13 ], [ %i16.next, %exit19 ]
  %d38 = icmp slt i32 %i16, 2
  br i1 %d38, label %body17, label %exit16
body17:
  %g39 = icmp sgt i32 %n0, 0
  br i1 %g39, label %loop18, label %exit19
loop18:
  %i19 = phi i32 [ 0, %body17 ], [ %i19.next, %loop18 ]
  %a40 = getelementptr i8, ptr addrspace(2) @s2, i32 32
  %a41 = getelementptr i8, ptr addrspace(2) @s1, i32 32
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p0, ptr addrspace(2) %a40, ptr addrspace(2) %a41, i32 8, i32 8, i32 4, i32 0)
  %a42 = getelementptr i8, ptr addrspace(2) @s1, i32 16
  %a43 = getelementptr i8, ptr addrspace(2) @s0, i32 16
  %a44 = getelementptr i8, ptr addrspace(2) @s0, i32 32
  call void @neuronisa.dve.tt.min(ptr addrspace(2) %a42, ptr addrspace(2) %a43, ptr addrspace(2) %a44, i32 8, i32 4)
  %a45 = getelementptr i8, ptr addrspace(2) @s1, i32 16
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p0, ptr addrspace(2) %a45, ptr addrspace(2) @s1, i32 8, i32 8, i32 16, i32 1)
  %a48 = getelementptr i8, ptr addrspace(3) @p0, i32 32
  %a49 = getelementptr i8, ptr addrspace(2) @s0, i32 16
  call void @neuronisa.pe.matmul(ptr addrspace(3) %a48, ptr addrspace(2) @s1, ptr addrspace(2) %a49, i32 8, i32 8, i32 8, i32 1)
  %i19.next = add i32 %i19, 1
  %d50 = icmp slt i32 %i19.next, %n0
  br i1 %d50, label %loop18, label %exit19
exit19:
  %i16.next = add i32 %i16, 1
  br label %loop15
exit16:
  br label %join14
join14:
  %i10.next = add i32 %i10, 1
  br label %loop9
exit10:
  ret void
}
