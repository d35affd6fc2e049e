; transpose: batched 2-D transpose on the PE, y[b] = x[b]^T.
;
; HBM: x = [nb][128 x 512] fp32 (2 KiB rows, 256 KiB per matrix);
;      y = [nb][512 x 128] fp32 (512-byte rows).
; Args: (x, y, nb, nc): nb matrices (runtime, >= 0); of each, the first nc
; 128-column blocks (0..4) are transposed into the first 128*nc rows of y[b]
; (the rest of y is left untouched).
; Per block: DMA load (queue 0), PE transpose into PSUM, ACT copies to SBUF,
; DMA store (queue 1).
target triple = "neuronisa"

@xs = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@ys = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@tp = internal addrspace(3) global [128 x [128 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.transpose(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)

define void @transpose(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y,
                       i32 %nb, i32 %nc) {
entry:
  %hasb = icmp sgt i32 %nb, 0
  br i1 %hasb, label %bloop, label %exit

bloop:
  %b = phi i32 [ 0, %entry ], [ %b.next, %blatch ]
  %boff = mul i32 %b, 262144
  %hasc = icmp sgt i32 %nc, 0
  br i1 %hasc, label %cloop, label %blatch

cloop:
  %j = phi i32 [ 0, %bloop ], [ %j.next, %cloop ]
  %xoffc = mul i32 %j, 512
  %xoff = add i32 %boff, %xoffc
  %yoffc = mul i32 %j, 65536
  %yoff = add i32 %boff, %yoffc
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %xoff
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %yoff
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 128, i32 2048, i32 0)
  call void @neuronisa.pe.transpose(ptr addrspace(3) @tp, ptr addrspace(2) @xs, i32 128, i32 128)
  call void @neuronisa.act.identity(ptr addrspace(2) @ys, ptr addrspace(3) @tp, i32 128, i32 128, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 128, i32 512, i32 1)
  %j.next = add i32 %j, 1
  %cdone = icmp eq i32 %j.next, %nc
  br i1 %cdone, label %blatch, label %cloop

blatch:
  %b.next = add i32 %b, 1
  %bdone = icmp eq i32 %b.next, %nb
  br i1 %bdone, label %exit, label %bloop

exit:
  ret void
}
