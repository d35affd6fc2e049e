; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -O0 -verify-machineinstrs < %s | FileCheck %s
; At -O0 values live across blocks stay in registers (there is no stack):
; the target allocates registers with the optimizing allocator at every level.

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
@t = internal addrspace(2) global [128 x [64 x float]] zeroinitializer

define void @nest(i32 %n, i32 %m) {
; CHECK-LABEL: nest:
; CHECK-NOT: spill
; CHECK: dve.memset [r0+0x0], 2.0, 128, 64, snone
; CHECK: ret
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i32 %i, %n
  br i1 %go, label %inner, label %exit
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 2.0, i32 128, i32 64)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %m
  br i1 %more, label %inner, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %outer
exit:
  ret void
}
