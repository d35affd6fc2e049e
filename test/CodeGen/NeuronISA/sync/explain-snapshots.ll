; RUN: llc -mtriple=neuronisa -neuronisa-sync-explain-snapshots -pass-remarks-analysis=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s
; The explanation is analysis remarks: without -pass-remarks-analysis,
; nothing reaches stderr.
; RUN: llc -mtriple=neuronisa -neuronisa-sync-explain-snapshots < %s -o /dev/null 2>&1 | count 0
; Why a dependence group's threshold needs a snapshot register
; (-neuronisa-sync-explain-snapshots, summed by bench/sync-fallbacks.sh
; --explain): ACT reads @t at the top of a loop body and DVE writes it later
; in the body, after two DVE instructions before the loop (the second one
; writes @v, which ACT reads after the loop), so that the first iteration's
; threshold (one DVE instance after the write of @t before the loop)
; differs from the next ones'. The loop-carried groups are told apart
; by where the producer is in the body.

@t = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@u = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@v = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.add(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)

; The producer runs on every iteration: only the first one differs (the
; shape that peeling the first iteration would make Known).
; CHECK: snapshot-group: every_iteration group {{[0-9]+}} agent dve producers 2 why=loop-carried/every-iteration
; ACT's read of @v after the loop waits for the write before it, at the
; count 2 on every path; but the loop's DVE instances move the counter, so
; relative to it the value is not one constant at the exit either.
; CHECK: snapshot-group: every_iteration group {{[0-9]+}} agent dve producers 1 why=branch
; CHECK: snapshot-demand: every_iteration wanted=2 free={{[0-9]+}}
define void @every_iteration(i32 %n) {
entry:
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 0.0, i32 128, i32 512)
  call void @neuronisa.dve.memset(ptr addrspace(2) @v, float 0.0, i32 128, i32 512)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @t, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t, ptr addrspace(2) @v, float 1.0, i32 128, i32 512)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @v, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}

; Every other iteration writes @t: the threshold is the count after the
; latest iteration that did.
; CHECK: snapshot-group: conditional group {{[0-9]+}} agent dve producers 2 why=loop-carried/conditional
define void @conditional(i32 %n) {
entry:
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 0.0, i32 128, i32 512)
  call void @neuronisa.dve.memset(ptr addrspace(2) @v, float 0.0, i32 128, i32 512)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @t, i32 128, i32 512, float 1.0, float 0.0)
  %odd = trunc i32 %i to i1
  br i1 %odd, label %write, label %latch
write:
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t, ptr addrspace(2) @v, float 1.0, i32 128, i32 512)
  br label %latch
latch:
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @v, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}

; The write is in an inner loop, which runs %m times per outer iteration.
; CHECK: snapshot-group: inner_loop group {{[0-9]+}} agent dve producers 2 why=loop-carried/inner-loop
define void @inner_loop(i32 %n, i32 %m) {
entry:
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 0.0, i32 128, i32 512)
  call void @neuronisa.dve.memset(ptr addrspace(2) @v, float 0.0, i32 128, i32 512)
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @t, i32 128, i32 512, float 1.0, float 0.0)
  %z = icmp eq i32 %m, 0
  br i1 %z, label %latch, label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  call void @neuronisa.dve.ts.add(ptr addrspace(2) @t, ptr addrspace(2) @v, float 1.0, i32 128, i32 512)
  %j1 = add i32 %j, 1
  %d = icmp ult i32 %j1, %m
  br i1 %d, label %inner, label %latch
latch:
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %outer, label %exit
exit:
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @v, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}
