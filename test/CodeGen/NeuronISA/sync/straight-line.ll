; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefix=PRECISE
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier -verify-machineinstrs < %s | FileCheck %s --check-prefix=BARRIER
; Straight-line code: constant thresholds, one semaphore per producing agent
; (each DMA queue is its own agent), a consumer waits only for agents it
; conflicts with, and waits implied by an earlier wait of the same engine
; are dropped. Both modes insert the same thing here.

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@d = internal addrspace(2) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(2), float, i32, i32)

define void @straight(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y, ptr addrspace(1) noalias %out) {
; PRECISE-LABEL: straight:
; PRECISE-NOT:   li r2{{[0-9]}}
; PRECISE:       dma.load [r0+0x0], [r1+0x0], 128, 512, 2048, 0, [[Q0:s[0-9]+]]
; PRECISE-NEXT:  dma.load [r0+0x800], [r2+0x0], 128, 512, 2048, 1, [[Q1:s[0-9]+]]
; PRECISE-NEXT:  pool.memset [r0+0x1800], 0.0, 128, 512, [[POOL:s[0-9]+]]
; PRECISE-NEXT:  dve.wait [[Q0]], 1
; PRECISE-NEXT:  dve.wait [[Q1]], 1
; PRECISE-NEXT:  dve.tt.add [r0+0x1000], [r0+0x0], [r0+0x800], 128, 512, [[DVE:s[0-9]+]]
; Waits in the order their producers were issued (the latest released
; last): the memset before the add.
; PRECISE-NEXT:  act.wait [[POOL]], 1
; PRECISE-NEXT:  act.wait [[DVE]], 1
; PRECISE-NEXT:  act.exp [r0+0x1800], [r0+0x1000], 128, 512, 1.0, 0.0, [[ACT:s[0-9]+]]
; The memset of @a is ordered after the load by the wait above (same engine).
; PRECISE-NEXT:  dve.memset [r0+0x0], 0.0, 128, 512, snone
; The store reads @d: the latest conflicting instances are the memset
; (POOL) and the exp (ACT); waiting for both is what the criterion asks
; (no transitive reduction across engines).
; PRECISE-NEXT:  sp.wait [[POOL]], 1
; PRECISE-NEXT:  sp.wait [[ACT]], 1
; PRECISE-NEXT:  dma.store [r3+0x0], [r0+0x1800], 128, 512, 2048, 2, snone
; PRECISE-NEXT:  ret
; BARRIER-LABEL: straight:
; BARRIER-NOT:   barrier
; BARRIER:       dve.wait s{{[0-9]+}}, 1
; BARRIER-NEXT:  dve.wait s{{[0-9]+}}, 1
; BARRIER-NEXT:  dve.tt.add
; BARRIER-NOT:   barrier
; BARRIER:       ret
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %x, i32 128, i32 512, i32 2048, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %y, i32 128, i32 512, i32 2048, i32 1)
  call void @neuronisa.pool.memset(ptr addrspace(2) @d, float 0.0, i32 128, i32 512)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @c, ptr addrspace(2) @a, ptr addrspace(2) @b, i32 128, i32 512)
  call void @neuronisa.act.exp(ptr addrspace(2) @d, ptr addrspace(2) @c, i32 128, i32 512, float 1.0, float 0.0)
  call void @neuronisa.dve.memset(ptr addrspace(2) @a, float 0.0, i32 128, i32 512)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @d, i32 128, i32 512, i32 2048, i32 2)
  ret void
}

; Disjoint halves of one tile do not conflict; overlapping ranges do.
define void @ranges() {
; PRECISE-LABEL: ranges:
; PRECISE:       dve.memset [r0+0x0], 1.0, 128, 256, [[DVE:s[0-9]+]]
; PRECISE-NEXT:  pool.memset [r0+0x400], 2.0, 128, 256, snone
; PRECISE-NEXT:  act.wait [[DVE]], 1
; PRECISE-NEXT:  act.exp [r0+0x800], [r0+0x200], 128, 128, 1.0, 0.0, snone
; PRECISE-NEXT:  ret
  call void @neuronisa.dve.memset(ptr addrspace(2) @a, float 1.0, i32 128, i32 256)
  %hi = getelementptr i8, ptr addrspace(2) @a, i32 1024
  call void @neuronisa.pool.memset(ptr addrspace(2) %hi, float 2.0, i32 128, i32 256)
  %mid = getelementptr i8, ptr addrspace(2) @a, i32 512
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) %mid, i32 128, i32 128, float 1.0, float 0.0)
  ret void
}
