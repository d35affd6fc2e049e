; RUN: llc -mtriple=neuronisa -neuronisa-verify-sync -verify-machineinstrs < %s | FileCheck %s
; A wait that is satisfied at once on some path into its consumer's block
; (no site of the consumer's groups of that agent has run there) moves to
; the ends of the predecessors whose paths may have run one, when each of
; them has the consumer's block as its only successor and the consumer is
; the first instruction its engine issues there (docs/Synchronization.md,
; section 5). -neuronisa-verify-sync checks each function with the
; translation validator.
;
; An if without an else: the then-arm waits at its end (C_DVE is 0 there:
; a constant wait), the path around it waits for nothing, and the counter,
; read nowhere, is neither seeded nor updated.
; CHECK-LABEL: if_then:
; CHECK-NOT:     r20
; CHECK:         beq r1, r0, .LBB0_2
; CHECK-NEXT:  # %bb.1:
; CHECK-NEXT:    dve.ts.mul [r0+0x0], [r0+0x0], 2.0, 128, 512, [[DVE:s[0-9]+]]
; CHECK-NEXT:    act.wait [[DVE]], 1
; CHECK-NEXT:  .LBB0_2:
; CHECK-NEXT:    act.exp [r0+0x1000], [r0+0x0], 128, 512, 1.0, 0.0, snone
; CHECK-NEXT:    ret
;
; The consumer is not the first ACT instruction of its block: a wait at the
; then-arm's end would hold the first one too. It stays.
; CHECK-LABEL: not_first:
; CHECK:         dve.ts.mul [r0+0x0], [r0+0x0], 2.0, 128, 512, [[DVE:s[0-9]+]]
; CHECK-NEXT:    li r20, 1
; CHECK-NEXT:  .LBB1_2:
; CHECK-NEXT:    act.exp [r0+0x800], [r0+0x800], 128, 512, 1.0, 0.0, snone
; CHECK-NEXT:    act.waitr [[DVE]], r20, 0
; CHECK-NEXT:    act.exp [r0+0x1000], [r0+0x0], 128, 512, 1.0, 0.0, snone
;
; After a loop that may run zero times: the latch, the predecessor whose
; path produces, also branches back to the loop, where a wait at its end
; would run every iteration. It stays after the loop.
; CHECK-LABEL: after_loop:
; CHECK:         blt r2, r1, .LBB2_2
; CHECK-NEXT:  .LBB2_3:
; CHECK-NEXT:    act.waitr s0, r20, 0
; CHECK-NEXT:    act.exp [r0+0x1000], [r0+0x0], 128, 512, 1.0, 0.0, snone

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32)

define void @if_then(i32 %flag) {
entry:
  %z = icmp eq i32 %flag, 0
  br i1 %z, label %join, label %then
then:
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @a, ptr addrspace(2) @a, float 2.0, i32 128, i32 512)
  br label %join
join:
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}

define void @not_first(i32 %flag) {
entry:
  %z = icmp eq i32 %flag, 0
  br i1 %z, label %join, label %then
then:
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @a, ptr addrspace(2) @a, float 2.0, i32 128, i32 512)
  br label %join
join:
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @b, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}

define void @after_loop(i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @a, ptr addrspace(2) @a, float 2.0, i32 128, i32 512)
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}
