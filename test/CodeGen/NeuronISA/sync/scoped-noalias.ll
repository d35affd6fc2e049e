; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefixes=CHECK,KEPT
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -mtriple=neuronisa -neuronisa-sync-scoped-noalias -neuronisa-verify-sync=false -verify-machineinstrs < %s -o %t.s
; RUN: FileCheck %s --check-prefixes=CHECK,USED < %t.s
; RUN: llc -mtriple=neuronisa -O0 -neuronisa-sync-scoped-noalias -neuronisa-verify-sync=false -verify-machineinstrs < %s -o %t.O0.s
; RUN: FileCheck %s --check-prefixes=CHECK,USED < %t.O0.s
; RUN: not neuronisa-sync-check %t.s | FileCheck %s --check-prefix=REJECTED
; RUN: not neuronisa-sync-check %t.O0.s | FileCheck %s --check-prefix=REJECTED
; RUN: llc -mtriple=neuronisa -stop-before=neuronisa-sync < %s -o %t.mir
; RUN: llc -mtriple=neuronisa -neuronisa-sync-scoped-noalias -run-pass=neuronisa-sync %t.mir -o - | FileCheck %s --check-prefix=MIR
; RUN: llc -mtriple=neuronisa -neuronisa-sync-scoped-noalias -passes=neuronisa-sync %t.mir -o - | FileCheck %s --check-prefix=MIR
; Scoped-noalias metadata (what inlining a function with noalias arguments
; leaves on its calls) reaches the memory operands. By default the pass does
; not use it: the object does not record the promise, so the translation
; validator, which derives the conflicts from the object alone, could not
; check code that relies on it; the load waits for the store, and a missed
; remark says why. With -neuronisa-sync-scoped-noalias the IR's alias
; analysis proves the accesses disjoint and the load does not wait (neither
; argument is noalias); the validator, run on the assembly here (inside llc
; in test/sync-check/suite-validates.test), rejects that code, as it must. The
; MIR keeps the tags, and both pass managers' neuronisa-sync use them.

; REMARK:     remark: {{.*}} the IR's alias scopes (!alias.scope, !noalias) are not used to rule out dependences
; REMARK-NOT: alias scopes
; REJECTED:   scoped: UNSOUND
; REJECTED-NEXT: site 1 ({{.*}}dma.load {{.*}}) conflicts with site 0 ({{.*}}dma.store {{.*}}) on another agent
; REJECTED:   untagged: exact

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
; KEPT:        dma.store [r2+0x0], [r0+0x0], 128, 512, 2048, 1, [[Q1:s[0-9]+]]
; KEPT-NEXT:   sp.wait [[Q1]], 1
; USED:        dma.store [r2+0x0], [r0+0x0], 128, 512, 2048, 1, snone
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
