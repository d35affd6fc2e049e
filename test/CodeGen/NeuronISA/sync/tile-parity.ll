; RUN: llc -mtriple=neuronisa -stop-after=neuronisa-tile-pingpong-unroll < %s -o - | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-tile-pingpong-unroll < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark
; A select of tile places on the parity of an induction variable with a
; constant start and an odd constant step is folded by unrolling the loop
; by 2 (neuronisa-tile-pingpong-unroll): ScalarEvolution knows the parity
; in each copy ({s,+,2c} and {s+c,+,2c}), so each copy names one place and
; no branch is needed (the select split would branch every iteration).

target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@o = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

; REMARK: remark: {{.*}}tiles of loop 'p3.loop' not made one per access: its tiles repeat every 6 iterations (tile phis in cycles of 3, and selects on a parity), more than the 4 copies

; `(i & 1) == 0` from 0: @a in the first copy, @b in the second.
; IR-LABEL: define void @parity_and(
; IR:       pa.loop:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @b,
; IR:       pa.loop.1:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @a,
; IR:         br i1 %more.1, label %pa.loop, label %exit
; IR-NOT:   pa.loop.2:
; IR:       }
define void @parity_and(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %pa.loop
pa.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %pa.loop ]
  %bit = and i32 %i, 1
  %even = icmp eq i32 %bit, 0
  %cur = select i1 %even, ptr addrspace(2) @a, ptr addrspace(2) @b
  %oth = select i1 %even, ptr addrspace(2) @b, ptr addrspace(2) @a
  call void @neuronisa.dma.load(ptr addrspace(2) %cur, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %oth, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %pa.loop, label %exit
exit:
  ret void
}

; `trunc i to i1` of a counter from 7 with step -3: odd first (@b).
; IR-LABEL: define void @parity_trunc(
; IR:       pt.loop:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR:       pt.loop.1:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR:       }
define void @parity_trunc(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %pt.loop
pt.loop:
  %i = phi i32 [ 7, %entry ], [ %i.next, %pt.loop ]
  %odd = trunc i32 %i to i1
  %cur = select i1 %odd, ptr addrspace(2) @b, ptr addrspace(2) @a
  call void @neuronisa.dma.load(ptr addrspace(2) %cur, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, -3
  %more = icmp sgt i32 %i.next, %n
  br i1 %more, label %pt.loop, label %exit
exit:
  ret void
}

; A parity select beside a swap of two phis: both repeat every 2.
; IR-LABEL: define void @parity_and_swap(
; IR:       ps.loop:
; IR-NOT:     {{select|phi ptr}}
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @c,
; IR:       ps.loop.1:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @a,
; IR-NOT:   ps.loop.2:
; IR:       }
define void @parity_and_swap(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %ps.loop
ps.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %ps.loop ]
  %x = phi ptr addrspace(2) [ @c, %entry ], [ %y, %ps.loop ]
  %y = phi ptr addrspace(2) [ @a, %entry ], [ %x, %ps.loop ]
  %bit = and i32 %i, 1
  %odd = icmp ne i32 %bit, 0
  %cur = select i1 %odd, ptr addrspace(2) @b, ptr addrspace(2) @a
  call void @neuronisa.dma.load(ptr addrspace(2) %cur, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %x, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %ps.loop, label %exit
exit:
  ret void
}

; Left to the select split: a run-time start (the parity of each copy is
; not known), and a condition that is not a parity (i < 4).
; IR-LABEL: define void @parity_run_time_start(
; IR-NOT:   .loop.1:
; IR:         select
; IR:       }
define void @parity_run_time_start(ptr addrspace(1) noalias %in, i32 %s, i32 %n) {
entry:
  br label %pr.loop
pr.loop:
  %i = phi i32 [ %s, %entry ], [ %i.next, %pr.loop ]
  %bit = and i32 %i, 1
  %even = icmp eq i32 %bit, 0
  %cur = select i1 %even, ptr addrspace(2) @a, ptr addrspace(2) @b
  call void @neuronisa.dma.load(ptr addrspace(2) %cur, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %pr.loop, label %exit
exit:
  ret void
}

; IR-LABEL: define void @not_parity(
; IR-NOT:   .loop.1:
; IR:         select
; IR:       }
define void @not_parity(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %np.loop
np.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %np.loop ]
  %low = icmp ult i32 %i, 4
  %cur = select i1 %low, ptr addrspace(2) @a, ptr addrspace(2) @b
  call void @neuronisa.dma.load(ptr addrspace(2) %cur, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %np.loop, label %exit
exit:
  ret void
}

; Left alone, remarked: a parity select beside a rotation of three (period 6).
; IR-LABEL: define void @parity_and_rotate3(
; IR-NOT:   .loop.1:
; IR:       }
define void @parity_and_rotate3(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %p3.loop
p3.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %p3.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %p3.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %z, %p3.loop ]
  %z = phi ptr addrspace(2) [ @c, %entry ], [ %x, %p3.loop ]
  %bit = and i32 %i, 1
  %even = icmp eq i32 %bit, 0
  %out = select i1 %even, ptr addrspace(2) @o, ptr addrspace(2) %z
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) %out, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %p3.loop, label %exit
exit:
  ret void
}

; `urem i, 2` (ScalarEvolution sees the same recurrence in i1).
; IR-LABEL: define void @parity_urem(
; IR:       pu.loop:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR:       pu.loop.1:
; IR-NOT:     select
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR:       }
define void @parity_urem(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %pu.loop
pu.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %pu.loop ]
  %rem = urem i32 %i, 2
  %even = icmp eq i32 %rem, 0
  %cur = select i1 %even, ptr addrspace(2) @a, ptr addrspace(2) @b
  call void @neuronisa.dma.load(ptr addrspace(2) %cur, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %pu.loop, label %exit
exit:
  ret void
}
