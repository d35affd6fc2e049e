; Tiled matmul C = A^T B with K accumulation in PSUM, over run-time tile
; counts. HBM holds the matrices tile by tile (A: [Kt][Mt] tiles of
; 128 x 128, B: [Kt][Nt] and C: [Mt][Nt] tiles of 128 x 512), so every DMA is
; one contiguous tile.
target triple = "neuronisa"

@a = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@acc = internal addrspace(3) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(3), float, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)

define void @tiled_matmul(ptr addrspace(1) noalias %A, ptr addrspace(1) noalias %B,
                          ptr addrspace(1) noalias %C, i32 %mt, i32 %nt, i32 %kt) {
entry:
  br label %m.head
m.head:
  %m = phi i32 [ 0, %entry ], [ %m.next, %m.latch ]
  %m.go = icmp slt i32 %m, %mt
  br i1 %m.go, label %n.head, label %exit
n.head:
  %n = phi i32 [ 0, %m.head ], [ %n.next, %n.latch ]
  %n.go = icmp slt i32 %n, %nt
  br i1 %n.go, label %n.body, label %m.latch
n.body:
  call void @neuronisa.pool.memset(ptr addrspace(3) @acc, float 0.0, i32 128, i32 512)
  br label %k.head
k.head:
  %k = phi i32 [ 0, %n.body ], [ %k.next, %k.body ]
  %k.go = icmp slt i32 %k, %kt
  br i1 %k.go, label %k.body, label %n.latch
k.body:
  %ka = mul i32 %k, %mt
  %ia = add i32 %ka, %m
  %oa = mul i32 %ia, 65536
  %pa = getelementptr i8, ptr addrspace(1) %A, i32 %oa
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %pa, i32 128, i32 128, i32 512, i32 0)
  %kb = mul i32 %k, %nt
  %ib = add i32 %kb, %n
  %ob = mul i32 %ib, 262144
  %pb = getelementptr i8, ptr addrspace(1) %B, i32 %ob
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %pb, i32 128, i32 512, i32 2048, i32 1)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @acc, ptr addrspace(2) @a, ptr addrspace(2) @b, i32 128, i32 128, i32 512, i32 1)
  %k.next = add i32 %k, 1
  br label %k.head
n.latch:
  call void @neuronisa.act.identity(ptr addrspace(2) @c, ptr addrspace(3) @acc, i32 128, i32 512, float 1.0, float 0.0)
  %mc = mul i32 %m, %nt
  %ic = add i32 %mc, %n
  %oc = mul i32 %ic, 262144
  %pc = getelementptr i8, ptr addrspace(1) %C, i32 %oc
  call void @neuronisa.dma.store(ptr addrspace(1) %pc, ptr addrspace(2) @c, i32 128, i32 512, i32 2048, i32 2)
  %n.next = add i32 %n, 1
  br label %n.head
m.latch:
  %m.next = add i32 %m, 1
  br label %m.head
exit:
  ret void
}
