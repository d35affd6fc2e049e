; matmul, synchronized by hand (build with -neuronisa-sync=none).
;
; Same layout, arguments and data-path instruction order as
; kernels/matmul.ll. One completion semaphore per producing instruction.
; K-loop thresholds come from a running count g of K iterations over the
; whole kernel (g = j * kp + p, carried through both loops); column-block
; thresholds from j. The PE's wait for the PSUM reset is hoisted out of the
; K loop.
;   s0-s3 loads at0, b0, at1, b1 (q0-q3)  s4 dve.memset ps  s5, s6 matmuls
;   s7 act.identity  s8 store (q4)
target triple = "neuronisa"

@at0 = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@b0  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@at1 = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@b1  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@cs  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@ps  = internal addrspace(3) global [128 x [128 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(3), float, i32, i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float, i32)
declare void @neuronisa.sp.wait(i32, i32)
declare void @neuronisa.dve.wait(i32, i32)
declare void @neuronisa.act.wait(i32, i32)
declare void @neuronisa.pe.wait(i32, i32)

define void @matmul(ptr addrspace(1) noalias %at, ptr addrspace(1) noalias %b,
                    ptr addrspace(1) noalias %c, i32 %nt, i32 %kp) {
entry:
  %hasn = icmp sgt i32 %nt, 0
  %hask = icmp sgt i32 %kp, 0
  br i1 %hasn, label %nloop, label %exit

nloop:
  %j = phi i32 [ 0, %entry ], [ %j1, %nlatch ]
  %g0 = phi i32 [ 0, %entry ], [ %gend, %nlatch ]   ; K iterations so far
  %j1 = add i32 %j, 1
  %coff = mul i32 %j, 512
  ; WAR ps: read by the PSUM copy of block j-1.
  call void @neuronisa.dve.wait(i32 7, i32 %j)
  call void @neuronisa.dve.memset(ptr addrspace(3) @ps, float 0.0, i32 128, i32 128, i32 4)
  br i1 %hask, label %kpre, label %nlatch

kpre:
  call void @neuronisa.pe.wait(i32 4, i32 %j1)
  br label %kloop

kloop:
  %g = phi i32 [ %g0, %kpre ], [ %g1, %kloop ]
  %p = phi i32 [ 0, %kpre ], [ %p1, %kloop ]
  %g1 = add i32 %g, 1
  %aoff0 = mul i32 %p, 131072
  %aoff1 = add i32 %aoff0, 65536
  %boff0r = mul i32 %p, 524288
  %boff0 = add i32 %boff0r, %coff
  %boff1 = add i32 %boff0, 262144
  %pa0 = getelementptr i8, ptr addrspace(1) %at, i32 %aoff0
  %pa1 = getelementptr i8, ptr addrspace(1) %at, i32 %aoff1
  %pb0 = getelementptr i8, ptr addrspace(1) %b, i32 %boff0
  %pb1 = getelementptr i8, ptr addrspace(1) %b, i32 %boff1
  ; at0/b0 free once the first matmul of the previous K iteration is done.
  call void @neuronisa.sp.wait(i32 5, i32 %g)
  call void @neuronisa.dma.load(ptr addrspace(2) @at0, ptr addrspace(1) %pa0, i32 128, i32 128, i32 512, i32 0, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b0, ptr addrspace(1) %pb0, i32 128, i32 128, i32 2048, i32 1, i32 1)
  call void @neuronisa.sp.wait(i32 6, i32 %g)
  call void @neuronisa.dma.load(ptr addrspace(2) @at1, ptr addrspace(1) %pa1, i32 128, i32 128, i32 512, i32 2, i32 2)
  call void @neuronisa.dma.load(ptr addrspace(2) @b1, ptr addrspace(1) %pb1, i32 128, i32 128, i32 2048, i32 3, i32 3)
  call void @neuronisa.pe.wait(i32 0, i32 %g1)
  call void @neuronisa.pe.wait(i32 1, i32 %g1)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @ps, ptr addrspace(2) @at0, ptr addrspace(2) @b0, i32 128, i32 128, i32 128, i32 1, i32 5)
  call void @neuronisa.pe.wait(i32 2, i32 %g1)
  call void @neuronisa.pe.wait(i32 3, i32 %g1)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @ps, ptr addrspace(2) @at1, ptr addrspace(2) @b1, i32 128, i32 128, i32 128, i32 1, i32 6)
  %p1 = add i32 %p, 1
  %kdone = icmp eq i32 %p1, %kp
  br i1 %kdone, label %nlatch, label %kloop

nlatch:
  %gend = phi i32 [ %g0, %nloop ], [ %g1, %kloop ]
  ; RAW ps: the reset and the last matmul of this block; WAR cs (store j-1).
  call void @neuronisa.act.wait(i32 4, i32 %j1)
  call void @neuronisa.act.wait(i32 6, i32 %gend)
  call void @neuronisa.act.wait(i32 8, i32 %j)
  call void @neuronisa.act.identity(ptr addrspace(2) @cs, ptr addrspace(3) @ps, i32 128, i32 128, float 1.0, float 0.0, i32 7)
  %pc = getelementptr i8, ptr addrspace(1) %c, i32 %coff
  call void @neuronisa.sp.wait(i32 7, i32 %j1)
  call void @neuronisa.dma.store(ptr addrspace(1) %pc, ptr addrspace(2) @cs, i32 128, i32 128, i32 2048, i32 4, i32 8)
  %ndone = icmp eq i32 %j1, %nt
  br i1 %ndone, label %exit, label %nloop

exit:
  ret void
}
