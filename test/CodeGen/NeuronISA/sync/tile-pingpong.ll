; RUN: llc -mtriple=neuronisa -stop-after=neuronisa-tile-pingpong-unroll < %s -o - | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: not llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-tile-pingpong-unroll=false -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
; A loop whose header phis swap two tiles every iteration (double
; buffering) is unrolled by 2 (neuronisa-tile-pingpong-unroll), each copy
; keeping its exit test: the first copy names @a where the phi did, the
; second @b, and the synchronization pass is exact. Other shapes are left
; alone and keep the remark "a tile pointer chosen by select or phi".

target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

; Only the loops left alone are remarked (each function names its loop
; after itself).
; REMARK-NOT: '{{pp|sl}}.loop
; REMARK:     'rt.loop'{{.*}}a tile pointer chosen by select or phi
; REMARK-NOT: '{{pp|sl}}.loop
; Without the pass, the double-buffered loop is remarked too, and the
; halves swapped through phis have no partition start at all.
; OFF-DAG:    'pp.loop'{{.*}}a tile pointer chosen by select or phi
; OFF-DAG:    error: {{.*}}in function slices{{.*}}start at different partitions (4 of @a, 0 of @a)

; IR-LABEL: define void @pingpong(
; IR:       pp.loop:
; IR-NOT:     phi ptr addrspace(2)
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @a,
; IR:         br i1 %more, label %pp.loop.1, label %exit.loopexit
; IR:       pp.loop.1:
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @b,
; IR:         br i1 %more.1, label %pp.loop, label %exit.loopexit
; IR:       }
define void @pingpong(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %pp.loop, label %exit
pp.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %pp.loop ]
  %cur = phi ptr addrspace(2) [ @a, %entry ], [ %nxt, %pp.loop ]
  %nxt = phi ptr addrspace(2) [ @b, %entry ], [ %cur, %pp.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %nxt, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %cur, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %pp.loop, label %exit
exit:
  ret void
}

; Places of one tile (its two halves) swap as well; a value used after the
; loop (the trip count) leaves through either copy's exit.
; IR-LABEL: define i32 @slices(
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) getelementptr ([8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4), ptr addrspace(2) @a,
; IR:       sl.loop.1:
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) getelementptr ([8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4),
; IR:       exit:
; IR-NEXT:    %i.next.lcssa = phi i32 [ %i.next, %sl.loop ], [ %i.next.1, %sl.loop.1 ]
define i32 @slices(i32 %n) {
entry:
  br label %sl.loop
sl.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %sl.loop ]
  %src = phi ptr addrspace(2) [ @a, %entry ], [ %dst, %sl.loop ]
  %dst = phi ptr addrspace(2) [ getelementptr ([8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4), %entry ], [ %src, %sl.loop ]
  call void @neuronisa.act.tanh(ptr addrspace(2) %dst, ptr addrspace(2) %src, i32 4, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %sl.loop, label %exit
exit:
  ret i32 %i.next
}

; Left alone: a swap through a select and a run-time place at the start
; (rotations of more tiles: tile-rotation.ll).
; IR-LABEL: define void @select_swap(
; IR-NOT:   .loop.1:
; IR:       }
define void @select_swap(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %ss.loop
ss.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %ss.loop ]
  %cur = phi ptr addrspace(2) [ @a, %entry ], [ %nxt, %ss.loop ]
  %isa = icmp eq ptr addrspace(2) %cur, @a
  %nxt = select i1 %isa, ptr addrspace(2) @b, ptr addrspace(2) @a
  call void @neuronisa.dma.load(ptr addrspace(2) %nxt, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %cur, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %ss.loop, label %exit
exit:
  ret void
}

; IR-LABEL: define void @run_time_start(
; IR-NOT:   .loop.1:
; IR:       }
define void @run_time_start(ptr addrspace(1) noalias %in, i32 %n, i32 %col) {
entry:
  %start = getelementptr float, ptr addrspace(2) @a, i32 %col
  br label %rt.loop
rt.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %rt.loop ]
  %cur = phi ptr addrspace(2) [ %start, %entry ], [ %nxt, %rt.loop ]
  %nxt = phi ptr addrspace(2) [ @b, %entry ], [ %cur, %rt.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %nxt, ptr addrspace(1) %in, i32 8, i32 8, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %cur, i32 8, i32 8, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %rt.loop, label %exit
exit:
  ret void
}

; Two phis that never differ: nothing to unroll, and they are @a.
; IR-LABEL: define void @no_swap(
; IR-NOT:     phi ptr
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @a,
; IR-NOT:   .loop.1:
; IR:       }
define void @no_swap(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %ns.loop
ns.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %ns.loop ]
  %cur = phi ptr addrspace(2) [ @a, %entry ], [ %nxt, %ns.loop ]
  %nxt = phi ptr addrspace(2) [ @a, %entry ], [ %cur, %ns.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %nxt, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %cur, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %ns.loop, label %exit
exit:
  ret void
}
