; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-sync -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; Register exhaustion: 14 dependence groups need a snapshot register (the
; initial writes of @t1..@t14 run in the opposite order to the loop's, so
; no threshold is a constant offset from the counter on both paths into the
; loop). One counter (ACT and DVE change alike) leaves 11 snapshots; the
; other 3 groups fall back, soundly, to waiting for every earlier DVE
; completion, and a missed remark says so.

; REMARK: remark: <unknown>:0:0: 2 semaphores, 1 counter and 11 snapshot registers of 12 reserved
; Each fallback names the wait it concerns (FallbackWait).
; REMARK: loop exhaust:loop
; REMARK-NEXT: remark: <unknown>:0:0: no reserved register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 11 of %bb.2 'loop') for dve may be over-synchronized: no reserved register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one; block 2 index 11
; REMARK-NEXT: remark: <unknown>:0:0: no reserved register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 12 of %bb.2 'loop') for dve may be over-synchronized: no reserved register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one; block 2 index 12
; REMARK-NEXT: remark: <unknown>:0:0: no reserved register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 13 of %bb.2 'loop') for dve may be over-synchronized: no reserved register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one; block 2 index 13
; REMARK-NOT: remark
; Every snapshot is written before the loop reads it: no initialization.
; CHECK-LABEL: exhaust:
; CHECK: li r20, 0
; CHECK-NOT: li r{{2[1-9]|3[01]}}, 0
; CHECK: addi r21, r20, 4
; CHECK: addi r31, r20, 14
; CHECK: # %loop
; The three groups without a register wait for all 14 earlier DVE writes
; (C + 14); the later two of them are implied by the first.
; CHECK: act.waitr [[DVE:s[0-9]+]], r21, 0
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.waitr [[DVE]], r20, 14
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.exp
; CHECK-NEXT: dve.waitr

@t1 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u1 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t2 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u2 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t3 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u3 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t4 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u4 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t5 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u5 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t6 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u6 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t7 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u7 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t8 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u8 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t9 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u9 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t10 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u10 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t11 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u11 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t12 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u12 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t13 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u13 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t14 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u14 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.add(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
define void @exhaust(i32 %n) {
entry:
  call void @neuronisa.dve.memset(ptr addrspace(2) @t14, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t13, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t12, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t11, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t10, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t9, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t8, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t7, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t6, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t5, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t4, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t3, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t2, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t1, float 0.0, i32 128, i32 16)
  %z = icmp eq i32 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u1, ptr addrspace(2) @t1, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u2, ptr addrspace(2) @t2, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u3, ptr addrspace(2) @t3, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u4, ptr addrspace(2) @t4, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u5, ptr addrspace(2) @t5, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u6, ptr addrspace(2) @t6, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u7, ptr addrspace(2) @t7, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u8, ptr addrspace(2) @t8, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u9, ptr addrspace(2) @t9, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u10, ptr addrspace(2) @t10, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u11, ptr addrspace(2) @t11, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u12, ptr addrspace(2) @t12, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u13, ptr addrspace(2) @t13, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u14, ptr addrspace(2) @t14, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t1, ptr addrspace(2) @t1, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t2, ptr addrspace(2) @t2, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t3, ptr addrspace(2) @t3, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t4, ptr addrspace(2) @t4, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t5, ptr addrspace(2) @t5, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t6, ptr addrspace(2) @t6, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t7, ptr addrspace(2) @t7, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t8, ptr addrspace(2) @t8, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t9, ptr addrspace(2) @t9, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t10, ptr addrspace(2) @t10, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t11, ptr addrspace(2) @t11, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t12, ptr addrspace(2) @t12, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t13, ptr addrspace(2) @t13, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t14, ptr addrspace(2) @t14, float 1.0, i32 128, i32 16)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
