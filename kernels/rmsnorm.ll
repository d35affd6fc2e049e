; rmsnorm: y = x * rsqrt(mean(x^2) + eps) * gamma, per row.
;
; HBM: x, y are [128*n x 256] fp32 row-major (1 KiB rows); gamma is
;      [128 x 256], every row the same vector (pre-broadcast over partitions).
; Args: (x, gamma, y, n): n = number of 128-row tiles (runtime, >= 0).
; eps = 1/1024. Per tile: ACT squares, DVE sums the squares, ACT computes
; rsqrt(ss/256 + eps) on [128 x 1], DVE scales the row, POOL applies gamma.
target triple = "neuronisa"

@gs  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@xs  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@sq  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@yn  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ys  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ss  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@rs  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.square(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.reduce.add(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.act.rsqrt(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tsp.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.tt.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @rmsnorm(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %gamma,
                     ptr addrspace(1) noalias %y, i32 %n) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @gs, ptr addrspace(1) %gamma, i32 128, i32 256, i32 1024, i32 2)
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 131072
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %off
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 256, i32 1024, i32 0)
  call void @neuronisa.act.square(ptr addrspace(2) @sq, ptr addrspace(2) @xs, i32 128, i32 256, float 1.0, float 0.0)
  call void @neuronisa.dve.reduce.add(ptr addrspace(2) @ss, ptr addrspace(2) @sq, i32 128, i32 256)
  call void @neuronisa.act.rsqrt(ptr addrspace(2) @rs, ptr addrspace(2) @ss, i32 128, i32 1, float 3.906250e-03, float 9.765625e-04)
  call void @neuronisa.dve.tsp.mul(ptr addrspace(2) @yn, ptr addrspace(2) @xs, ptr addrspace(2) @rs, i32 128, i32 256)
  call void @neuronisa.pool.tt.mul(ptr addrspace(2) @ys, ptr addrspace(2) @yn, ptr addrspace(2) @gs, i32 128, i32 256)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 256, i32 1024, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
