; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefix=PRECISE
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -verify-machineinstrs < %s | FileCheck %s --check-prefix=BARRIER
; Sibling loops: the second loop's activation reads what the first loop's
; DVE op writes. Its threshold is C_DVE: every DVE write of the first loop
; (none if it ran 0 times); the same DVE instances are also the latest
; readers of @b, which the activation overwrites (one group, one wait).
; The barrier baseline puts a barrier in each loop header and exit.

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.add(ptr addrspace(2), ptr addrspace(2), float, i32, i32)

define void @siblings(i32 %n, i32 %m) {
; PRECISE-LABEL: siblings:
; PRECISE:       li r20, 0
; PRECISE:       dve.ts.add [r0+0x0], [r0+0x800], 1.0, 128, 512, [[DVE:s[0-9]+]]
; PRECISE:       addi r20, r20, 1
; The wait does not change in the second loop: it runs once, in its
; preheader (reached only when the second loop runs).
; PRECISE:       # %l2.preheader
; PRECISE:       act.waitr [[DVE]], r20, 0
; PRECISE-NEXT: .LBB0_5:
; PRECISE:       act.exp [r0+0x800], [r0+0x0], 128, 512, 1.0, 0.0, snone
; PRECISE-NOT:   barrier
; BARRIER-LABEL: siblings:
; BARRIER:       barrier
; BARRIER-NEXT:  dve.ts.add
; BARRIER:       barrier
; BARRIER:       barrier
; BARRIER-NEXT:  act.exp
entry:
  %z1 = icmp eq i32 %n, 0
  br i1 %z1, label %mid, label %l1
l1:
  %i = phi i32 [ 0, %entry ], [ %i1, %l1 ]
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @a, ptr addrspace(2) @b, float 1.0, i32 128, i32 512)
  %i1 = add i32 %i, 1
  %c1 = icmp ult i32 %i1, %n
  br i1 %c1, label %l1, label %mid
mid:
  %z2 = icmp eq i32 %m, 0
  br i1 %z2, label %exit, label %l2
l2:
  %j = phi i32 [ 0, %mid ], [ %j1, %l2 ]
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  %j1 = add i32 %j, 1
  %c2 = icmp ult i32 %j1, %m
  br i1 %c2, label %l2, label %exit
exit:
  ret void
}
