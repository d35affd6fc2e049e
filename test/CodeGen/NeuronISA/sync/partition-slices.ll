; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefixes=CHECK,PRECISE
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -verify-machineinstrs < %s | FileCheck %s --check-prefixes=CHECK,BARRIER
; On chip, two accesses conflict iff their partition ranges AND their byte
; ranges in a partition intersect: slices of one tile on disjoint
; partitions (or disjoint columns) are independent, overlapping ones are
; synchronized. An access at a run-time offset is not proved inside its
; tile, so it conflicts with every access to its memory.

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @slices() {
; CHECK-LABEL: slices:
; Partitions 0-3 and 4-7 of @a: no wait.
; CHECK:      dve.memset [r0+0x0], 1.0, 4, 16, [[DVE:s[0-9]+]]
; CHECK-NEXT: act.exp [r0+0x0, p4], [r0+0x40], 4, 16, 1.0, 0.0, [[ACT:s[0-9]+]]
; Partitions 2-5, columns 4-11: overlaps both.
; Precise mode orders the waits by expected release, the latest last: the
; memset (DVE, 4 x 16 elements: 176 cycles with the small-operation
; overhead) completes after the exp (ACT: 124 cycles), both issued at the
; start (docs/Synchronization.md, section 6); the barrier baseline by agent.
; PRECISE-NEXT: pool.wait [[ACT]], 1
; PRECISE-NEXT: pool.wait [[DVE]], 1
; BARRIER-NEXT: pool.wait [[ACT]], 1
; BARRIER-NEXT: pool.wait [[DVE]], 1
; CHECK-NEXT: pool.copy [r0+0x10, p2], [r0+0x40], 4, 8, snone
; Partitions 6-7, columns 12-15 of @a: disjoint from the copy, overlaps the
; exp only.
; CHECK-NEXT: dve.wait [[ACT]], 1
; CHECK-NEXT: dve.memset [r0+0x30, p6], 2.0, 2, 4, snone
; CHECK-NEXT: ret
  call void @neuronisa.dve.memset(ptr addrspace(2) @a, float 1.0, i32 4, i32 16)
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
  call void @neuronisa.act.exp(ptr addrspace(2) %hi, ptr addrspace(2) @b, i32 4, i32 16, float 1.0, float 0.0)
  %mid = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 2, i32 4
  call void @neuronisa.pool.copy(ptr addrspace(2) %mid, ptr addrspace(2) @b, i32 4, i32 8)
  %corner = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 6, i32 12
  call void @neuronisa.dve.memset(ptr addrspace(2) %corner, float 2.0, i32 2, i32 4)
  ret void
}

define void @run_time_offset(i32 %j) {
; CHECK-LABEL: run_time_offset:
; The memset at a run-time column of @b may touch any tile of SBUF (were
; it outside @b, the simulator would stop it): the exp that reads @a waits.
; CHECK:      dve.memset {{\[}}r{{[0-9]+}}+0x0, p2], 1.0, 4, 4, [[DVE:s[0-9]+]]
; CHECK-NEXT: act.wait [[DVE]], 1
; CHECK-NEXT: act.exp [r0+0x0, p4], [r0+0x0], 2, 16, 1.0, 0.0, snone
; CHECK-NEXT: ret
  %r = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2, i32 %j
  call void @neuronisa.dve.memset(ptr addrspace(2) %r, float 1.0, i32 4, i32 4)
  %a4 = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
  call void @neuronisa.act.exp(ptr addrspace(2) %a4, ptr addrspace(2) @a, i32 2, i32 16, float 1.0, float 0.0)
  ret void
}

define void @run_time_offset_other_partitions(i32 %j) {
; CHECK-LABEL: run_time_offset_other_partitions:
; Its partitions are still known: partitions 2-5 never meet partitions 6-7.
; CHECK:      dve.memset {{\[}}r{{[0-9]+}}+0x0, p2], 1.0, 4, 4, snone
; CHECK-NEXT: act.exp [r0+0x0, p6], [r0+0x0, p6], 2, 16, 1.0, 0.0, snone
; CHECK-NEXT: ret
  %r = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2, i32 %j
  call void @neuronisa.dve.memset(ptr addrspace(2) %r, float 1.0, i32 4, i32 4)
  %a6 = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 6
  call void @neuronisa.act.exp(ptr addrspace(2) %a6, ptr addrspace(2) %a6, i32 2, i32 16, float 1.0, float 0.0)
  ret void
}
