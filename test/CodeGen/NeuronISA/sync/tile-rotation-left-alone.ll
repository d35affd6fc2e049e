; RUN: llc -mtriple=neuronisa -stop-after=neuronisa-tile-pingpong-unroll < %s -o - | FileCheck %s --check-prefix=IR
; RUN: not llc -mtriple=neuronisa -pass-remarks-missed=neuronisa-tile-pingpong-unroll < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark
; Loops neuronisa-tile-pingpong-unroll leaves alone without crashing, each
; with its remark: entries from two blocks that loop-simplify cannot merge
; (indirect branches), a body too large for its factor, a call UnrollLoop
; cannot duplicate, an undefined start; and loops it handles: two latches
; (merged by loop-simplify earlier in the pipeline), nested rotations. The
; kernel verifier, after the pass, rejects the call.

target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@o = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @opaque() noduplicate

; REMARK-DAG: remark: {{.*}}tiles of loop 'ib.loop' not made one per access: the loop has no single entry from outside and single latch
; REMARK-DAG: remark: {{.*}}tiles of loop 'big.loop' not made one per access: its body of 260 instructions is more than 256, the most unrolled by 4
; REMARK-DAG: remark: {{.*}}tiles of loop 'nd.loop' not made one per access: LLVM's UnrollLoop cannot unroll it
; REMARK-DAG: remark: {{.*}}tiles of loop 'un.loop' not made one per access: the tile phi '%x' does not start at a constant place in a tile

; REMARK-DAG: error: {{.*}}in function no_duplicate

; Two latches (a `continue`): one after loop-simplify, then unrolled.
; IR-LABEL: define void @two_latches(
; IR-NOT:     phi ptr
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @a,
; IR:         call void @neuronisa.dma.load(ptr addrspace(2) @b,
; IR:       }
define void @two_latches(ptr addrspace(1) noalias %in, i32 %n, i1 %skip) {
entry:
  br label %ml.loop
ml.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %ml.body ], [ %i.next, %ml.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %ml.body ], [ %y, %ml.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %x, %ml.body ], [ %x, %ml.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  br i1 %skip, label %ml.loop, label %ml.body
ml.body:
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %ml.loop, label %exit
exit:
  ret void
}

; Four buffers and 260 instructions (at most 1024 / 4 = 256).
; IR-LABEL: define void @big(
; IR-NOT:   .loop.1:
; IR:       }
define void @big(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %big.loop
big.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %big.loop ]
  %w = phi ptr addrspace(2) [ @a, %entry ], [ %x, %big.loop ]
  %x = phi ptr addrspace(2) [ @b, %entry ], [ %y, %big.loop ]
  %y = phi ptr addrspace(2) [ @c, %entry ], [ %z, %big.loop ]
  %z = phi ptr addrspace(2) [ @d, %entry ], [ %w, %big.loop ]
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 0.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 1.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 2.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 3.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 4.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 5.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 6.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 7.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 8.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 9.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 10.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 11.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 12.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 13.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 14.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 15.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 16.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 17.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 18.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 19.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 20.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 21.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 22.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 23.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 24.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 25.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 26.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 27.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 28.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 29.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 30.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 31.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 32.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 33.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 34.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 35.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 36.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 37.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 38.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 39.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 40.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 41.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 42.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 43.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 44.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 45.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 46.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 47.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 48.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 49.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 50.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 51.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 52.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 53.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 54.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 55.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 56.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 57.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 58.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 59.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 60.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 61.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 62.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 63.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 64.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 65.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 66.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 67.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 68.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 69.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 70.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 71.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 72.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 73.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 74.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 75.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 76.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 77.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 78.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 79.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 80.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 81.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 82.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 83.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 84.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 85.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 86.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 87.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 88.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 89.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 90.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 91.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 92.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 93.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 94.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 95.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 96.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 97.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 98.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 99.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 100.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 101.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 102.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 103.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 104.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 105.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 106.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 107.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 108.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 109.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 110.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 111.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 112.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 113.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 114.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 115.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 116.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 117.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 118.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 119.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 120.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 121.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 122.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 123.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 124.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 125.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 126.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 127.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 128.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 129.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 130.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 131.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 132.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 133.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 134.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 135.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 136.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 137.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 138.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 139.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 140.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 141.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 142.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 143.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 144.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 145.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 146.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 147.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 148.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 149.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 150.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 151.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 152.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 153.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 154.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 155.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 156.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 157.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 158.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 159.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 160.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 161.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 162.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 163.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 164.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 165.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 166.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 167.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 168.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 169.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 170.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 171.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 172.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 173.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 174.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 175.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 176.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 177.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 178.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 179.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 180.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 181.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 182.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 183.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 184.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 185.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 186.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 187.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 188.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 189.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 190.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 191.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 192.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 193.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 194.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 195.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 196.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 197.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 198.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 199.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 200.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 201.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 202.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 203.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 204.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 205.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 206.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 207.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 208.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 209.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 210.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 211.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 212.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 213.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 214.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 215.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 216.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 217.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 218.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 219.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 220.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 221.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 222.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 223.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 224.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 225.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 226.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 227.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 228.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 229.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 230.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 231.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 232.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 233.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 234.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 235.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 236.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 237.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 238.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 239.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 240.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 241.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 242.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 243.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 244.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 245.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 246.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 247.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 248.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 249.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 250.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %w, i32 8, i32 16, float 251.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %big.loop, label %exit
exit:
  ret void
}

; A call that must not be duplicated.
; IR-LABEL: define void @no_duplicate(
; IR-NOT:   .loop.1:
; IR:       }
define void @no_duplicate(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %nd.loop
nd.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %nd.loop ]
  %x = phi ptr addrspace(2) [ @a, %entry ], [ %y, %nd.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %x, %nd.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @opaque()
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %nd.loop, label %exit
exit:
  ret void
}

; An undefined start.
; IR-LABEL: define void @undef_start(
; IR-NOT:   .loop.1:
; IR:       }
define void @undef_start(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  br label %un.loop
un.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %un.loop ]
  %x = phi ptr addrspace(2) [ poison, %entry ], [ %y, %un.loop ]
  %y = phi ptr addrspace(2) [ @b, %entry ], [ %x, %un.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %y, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %un.loop, label %exit
exit:
  ret void
}

; Nested: the inner loop swaps two tiles, the outer rotates three; both
; are unrolled (the inner one first: 2 copies in each of the outer's 3).
; IR-LABEL: define void @nested(
; IR-NOT:     phi ptr
; IR:       in.loop.1:
; IR:       out.latch.2:
; IR:       }
define void @nested(ptr addrspace(1) noalias %in, i32 %n, i32 %m) {
entry:
  br label %out.loop
out.loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %out.latch ]
  %p = phi ptr addrspace(2) [ @a, %entry ], [ %q, %out.latch ]
  %q = phi ptr addrspace(2) [ @b, %entry ], [ %r, %out.latch ]
  %r = phi ptr addrspace(2) [ @c, %entry ], [ %p, %out.latch ]
  call void @neuronisa.dma.load(ptr addrspace(2) %p, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  br label %in.loop
in.loop:
  %i = phi i32 [ 0, %out.loop ], [ %i.next, %in.loop ]
  %x = phi ptr addrspace(2) [ @d, %out.loop ], [ %y, %in.loop ]
  %y = phi ptr addrspace(2) [ @o, %out.loop ], [ %x, %in.loop ]
  call void @neuronisa.act.tanh(ptr addrspace(2) %x, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %in.loop, label %out.latch
out.latch:
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %q, i32 8, i32 16, float 1.0, float 0.0)
  %j.next = add i32 %j, 1
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %out.loop, label %exit
exit:
  ret void
}

; Entered from two blocks by indirect branches.
; IR-LABEL: define void @indirect(
; IR-NOT:   .loop.1:
; IR:       }
define void @indirect(ptr addrspace(1) noalias %in, i32 %n, i1 %c) {
entry:
  br i1 %c, label %e1, label %e2
e1:
  indirectbr ptr blockaddress(@indirect, %ib.loop), [label %ib.loop]
e2:
  indirectbr ptr blockaddress(@indirect, %ib.loop), [label %ib.loop]
ib.loop:
  %i = phi i32 [ 0, %e1 ], [ 0, %e2 ], [ %i.next, %ib.loop ]
  %x = phi ptr addrspace(2) [ @a, %e1 ], [ @a, %e2 ], [ %y, %ib.loop ]
  %y = phi ptr addrspace(2) [ @b, %e1 ], [ @b, %e2 ], [ %x, %ib.loop ]
  call void @neuronisa.dma.load(ptr addrspace(2) %x, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @o, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %ib.loop, label %exit
exit:
  ret void
}
