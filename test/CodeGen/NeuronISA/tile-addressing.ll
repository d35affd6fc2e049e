; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -stop-after=finalize-isel < %s | FileCheck %s --check-prefix=MIR
; A tile global [P x [F x float]] is addressed with LLVM's memory model: a
; byte offset B means partition B / 4F, byte B % 4F. The partition becomes
; the tile operand's partition start (", pN" in assembly, omitted for 0),
; the byte the offset from the tile's placed address. A run-time offset
; moves along the free dimension: it goes into the base register, minus the
; partitions the constant part skips.

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@p = internal addrspace(3) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(3), float, i32, i32)
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)

; CHECK: .neuronisa_tile a, sbuf, 0x0, 0x40, 8
; CHECK: .neuronisa_tile b, sbuf, 0x40, 0x40, 8
; CHECK: .neuronisa_tile p, psum, 0x400000, 0x800, 128

define void @constant(ptr addrspace(1) %in) {
; CHECK-LABEL: constant:
; Typed GEP: partition 4 of @a.
; CHECK: dve.memset [r0+0x0, p4], 1.0, 4, 16, snone
  %r4 = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
  call void @neuronisa.dve.memset(ptr addrspace(2) %r4, float 1.0, i32 4, i32 16)
; Partition 2, element 8; from C, &b[2][8].
; CHECK: dve.copy [r0+0x60, p2], [r0+0x0], 6, 8, snone
  %b28 = getelementptr [16 x float], ptr addrspace(2) @b, i32 2, i32 8
  call void @neuronisa.dve.copy(ptr addrspace(2) %b28, ptr addrspace(2) @a, i32 6, i32 8)
; A column block: byte 32 < 64 stays in partition 0.
; CHECK: dve.copy [r0+0x20], [r0+0x40], 8, 8, snone
  %col = getelementptr i8, ptr addrspace(2) @a, i32 32
  call void @neuronisa.dve.copy(ptr addrspace(2) %col, ptr addrspace(2) @b, i32 8, i32 8)
; C's &p[32][0] on a big PSUM tile; a column block there, 1024 < 2048.
; CHECK: pool.memset [r0+0x400000, p32], 0.0, 96, 512, snone
; CHECK: pool.memset [r0+0x400400], 0.0, 128, 256, snone
  %p32 = getelementptr [512 x float], ptr addrspace(3) @p, i32 32
  call void @neuronisa.pool.memset(ptr addrspace(3) %p32, float 0.0, i32 96, i32 512)
  %pcol = getelementptr i8, ptr addrspace(3) @p, i32 1024
  call void @neuronisa.pool.memset(ptr addrspace(3) %pcol, float 0.0, i32 128, i32 256)
; DMA: the on-chip side has a partition start, the HBM side none.
; CHECK: dma.load [r0+0x40, p7], [r1+0x0], 1, 16, 64, 0, snone
  %b7 = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 7
  call void @neuronisa.dma.load(ptr addrspace(2) %b7, ptr addrspace(1) %in, i32 1, i32 16, i32 64, i32 0)
  ret void
}

; MIR-LABEL: name: constant
; The memory operand keeps LLVM's byte offset into the tile (partition 4 of
; @a is byte 256) and the extent in each partition.
; MIR: DVE_MEMSET $r0, @a, 4, 1065353216, 4, 16, $snone :: (store (s512) into @a + 256, align 4, addrspace 2)
; MIR: DVE_COPY $r0, @b + 32, 2, $r0, @a, 0, 6, 8, $snone :: (store (s256) into @b + 160, align 4, addrspace 2), (load (s256) from @a, align 4, addrspace 2)
; MIR: DMA_LOAD $r0, @b, 7, %{{[0-9]+}}, 0, 1, 16, 64, 0, $snone

define void @run_time(i32 %j) {
; CHECK-LABEL: run_time:
; Element %j of partition 2 of @b: base = address of @b + 4 * %j. The
; instruction names @b, the tile its run-time address must stay inside.
; CHECK:      shli [[J:r[0-9]+]], r1, 2
; CHECK-NEXT: li [[B:r[0-9]+]], 64
; CHECK-NEXT: add [[BASE:r[0-9]+]], [[J]], [[B]]
; CHECK-NEXT: .neuronisa_tile_use 0, b
; CHECK-NEXT: dve.memset {{\[}}[[BASE]]+0x0, p2], 1.0, 4, 4, snone
  %r = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2, i32 %j
  call void @neuronisa.dve.memset(ptr addrspace(2) %r, float 1.0, i32 4, i32 4)
  ret void
}

; MIR-LABEL: name: run_time
; MIR: DVE_MEMSET killed %{{[0-9]+}}, 0, 2, 1065353216, 4, 4, $snone :: (store unknown-size into %ir.r, align 4, addrspace 2)
