; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; A snapshot wait implied by a counter-relative wait of the same consumer
; is left out, and a group with no snapshot wait left needs no register.
; The DVE add at the top of the loop reads @a and @b (ACT writes @a, @c, @b
; before the loop, and @a, @b in it; @c is read after the loop):
;  - @b: its latest write is the last ACT producer before the add on both
;    paths: Known, C_ACT + 3 (C_ACT + off_ACT at the header);
;  - @a: its latest write is two ACT producers back from the entry, one from
;    the back edge: Unknown, a snapshot, which the loop would write after
;    its write of @a on every iteration.
; Unknown at the add means no write of @a precedes the add in its block, so
; the snapshot was fixed before the block started: it is at most C_ACT + 3,
; which the first wait already waits for. One wait, no snapshot for @a; the
; one snapshot left is @c's, read after the loop.

; REMARK: 2 semaphores, 2 counter and 1 snapshot registers of {{[0-9]+}} free

; CHECK-LABEL: implied:
; CHECK:       act.exp [r0+0x80]
; CHECK-NEXT:  li [[SC:r[0-9]+]], 2
; CHECK:       li [[C:r[0-9]+]], 0
; The snapshot already holds 2 on every path into the preheader: no second
; write there.
; CHECK-NOT:   [[SC]]
; CHECK:       # %loop
; CHECK:       dve.waitr [[ACT:s[0-9]+]], [[C]], 3
; CHECK-NEXT:  dve.tt.add
; CHECK-NEXT:  act.waitr
; CHECK-NEXT:  act.exp
; CHECK-NEXT:  act.exp
; CHECK-NOT:   [[SC]]
; CHECK:       # %exit
; CHECK-NEXT:  dve.waitr [[ACT]], [[SC]], 0

@a = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@x = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@in = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @implied(i32 %n) {
entry:
  call void @neuronisa.act.exp(ptr addrspace(2) @a, ptr addrspace(2) @in, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @in, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @in, i32 128, i32 16, float 1.0, float 0.0)
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @x, ptr addrspace(2) @a, ptr addrspace(2) @b, i32 128, i32 16)
  call void @neuronisa.act.exp(ptr addrspace(2) @a, ptr addrspace(2) @in, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @in, i32 128, i32 16, float 1.0, float 0.0)
  %i1 = add i32 %i, 1
  %c1 = icmp ult i32 %i1, %n
  br i1 %c1, label %loop, label %exit
exit:
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @x, ptr addrspace(2) @c, ptr addrspace(2) @c, i32 128, i32 16)
  ret void
}
