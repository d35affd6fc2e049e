; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-verify-sync=false < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -O0 -verify-machineinstrs -neuronisa-verify-sync=false < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -stop-before=neuronisa-sync < %s -o %t.mir
; RUN: llc -mtriple=neuronisa -run-pass=neuronisa-sync %t.mir -o - | FileCheck %s --check-prefix=MIR
; RUN: llc -mtriple=neuronisa -passes=neuronisa-sync %t.mir -o - | FileCheck %s --check-prefix=MIR
; Scoped-noalias metadata (what inlining a function with noalias arguments
; leaves on its calls) reaches the memory operands, and the IR's alias
; analysis proves the accesses disjoint: a load from %in does not wait for
; the store to %out, which may alias it otherwise (neither is noalias).
; The MIR keeps the tags, and both pass managers' neuronisa-sync use them.
; Not validated in the suite (opted out): the object records no such
; promise (only the kernel's noalias arguments), so the validator cannot
; prove the accesses apart (docs/Validator.md, "Not validated").

; MIR-LABEL: name: scoped
; MIR:       DMA_STORE {{.*}}, $snone :: (store unknown-size into %ir.out, align 4, !alias.scope
; MIR-NEXT:  DMA_LOAD {{.*}}, $snone ::
; MIR-LABEL: name: untagged
; MIR:       DMA_STORE {{.*}}, 1, $[[Q1:s[0-9]+]] ::
; MIR-NEXT:  SP_WAIT $[[Q1]], 1
; MIR-NEXT:  DMA_LOAD

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @scoped(ptr addrspace(1) %in, ptr addrspace(1) %out) {
; CHECK-LABEL: scoped:
; CHECK:       dma.store [r2+0x0], [r0+0x0], 128, 512, 2048, 1, snone
; CHECK-NEXT:  dma.load [r0+0x800], [r1+0x0], 128, 512, 2048, 0, snone
; CHECK-NEXT:  ret
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 128, i32 512, i32 2048, i32 1), !alias.scope !3, !noalias !4
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 128, i32 512, i32 2048, i32 0), !alias.scope !4, !noalias !3
  ret void
}

; Without the tags the load waits for the store (SP waits for queue 1).
define void @untagged(ptr addrspace(1) %in, ptr addrspace(1) %out) {
; CHECK-LABEL: untagged:
; CHECK:       dma.store [r2+0x0], [r0+0x0], 128, 512, 2048, 1, [[Q1:s[0-9]+]]
; CHECK-NEXT:  sp.wait [[Q1]], 1
; CHECK-NEXT:  dma.load [r0+0x800], [r1+0x0], 128, 512, 2048, 0, snone
; CHECK-NEXT:  ret
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 128, i32 512, i32 2048, i32 1)
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 128, i32 512, i32 2048, i32 0)
  ret void
}

!0 = distinct !{!0, !"kernel"}
!1 = distinct !{!1, !0, !"kernel: %out"}
!2 = distinct !{!2, !0, !"kernel: %in"}
!3 = !{!1}
!4 = !{!2}
