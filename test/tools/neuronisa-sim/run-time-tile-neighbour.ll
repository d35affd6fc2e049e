; An access whose run-time offset carries it wholly into the neighbouring
; tile lies inside a declared tile, but not inside the one it names: llc
; names the tile of every on-chip access with a run-time address
; (.neuronisa_tile_use, docs/KernelInterface.md) and the simulator keeps the
; access inside that tile, from the assembly and from the object.
; Partitions 2-5 of @a, 4 elements from element j: j <= 12 stays in @a;
; j = 16 is bytes [0x40, 0x50), inside @b.
; REQUIRES: neuronisa-sim
; RUN: llc -mtriple=neuronisa %s -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; RUN: neuronisa-sim %t.s 12 out:8x16 --report=none
; RUN: not neuronisa-sim %t.s 16 out:8x16 2>&1 | FileCheck %s
; RUN: neuronisa-asm -filetype=obj %t.s -o %t.o
; RUN: neuronisa-objdump -d %t.o | FileCheck %s --check-prefix=ASM
; RUN: neuronisa-sim %t.o 12 out:8x16 --report=none
; RUN: not neuronisa-sim %t.o 16 out:8x16 2>&1 | FileCheck %s --check-prefix=OBJ

; ASM: .neuronisa_tile a, sbuf, 0x0, 0x40, 8
; ASM: .neuronisa_tile b, sbuf, 0x40, 0x40, 8
; ASM: .neuronisa_tile_use 0, a
; ASM-NEXT: dve.memset [r{{[0-9]+}}+0x0, p2], 1.0, 4, 4, s{{[0-9]+}}
; ASM-NOT: .neuronisa_tile_use
; CHECK: error: dst tile: SBUF bytes [0x40, 0x50) of partitions [2, 6) leave @a sbuf [0x0, 0x40) x 8 partitions, the tile the instruction names (they lie in @b sbuf [0x40, 0x80) x 8 partitions)
; CHECK-NEXT: dve.memset [r{{[0-9]+}}+0x0, p2], 1.0, 4, 4, s{{[0-9]+}}
; CHECK: status: runtime-error
; OBJ: .o:.text+0x{{[0-9a-f]+}}: error: dst tile: SBUF bytes [0x40, 0x50) of partitions [2, 6) leave @a sbuf [0x0, 0x40) x 8 partitions, the tile the instruction names (they lie in @b sbuf [0x40, 0x80) x 8 partitions)
; OBJ: status: runtime-error

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @k(i32 %j, ptr addrspace(1) noalias %out) {
  %p = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 2, i32 %j
  call void @neuronisa.dve.memset(ptr addrspace(2) %p, float 1.0, i32 4, i32 4)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 8, i32 16, i32 64, i32 0)
  ret void
}
