; RUN: llc -mtriple=neuronisa -stop-after=finalize-isel %s -o %t.mir
; RUN: FileCheck %s < %t.mir
; RUN: llc -mtriple=neuronisa -run-pass=none -verify-machineinstrs %t.mir -o - | FileCheck %s
; RUN: llc -mtriple=neuronisa -start-after=finalize-isel %t.mir -o - | FileCheck %s --check-prefix=ASM
; Every memory operand size a kernel records reads back from MIR: up to 8191
; bytes as a scalar type (the MIR parser's largest is 65535 bits), larger
; ones, up to the 32 KiB recorded, as a vector of bytes. A DMA that touches
; exactly 32 KiB of HBM round-trips.

@a = internal addrspace(2) global [128 x [64 x float]] zeroinitializer
@b = internal addrspace(2) global [16 x [64 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)

define void @k(ptr addrspace(1) noalias %in) {
  ; 127 * 256 + 256 = 32768 bytes of HBM.
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %in, i32 128, i32 64, i32 256, i32 0)
  ; 15 * 256 + 256 = 4096 bytes.
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 16, i32 64, i32 256, i32 1)
  ret void
}

; CHECK: DMA_LOAD $r0, @a, 0, {{.*}}, 0, 128, 64, 256, 0, $snone :: (store (s2048) into @a, align 4, addrspace 2), (load (<32768 x s8>) from %ir.in, align 4, addrspace 1)
; CHECK: DMA_LOAD $r0, @b, 0, {{.*}}, 0, 16, 64, 256, 1, $snone :: (store (s2048) into @b, align 4, addrspace 2), (load (s32768) from %ir.in, align 4, addrspace 1)
; ASM: dma.load [r0+0x0], [r1+0x0], 128, 64, 256, 0, snone
; ASM: dma.load [r0+0x100], [r1+0x0], 16, 64, 256, 1, snone
