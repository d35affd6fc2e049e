; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -verify-machineinstrs < %s | FileCheck %s
; A builtin has one declaration per module, but its tile operands may be SBUF
; or PSUM: a call whose type differs from the declaration still calls the
; builtin, and its own argument types are checked.

@s = internal addrspace(2) global [128 x [64 x float]] zeroinitializer
@p = internal addrspace(3) global [128 x [64 x float]] zeroinitializer

declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)

define void @mixed() {
; CHECK-LABEL: mixed:
; CHECK: dve.copy [r0+0x0], [r0+0x0], 128, 64, snone
; CHECK-NEXT: dve.copy [r0+0x0], [r0+0x400000], 128, 64, snone
; CHECK-NEXT: dve.copy [r0+0x400000], [r0+0x0], 128, 64, snone
  call void @neuronisa.dve.copy(ptr addrspace(2) @s, ptr addrspace(2) @s, i32 128, i32 64)
  call void (ptr addrspace(2), ptr addrspace(3), i32, i32) @neuronisa.dve.copy(ptr addrspace(2) @s, ptr addrspace(3) @p, i32 128, i32 64)
  call void (ptr addrspace(3), ptr addrspace(2), i32, i32) @neuronisa.dve.copy(ptr addrspace(3) @p, ptr addrspace(2) @s, i32 128, i32 64)
  ret void
}
