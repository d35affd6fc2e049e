; The two halves of one tile chosen by select: even iterations load
; partitions 0-7 of @t, odd ones partitions 8-15 (DMA queue 0), and ACT
; reads only the upper half. The partition start of an access is an
; immediate of the instruction, so the select has no encoding as it stands;
; neuronisa-tile-select-split, which runs before the kernel verifier, makes
; it one load per arm (each at one partition start), and the precise pass
; is exact for it: ACT waits for the latest load into the upper half,
; overlapping the loads into the lower one, and no wait is
; over-synchronized. (For n = 8: 8045 cycles; with -neuronisa-sync=barrier
; 14434, 13915 of them over-synchronized.)
; (neuronisa-tile-pingpong-unroll, turned off here to test the split,
; would fold this select on the parity by unrolling by 2 instead.)
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-tile-pingpong-unroll=false -neuronisa-sync=precise -verify-machineinstrs -pass-remarks-missed=neuronisa-sync %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: neuronisa-sim %t.s out:128 out:128 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:128 out:128 1 | FileCheck %s
; RUN: neuronisa-sim %t.s out:128 out:128 8 | FileCheck %s
; RUN: neuronisa-sim %t.s out:128 out:128 9 --jitter=7 | FileCheck %s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; REMARK-NOT: {{remark|error}}
; ASM:      # %loop.tile.then
; ASM-NEXT: # in Loop
; ASM-NEXT: sp.waitr
; ASM-NEXT: dma.load [r0+0x0, p8], [r1+0x0], 8, 16, 64, 0, [[Q0:s[0-9]+]]
; ASM:      # %loop.tile.join
; ASM-NEXT: # in Loop
; ASM-NEXT: act.waitr [[Q0]], {{r[0-9]+}}, 0
; ASM-NEXT: act.tanh [r0+0x40], [r0+0x0, p8], 8, 16, 1.0, 0.0
; ASM:      # %loop
; ASM-NOT:  wait
; ASM:      dma.load [r0+0x0], [r1+0x0], 8, 16, 64, 0, snone
target triple = "neuronisa"

@t = internal addrspace(2) global [16 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %bit = and i32 %i, 1
  %odd = icmp ne i32 %bit, 0
  %hi = getelementptr [16 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 8
  %half = select i1 %odd, ptr addrspace(2) %hi, ptr addrspace(2) @t
  call void @neuronisa.dma.load(ptr addrspace(2) %half, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %hi, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @d, i32 8, i32 16, i32 64, i32 1)
  ret void
}
