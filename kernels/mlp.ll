; mlp: fused two-layer MLP, Y = gelu(X W1) W2, per block of 128 tokens.
;
; HBM: x  = X,  [128*n x 128] fp32 row-major (tokens x features, 512-byte rows);
;      w1 = W1, [128 x 128] (features x hidden);
;      w2 = W2, [128 x 128] (hidden x outputs);
;      y  = Y,  [128*n x 128] row-major.
; Args: (x, w1, w2, y, n): n = number of 128-token blocks (runtime, >= 0).
; Per block: DMA load (queue 1), PE transpose to put features on partitions,
; POOL copies X^T to SBUF, PE computes H^T = W1^T X^T into PSUM, ACT applies
; gelu into SBUF, PE computes Y = H W2 (stationary H^T), DVE copies Y out of
; PSUM and queue 2 stores it.
target triple = "neuronisa"

@w1s = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@w2s = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@xs  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@xts = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@hs  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@ys  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@xtp = internal addrspace(3) global [128 x [128 x float]] zeroinitializer
@hp  = internal addrspace(3) global [128 x [128 x float]] zeroinitializer
@yp  = internal addrspace(3) global [128 x [128 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.transpose(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(3), i32, i32)
declare void @neuronisa.act.gelu(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(3), i32, i32)

define void @mlp(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %w1,
                 ptr addrspace(1) noalias %w2, ptr addrspace(1) noalias %y,
                 i32 %n) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @w1s, ptr addrspace(1) %w1, i32 128, i32 128, i32 512, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @w2s, ptr addrspace(1) %w2, i32 128, i32 128, i32 512, i32 3)
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 65536
  %px = getelementptr i8, ptr addrspace(1) %x, i32 %off
  %py = getelementptr i8, ptr addrspace(1) %y, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @xs, ptr addrspace(1) %px, i32 128, i32 128, i32 512, i32 1)
  ; X^T [features x tokens]
  call void @neuronisa.pe.transpose(ptr addrspace(3) @xtp, ptr addrspace(2) @xs, i32 128, i32 128)
  call void @neuronisa.pool.copy(ptr addrspace(2) @xts, ptr addrspace(3) @xtp, i32 128, i32 128)
  ; H^T [hidden x tokens] = W1^T X^T
  call void @neuronisa.pe.matmul(ptr addrspace(3) @hp, ptr addrspace(2) @w1s, ptr addrspace(2) @xts, i32 128, i32 128, i32 128, i32 0)
  call void @neuronisa.act.gelu(ptr addrspace(2) @hs, ptr addrspace(3) @hp, i32 128, i32 128, float 1.0, float 0.0)
  ; Y [tokens x outputs] = (H^T)^T W2
  call void @neuronisa.pe.matmul(ptr addrspace(3) @yp, ptr addrspace(2) @hs, ptr addrspace(2) @w2s, i32 128, i32 128, i32 128, i32 0)
  call void @neuronisa.dve.copy(ptr addrspace(2) @ys, ptr addrspace(3) @yp, i32 128, i32 128)
  call void @neuronisa.dma.store(ptr addrspace(1) %py, ptr addrspace(2) @ys, i32 128, i32 128, i32 512, i32 2)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
