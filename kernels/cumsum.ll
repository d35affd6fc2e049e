; cumsum: inclusive prefix sum along each row, in 256-column chunks with a
; carry between chunks.
;
; HBM: x, y are [128*nr x 1024] fp32 row-major (4 KiB rows).
; Args: (x, y, nr, nc): nr 128-row tiles (runtime, >= 0); of each row, the
; first nc 256-column chunks (0..4) are summed (the rest of y is untouched).
; Per chunk: DMA load (queue 0), DVE scan, POOL adds the carry of the
; previous chunks, POOL takes the last column as the next carry, DMA store
; (queue 1). The carry is reset by DVE at each row tile.
target triple = "neuronisa"

@xs    = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@sc    = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ys    = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@carry = internal addrspace(2) global [128 x [1 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.scan.add(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.tsp.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @cumsum(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y,
                    i32 %nr, i32 %nc) {
entry:
  %hasr = icmp sgt i32 %nr, 0
  br i1 %hasr, label %rloop, label %exit

rloop:
  %r = phi i32 [ 0, %entry ], [ %r.next, %rlatch ]
  %roff = mul i32 %r, 524288
  call void @neuronisa.dve.memset(ptr addrspace(2) @carry, float 0.0, i32 128, i32 1)
  %hasc = icmp sgt i32 %nc, 0
  br i1 %hasc, label %cloop, label %rlatch

cloop:
  %j = phi i32 [ 0, %rloop ], [ %j.next, %cloop ]
  %coff = mul i32 %j, 1024
  %off = add i32 %roff, %coff
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %off
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 256, i32 4096, i32 0)
  call void @neuronisa.dve.scan.add(ptr addrspace(2) @sc, ptr addrspace(2) @xs, i32 128, i32 256)
  call void @neuronisa.pool.tsp.add(ptr addrspace(2) @ys, ptr addrspace(2) @sc, ptr addrspace(2) @carry, i32 128, i32 256)
  ; carry = ys[:, 255]
  %last = getelementptr i8, ptr addrspace(2) @ys, i32 1020
  call void @neuronisa.pool.copy(ptr addrspace(2) @carry, ptr addrspace(2) %last, i32 128, i32 1)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 256, i32 4096, i32 1)
  %j.next = add i32 %j, 1
  %cdone = icmp eq i32 %j.next, %nc
  br i1 %cdone, label %rlatch, label %cloop

rlatch:
  %r.next = add i32 %r, 1
  %rdone = icmp eq i32 %r.next, %nr
  br i1 %rdone, label %exit, label %rloop

exit:
  ret void
}
