; RUN: llc -mtriple=neuronisa -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=remark
; Iteration i reloads slot i mod 4 of %buf into @s0 (queue 1) and then
; stores @s1 to the same slot (queue 0). The load waits for the latest store, the previous
; iteration's, to slot (i - 1) mod 4: disjoint; the store it conflicts with
; is 4 iterations back. The address (i & 3) * 512 has no constant step, but
; it is not loop-invariant either: the wait is remarked, not taken as exact.
; CHECK: remark: <unknown>:0:0: wait of DMA_LOAD (data-path instruction 0 of %bb.{{[0-9]+}} 'loop') for dma.q0 (producer DMA_STORE (data-path instruction 1 of %bb.{{[0-9]+}} 'loop')) may be over-synchronized: unknown HBM distance: the accesses at run-time offsets may conflict in some iterations, not necessarily in the instance waited for
target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @kernel(ptr addrspace(1) noalias %buf, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %slot = and i32 %i, 3
  %off = mul i32 %slot, 512
  %p = getelementptr i8, ptr addrspace(1) %buf, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @s0, ptr addrspace(1) %p, i32 8, i32 16, i32 64, i32 1)
  call void @neuronisa.dma.store(ptr addrspace(1) %p, ptr addrspace(2) @s1, i32 8, i32 16, i32 64, i32 0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
