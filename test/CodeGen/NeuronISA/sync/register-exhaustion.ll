; RUN: llc -mtriple=neuronisa -neuronisa-sync-split-agents=false -verify-machineinstrs -pass-remarks-missed=neuronisa-sync -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -mtriple=neuronisa -neuronisa-sync-split-agents=false -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks=neuronisa-sync -pass-remarks-missed=neuronisa-sync -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT-REMARK
; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefix=SPLIT
; Split plans cost a planning of the whole function each: at most
; -neuronisa-sync-split-site-budget sites in all per kind of split. Below
; the 96 sites here none is tried: planned once, as without the split, and
; an analysis remark says why.
; RUN: llc -mtriple=neuronisa -neuronisa-sync-split-site-budget=95 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync-split-site-budget=95 -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOO-MANY
; RUN: llc -mtriple=neuronisa -neuronisa-sync-split-site-budget=96 -verify-machineinstrs < %s | FileCheck %s --check-prefix=SPLIT
; TOO-MANY: remark: <unknown>:0:0: agents not split into sub-agents: 96 synchronization sites, more than -neuronisa-sync-split-site-budget (compile time); waits falling back for lack of registers 4
; Register exhaustion: 32 dependence groups need a snapshot register (the
; initial writes of @t1..@t32 run in the opposite order to the loop's, so
; no threshold is a constant offset from the counter on both paths into the
; loop). The function uses r1 and r2; the pass has the 29 others. One
; counter (ACT and DVE change alike, r20) leaves 28 snapshots: r31 down to
; r21, then r19 down to r3. The other 4 groups fall back, soundly, to
; waiting for an upper bound of their threshold, and a missed remark says
; so: the largest count after their latest write on any path (@t29..@t31:
; the previous iteration's write, exact on every iteration but the first),
; and for @t32, whose previous iteration's write is the loop's last DVE
; instance, every earlier DVE completion.

; REMARK: remark: <unknown>:0:0: 2 semaphores, 1 counter and 28 snapshot registers of 29 free
; Each fallback names the wait it concerns (FallbackWait).
; REMARK: loop exhaust:loop
; REMARK-NEXT: remark: <unknown>:0:0: no free register left for the threshold of a dependence on dve (1 consumers): they wait for the largest count of dve after its latest conflicting instance on any path instead of the count on the path taken
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 28 of %bb.2 'loop') for dve may be over-synchronized: no free register left for the threshold of a dependence on dve (1 consumers): they wait for the largest count of dve after its latest conflicting instance on any path instead of the count on the path taken; block 2 index 28
; REMARK-NEXT: remark: <unknown>:0:0: no free register left for the threshold of a dependence on dve (1 consumers): they wait for the largest count of dve after its latest conflicting instance on any path instead of the count on the path taken
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 29 of %bb.2 'loop') for dve may be over-synchronized: no free register left for the threshold of a dependence on dve (1 consumers): they wait for the largest count of dve after its latest conflicting instance on any path instead of the count on the path taken; block 2 index 29
; REMARK-NEXT: remark: <unknown>:0:0: no free register left for the threshold of a dependence on dve (1 consumers): they wait for the largest count of dve after its latest conflicting instance on any path instead of the count on the path taken
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 30 of %bb.2 'loop') for dve may be over-synchronized: no free register left for the threshold of a dependence on dve (1 consumers): they wait for the largest count of dve after its latest conflicting instance on any path instead of the count on the path taken; block 2 index 30
; REMARK-NEXT: remark: <unknown>:0:0: no free register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_EXP (data-path instruction 31 of %bb.2 'loop') for dve may be over-synchronized: no free register left for the threshold of a dependence on dve (1 consumers): they wait for every earlier completion of dve instead of the latest conflicting one; block 2 index 31
; REMARK-NOT: remark
; Every snapshot is written before the loop reads it: no initialization.
; CHECK-LABEL: exhaust:
; In the entry block the DVE count is a constant (li); the counter is set
; in the preheader, where the loop that changes it is entered (nothing after
; the loop reads it).
; CHECK-NOT: li r{{[0-9]+}}, 0
; CHECK: li r3, 5
; CHECK: li r19, 21
; CHECK-NEXT: dve.memset
; CHECK-NEXT: li r21, 22
; CHECK: li r31, 32
; CHECK-NEXT: beq
; CHECK: # %loop.preheader
; CHECK-NEXT: li r2, 0
; CHECK-NEXT: li r20, 0
; CHECK: # %loop
; The first 28 exps wait on their snapshots, r31 down to r3.
; CHECK: act.waitr [[DVE:s[0-9]+]], r31, 0
; CHECK: act.waitr [[DVE]], r21, 0
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.waitr [[DVE]], r19, 0
; CHECK: act.waitr [[DVE]], r3, 0
; CHECK-NEXT: act.exp
; The four groups without a register wait for the count after the
; previous iteration's write of their tile (C + 29 .. C + 32; at the first
; iteration the larger of that and the count after the entry's write),
; no longer all for every earlier DVE write (C + 32).
; CHECK-NEXT: act.waitr [[DVE]], r20, 29
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.waitr [[DVE]], r20, 30
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.waitr [[DVE]], r20, 31
; CHECK-NEXT: act.exp
; CHECK-NEXT: act.waitr [[DVE]], r20, 32
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
@t15 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u15 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t16 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u16 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t17 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u17 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t18 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u18 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t19 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u19 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t20 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u20 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t21 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u21 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t22 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u22 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t23 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u23 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t24 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u24 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t25 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u25 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t26 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u26 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t27 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u27 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t28 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u28 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t29 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u29 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t30 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u30 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t31 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u31 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@t32 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u32 = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.add(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
define void @exhaust(i32 %n) {
entry:
  call void @neuronisa.dve.memset(ptr addrspace(2) @t32, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t31, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t30, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t29, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t28, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t27, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t26, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t25, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t24, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t23, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t22, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t21, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t20, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t19, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t18, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t17, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t16, float 0.0, i32 128, i32 16)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t15, float 0.0, i32 128, i32 16)
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
  call void @neuronisa.act.exp(ptr addrspace(2) @u15, ptr addrspace(2) @t15, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u16, ptr addrspace(2) @t16, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u17, ptr addrspace(2) @t17, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u18, ptr addrspace(2) @t18, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u19, ptr addrspace(2) @t19, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u20, ptr addrspace(2) @t20, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u21, ptr addrspace(2) @t21, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u22, ptr addrspace(2) @t22, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u23, ptr addrspace(2) @t23, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u24, ptr addrspace(2) @t24, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u25, ptr addrspace(2) @t25, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u26, ptr addrspace(2) @t26, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u27, ptr addrspace(2) @t27, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u28, ptr addrspace(2) @t28, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u29, ptr addrspace(2) @t29, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u30, ptr addrspace(2) @t30, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u31, ptr addrspace(2) @t31, i32 128, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.exp(ptr addrspace(2) @u32, ptr addrspace(2) @t32, i32 128, i32 16, float 1.0, float 0.0)
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
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t15, ptr addrspace(2) @t15, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t16, ptr addrspace(2) @t16, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t17, ptr addrspace(2) @t17, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t18, ptr addrspace(2) @t18, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t19, ptr addrspace(2) @t19, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t20, ptr addrspace(2) @t20, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t21, ptr addrspace(2) @t21, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t22, ptr addrspace(2) @t22, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t23, ptr addrspace(2) @t23, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t24, ptr addrspace(2) @t24, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t25, ptr addrspace(2) @t25, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t26, ptr addrspace(2) @t26, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t27, ptr addrspace(2) @t27, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t28, ptr addrspace(2) @t28, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t29, ptr addrspace(2) @t29, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t30, ptr addrspace(2) @t30, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t31, ptr addrspace(2) @t31, float 1.0, i32 128, i32 16)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t32, ptr addrspace(2) @t32, float 1.0, i32 128, i32 16)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; By default the pass splits DVE by producer block (docs/Synchronization.md,
; "Sub-agents"): the entry's 32 writes and the loop's 32 get semaphores of
; their own. Each read of @ti waits for its write in the previous iteration
; (a constant offset from the loop sub-agent's counter) and for the entry's
; writes, which one constant wait before the loop covers: no snapshot, no
; fallback, and 2 bookkeeping instructions instead of 58.
; SPLIT-REMARK: remark: <unknown>:0:0: precise synchronization: 65 waits (64 with a dynamic threshold), 32 implied waits dropped, 96 increment sites, 2 bookkeeping instructions
; SPLIT-REMARK: remark: <unknown>:0:0: 3 semaphores, 1 counter and 0 snapshot registers of 29 free
; SPLIT-REMARK: remark: <unknown>:0:0: agents dve split by producer block into sub-agents with semaphores of their own (3 semaphores): waits falling back for lack of registers 4 -> 0
; SPLIT-REMARK-NOT: no free register
; SPLIT-LABEL: exhaust:
; SPLIT: dve.memset {{.*}}, [[ENTRY:s[0-9]+]]
; SPLIT-NOT: li r20
; SPLIT: # %loop.preheader
; SPLIT: act.wait [[ENTRY]], 32
; SPLIT-NEXT: li r20, 0
; SPLIT: # %loop
; SPLIT-NEXT: # =>This Inner Loop Header
; SPLIT-NEXT: act.waitr [[LOOP:s[0-9]+]], r20, -31
; SPLIT-NEXT: act.exp
; SPLIT-NEXT: act.waitr [[LOOP]], r20, -30
; SPLIT: act.waitr [[LOOP]], r20, 0
; SPLIT-NEXT: act.exp
; SPLIT-NOT: act.wait
; SPLIT: addi r20, r20, 32
