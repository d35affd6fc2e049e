; A run-time column offset cannot be checked at compile time: llc declares
; the tiles (.neuronisa_tile) and the tile the access names
; (.neuronisa_tile_use), and the simulator checks the access when it runs.
; Element j of partitions 2-5 of @b, 4 elements wide: j <= 12 fits.
; REQUIRES: neuronisa-sim
; RUN: llc -mtriple=neuronisa %s -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; RUN: neuronisa-sim %t.s 12 out:8x16 --report=none
; RUN: not neuronisa-sim %t.s 13 out:8x16 2>&1 | FileCheck %s

; ASM: .neuronisa_tile a, sbuf, 0x0, 0x40, 8
; ASM: .neuronisa_tile b, sbuf, 0x40, 0x40, 8
; ASM: .neuronisa_tile_use 0, b
; CHECK: error: dst tile: SBUF bytes [0x74, 0x84) of partitions [2, 6) leave @b sbuf [0x40, 0x80) x 8 partitions, the tile the instruction names{{$}}
; CHECK-NEXT: dve.memset [r{{[0-9]+}}+0x0, p2], 1.0, 4, 4, s{{[0-9]+}}
; CHECK: status: runtime-error

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @k(i32 %j, ptr addrspace(1) noalias %out) {
  %p = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2, i32 %j
  call void @neuronisa.dve.memset(ptr addrspace(2) %p, float 1.0, i32 4, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @b, i32 8, i32 16, i32 64, i32 0)
  ret void
}
