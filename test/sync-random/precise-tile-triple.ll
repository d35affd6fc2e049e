; Triple buffering: block i+2 loads into one buffer (DMA queue 0) while ACT
; reads block i from another; three loop phis rotate @a, @b and @c every
; iteration (cur, nxt, far = nxt, far, cur). Through the phis each access
; would name all three buffers (the load waiting for ACT's read of a
; buffer it does not write, ACT for the load it does not read: no overlap
; at all). neuronisa-tile-pingpong-unroll unrolls the loop by 3, each copy
; keeping its exit test, so each copy names one buffer per access and the
; precise pass is exact, for every trip count (0 to 4, and 16). Cycles for
; n = 16 are in docs/SyncMeasurements.md.
; REQUIRES: neuronisa-sim
; RUN: rm -rf %t && mkdir -p %t
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs -pass-remarks-missed='neuronisa-sync|neuronisa-tile-pingpong-unroll' %s -o %t/k.s 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
; RUN: FileCheck %s --check-prefix=ASM < %t/k.s
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/in.npy 144x64 "i % 7 + i // 512"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out16.npy 128x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out4.npy 32x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out3.npy 24x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out2.npy 16x64 "2 * (i % 7 + i // 512)"
; RUN: %python %src_root/test/tools/neuronisa-sim/Inputs/gen.py npy %t/out1.npy 8x64 "2 * (i % 7 + i // 512)"
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:8x64 0 | FileCheck %s
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:8x64::expect=%t/out1.npy 1 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:16x64::expect=%t/out2.npy 2 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:24x64::expect=%t/out3.npy 3 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:32x64::expect=%t/out4.npy 4 --jitter=5 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:128x64::expect=%t/out16.npy 16 | FileCheck %s --check-prefixes=CHECK,MATCH
; RUN: neuronisa-sim %t/k.s in:%t/in.npy out:128x64::expect=%t/out16.npy 16 --jitter=7 | FileCheck %s --check-prefixes=CHECK,MATCH
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; MATCH: output arg2 ({{.*}}): match
; REMARK-NOT: {{remark|error}}
; Three copies of the body, each naming one buffer per access: the load
; into the third buffer while ACT reads the first, and so on.
; ASM:      dma.load [r0+0x0], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      dma.load [r0+0x100], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      dma.load [r0+0x200], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      act.identity [r0+0x300], [r0+0x0], 8, 64, 2.0, 0.0
; ASM:      dma.load [r0+0x0], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      act.identity [r0+0x300], [r0+0x100], 8, 64, 2.0, 0.0
; ASM:      dma.load [r0+0x100], [{{r[0-9]+}}+0x0], 8, 64, 256, 0
; ASM:      act.identity [r0+0x300], [r0+0x200], 8, 64, 2.0, 0.0
target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [64 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [64 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [64 x float]] zeroinitializer
@o = internal addrspace(2) global [8 x [64 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %in, i32 8, i32 64, i32 256, i32 0)
  %in1 = getelementptr i8, ptr addrspace(1) %in, i32 2048
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in1, i32 8, i32 64, i32 256, i32 0)
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %cur = phi ptr addrspace(2) [ @a, %entry ], [ %nxt, %loop ]
  %nxt = phi ptr addrspace(2) [ @b, %entry ], [ %far, %loop ]
  %far = phi ptr addrspace(2) [ @c, %entry ], [ %cur, %loop ]
  %i.next = add i32 %i, 1
  %i.far = add i32 %i, 2
  %src.off = mul i32 %i.far, 2048
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %src.off
  call void @neuronisa.dma.load(ptr addrspace(2) %far, ptr addrspace(1) %src, i32 8, i32 64, i32 256, i32 0)
  call void @neuronisa.act.identity(ptr addrspace(2) @o, ptr addrspace(2) %cur, i32 8, i32 64, float 2.0, float 0.0)
  %dst.off = mul i32 %i, 2048
  %dst = getelementptr i8, ptr addrspace(1) %out, i32 %dst.off
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @o, i32 8, i32 64, i32 256, i32 1)
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
