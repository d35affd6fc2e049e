; rmsnorm, synchronized by hand (build with -neuronisa-sync=none).
;
; Same layout, arguments and data-path instruction order as
; kernels/rmsnorm.ll. One completion semaphore per producing instruction,
; run-time thresholds from the loop counter i, waits implied by earlier
; waits on the same engine left out, and the one-time wait for gamma hoisted
; out of the loop.
;   s0 load gs (q2)  s1 load xs (q0)  s2 act.square  s3 dve.reduce.add
;   s4 act.rsqrt     s5 dve.tsp.mul   s6 pool.tt.mul  s7 store (q1)
target triple = "neuronisa"

@gs  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@xs  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@sq  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@yn  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ys  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ss  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@rs  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.act.square(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float, i32)
declare void @neuronisa.dve.reduce.add(ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.act.rsqrt(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float, i32)
declare void @neuronisa.dve.tsp.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.pool.tt.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.sp.wait(i32, i32)
declare void @neuronisa.pool.wait(i32, i32)
declare void @neuronisa.dve.wait(i32, i32)
declare void @neuronisa.act.wait(i32, i32)

define void @rmsnorm(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %gamma,
                     ptr addrspace(1) noalias %y, i32 %n) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @gs, ptr addrspace(1) %gamma, i32 128, i32 256, i32 1024, i32 2, i32 0)
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %pre, label %exit

pre:
  call void @neuronisa.pool.wait(i32 0, i32 1)
  br label %loop

loop:
  %i = phi i32 [ 0, %pre ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %off = mul i32 %i, 131072
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %off
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %off
  ; WAR xs: last read by tsp.mul of i-1 (square of i-1 precedes it).
  call void @neuronisa.sp.wait(i32 5, i32 %i)
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 256, i32 1024, i32 0, i32 1)
  ; RAW xs; WAR sq (read by reduce of i-1).
  call void @neuronisa.act.wait(i32 1, i32 %i1)
  call void @neuronisa.act.wait(i32 3, i32 %i)
  call void @neuronisa.act.square(ptr addrspace(2) @sq, ptr addrspace(2) @xs, i32 128, i32 256, float 1.0, float 0.0, i32 2)
  ; RAW sq. (WAR ss vs rsqrt of i-1: implied by tsp.mul of i-1.)
  call void @neuronisa.dve.wait(i32 2, i32 %i1)
  call void @neuronisa.dve.reduce.add(ptr addrspace(2) @ss, ptr addrspace(2) @sq, i32 128, i32 256, i32 3)
  ; RAW ss; WAR rs (read by tsp.mul of i-1).
  call void @neuronisa.act.wait(i32 3, i32 %i1)
  call void @neuronisa.act.wait(i32 5, i32 %i)
  call void @neuronisa.act.rsqrt(ptr addrspace(2) @rs, ptr addrspace(2) @ss, i32 128, i32 1, float 3.906250e-03, float 9.765625e-04, i32 4)
  ; RAW rs (xs: implied through square -> reduce); WAR yn (read by POOL i-1).
  call void @neuronisa.dve.wait(i32 4, i32 %i1)
  call void @neuronisa.dve.wait(i32 6, i32 %i)
  call void @neuronisa.dve.tsp.mul(ptr addrspace(2) @yn, ptr addrspace(2) @xs, ptr addrspace(2) @rs, i32 128, i32 256, i32 5)
  ; RAW yn; WAR ys (stored by i-1).
  call void @neuronisa.pool.wait(i32 5, i32 %i1)
  call void @neuronisa.pool.wait(i32 7, i32 %i)
  call void @neuronisa.pool.tt.mul(ptr addrspace(2) @ys, ptr addrspace(2) @yn, ptr addrspace(2) @gs, i32 128, i32 256, i32 6)
  ; RAW ys.
  call void @neuronisa.sp.wait(i32 6, i32 %i1)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 256, i32 1024, i32 1, i32 7)
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
