; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync-offset-snapshots=false < %s | FileCheck %s --check-prefix=SAME
; RUN: llc -mtriple=neuronisa -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; Groups of one agent whose last sites lie in the same blocks, at the same
; distance in each, share one snapshot register, waited on with an offset.
; DVE writes @z, @w before the loop and @a, @b in it; ACT reads @a, @b at the
; top of the loop (loop-carried: the previous iteration's writes, or none on
; the first) and @z, @w after it:
;  - @a and @b: their last (only) sites are both in the loop body, @a's one
;    DVE instance before @b's: T_a = T_b - 1 once the body has run, both 0
;    before. One register holds T_b (addi after the write of @b); the read
;    of @a waits for it - 1, which on the first iteration is -1: it passes at
;    once, as it must (nothing to wait for);
;  - @z and @w: both in the entry block, @z's one instance before @w's.
; Four snapshot registers become two, and the loop writes one instead of two.

; REMARK: 2 semaphores, 1 counter and 2 snapshot registers of {{[0-9]+}} free

; In the entry block the DVE count is a constant: @z/@w's snapshot is
; written with li, and the counter is set after the data-path instructions.
; @a/@b's snapshot is 0 until the loop: set in its preheader.
; CHECK-LABEL: offsets:
; CHECK-NOT:   li
; CHECK:       dve.tt.add
; CHECK-NEXT:  dve.tt.add
; CHECK-NEXT:  li [[ZW:r[0-9]+]], 2
; CHECK-NEXT:  li [[C:r[0-9]+]], 0
; CHECK:       # %loop.preheader
; CHECK-NEXT:  li {{r[0-9]+}}, 0
; CHECK-NEXT:  li [[AB:r[0-9]+]], 0
; CHECK:       # %loop
; CHECK:       act.waitr [[DVE:s[0-9]+]], [[AB]], -1
; CHECK-NEXT:  act.exp
; CHECK-NEXT:  act.waitr [[DVE]], [[AB]], 0
; CHECK-NEXT:  act.exp
; CHECK-NEXT:  dve.waitr
; CHECK-NEXT:  dve.tt.add
; CHECK-NEXT:  dve.waitr
; CHECK-NEXT:  dve.tt.add
; CHECK-NEXT:  addi [[AB]], [[C]], 4
; CHECK-NOT:   addi [[AB]]
; CHECK:       # %exit
; CHECK:       act.waitr [[DVE]], [[ZW]], -1
; CHECK-NEXT:  act.exp
; CHECK-NEXT:  act.waitr [[DVE]], [[ZW]], 0
; CHECK-NEXT:  act.exp

; Without offsets, one register per group.
; SAME-LABEL:  offsets:
; SAME:        # %loop
; SAME:        act.waitr [[DVE:s[0-9]+]], [[A:r[0-9]+]], 0
; SAME-NEXT:   act.exp
; SAME-NEXT:   act.waitr [[DVE]], [[B:r[0-9]+]], 0
; SAME:        addi [[A]], {{r[0-9]+}}, 3
; SAME:        addi [[B]], {{r[0-9]+}}, 4

@a = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@w = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@z = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@y1 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@y2 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@in = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @offsets(i32 %n) {
entry:
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @z, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @w, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  %e = icmp eq i32 %n, 0
  br i1 %e, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.act.exp(ptr addrspace(2) @y1, ptr addrspace(2) @a, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @y2, ptr addrspace(2) @b, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @a, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @b, ptr addrspace(2) @in, ptr addrspace(2) @in, i32 128, i32 16)
  %i1 = add i32 %i, 1
  %c1 = icmp ult i32 %i1, %n
  br i1 %c1, label %loop, label %exit
exit:
  call void @neuronisa.act.exp(ptr addrspace(2) @y1, ptr addrspace(2) @z, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @y2, ptr addrspace(2) @w, i32 128, i32 16, float 1.0, float 0.0)
  ret void
}
