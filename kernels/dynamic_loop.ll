; The example of the Neuron documentation's dynamic loops
; (aws-neuron-sdk nki/deep-dives/nki-dynamic-loops.rst, "Iterations Do Not
; Overlap"): each iteration loads a [128 x 2048] fp32 tile from HBM, applies
; an activation (ACT) and a tensor_scalar (DVE) and stores it back; the trip
; count is a run-time argument, so the loop stays a loop.
;
;   out[t] = relu(2 * in[t]) * 0.5    for the n tiles t (rows 128t..128t+127)
;
; @dynamic_loop: one tile per iteration, its tiles allocated once for the
; whole loop (as the Neuron compiler does in a dynamic loop).
; @dynamic_loop_x4: four tiles per iteration (n a multiple of 4), each with
; its own tiles, the four loads first, so that inside the body the loads of
; the next tiles overlap the compute of the previous ones (the
; documentation's remedy).
; kernels/c/dynamic_loop.c is the C twin; bench/dynamic_loop.py runs both.
target triple = "neuronisa"

@t0 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@a0 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@o0 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@t1 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@a1 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@o1 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@t2 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@a2 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@o2 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@t3 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@a3 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer
@o3 = internal addrspace(2) global [128 x [2048 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.relu(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32)

; Tile t is rows 128t..128t+127 of in and out: 1 MiB at byte 1048576 t.
define void @dynamic_loop(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off0 = mul i32 %i, 1048576
  %src0 = getelementptr i8, ptr addrspace(1) %in, i32 %off0
  %dst0 = getelementptr i8, ptr addrspace(1) %out, i32 %off0
  call void @neuronisa.dma.load(ptr addrspace(2) @t0, ptr addrspace(1) %src0, i32 128, i32 2048, i32 8192, i32 0)
  call void @neuronisa.act.relu(ptr addrspace(2) @a0, ptr addrspace(2) @t0, i32 128, i32 2048, float 2.0, float 0.0)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @o0, ptr addrspace(2) @a0, float 0.5, i32 128, i32 2048)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst0, ptr addrspace(2) @o0, i32 128, i32 2048, i32 8192, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; n / 4 iterations of four tiles each (n a multiple of 4): the four
; loads first, then each tile's activation, tensor_scalar and store, as the
; Neuron compiler's scheduler orders an unrolled inner loop.
define void @dynamic_loop_x4(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %groups = sdiv i32 %n, 4
  %any = icmp sgt i32 %groups, 0
  br i1 %any, label %loop, label %exit
loop:
  %g = phi i32 [ 0, %entry ], [ %g.next, %loop ]
  %tile0 = mul i32 %g, 4
  %tile1 = add i32 %tile0, 1
  %tile2 = add i32 %tile0, 2
  %tile3 = add i32 %tile0, 3
  %off0 = mul i32 %tile0, 1048576
  %src0 = getelementptr i8, ptr addrspace(1) %in, i32 %off0
  %dst0 = getelementptr i8, ptr addrspace(1) %out, i32 %off0
  call void @neuronisa.dma.load(ptr addrspace(2) @t0, ptr addrspace(1) %src0, i32 128, i32 2048, i32 8192, i32 0)
  %off1 = mul i32 %tile1, 1048576
  %src1 = getelementptr i8, ptr addrspace(1) %in, i32 %off1
  %dst1 = getelementptr i8, ptr addrspace(1) %out, i32 %off1
  call void @neuronisa.dma.load(ptr addrspace(2) @t1, ptr addrspace(1) %src1, i32 128, i32 2048, i32 8192, i32 2)
  %off2 = mul i32 %tile2, 1048576
  %src2 = getelementptr i8, ptr addrspace(1) %in, i32 %off2
  %dst2 = getelementptr i8, ptr addrspace(1) %out, i32 %off2
  call void @neuronisa.dma.load(ptr addrspace(2) @t2, ptr addrspace(1) %src2, i32 128, i32 2048, i32 8192, i32 4)
  %off3 = mul i32 %tile3, 1048576
  %src3 = getelementptr i8, ptr addrspace(1) %in, i32 %off3
  %dst3 = getelementptr i8, ptr addrspace(1) %out, i32 %off3
  call void @neuronisa.dma.load(ptr addrspace(2) @t3, ptr addrspace(1) %src3, i32 128, i32 2048, i32 8192, i32 6)
  call void @neuronisa.act.relu(ptr addrspace(2) @a0, ptr addrspace(2) @t0, i32 128, i32 2048, float 2.0, float 0.0)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @o0, ptr addrspace(2) @a0, float 0.5, i32 128, i32 2048)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst0, ptr addrspace(2) @o0, i32 128, i32 2048, i32 8192, i32 1)
  call void @neuronisa.act.relu(ptr addrspace(2) @a1, ptr addrspace(2) @t1, i32 128, i32 2048, float 2.0, float 0.0)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @o1, ptr addrspace(2) @a1, float 0.5, i32 128, i32 2048)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst1, ptr addrspace(2) @o1, i32 128, i32 2048, i32 8192, i32 3)
  call void @neuronisa.act.relu(ptr addrspace(2) @a2, ptr addrspace(2) @t2, i32 128, i32 2048, float 2.0, float 0.0)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @o2, ptr addrspace(2) @a2, float 0.5, i32 128, i32 2048)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst2, ptr addrspace(2) @o2, i32 128, i32 2048, i32 8192, i32 5)
  call void @neuronisa.act.relu(ptr addrspace(2) @a3, ptr addrspace(2) @t3, i32 128, i32 2048, float 2.0, float 0.0)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @o3, ptr addrspace(2) @a3, float 0.5, i32 128, i32 2048)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst3, ptr addrspace(2) @o3, i32 128, i32 2048, i32 8192, i32 7)
  %g.next = add i32 %g, 1
  %done = icmp eq i32 %g.next, %groups
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
