; RUN: llc -mtriple=neuronisa -stop-after=neuronisa-tile-pingpong-unroll < %s -o - | FileCheck %s --check-prefix=IR
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-tile-pingpong-unroll < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNC
; Header phis that rotate constant tile places (multi-buffering: the latch
; values are a permutation of the phis) are unrolled by the period of the
; rotation, the lcm of its cycles' periods, up to 4 copies of the body
; (neuronisa-tile-pingpong-unroll); each copy names one place per phi and
; the synchronization pass is exact. What is left alone is remarked, with
; the reason.

target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@e = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@o = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@p = internal addrspace(3) global [8 x [16 x float]] zeroinitializer
@q = internal addrspace(3) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(3), i32, i32)

; Only the loops left alone are remarked, each with its reason (every
; function names its loop after itself).
; REMARK-NOT: remark: {{.*}}'{{r3|r22|r4p2|mix|same}}.loop'
; REMARK-DAG: remark: {{.*}}tiles of loop 'r5.loop' not made one per access: its tiles repeat every 5 iterations (tile phis in cycles of 5), more than the 4 copies of the body it may be unrolled into
; REMARK-DAG: remark: {{.*}}tiles of loop 'r32.loop' not made one per access: its tiles repeat every 6 iterations (tile phis in cycles of 3, 2), more than the 4 copies
; REMARK-DAG: remark: {{.*}}tiles of loop 'np.loop' not made one per access: the tile phis '%x' and '%y' both receive '%z' on the backedge: not a rotation
; REMARK-DAG: remark: {{.*}}tiles of loop 'rt.loop' not made one per access: the tile phi '%x' does not start at a constant place in a tile
; REMARK-DAG: remark: {{.*}}tiles of loop 'gep.loop' not made one per access: the tile phi '%x' receives on the backedge a value that is not a tile phi of the header
; REMARK-NOT: remark: {{.*}}'{{r3|r22|r4p2|mix|same}}.loop'
; The synchronization pass remarks tile phis in the loops left alone only.
; SYNC-NOT:  '{{r3|r22|r4p2|mix|same}}.loop'
; SYNC:      'r5.loop'{{.*}}a tile pointer chosen by select or phi
; SYNC-NOT:  '{{r3|r22|r4p2|mix|same}}.loop'

; Triple buffering (a, b, c = b, c, a): three copies of the body.
; IR-LABEL: define void @rotate3(
; IR:       r3.loop:
; IR-NOT:     phi ptr addrspace(2)
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @b,
; IR:         br i1 %more, label %r3.loop.1, label %exit
; IR:       r3.loop.1:
; IR-NEXT:    call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @c,
; IR:         br i1 %more.1, label %r3.loop.2, label %exit
; IR:       r3.loop.2:
; IR-NEXT:    call void @neuronisa.dma.load(ptr addrspace(2) @c,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @a,
; IR:         br i1 %more.2, label %r3.loop, label %exit
; IR-NOT:   r3.loop.3:
; IR:       }
define void @rotate3(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %r3.loop
r3.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %r3.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %r3.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %z, %r3.loop ]
  %z = phi ptr addrspace(2) [ @c, %entry ], [ %x, %r3.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %r3.loop, label %exit
exit:
  ret void
}

; Two swaps (cycles 2 + 2, one of them in PSUM), and an integer phi beside
; them: unrolled by 2.
; IR-LABEL: define void @two_swaps(
; IR:       r22.loop:
; IR-NOT:     phi ptr
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.dve.tt.add(ptr addrspace(2) @o, ptr addrspace(2) @c, ptr addrspace(3) @p,
; IR:       r22.loop.1:
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR-NEXT:    call void @neuronisa.dve.tt.add(ptr addrspace(2) @o, ptr addrspace(2) @d, ptr addrspace(3) @q,
; IR:         br i1 %more.1, label %r22.loop, label %exit
; IR-NOT:   r22.loop.2:
; IR:       }
define void @two_swaps(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %r22.loop
r22.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %r22.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %r22.loop ]
  %u = phi ptr addrspace(2) [ @c, %entry ], [ %v, %r22.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %x, %r22.loop ]
  %v = phi ptr addrspace(2) [ @d, %entry ], [ %u, %r22.loop ]
  %s = phi ptr addrspace(3) [ @p, %entry ], [ %t, %r22.loop ]
  %t = phi ptr addrspace(3) [ @q, %entry ], [ %s, %r22.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @o, ptr addrspace(2) %u, ptr addrspace(3) %s, i32 8, i32 16)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %r22.loop, label %exit
exit:
  ret void
}

; A cycle of 4 phis whose places repeat every 2 (a, b, a, b): period 2.
; IR-LABEL: define void @four_places_two(
; IR:       r4p2.loop:
; IR-NOT:     phi ptr
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR:       r4p2.loop.1:
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR:         br i1 %more.1, label %r4p2.loop, label %exit
; IR-NOT:   r4p2.loop.2:
; IR:       }
define void @four_places_two(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %r4p2.loop
r4p2.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %r4p2.loop ]
  %w = phi ptr addrspace(2) [ @a, %entry ], [ %x, %r4p2.loop ]
  %x = phi ptr addrspace(2) [ @b, %entry ], [ %y, %r4p2.loop ]
  %y = phi ptr addrspace(2) [ @a, %entry ], [ %z, %r4p2.loop ]
  %z = phi ptr addrspace(2) [ @b, %entry ], [ %w, %r4p2.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %w, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %x, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %r4p2.loop, label %exit
exit:
  ret void
}

; Four buffers rotated, with a value used after the loop: unrolled by 4, the
; trip count leaves through any copy's exit.
; IR-LABEL: define i32 @rotate4(
; IR:       r4.loop.3:
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @d,
; IR:       exit:
; IR-NEXT:    %i.next.lcssa = phi i32 [ %i.next, %r4.loop ], [ %i.next.1, %r4.loop.1 ], [ %i.next.2, %r4.loop.2 ], [ %i.next.3, %r4.loop.3 ]
define i32 @rotate4(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %r4.loop
r4.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %r4.loop ]
  %w = phi ptr addrspace(2) [ @a, %entry ], [ %x, %r4.loop ]
  %x = phi ptr addrspace(2) [ @b, %entry ], [ %y, %r4.loop ]
  %y = phi ptr addrspace(2) [ @c, %entry ], [ %z, %r4.loop ]
  %z = phi ptr addrspace(2) [ @d, %entry ], [ %w, %r4.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %w, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %r4.loop, label %exit
exit:
  ret i32 %i.next
}

; Two phis that never change place (a cycle with one place): nothing to
; unroll, and the phis are that place.
; IR-LABEL: define void @same_place(
; IR:       same.loop:
; IR-NOT:     phi ptr
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) @a,
; IR-NOT:   same.loop.1:
; IR:       }
define void @same_place(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %same.loop
same.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %same.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %same.loop ]
  %y = phi ptr addrspace(2) [ @a, %entry ], [ %x, %same.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %same.loop, label %exit
exit:
  ret void
}

; Left alone: a rotation of five buffers (more than 4 copies).
; IR-LABEL: define void @rotate5(
; IR-NOT:   .loop.1:
; IR:       }
define void @rotate5(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %r5.loop
r5.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %r5.loop ]
  %v = phi ptr addrspace(2) [ @a, %entry ], [ %w, %r5.loop ]
  %w = phi ptr addrspace(2) [ @b, %entry ], [ %x, %r5.loop ]
  %x = phi ptr addrspace(2) [ @c, %entry ], [ %y, %r5.loop ]
  %y = phi ptr addrspace(2) [ @d, %entry ], [ %z, %r5.loop ]
  %z = phi ptr addrspace(2) [ @e, %entry ], [ %v, %r5.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %v, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %r5.loop, label %exit
exit:
  ret void
}

; Left alone: cycles of 3 and 2 (period 6).
; IR-LABEL: define void @rotate3_swap2(
; IR-NOT:   .loop.1:
; IR:       }
define void @rotate3_swap2(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %r32.loop
r32.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %r32.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %r32.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %z, %r32.loop ]
  %z = phi ptr addrspace(2) [ @c, %entry ], [ %x, %r32.loop ]
  %u = phi ptr addrspace(2) [ @d, %entry ], [ %v, %r32.loop ]
  %v = phi ptr addrspace(2) [ @e, %entry ], [ %u, %r32.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) %u, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %r32.loop, label %exit
exit:
  ret void
}

; Left alone: not a permutation (%x and %y both receive %z, and nothing
; receives %y: %x is @a, then @c, then @a forever).
; IR-LABEL: define void @not_permutation(
; IR-NOT:   .loop.1:
; IR:       }
define void @not_permutation(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %np.loop
np.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %np.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %z, %np.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %z, %np.loop ]
  %z = phi ptr addrspace(2) [ @c, %entry ], [ %x, %np.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) %y, ptr addrspace(2) %z, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %np.loop, label %exit
exit:
  ret void
}

; Left alone: a run-time start.
; IR-LABEL: define void @run_time_start(
; IR-NOT:   .loop.1:
; IR:       }
define void @run_time_start(ptr addrspace(1) noalias %in, i32 %n, i32 %col) {
entry:
  %start = getelementptr float, ptr addrspace(2) @a, i32 %col
  br label %rt.loop
rt.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %rt.loop ]
  %x = phi ptr addrspace(2) [ %start, %entry ], [ %y, %rt.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %z, %rt.loop ]
  %z = phi ptr addrspace(2) [ @c, %entry ], [ %x, %rt.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %y, ptr addrspace(1) %in, i32 8, i32 8, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %x, i32 8, i32 8, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %rt.loop, label %exit
exit:
  ret void
}

; Left alone: a pointer walking along the columns of a tile (a GEP on the
; backedge).
; IR-LABEL: define void @walk(
; IR-NOT:   .loop.1:
; IR:       }
define void @walk(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %gep.loop
gep.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %gep.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %x.next, %gep.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 4, i32 64, i32 0)
  %x.next = getelementptr float, ptr addrspace(2) %x, i32 4
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %gep.loop, label %exit
exit:
  ret void
}
