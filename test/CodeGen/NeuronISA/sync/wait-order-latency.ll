; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s --check-prefixes=CHECK,LAT
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync-wait-order-latency=false < %s | FileCheck %s --check-prefixes=CHECK,DIST
; A consumer's waits go in the order they are expected to be released, the
; latest last (docs/Synchronization.md, section 6): first by when the nearest
; producer instance of each is expected to complete, from the machine
; model's latencies (-neuronisa-sync-wait-order-latency), then by how many
; blocks back it lies. Only the order changes: the same waits, thresholds
; and semaphores with and without the option.

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@d = internal addrspace(2) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(2), float, i32, i32)

; The exp overwrites @a, which the store reads (DMA queue 2: 30 + 840 +
; 1687 = 2557 cycles for 32 KiB), and reads @b, which the memset writes
; (POOL: 60 + 2 x 64 = 188 cycles, issued with the store at the block's
; start). The memset is issued later, but the store completes later: its
; wait goes last.
define void @in_block(ptr addrspace(1) noalias %out) {
; CHECK-LABEL: in_block:
; CHECK:       dma.store [r1+0x0], [r0+0x0], 128, 64, 2048, 2, [[Q2:s[0-9]+]]
; CHECK-NEXT:  pool.memset [r0+0x800], 0.0, 128, 64, [[POOL:s[0-9]+]]
; LAT-NEXT:    act.wait [[POOL]], 1
; LAT-NEXT:    act.wait [[Q2]], 1
; DIST-NEXT:   act.wait [[Q2]], 1
; DIST-NEXT:   act.wait [[POOL]], 1
; CHECK-NEXT:  act.exp [r0+0x0], [r0+0x800], 128, 64, 1.0, 0.0, snone
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 128, i32 64, i32 2048, i32 2)
  call void @neuronisa.pool.memset(ptr addrspace(2) @b, float 0.0, i32 128, i32 64)
  call void @neuronisa.act.exp(ptr addrspace(2) @a, ptr addrspace(2) @b, i32 128, i32 64, float 1.0, float 0.0)
  ret void
}

; As in seed 39454 of the extended random programs: the store is in the
; entry, 2 blocks back, the memset in the consumer's block. By blocks back
; the store's wait would go first; it is expected to complete later: the
; entry ends when SP has issued the store (cycle 30), the join starts there
; (the path without the exp), so the store is expected 2527 cycles into the
; join, the memset 188.
define void @across_blocks(ptr addrspace(1) noalias %out, i1 %p) {
; CHECK-LABEL: across_blocks:
; CHECK:       dma.store [r1+0x0], [r0+0x0], 128, 64, 2048, 2, [[Q2:s[0-9]+]]
; CHECK:       act.exp [r0+0x1800], [r0+0x1800], 128, 64, 1.0, 0.0, snone
; CHECK:       pool.memset [r0+0x800], 0.0, 128, 64, [[POOL:s[0-9]+]]
; LAT-NEXT:    act.wait [[POOL]], 1
; LAT-NEXT:    act.wait [[Q2]], 1
; DIST-NEXT:   act.wait [[Q2]], 1
; DIST-NEXT:   act.wait [[POOL]], 1
; CHECK-NEXT:  act.exp [r0+0x0], [r0+0x800], 128, 64, 1.0, 0.0, snone
entry:
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @a, i32 128, i32 64, i32 2048, i32 2)
  br i1 %p, label %then, label %join
then:
  call void @neuronisa.act.exp(ptr addrspace(2) @d, ptr addrspace(2) @d, i32 128, i32 64, float 1.0, float 0.0)
  br label %join
join:
  call void @neuronisa.pool.memset(ptr addrspace(2) @b, float 0.0, i32 128, i32 64)
  call void @neuronisa.act.exp(ptr addrspace(2) @a, ptr addrspace(2) @b, i32 128, i32 64, float 1.0, float 0.0)
  ret void
}

; Blocks back still decides where the latencies do not: the add runs in a
; loop that neither producer is in, so both waits are satisfied from its
; second iteration on and both producers are taken as done. The load (in
; the entry, the farther) goes first although it takes far longer than the
; memset; both waits then move to the preheader.
define void @outside_loop(ptr addrspace(1) noalias %in, i32 %n, i1 %p) {
; CHECK-LABEL: outside_loop:
; CHECK:       dma.load [r0+0x800], [r1+0x0], 128, 128, 512, 0, [[Q0:s[0-9]+]]
; CHECK:       pool.memset [r0+0x1000], 0.0, 128, 16, [[POOL:s[0-9]+]]
; CHECK:       dve.wait [[Q0]], 1
; CHECK-NEXT:  dve.wait [[POOL]], 1
; CHECK-NEXT:  .LBB2_3:
; CHECK:       dve.tt.add [r0+0x0], [r0+0x800], [r0+0x1000], 128, 128, snone
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 128, i32 128, i32 512, i32 0)
  br i1 %p, label %then, label %pre
then:
  call void @neuronisa.act.exp(ptr addrspace(2) @d, ptr addrspace(2) @d, i32 128, i32 64, float 1.0, float 0.0)
  br label %pre
pre:
  call void @neuronisa.pool.memset(ptr addrspace(2) @c, float 0.0, i32 128, i32 16)
  br label %body
body:
  %i = phi i32 [ 0, %pre ], [ %i.next, %body ]
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @a, ptr addrspace(2) @b, ptr addrspace(2) @c, i32 128, i32 128)
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %body, label %exit
exit:
  ret void
}
