; Double buffering chosen by the iteration's parity: block i+1 loads into
; `(i & 1) == 0 ? @b : @a` (DMA queue 0) while ACT reads block i from
; `(i & 1) == 0 ? @a : @b`. neuronisa-tile-pingpong-unroll unrolls the loop
; by 2 (each copy keeping its exit test), and ScalarEvolution knows the
; parity of i in each copy ({0,+,2} and {1,+,2}): the selects fold, each
; copy names one buffer per access, and the precise pass is exact, for
; every trip count: odd, even, one and zero. (Cycles for n = 16, against
; the select split's branches: docs/SyncMeasurements.md.)
; REQUIRES: neuronisa-sim
; RUN: rm -rf %t && mkdir -p %t
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs -pass-remarks-missed='neuronisa-sync|neuronisa-tile-pingpong-unroll' %s -o %t/k.s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: FileCheck %s --check-prefix=ASM --implicit-check-not=tile.then < %t/k.s
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/in.npy 136x64 "i % 7 + i // 512"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out16.npy 128x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out3.npy 24x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out2.npy 16x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out1.npy 8x64 "2 * (i % 7 + i // 512)"
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:8x64 0 | FileCheck %s
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:8x64::expect=%t/out1.npy 1 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:16x64::expect=%t/out2.npy 2 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:24x64::expect=%t/out3.npy 3 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:24x64::expect=%t/out3.npy 3 --jitter=5 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:128x64::expect=%t/out16.npy 16 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:128x64::expect=%t/out16.npy 16 --jitter=7 | FileCheck %s --check-prefixes=CHECK,MATCH
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; MATCH: output arg2 ({{.*}}): match
; REMARK-NOT: {{remark|error}}
; Two copies of the body, each naming one buffer per access, with no
; branch on the parity (no select left to split).
; ASM:      dma.load [r0+0x0], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      dma.load [r0+0x100], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      act.identity [r0+0x200], [r0+0x0], 8, 64, 2.0, 0.0
; ASM:      dma.load [r0+0x0], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      act.identity [r0+0x200], [r0+0x100], 8, 64, 2.0, 0.0
target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [64 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [64 x float]] zeroinitializer
@o = internal addrspace(2) global [8 x [64 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %in, i32 8, i32 64, i32 256, i32 0)
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %bit = and i32 %i, 1
  %even = icmp eq i32 %bit, 0
  %cur = select i1 %even, ptr addrspace(2) @a, ptr addrspace(2) @b
  %nxt = select i1 %even, ptr addrspace(2) @b, ptr addrspace(2) @a
  %i.next = add i32 %i, 1
  %src.off = mul i32 %i.next, 2048
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %src.off
  call void @neuronisa.dma.load(ptr addrspace(2) %nxt, ptr addrspace(1) %src, i32 8, i32 64, i32 256, i32 0)
  call void @neuronisa.act.identity(ptr addrspace(2) @o, ptr addrspace(2) %cur, i32 8, i32 64, float 2.0, float 0.0)
  %dst.off = mul i32 %i, 2048
  %dst = getelementptr i8, ptr addrspace(1) %out, i32 %dst.off
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @o, i32 8, i32 64, i32 256, i32 1)
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
