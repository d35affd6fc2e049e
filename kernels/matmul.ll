; matmul: C = A * B with K accumulated in PSUM, double-buffered DMA.
;
; HBM: at = A^T, [K x 128] fp32 row-major (512-byte rows), K = 256 * kp;
;      b  = B,   [K x 512] fp32 row-major (2 KiB rows);
;      c  = C,   [128 x 512] fp32 row-major (2 KiB rows).
; Args: (at, b, c, nt, kp):
;   nt = number of 128-column blocks of C computed (0..4; the rest of c is
;        left untouched), kp = number of K-block PAIRS (K = 256 * kp; 0 gives
;        C = 0).
; For each column block j: PSUM is zeroed (DVE), then the K loop, unrolled by
; two so that each half has its own stationary/moving buffers (at0/b0 on DMA
; queues 0/1, at1/b1 on queues 2/3), accumulates with acc = 1; ACT copies the
; result out of PSUM and queue 4 stores it.
target triple = "neuronisa"

@at0 = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@b0  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@at1 = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@b1  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@cs  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@ps  = internal addrspace(3) global [128 x [128 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(3), float, i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)

define void @matmul(ptr addrspace(1) noalias %at, ptr addrspace(1) noalias %b,
                    ptr addrspace(1) noalias %c, i32 %nt, i32 %kp) {
entry:
  %hasn = icmp sgt i32 %nt, 0
  br i1 %hasn, label %nloop, label %exit

nloop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %nlatch ]
  %coff = mul i32 %j, 512
  call void @neuronisa.dve.memset(ptr addrspace(3) @ps, float 0.0, i32 128, i32 128)
  %hask = icmp sgt i32 %kp, 0
  br i1 %hask, label %kloop, label %nlatch

kloop:
  %p = phi i32 [ 0, %nloop ], [ %p.next, %kloop ]
  ; K block 2p: rows 256p .. 256p+127; K block 2p+1: the next 128 rows.
  %aoff0 = mul i32 %p, 131072
  %aoff1 = add i32 %aoff0, 65536
  %boff0r = mul i32 %p, 524288
  %boff0 = add i32 %boff0r, %coff
  %boff1 = add i32 %boff0, 262144
  %pa0 = getelementptr i8, ptr addrspace(1) %at, i32 %aoff0
  %pa1 = getelementptr i8, ptr addrspace(1) %at, i32 %aoff1
  %pb0 = getelementptr i8, ptr addrspace(1) %b, i32 %boff0
  %pb1 = getelementptr i8, ptr addrspace(1) %b, i32 %boff1
  call void @neuronisa.dma.load(ptr addrspace(2) @at0, ptr addrspace(1) %pa0, i32 128, i32 128, i32 512, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b0, ptr addrspace(1) %pb0, i32 128, i32 128, i32 2048, i32 1)
  call void @neuronisa.dma.load(ptr addrspace(2) @at1, ptr addrspace(1) %pa1, i32 128, i32 128, i32 512, i32 2)
  call void @neuronisa.dma.load(ptr addrspace(2) @b1, ptr addrspace(1) %pb1, i32 128, i32 128, i32 2048, i32 3)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @ps, ptr addrspace(2) @at0, ptr addrspace(2) @b0, i32 128, i32 128, i32 128, i32 1)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @ps, ptr addrspace(2) @at1, ptr addrspace(2) @b1, i32 128, i32 128, i32 128, i32 1)
  %p.next = add i32 %p, 1
  %kdone = icmp eq i32 %p.next, %kp
  br i1 %kdone, label %nlatch, label %kloop

nlatch:
  call void @neuronisa.act.identity(ptr addrspace(2) @cs, ptr addrspace(3) @ps, i32 128, i32 128, float 1.0, float 0.0)
  %pc = getelementptr i8, ptr addrspace(1) %c, i32 %coff
  call void @neuronisa.dma.store(ptr addrspace(1) %pc, ptr addrspace(2) @cs, i32 128, i32 128, i32 2048, i32 4)
  %j.next = add i32 %j, 1
  %ndone = icmp eq i32 %j.next, %nt
  br i1 %ndone, label %exit, label %nloop

exit:
  ret void
}
