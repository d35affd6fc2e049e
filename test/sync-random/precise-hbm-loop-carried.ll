; A loop-carried HBM dependence at run-time offsets: iteration i stores slot
; i + 1 (queue 0) and reloads slot i (queue 1), which iteration i - 1
; stored. As written, the load conflicts with the store one iteration back
; and would wait for the latest store, the same iteration's, which is
; disjoint. neuronisa-tile-pingpong-unroll unrolls the loop by 2 (the
; smallest power of two above the distance): the copies' slots differ
; modulo 1024, each load waits for the store it reads, and the loop is
; exact at every trip count: 3312 cycles at n = 3 (as the loop unrolled by
; hand, precise-hbm-loop-carried-unrolled.ll). With the unroll off, it is
; over-synchronized (5974 cycles at n = 3) and says so in a missed remark
; that names the wait (the differential tester requires that of every
; over-synchronized wait).
; REQUIRES: neuronisa-sim
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs -pass-remarks=neuronisa-tile-pingpong-unroll -pass-remarks-missed=neuronisa-sync %s -o %t.s 2>&1 | FileCheck %s --check-prefix=UNROLL --implicit-check-not="wait of DMA_LOAD"
; RUN: neuronisa-sim %t.s out:2048 0 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 1 | FileCheck %s
; RUN: neuronisa-sim %t.s out:2048 3 | FileCheck %s --check-prefixes=CHECK,N3
; RUN: neuronisa-sim %t.s out:2048 3 --jitter=7 | FileCheck %s
; RUN: neuronisa-sim %t.s out:4608 8 --jitter=7 | FileCheck %s
; RUN: llc -neuronisa-sync=precise -verify-machineinstrs -neuronisa-hbm-carried-unroll=false -pass-remarks-missed=neuronisa-sync %s -o %t.off.s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: neuronisa-sim %t.off.s out:2048 3 | FileCheck %s --check-prefix=OFF
; RUN: FileCheck %s --check-prefix=ASM < %t.off.s
; UNROLL: remark: <unknown>:0:0: loop 'loop' unrolled by 2: an HBM load reads what a store wrote 1 iteration(s) back at run-time offsets
; N3: total cycles: 3312
; CHECK: races: 0
; CHECK: over-synchronization: 0 cycles
; REMARK: remark: <unknown>:0:0: wait of DMA_LOAD (data-path instruction 1 of %bb.2 'loop') for dma.q0 (producer DMA_STORE (data-path instruction 0 of %bb.2 'loop')) may be over-synchronized: loop-carried HBM dependence at distance 1
; OFF: total cycles: 5974
; OFF: races: 0
; OFF: over-synchronization: {{[1-9][0-9]*}} cycles at 1 sites
; OFF-NEXT: sp.waitr (line {{[0-9]+}})
; ASM:      sp.waitr s{{[0-9]+}}, r20, 1
; ASM-NEXT: dma.load
target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

define void @kernel(ptr addrspace(1) noalias %buf, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %so = mul i32 %i.next, 512
  %lo = mul i32 %i, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  call void @neuronisa.act.tanh(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
