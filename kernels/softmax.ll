; softmax: row-wise softmax, y[r] = exp(x[r] - max x[r]) / sum exp(x[r] - max x[r]).
;
; HBM: x, y are [128*n x 256] fp32 row-major (1 KiB rows).
; Args: (x, y, n): n = number of 128-row tiles (runtime, >= 0).
; Per tile: POOL row max, DVE negates it, ACT exp with the negated max as a
; per-partition bias, DVE row sum and division by the sum.
target triple = "neuronisa"

@xs  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@es  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ys  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@mx  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@nmx = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@sm  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pool.reduce.max(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.act.exp.bias(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, float)
declare void @neuronisa.dve.reduce.add(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tsp.div(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @softmax(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 131072
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %off
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 256, i32 1024, i32 0)
  call void @neuronisa.pool.reduce.max(ptr addrspace(2) @mx, ptr addrspace(2) @xs, i32 128, i32 256)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @nmx, ptr addrspace(2) @mx, float -1.0, i32 128, i32 1)
  call void @neuronisa.act.exp.bias(ptr addrspace(2) @es, ptr addrspace(2) @xs, ptr addrspace(2) @nmx, i32 128, i32 256, float 1.0)
  call void @neuronisa.dve.reduce.add(ptr addrspace(2) @sm, ptr addrspace(2) @es, i32 128, i32 256)
  call void @neuronisa.dve.tsp.div(ptr addrspace(2) @ys, ptr addrspace(2) @es, ptr addrspace(2) @sm, i32 128, i32 256)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 256, i32 1024, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
