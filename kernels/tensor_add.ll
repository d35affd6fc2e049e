; tensor_add: c = a + b, elementwise, memory bound.
;
; HBM: a, b, c are [128*n x 256] fp32, row-major (1 KiB rows). Tile t covers
; rows 128t .. 128t+127 (128 KiB).
; Args: (a, b, c, n): n = number of [128 x 256] tiles (runtime, >= 0).
;
; Double buffered by hand: the loop body handles two tiles with distinct
; buffers (tile 2i on DVE, tile 2i+1 on POOL, each on its own DMA queues), and
; an if handles the last tile when n is odd.
target triple = "neuronisa"

@a0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@b0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@c0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@a1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@b1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@c1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @tensor_add(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b,
                        ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %pairs = sdiv i32 %n, 2
  %has = icmp sgt i32 %pairs, 0
  br i1 %has, label %loop, label %tail.check

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 262144
  %off1 = add i32 %off0, 131072
  %pa0 = getelementptr i8, ptr addrspace(1) %a, i32 %off0
  %pb0 = getelementptr i8, ptr addrspace(1) %b, i32 %off0
  %pc0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %pa1 = getelementptr i8, ptr addrspace(1) %a, i32 %off1
  %pb1 = getelementptr i8, ptr addrspace(1) %b, i32 %off1
  %pc1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  call void @neuronisa.dma.load(ptr addrspace(2) @a0, ptr addrspace(1) %pa0, i32 128, i32 256, i32 1024, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b0, ptr addrspace(1) %pb0, i32 128, i32 256, i32 1024, i32 1)
  call void @neuronisa.dma.load(ptr addrspace(2) @a1, ptr addrspace(1) %pa1, i32 128, i32 256, i32 1024, i32 2)
  call void @neuronisa.dma.load(ptr addrspace(2) @b1, ptr addrspace(1) %pb1, i32 128, i32 256, i32 1024, i32 3)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @c0, ptr addrspace(2) @a0, ptr addrspace(2) @b0, i32 128, i32 256)
  call void @neuronisa.pool.tt.add(ptr addrspace(2) @c1, ptr addrspace(2) @a1, ptr addrspace(2) @b1, i32 128, i32 256)
  call void @neuronisa.dma.store(ptr addrspace(1) %pc0, ptr addrspace(2) @c0, i32 128, i32 256, i32 1024, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %pc1, ptr addrspace(2) @c1, i32 128, i32 256, i32 1024, i32 5)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %pairs
  br i1 %done, label %tail.check, label %loop

tail.check:
  %odd = and i32 %n, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %tail, label %exit

tail:
  %last = sub i32 %n, 1
  %offt = mul i32 %last, 131072
  %pat = getelementptr i8, ptr addrspace(1) %a, i32 %offt
  %pbt = getelementptr i8, ptr addrspace(1) %b, i32 %offt
  %pct = getelementptr i8, ptr addrspace(1) %c, i32 %offt
  call void @neuronisa.dma.load(ptr addrspace(2) @a0, ptr addrspace(1) %pat, i32 128, i32 256, i32 1024, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b0, ptr addrspace(1) %pbt, i32 128, i32 256, i32 1024, i32 1)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @c0, ptr addrspace(2) @a0, ptr addrspace(2) @b0, i32 128, i32 256)
  call void @neuronisa.dma.store(ptr addrspace(1) %pct, ptr addrspace(2) @c0, i32 128, i32 256, i32 1024, i32 4)
  br label %exit

exit:
  ret void
}
