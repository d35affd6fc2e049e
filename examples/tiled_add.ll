; A tiled elementwise kernel: out[i] = exp(a[i]) + a[i] over n tiles.
target triple = "neuronisa"

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @tiled_add(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %cmp0 = icmp sgt i32 %n, 0
  br i1 %cmp0, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 262144
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %off
  %dst = getelementptr i8, ptr addrspace(1) %out, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %src, i32 128, i32 512, i32 2048, i32 0)
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @c, ptr addrspace(2) @b, ptr addrspace(2) @a, i32 128, i32 512)
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @c, i32 128, i32 512, i32 2048, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
