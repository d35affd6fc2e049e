; RUN: llc -mtriple=neuronisa -pass-remarks=neuronisa-sync -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -pass-remarks=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARRIER
; RUN: llc -mtriple=neuronisa -pass-remarks-output=%t.yaml < %s -o /dev/null
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; Remarks: per function (what was inserted, resources) and per loop.

; The matmul's two waits are invariant in the inner loop: they run in its
; preheader (a block of the outer loop), and the ones before the matmul are
; implied by them.
; CHECK: remark: <unknown>:0:0: precise synchronization: 6 waits (6 with a dynamic threshold), 2 implied waits dropped, 4 increment sites, 4 bookkeeping instructions, 0 barriers, 0 padding increments; barriers avoided: 4; loop-invariant waits hoisted to preheaders: 2
; CHECK: remark: <unknown>:0:0: 4 semaphores, 2 counter and 0 snapshot registers of 25 free, 4 data-path instructions, 4 dependence groups
; CHECK: remark: <unknown>:0:0: loop nested:outer (depth 1): 6 waits (6 dynamic), 3 increment sites, 1 bookkeeping instructions, 0 barriers; barriers avoided: 2
; CHECK: remark: <unknown>:0:0: loop nested:inner (depth 2): 0 waits (0 dynamic), 1 increment sites, 1 bookkeeping instructions, 0 barriers; barriers avoided: 2
; BARRIER: remark: <unknown>:0:0: barrier synchronization: 1 waits (0 with a dynamic threshold), 0 implied waits dropped, 4 increment sites, 0 bookkeeping instructions, 4 barriers, 0 padding increments

; YAML:      --- !Passed
; YAML-NEXT: Pass: neuronisa-sync
; YAML-NEXT: Name: SyncInserted
; YAML:      - BarriersAvoided: '4'
; YAML:      - WaitsHoisted: '2'
; YAML:      --- !Analysis
; YAML-NEXT: Pass: neuronisa-sync
; YAML-NEXT: Name: SyncResources
; YAML:      - CounterRegs: '2'
; YAML:      Name: LoopSync
; YAML:      - Depth: '1'
; YAML:      Name: LoopSync
; YAML:      - Depth: '2'
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
