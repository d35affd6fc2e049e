; syncbench: synchronization-bound microbenchmark. Small [128 x 32] tiles pass
; ACT -> POOL -> DVE inside an inner loop; the outer loop moves data with DMA
; and runs PE and ACT on the inner loop's result. Every inner stage is short
; (about 124 cycles), so an all-engine barrier per iteration (drain, 300
; cycles, semaphore reset) costs more than the work, while precise
; synchronization lets consecutive iterations overlap: each stage waits only
; for its producer and for the reader of the tile it overwrites. The inner
; body is unrolled by two with separate tiles (double buffering), as a
; pipelined kernel would be written.
;
; HBM: a = [n1][128 x 32] fp32 (128-byte rows, 16 KiB per block);
;      w = [128 x 128] fp32; out = [n1][128 x 32].
; Args: (a, w, out, n1, n2): outer trip count and inner trip count (pairs of
; items; runtime, >= 0).
; Per outer i: load a[i] (DMA); acc = 0 (DVE); n2 times:
;   u1 = tanh(a), v1 = tanh(-a) (ACT); u2 = u1 * 0.5, v2 = v1 * 0.25 (POOL);
;   acc = acc + u2; acc = acc + v2 (DVE);
; then p = W^T acc (PE), out[i] = silu(p / 8) (ACT), store (DMA).
target triple = "neuronisa"

@ws  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@as  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@u1  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@u2  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@v1  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@v2  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@acc = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@os  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@p   = internal addrspace(3) global [128 x [32 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.act.silu(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)
declare void @neuronisa.pool.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)

define void @syncbench(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %w,
                       ptr addrspace(1) noalias %out, i32 %n1, i32 %n2) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @ws, ptr addrspace(1) %w, i32 128, i32 128, i32 512, i32 2)
  %has1 = icmp sgt i32 %n1, 0
  br i1 %has1, label %oloop, label %exit

oloop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %olatch ]
  %off = mul i32 %i, 16384
  %pa = getelementptr i8, ptr addrspace(1) %a, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @as, ptr addrspace(1) %pa, i32 128, i32 32, i32 128, i32 0)
  call void @neuronisa.dve.memset(ptr addrspace(2) @acc, float 0.0, i32 128, i32 32)
  %has2 = icmp sgt i32 %n2, 0
  br i1 %has2, label %iloop, label %olatch

iloop:
  %j = phi i32 [ 0, %oloop ], [ %j.next, %iloop ]
  call void @neuronisa.act.tanh(ptr addrspace(2) @u1, ptr addrspace(2) @as, i32 128, i32 32, float 1.0, float 0.0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @v1, ptr addrspace(2) @as, i32 128, i32 32, float -1.0, float 0.0)
  call void @neuronisa.pool.ts.mul(ptr addrspace(2) @u2, ptr addrspace(2) @u1, float 0.5, i32 128, i32 32)
  call void @neuronisa.pool.ts.mul(ptr addrspace(2) @v2, ptr addrspace(2) @v1, float 0.25, i32 128, i32 32)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @acc, ptr addrspace(2) @acc, ptr addrspace(2) @u2, i32 128, i32 32)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @acc, ptr addrspace(2) @acc, ptr addrspace(2) @v2, i32 128, i32 32)
  %j.next = add i32 %j, 1
  %idone = icmp eq i32 %j.next, %n2
  br i1 %idone, label %olatch, label %iloop

olatch:
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @ws, ptr addrspace(2) @acc, i32 128, i32 128, i32 32, i32 0)
  call void @neuronisa.act.silu(ptr addrspace(2) @os, ptr addrspace(3) @p, i32 128, i32 32, float 0.125, float 0.0)
  %po = getelementptr i8, ptr addrspace(1) %out, i32 %off
  call void @neuronisa.dma.store(ptr addrspace(1) %po, ptr addrspace(2) @os, i32 128, i32 32, i32 128, i32 1)
  %i.next = add i32 %i, 1
  %odone = icmp eq i32 %i.next, %n1
  br i1 %odone, label %exit, label %oloop

exit:
  ret void
}
