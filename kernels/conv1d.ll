; conv1d: 1-D convolution (kernel width 3, no padding) + ReLU as an implicit
; GEMM: out[co][t] = relu(sum_cb sum_r sum_ci w[cb][r][ci][co] * x[cb][ci][t + r]).
;
; HBM: x   = [ncb][128 x 1026] fp32 (input channel block, channel, position;
;            4104-byte rows);
;      w   = [ncb][3][128 x 128] fp32 (block, tap, ci, co; 512-byte rows);
;      out = [128 x 1024] fp32 (co, position; 4 KiB rows).
; Args: (x, w, out, nb, ncb): nb = number of 256-position output blocks
; computed (0..4; the rest of out is untouched), ncb = number of 128-channel
; input blocks accumulated (runtime, >= 0; 0 gives relu(0) = 0).
; Per output block: DVE zeroes the PSUM accumulator; per input block: DMA
; loads the input window [128 x 258] and the three tap weights, PE runs three
; accumulating matmuls whose moving operand is the window shifted by r
; columns (a constant offset into the tile: no im2col copy); then ACT applies
; ReLU out of PSUM and DMA stores.
target triple = "neuronisa"

@xb  = internal addrspace(2) global [128 x [258 x float]] zeroinitializer
@w0  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@w1  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@w2  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@ys  = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
@acc = internal addrspace(3) global [128 x [256 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(3), float, i32, i32)
declare void @neuronisa.act.relu(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)

define void @conv1d(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %w,
                    ptr addrspace(1) noalias %out, i32 %nb, i32 %ncb) {
entry:
  %hasb = icmp sgt i32 %nb, 0
  br i1 %hasb, label %bloop, label %exit

bloop:
  %ob = phi i32 [ 0, %entry ], [ %ob.next, %blatch ]
  %poff = mul i32 %ob, 1024
  call void @neuronisa.dve.memset(ptr addrspace(3) @acc, float 0.0, i32 128, i32 256)
  %hasc = icmp sgt i32 %ncb, 0
  br i1 %hasc, label %cloop, label %blatch

cloop:
  %cb = phi i32 [ 0, %bloop ], [ %cb.next, %cloop ]
  %xcoff = mul i32 %cb, 525312
  %xoff = add i32 %xcoff, %poff
  %woff0 = mul i32 %cb, 196608
  %woff1 = add i32 %woff0, 65536
  %woff2 = add i32 %woff0, 131072
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %xoff
  %pw0 = getelementptr i8, ptr addrspace(1) %w, i32 %woff0
  %pw1 = getelementptr i8, ptr addrspace(1) %w, i32 %woff1
  %pw2 = getelementptr i8, ptr addrspace(1) %w, i32 %woff2
  call void @neuronisa.dma.load(ptr addrspace(2) @xb, ptr addrspace(1) %px, i32 128, i32 258, i32 4104, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @w0, ptr addrspace(1) %pw0, i32 128, i32 128, i32 512, i32 1)
  call void @neuronisa.dma.load(ptr addrspace(2) @w1, ptr addrspace(1) %pw1, i32 128, i32 128, i32 512, i32 2)
  call void @neuronisa.dma.load(ptr addrspace(2) @w2, ptr addrspace(1) %pw2, i32 128, i32 128, i32 512, i32 3)
  %xs1 = getelementptr i8, ptr addrspace(2) @xb, i32 4
  %xs2 = getelementptr i8, ptr addrspace(2) @xb, i32 8
  call void @neuronisa.pe.matmul(ptr addrspace(3) @acc, ptr addrspace(2) @w0, ptr addrspace(2) @xb, i32 128, i32 128, i32 256, i32 1)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @acc, ptr addrspace(2) @w1, ptr addrspace(2) %xs1, i32 128, i32 128, i32 256, i32 1)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @acc, ptr addrspace(2) @w2, ptr addrspace(2) %xs2, i32 128, i32 128, i32 256, i32 1)
  %cb.next = add i32 %cb, 1
  %cdone = icmp eq i32 %cb.next, %ncb
  br i1 %cdone, label %blatch, label %cloop

blatch:
  call void @neuronisa.act.relu(ptr addrspace(2) @ys, ptr addrspace(3) @acc, i32 128, i32 256, float 1.0, float 0.0)
  %po = getelementptr i8, ptr addrspace(1) %out, i32 %poff
  call void @neuronisa.dma.store(ptr addrspace(1) %po, ptr addrspace(2) @ys, i32 128, i32 256, i32 4096, i32 4)
  %ob.next = add i32 %ob, 1
  %bdone = icmp eq i32 %ob.next, %nb
  br i1 %bdone, label %exit, label %bloop

exit:
  ret void
}
