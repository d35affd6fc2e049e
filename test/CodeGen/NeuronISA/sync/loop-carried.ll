; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefix=PRECISE
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -verify-machineinstrs < %s | FileCheck %s --check-prefix=BARRIER
; A loop with a runtime trip count (possibly 0):
;  - a dependence entering the loop (memset before, read and written inside);
;  - a loop-carried one (DVE writes @t late in the body, ACT reads it early
;    in the next iteration; on the first iteration the threshold is C + 0 =
;    0: nothing to wait for);
;  - one leaving the loop (the store after it waits for the latest DVE
;    write, or none when the loop did not run).
; ACT and DVE both increment once per iteration: one shared counter (r20).

@t = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@u = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.add(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(2), float, i32, i32)

; PRECISE-LABEL: loop_carried:
; The counter is set after the entry's data-path instruction, not before
; it on every engine.
; PRECISE-NOT:   li
; PRECISE:       pool.memset [r0+0x0], 0.0, 128, 512, [[POOL:s[0-9]+]]
; PRECISE-NEXT:  li r20, 0
; The memset's waits do not change in the loop: they run once, in the
; preheader (reached only when the loop runs), right before the first ACT and
; DVE instructions.
; PRECISE:       # %loop.preheader
; PRECISE-NEXT:  li r3, 0
; PRECISE-NEXT:  act.wait [[POOL]], 1
; PRECISE-NEXT:  dve.wait [[POOL]], 1
; PRECISE-NEXT: .LBB0_2:
; PRECISE:       act.waitr [[DVE:s[0-9]+]], r20, 0
; PRECISE-NEXT:  act.exp [r0+0x800], [r0+0x0], 128, 512, 1.0, 0.0, [[ACT:s[0-9]+]]
; PRECISE-NEXT:  dve.waitr [[ACT]], r20, 1
; PRECISE-NEXT:  dve.ts.add [r0+0x0], [r0+0x800], 1.0, 128, 512, [[DVE]]
; PRECISE-NEXT:  addi r3, r3, 1
; PRECISE-NEXT:  addi r20, r20, 1
; PRECISE-NEXT:  bltu r3, r2, .LBB0_2
; The store's waits go by expected release: the memset before the loop
; first, the latest DVE write (in the loop just left) last.
; PRECISE-NEXT: .LBB0_3:
; PRECISE-NEXT:  sp.wait [[POOL]], 1
; PRECISE-NEXT:  sp.waitr [[DVE]], r20, 0
; PRECISE-NEXT:  dma.store
; PRECISE-NOT:   barrier

; BARRIER-LABEL: loop_carried:
; BARRIER:     .LBB0_2:
; BARRIER:       barrier
; BARRIER-NEXT:  act.exp [r0+0x800], [r0+0x0], 128, 512, 1.0, 0.0, [[ACT:s[0-9]+]]
; BARRIER-NEXT:  dve.wait [[ACT]], 1
; BARRIER-NEXT:  dve.ts.add
; BARRIER:     .LBB0_3:
; BARRIER-NEXT:  barrier
; BARRIER-NEXT:  dma.store
define void @loop_carried(ptr addrspace(1) noalias %out, i32 %n) {
entry:
  call void @neuronisa.pool.memset(ptr addrspace(2) @t, float 0.0, i32 128, i32 512)
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @t, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t, ptr addrspace(2) @u, float 1.0, i32 128, i32 512)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @t, i32 128, i32 512, i32 2048, i32 0)
  ret void
}
