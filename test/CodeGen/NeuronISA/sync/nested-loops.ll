; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefix=PRECISE
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -verify-machineinstrs < %s | FileCheck %s --check-prefix=BARRIER
; Nested loops, both trip counts runtime arguments (either may be 0):
;  - the matmul (inner loop) waits for the load of its outer iteration
;    (a dependence entering the inner loop: C_q0 + 1);
;  - the activation after the inner loop waits for the latest matmul: C_PE,
;    which counts every matmul so far, so an empty inner loop makes it wait
;    for the last matmul of an earlier outer iteration, or nothing;
;  - the next outer iteration's load waits for the matmuls reading @a
;    (crossing two levels) and the matmul waits for the previous outer
;    iteration's activation reading @p (loop-carried across levels).
; Counters: r20 = PE (one addi per inner iteration); r21 = ACT, DMA queue 0
; and DMA queue 1, which change alike (one addi per outer iteration).

; PRECISE-LABEL: nested:
; PRECISE:       li r20, 0
; PRECISE-NEXT:  li r21, 0
; The activation's waits go by expected release: the previous outer
; iteration's store first, the inner loop's latest matmul last.
; PRECISE:       # %outer.latch
; PRECISE:       act.waitr [[Q1:s[0-9]+]], r21, 0
; PRECISE-NEXT:  act.waitr [[PE:s[0-9]+]], r20, 0
; PRECISE-NEXT:  act.exp [r0+0xa00], [r0+0x400000], 128, 512, 1.0, 0.0, [[ACT:s[0-9]+]]
; PRECISE-NEXT:  sp.waitr [[ACT]], r21, 1
; PRECISE-NEXT:  dma.store [r2+0x0], [r0+0xa00], 128, 512, 2048, 1, [[Q1]]
; PRECISE-NEXT:  addi r5, r5, 1
; PRECISE-NEXT:  addi r21, r21, 1
; PRECISE-NEXT:  bgeu
; PRECISE:       # %outer
; PRECISE:       sp.waitr [[PE]], r20, 0
; PRECISE-NEXT:  dma.load [r0+0x0], [r1+0x0], 128, 128, 512, 0, [[Q0:s[0-9]+]]
; Both waits of the matmul are invariant in the inner loop (r21 changes only
; in the outer latch): they run in the inner preheader, once per outer
; iteration that enters the inner loop.
; PRECISE:       # %inner.preheader
; PRECISE:       li r6, 0
; PRECISE-NEXT:  pe.waitr [[ACT]], r21, 0
; PRECISE-NEXT:  pe.waitr [[Q0]], r21, 1
; PRECISE-NEXT: .LBB0_4:
; PRECISE:       pe.matmul [r0+0x400000], [r0+0x0], [r0+0x200], 128, 128, 512, 1, [[PE]]
; PRECISE-NEXT:  addi r6, r6, 1
; PRECISE-NEXT:  addi r20, r20, 1
; PRECISE-NEXT:  bltu r6, r4
; PRECISE-NOT:   barrier
; PRECISE:       .Lfunc_end0:

; BARRIER-LABEL: nested:
; BARRIER:       # %outer.latch
; BARRIER:       barrier
; BARRIER-NEXT:  act.exp
; BARRIER-NEXT:  sp.wait s1, 1
; BARRIER-NEXT:  dma.store
; BARRIER:       # %outer
; BARRIER:       barrier
; BARRIER-NEXT:  dma.load
; BARRIER:       # %inner
; BARRIER:       barrier
; BARRIER-NEXT:  pe.matmul
; BARRIER:       # %exit
; BARRIER-NEXT:  barrier
; BARRIER-NEXT:  ret

@a = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@w = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@s = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@p = internal addrspace(3) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)

define void @nested(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n, i32 %m) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.latch ]
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %in, i32 128, i32 128, i32 512, i32 0)
  %mz = icmp eq i32 %m, 0
  br i1 %mz, label %outer.latch, label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @a, ptr addrspace(2) @w, i32 128, i32 128, i32 512, i32 1)
  %j1 = add i32 %j, 1
  %jc = icmp ult i32 %j1, %m
  br i1 %jc, label %inner, label %outer.latch
outer.latch:
  call void @neuronisa.act.exp(ptr addrspace(2) @s, ptr addrspace(3) @p, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @s, i32 128, i32 512, i32 2048, i32 1)
  %i1 = add i32 %i, 1
  %ic = icmp ult i32 %i1, %n
  br i1 %ic, label %outer, label %exit
exit:
  ret void
}
