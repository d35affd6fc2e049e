; RUN: llc -mtriple=neuronisa -stop-after=finalize-isel < %s | FileCheck %s
; Each data-path instruction carries one memory operand per tile: what it
; reads and writes, the underlying tile or HBM argument, the constant offset
; and the per-partition extent (the whole strided footprint in HBM). With a
; dynamic offset they record the pointer itself (its object and, in HBM, its
; addresses are found from the IR) and an unknown extent. The
; synchronization passes rely on them.

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(3) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(3), i32, i32)
define void @k(ptr addrspace(1) noalias %in, i32 %i) {
  %off = mul i32 %i, 4096
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %off
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %src, i32 128, i32 512, i32 2048, i32 2)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @b, ptr addrspace(2) @a, ptr addrspace(2) @a, i32 128, i32 128, i32 256, i32 1)
  %hi = getelementptr i8, ptr addrspace(2) @a, i32 1024
  call void @neuronisa.dve.tt.add(ptr addrspace(2) %hi, ptr addrspace(2) @a, ptr addrspace(3) @b, i32 128, i32 256)
  ret void
}

; CHECK-LABEL: name: k
; CHECK: DMA_LOAD $r0, @a, 0, killed %{{[0-9]+}}, 0, 128, 512, 2048, 2, $snone :: (store (s16384) into @a, align 4, addrspace 2), (load unknown-size from %ir.src, align 4, addrspace 1)
; CHECK-NEXT: PE_MATMUL $r0, @b, 0, $r0, @a, 0, $r0, @a, 0, 128, 128, 256, 1, $snone :: (load store (s8192) on @b, align 4, addrspace 3), (load (s4096) from @a, align 4, addrspace 2), (load (s8192) from @a, align 4, addrspace 2)
; CHECK-NEXT: DVE_TT_ADD $r0, @a + 1024, 0, $r0, @a, 0, $r0, @b, 0, 128, 256, $snone :: (store (s8192) into @a + 1024, align 4, addrspace 2), (load (s8192) from @a, align 4, addrspace 2), (load (s8192) from @b, align 4, addrspace 3)
