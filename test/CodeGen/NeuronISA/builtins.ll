; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -O0 -verify-machineinstrs < %s | FileCheck %s
; Every tile format lowers to its engine's instruction, with tiles placed by
; the backend and operands in the builtin's order.

@s0 = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@s1 = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@col = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@p0 = internal addrspace(3) global [128 x [512 x float]] zeroinitializer

; CHECK: .neuronisa_tile s0, sbuf, 0x0, 0x800, 128
; CHECK: .neuronisa_tile s1, sbuf, 0x800, 0x800, 128
; CHECK: .neuronisa_tile col, sbuf, 0x1000, 0x4, 128
; CHECK: .neuronisa_tile p0, psum, 0x400000, 0x800, 128

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.transpose(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.act.gelu(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float)
declare void @neuronisa.act.exp.bias(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, float)
declare void @neuronisa.dve.tt.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.ts.max(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.tsp.div(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.reduce.max(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.scan.add(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.iota(ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.pool.tt.sub(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @all_formats(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
; CHECK-LABEL: all_formats:
; CHECK:      dma.load [r0+0x0], [r1+0x0], 128, 512, 2048, 3, snone
; CHECK-NEXT: pe.matmul [r0+0x400000], [r0+0x0], [r0+0x800], 128, 128, 512, 1, snone
; CHECK-NEXT: pe.transpose [r0+0x400000], [r0+0x200], 64, 128, snone
; CHECK-NEXT: act.gelu [r0+0x800], [r0+0x400000], 128, 512, 0.5, -1.25, snone
; CHECK-NEXT: act.exp.bias [r0+0x0], [r0+0x800], [r0+0x1000], 128, 512, -1.0, snone
; CHECK-NEXT: dve.tt.mul [r0+0x0], [r0+0x0], [r0+0x800], 128, 512, snone
; CHECK-NEXT: dve.ts.max [r0+0x0], [r0+0x0], 0.0, 128, 512, snone
; CHECK-NEXT: dve.tsp.div [r0+0x0], [r0+0x0], [r0+0x1000], 128, 512, snone
; CHECK-NEXT: dve.reduce.max [r0+0x1000], [r0+0x0], 128, 512, snone
; CHECK-NEXT: pool.scan.add [r0+0x800], [r0+0x0], 128, 512, snone
; CHECK-NEXT: pool.copy [r0+0x0], [r0+0x800], 128, 512, snone
; CHECK-NEXT: dve.memset [r0+0x800], 3.14159274, 128, 512, snone
; CHECK-NEXT: pool.iota [r0+0x0], 128, 512, 0, 512, 1, snone
; CHECK-NEXT: pool.tt.sub [r0+0x0], [r0+0x0], [r0+0x800], 128, 512, snone
; CHECK-NEXT: dma.store [r2+0x0], [r0+0x0], 128, 512, 2048, 15, snone
; CHECK-NEXT: ret
  call void @neuronisa.dma.load(ptr addrspace(2) @s0, ptr addrspace(1) %in, i32 128, i32 512, i32 2048, i32 3)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p0, ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 128, i32 128, i32 512, i32 1)
  %half = getelementptr i8, ptr addrspace(2) @s0, i32 512
  call void @neuronisa.pe.transpose(ptr addrspace(3) @p0, ptr addrspace(2) %half, i32 64, i32 128)
  call void @neuronisa.act.gelu(ptr addrspace(2) @s1, ptr addrspace(3) @p0, i32 128, i32 512, float 0.5, float -1.25)
  call void @neuronisa.act.exp.bias(ptr addrspace(2) @s0, ptr addrspace(2) @s1, ptr addrspace(2) @col, i32 128, i32 512, float -1.0)
  call void @neuronisa.dve.tt.mul(ptr addrspace(2) @s0, ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 128, i32 512)
  call void @neuronisa.dve.ts.max(ptr addrspace(2) @s0, ptr addrspace(2) @s0, float 0.0, i32 128, i32 512)
  call void @neuronisa.dve.tsp.div(ptr addrspace(2) @s0, ptr addrspace(2) @s0, ptr addrspace(2) @col, i32 128, i32 512)
  call void @neuronisa.dve.reduce.max(ptr addrspace(2) @col, ptr addrspace(2) @s0, i32 128, i32 512)
  call void @neuronisa.pool.scan.add(ptr addrspace(2) @s1, ptr addrspace(2) @s0, i32 128, i32 512)
  call void @neuronisa.pool.copy(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 128, i32 512)
  call void @neuronisa.dve.memset(ptr addrspace(2) @s1, float 0x400921FB60000000, i32 128, i32 512)
  call void @neuronisa.pool.iota(ptr addrspace(2) @s0, i32 128, i32 512, i32 0, i32 512, i32 1)
  call void @neuronisa.pool.tt.sub(ptr addrspace(2) @s0, ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 128, i32 512)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @s0, i32 128, i32 512, i32 2048, i32 15)
  ret void
}
