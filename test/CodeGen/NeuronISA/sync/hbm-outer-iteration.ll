; RUN: llc -mtriple=neuronisa -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=remark
; The outer loop runs twice, so ScalarEvolution folds (i & 3) * 512 to the
; recurrence {0,+,512}. Iteration i stores @s4 to slot i + 1 of %out (queue
; 7), then an inner loop stores @s0 into slot i (queue 6). The inner store
; waits for the latest queue-7 store, the one of the same outer iteration,
; at the next slot: disjoint. The one it conflicts with is an outer iteration
; back. The producer's block dominates the consumer's, so the instance waited
; for is the same iteration of the outer loop, and the remark says so (the
; two stores were in different blocks and were taken to be an iteration
; apart, which made the wait look exact).
; CHECK: remark: <unknown>:0:0: wait of DMA_STORE (data-path instruction 0 of %bb.{{[0-9]+}} 'outer') for dma.q6 (producer DMA_STORE (data-path instruction 0 of %bb.{{[0-9]+}} 'inner')) may be over-synchronized: unknown HBM distance
; CHECK: remark: <unknown>:0:0: wait of DMA_STORE (data-path instruction 0 of %bb.{{[0-9]+}} 'inner') for dma.q7 (producer DMA_STORE (data-path instruction 0 of %bb.{{[0-9]+}} 'outer')) may be over-synchronized: loop-carried HBM dependence at distance 1: the conflicting instance of the producer is 1 iteration back, the wait is for its latest instance
target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s4 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @kernel(ptr addrspace(1) noalias %out, i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %next = add i32 %i, 1
  %nslot = and i32 %next, 3
  %noff = mul i32 %nslot, 512
  %np = getelementptr i8, ptr addrspace(1) %out, i32 %noff
  call void @neuronisa.dma.store(ptr addrspace(1) %np, ptr addrspace(2) @s4, i32 4, i32 16, i32 128, i32 7)
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %inner, label %latch
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %slot = and i32 %i, 3
  %off = mul i32 %slot, 512
  %off32 = add i32 %off, 32
  %p = getelementptr i8, ptr addrspace(1) %out, i32 %off32
  %a = getelementptr i8, ptr addrspace(2) @s0, i32 16
  call void @neuronisa.dma.store(ptr addrspace(1) %p, ptr addrspace(2) %a, i32 4, i32 8, i32 64, i32 6)
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, 2
  br i1 %again, label %outer, label %exit
exit:
  ret void
}
