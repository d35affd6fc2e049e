; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync-entry-bookkeeping-at-end=false -neuronisa-sync-remat-first=false -neuronisa-sync-drop-repeated-snapshot-waits=false -neuronisa-sync-earlier-waits-cover=false < %s | FileCheck %s --check-prefix=BEFORE
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync=barrier < %s | FileCheck %s --check-prefix=BARRIER
; Bookkeeping and waits on paths that run once (no loop): the shape of the
; random programs where precise mode was slower than barrier mode (two
; if/else, e.g. tile pointers chosen by select). Queue 1 loads @a on one
; path and @b on the other; ACT reads @a after the join and again in both
; arms of a second if/else, which write @p or @q; after that join ACT reads
; @b and writes @r, and SP stores @r, @p and @q.
;  - Snapshots: @a's and @b's thresholds are 1 or 0 depending on the path
;    (snapshots r31, r30), as are @p's and @q's. Each is set in the arms
;    (a write after the load, an li of 0 in the other arm: rematerialized
;    where the value is a constant), not by an li at the entry on every
;    path.
;  - The ACT waits for @a in the arms of the second if/else repeat the wait
;    after the first join, on the same register, which nothing wrote since:
;    left out.
;  - SP's wait for ACT before the store of @r (S_ACT >= 2, every ACT
;    instance before it) covers @p's and @q's thresholds (at most 1): the
;    later stores need no snapshot wait, and @p and @q no snapshot.
;  - Negative: ACT's wait for @b after the second join stays. It is 0 on
;    the path that loaded @a and 1 on the other, and ACT waited for @a's
;    snapshot (0 there) before: nothing implies it. (Barrier mode waits for
;    the queue once, for every load, also where only @b's ran.)

; CHECK-LABEL: short_paths:
; CHECK-NEXT:  # %bb.0:
; CHECK-NEXT:  bge
; CHECK-NEXT:  # %bb.1:
; CHECK-NEXT:  dma.load [r0+0x0], [r1+0x0], 8, 16, 64, 1, [[Q:s[0-9]+]]
; CHECK-NEXT:  li [[A:r[0-9]+]], 1
; CHECK-NEXT:  li [[B:r[0-9]+]], 0
; CHECK-NEXT:  b
; CHECK:       dma.load [r0+0x40], [r1+0x0], 8, 16, 64, 1, [[Q]]
; CHECK-NEXT:  li [[B]], 1
; CHECK-NEXT:  li [[A]], 0
; CHECK:       act.waitr [[Q]], [[A]], 0
; CHECK-NEXT:  act.exp
; CHECK:       # %then2
; CHECK-NEXT:  act.exp [r0+0x80], [r0+0x0], 8, 16, 1.0, 0.0, [[ACT:s[0-9]+]]
; CHECK-NEXT:  b
; CHECK-NOT:   waitr
; CHECK:       act.exp [r0+0xc0], [r0+0x0], 8, 16, 1.0, 0.0, [[ACT]]
; CHECK-NEXT:  # %join2
; CHECK-NEXT:  act.waitr [[Q]], [[B]], 0
; CHECK-NEXT:  act.exp [r0+0x100], [r0+0x40]
; CHECK-NEXT:  sp.wait [[ACT]], 2
; CHECK-NEXT:  dma.store
; CHECK-NEXT:  addi
; CHECK-NEXT:  dma.store
; CHECK-NEXT:  addi
; CHECK-NEXT:  dma.store
; CHECK-NEXT:  ret

; BEFORE-LABEL: short_paths:
; BEFORE-NEXT:  # %bb.0:
; BEFORE-NEXT:  li r31, 0
; BEFORE-NEXT:  li r30, 0
; BEFORE-NEXT:  li r29, 0
; BEFORE-NEXT:  li r28, 0
; BEFORE:       act.waitr [[Q:s[0-9]+]], r31, 0
; BEFORE:       # %then2
; BEFORE-NEXT:  act.waitr [[Q]], r31, 0
; BEFORE:       act.waitr [[Q]], r31, 0
; BEFORE:       act.waitr [[Q]], r30, 0
; BEFORE:       sp.wait [[ACT:s[0-9]+]], 2
; BEFORE:       sp.waitr [[ACT]], r29, 0
; BEFORE:       sp.waitr [[ACT]], r28, 0

; BARRIER-LABEL: short_paths:
; BARRIER:       act.wait [[Q:s[0-9]+]], 1
; BARRIER-NOT:   act.wait [[Q]]
; BARRIER:       ret

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@p = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@q = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@r = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@y = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @short_paths(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n, i32 %k) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %else
then:
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 1)
  br label %join
else:
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 1)
  br label %join
join:
  call void @neuronisa.act.exp(ptr addrspace(2) @y, ptr addrspace(2) @a, i32 8, i32 16, float 1.0, float 0.0)
  %c2 = icmp sgt i32 %k, 2
  br i1 %c2, label %then2, label %else2
then2:
  call void @neuronisa.act.exp(ptr addrspace(2) @p, ptr addrspace(2) @a, i32 8, i32 16, float 1.0, float 0.0)
  br label %join2
else2:
  call void @neuronisa.act.exp(ptr addrspace(2) @q, ptr addrspace(2) @a, i32 8, i32 16, float 1.0, float 0.0)
  br label %join2
join2:
  call void @neuronisa.act.exp(ptr addrspace(2) @r, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @r, i32 8, i32 16, i32 64, i32 2)
  %o1 = getelementptr i8, ptr addrspace(1) %out, i32 1024
  call void @neuronisa.dma.store(ptr addrspace(1) %o1, ptr addrspace(2) @p, i32 8, i32 16, i32 64, i32 2)
  %o2 = getelementptr i8, ptr addrspace(1) %out, i32 2048
  call void @neuronisa.dma.store(ptr addrspace(1) %o2, ptr addrspace(2) @q, i32 8, i32 16, i32 64, i32 2)
  ret void
}
