; tensor_add, synchronized by hand (build with -neuronisa-sync=none).
;
; Same layout, arguments and data-path instruction order as
; kernels/tensor_add.ll. One completion semaphore per producing instruction;
; thresholds come from the pair counter i in the loop and from the number of
; pairs in the odd tail.
;   s0-s3 loads a0, b0, a1, b1 (q0-q3)   s4 dve.tt.add   s5 pool.tt.add
;   s6, s7 stores of c0, c1 (q4, q5)
target triple = "neuronisa"

@a0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@b0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@c0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@a1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@b1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@c1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.pool.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.sp.wait(i32, i32)
declare void @neuronisa.pool.wait(i32, i32)
declare void @neuronisa.dve.wait(i32, i32)

define void @tensor_add(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b,
                        ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %pairs = sdiv i32 %n, 2
  %has = icmp sgt i32 %pairs, 0
  br i1 %has, label %loop, label %tail.check

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %off0 = mul i32 %i, 262144
  %off1 = add i32 %off0, 131072
  %pa0 = getelementptr i8, ptr addrspace(1) %a, i32 %off0
  %pb0 = getelementptr i8, ptr addrspace(1) %b, i32 %off0
  %pc0 = getelementptr i8, ptr addrspace(1) %c, i32 %off0
  %pa1 = getelementptr i8, ptr addrspace(1) %a, i32 %off1
  %pb1 = getelementptr i8, ptr addrspace(1) %b, i32 %off1
  %pc1 = getelementptr i8, ptr addrspace(1) %c, i32 %off1
  ; a0/b0 free once DVE's add of pair i-1 is done; a1/b1 once POOL's is.
  call void @neuronisa.sp.wait(i32 4, i32 %i)
  call void @neuronisa.dma.load(ptr addrspace(2) @a0, ptr addrspace(1) %pa0, i32 128, i32 256, i32 1024, i32 0, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b0, ptr addrspace(1) %pb0, i32 128, i32 256, i32 1024, i32 1, i32 1)
  call void @neuronisa.sp.wait(i32 5, i32 %i)
  call void @neuronisa.dma.load(ptr addrspace(2) @a1, ptr addrspace(1) %pa1, i32 128, i32 256, i32 1024, i32 2, i32 2)
  call void @neuronisa.dma.load(ptr addrspace(2) @b1, ptr addrspace(1) %pb1, i32 128, i32 256, i32 1024, i32 3, i32 3)
  ; RAW a0, b0; WAR c0 (stored by pair i-1).
  call void @neuronisa.dve.wait(i32 0, i32 %i1)
  call void @neuronisa.dve.wait(i32 1, i32 %i1)
  call void @neuronisa.dve.wait(i32 6, i32 %i)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @c0, ptr addrspace(2) @a0, ptr addrspace(2) @b0, i32 128, i32 256, i32 4)
  call void @neuronisa.pool.wait(i32 2, i32 %i1)
  call void @neuronisa.pool.wait(i32 3, i32 %i1)
  call void @neuronisa.pool.wait(i32 7, i32 %i)
  call void @neuronisa.pool.tt.add(ptr addrspace(2) @c1, ptr addrspace(2) @a1, ptr addrspace(2) @b1, i32 128, i32 256, i32 5)
  call void @neuronisa.sp.wait(i32 4, i32 %i1)
  call void @neuronisa.dma.store(ptr addrspace(1) %pc0, ptr addrspace(2) @c0, i32 128, i32 256, i32 1024, i32 4, i32 6)
  call void @neuronisa.sp.wait(i32 5, i32 %i1)
  call void @neuronisa.dma.store(ptr addrspace(1) %pc1, ptr addrspace(2) @c1, i32 128, i32 256, i32 1024, i32 5, i32 7)
  %done = icmp eq i32 %i1, %pairs
  br i1 %done, label %tail.check, label %loop

tail.check:
  %odd = and i32 %n, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %tail, label %exit

tail:
  ; p = pairs done (>= 0): the DVE add and the c0 store ran p times.
  %p = call i32 @llvm.smax.i32(i32 %pairs, i32 0)
  %p1 = add i32 %p, 1
  %last = sub i32 %n, 1
  %offt = mul i32 %last, 131072
  %pat = getelementptr i8, ptr addrspace(1) %a, i32 %offt
  %pbt = getelementptr i8, ptr addrspace(1) %b, i32 %offt
  %pct = getelementptr i8, ptr addrspace(1) %c, i32 %offt
  call void @neuronisa.sp.wait(i32 4, i32 %p)
  call void @neuronisa.dma.load(ptr addrspace(2) @a0, ptr addrspace(1) %pat, i32 128, i32 256, i32 1024, i32 0, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b0, ptr addrspace(1) %pbt, i32 128, i32 256, i32 1024, i32 1, i32 1)
  call void @neuronisa.dve.wait(i32 0, i32 %p1)
  call void @neuronisa.dve.wait(i32 1, i32 %p1)
  call void @neuronisa.dve.wait(i32 6, i32 %p)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @c0, ptr addrspace(2) @a0, ptr addrspace(2) @b0, i32 128, i32 256, i32 4)
  call void @neuronisa.sp.wait(i32 4, i32 %p1)
  call void @neuronisa.dma.store(ptr addrspace(1) %pct, ptr addrspace(2) @c0, i32 128, i32 256, i32 1024, i32 4, i32 6)
  br label %exit

exit:
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
