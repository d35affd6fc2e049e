; softmax, synchronized by hand (build with -neuronisa-sync=none).
;
; Same layout, arguments and data-path instruction order as
; kernels/softmax.ll. One completion semaphore per producing instruction;
; every wait uses a run-time threshold derived from the loop counter i (an
; instruction of iteration i has completed i + 1 times once iteration i is
; done), and waits implied by an earlier wait on the same engine (in-order
; engines) are left out.
;   s0 load xs (q0)   s1 pool.reduce.max   s2 dve.ts.mul   s3 act.exp.bias
;   s4 dve.tsp.div    s5 store (q1)
target triple = "neuronisa"

@xs  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@es  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@ys  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@mx  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@nmx = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@sm  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.pool.reduce.max(ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32, i32)
declare void @neuronisa.act.exp.bias(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, float, i32)
declare void @neuronisa.dve.reduce.add(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tsp.div(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.sp.wait(i32, i32)
declare void @neuronisa.pool.wait(i32, i32)
declare void @neuronisa.dve.wait(i32, i32)
declare void @neuronisa.act.wait(i32, i32)

define void @softmax(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %off = mul i32 %i, 131072
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %off
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %off
  ; xs is free once iteration i-1's readers (POOL max, ACT exp) are done.
  call void @neuronisa.sp.wait(i32 1, i32 %i)
  call void @neuronisa.sp.wait(i32 3, i32 %i)
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 256, i32 1024, i32 0, i32 0)
  ; RAW xs; WAR mx (read by ts.mul of i-1).
  call void @neuronisa.pool.wait(i32 0, i32 %i1)
  call void @neuronisa.pool.wait(i32 2, i32 %i)
  call void @neuronisa.pool.reduce.max(ptr addrspace(2) @mx, ptr addrspace(2) @xs, i32 128, i32 256, i32 1)
  ; RAW mx. (WAR nmx vs exp of i-1: implied, DVE's div of i-1 waited for it.)
  call void @neuronisa.dve.wait(i32 1, i32 %i1)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @nmx, ptr addrspace(2) @mx, float -1.0, i32 128, i32 1, i32 2)
  ; RAW xs, nmx; WAR es (read by DVE up to div of i-1).
  call void @neuronisa.act.wait(i32 2, i32 %i1)
  call void @neuronisa.act.wait(i32 4, i32 %i)
  call void @neuronisa.act.exp.bias(ptr addrspace(2) @es, ptr addrspace(2) @xs, ptr addrspace(2) @nmx, i32 128, i32 256, float 1.0, i32 3)
  ; RAW es.
  call void @neuronisa.dve.wait(i32 3, i32 %i1)
  call void @neuronisa.dve.reduce.add(ptr addrspace(2) @sm, ptr addrspace(2) @es, i32 128, i32 256)
  ; WAR ys (stored by iteration i-1).
  call void @neuronisa.dve.wait(i32 5, i32 %i)
  call void @neuronisa.dve.tsp.div(ptr addrspace(2) @ys, ptr addrspace(2) @es, ptr addrspace(2) @sm, i32 128, i32 256, i32 4)
  ; RAW ys.
  call void @neuronisa.sp.wait(i32 4, i32 %i1)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 256, i32 1024, i32 1, i32 5)
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
