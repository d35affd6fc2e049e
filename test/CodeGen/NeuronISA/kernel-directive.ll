; RUN: llc -mtriple=neuronisa < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -filetype=obj < %s -o %t.o
; RUN: neuronisa-objdump -d %t.o | FileCheck %s
; Every defined function is a kernel: the AsmPrinter declares it with its
; arguments in order (an HBM pointer is "hbm", an i32 "scalar"), after the
; tiles; in an object the declarations go to .neuronisa.meta, and the
; disassembly gives them back. Declarations are not kernels.

@t = internal addrspace(2) global [4 x [8 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @helper(i32)

; CHECK:      .neuronisa_tile t, sbuf, 0x0, 0x20, 4
; CHECK-NEXT: .neuronisa_kernel load, hbm, scalar, hbm
; CHECK-NEXT: .neuronisa_kernel "no args"
; CHECK-NOT:  .neuronisa_kernel

define void @load(ptr addrspace(1) %in, i32 %n, ptr addrspace(1) %out) {
  call void @neuronisa.dma.load(ptr addrspace(2) @t, ptr addrspace(1) %in, i32 4, i32 8, i32 32, i32 0)
  ret void
}

define void @"no args"() {
  ret void
}
