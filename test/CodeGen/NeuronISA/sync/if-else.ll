; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefix=PRECISE
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -verify-machineinstrs < %s | FileCheck %s --check-prefix=BARRIER
; RUN: llc -mtriple=neuronisa -neuronisa-sync-wait-on-producing-paths=false -verify-machineinstrs < %s | FileCheck %s --check-prefix=AT-JOIN
; A producer in one arm of an if/else: after the join, the activation must
; wait for the DVE write when the then-arm ran, and for nothing from DVE
; otherwise. The else-arm corrects the DVE counter by -1, so the join's
; threshold is C_DVE + 1 on both paths: 1 after the then-arm, 0 after the
; else-arm. No snapshot register is needed. On the else path the wait is
; satisfied at once, so it moves to the end of the then-arm (the activation
; is the first ACT instruction after it), where C_DVE is 0: the else path
; waits for nothing, and with no wait left on the counter, no arm seeds it.
; Where the wait stays at the join (AT-JOIN), the counter is 0 wherever no
; correction can have run (the arms): each arm seeds it at its end with the
; value it has there (li r20, 0 and li r20, -1), one instruction per path.

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(2), float, i32, i32)

define void @if_else(i32 %flag) {
; PRECISE-LABEL: if_else:
; PRECISE-NOT:   r20
; PRECISE:       dve.ts.mul [r0+0x0], [r0+0x0], 2.0, 128, 512, [[DVE:s[0-9]+]]
; PRECISE-NEXT:  act.wait [[DVE]], 1
; PRECISE-NEXT:  b
; PRECISE:       pool.memset [r0+0x800], 0.0, 128, 512, snone
; PRECISE-NEXT: .LBB0_3:
; PRECISE-NEXT:  act.exp [r0+0x1000], [r0+0x0], 128, 512, 1.0, 0.0, snone
; PRECISE-NOT:   wait
; PRECISE-NOT:   barrier
; AT-JOIN-LABEL: if_else:
; AT-JOIN-NOT:   r20
; AT-JOIN:       dve.ts.mul [r0+0x0], [r0+0x0], 2.0, 128, 512, [[DVE:s[0-9]+]]
; AT-JOIN-NEXT:  li r20, 0
; AT-JOIN-NEXT:  b
; AT-JOIN:       pool.memset [r0+0x800], 0.0, 128, 512, snone
; AT-JOIN-NEXT:  li r20, -1
; AT-JOIN-NEXT: .LBB0_3:
; AT-JOIN-NEXT:  act.waitr [[DVE]], r20, 1
; AT-JOIN-NEXT:  act.exp [r0+0x1000], [r0+0x0], 128, 512, 1.0, 0.0, snone
; BARRIER-LABEL: if_else:
; BARRIER:       dve.ts.mul [r0+0x0], [r0+0x0], 2.0, 128, 512, [[DVE:s[0-9]+]]
; BARRIER:       pool.memset
; BARRIER-NEXT:  dve.inc [[DVE]]
; BARRIER:       act.wait [[DVE]], 1
; BARRIER-NEXT:  act.exp
; BARRIER-NOT:   barrier
entry:
  %z = icmp eq i32 %flag, 0
  br i1 %z, label %else, label %then
then:
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @a, ptr addrspace(2) @a, float 2.0, i32 128, i32 512)
  br label %join
else:
  call void @neuronisa.pool.memset(ptr addrspace(2) @b, float 0.0, i32 128, i32 512)
  br label %join
join:
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @c, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @c, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @c, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @c, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @c, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}
