; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync-known-unions=false < %s | FileCheck %s --check-prefix=BEFORE
; Over the compile-time budget (unions x blocks), as without the rule:
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync-known-unions-budget=0 < %s | FileCheck %s --check-prefix=BEFORE
; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-sync=barrier < %s | FileCheck %s --check-prefix=BARRIER
; A consumer's threshold on an agent is the largest of its groups', which is
; the threshold of their union; the union can be the same on every path
; where each group depends on the path (docs/Synchronization.md, section 7;
; reduced from extended random program 39484). ACT writes @e before an
; if/else whose arms write @a (then) or @b (else); after the join POOL reads
; @a and writes @b, and PE reads @e and @b.
;  - POOL: its groups on ACT, {then} (RAW on @a) and {else} (WAW on @b), are
;    2 or 0 depending on the path (two snapshots), their union is 2 on both
;    paths: one constant wait (the barrier build's), no snapshot wait, and
;    the snapshot of {then} is no longer written.
;  - Negative: PE's groups on ACT, {entry} (RAW on @e, 1 on every path) and
;    {else} (RAW on @b), have a union that is 1 after the then-arm and 2
;    after the else-arm: both waits stay (the snapshot's value differs per
;    path).

; CHECK-LABEL: known_union:
; CHECK-NEXT:  # %bb.0:
; CHECK-NEXT:  act.exp [r0+0x80], [r0+0xc0], 8, 16, 1.0, 0.0, [[ACT:s[0-9]+]]
; CHECK-NEXT:  bge
; CHECK-NEXT:  # %bb.1:
; CHECK-NEXT:  act.exp [r0+0x0], [r0+0xc0], 8, 16, 1.0, 0.0, [[ACT]]
; CHECK-NEXT:  li [[B:r[0-9]+]], 0
; CHECK-NEXT:  b
; CHECK:       # %else
; CHECK-NEXT:  act.exp [r0+0x40], [r0+0xc0], 8, 16, 1.0, 0.0, [[ACT]]
; CHECK-NEXT:  li [[B]], 2
; CHECK-NEXT:  # %join
; CHECK-NEXT:  pool.wait [[ACT]], 2
; CHECK-NEXT:  pool.ts.max
; CHECK-NEXT:  pe.wait [[ACT]], 1
; CHECK-NEXT:  pe.waitr [[ACT]], [[B]], 0
; CHECK-NEXT:  pe.wait [[POOL:s[0-9]+]], 1
; CHECK-NEXT:  pe.matmul
; CHECK-NEXT:  ret

; BEFORE-LABEL: known_union:
; BEFORE:       # %bb.1:
; BEFORE-NEXT:  act.exp
; BEFORE-NEXT:  li [[A:r[0-9]+]], 2
; BEFORE-NEXT:  li [[B:r[0-9]+]], 0
; BEFORE:       # %else
; BEFORE-NEXT:  act.exp
; BEFORE-NEXT:  li [[B]], 2
; BEFORE-NEXT:  li [[A]], 0
; BEFORE-NEXT:  # %join
; BEFORE-NEXT:  pool.waitr [[ACT:s[0-9]+]], [[B]], 0
; BEFORE-NEXT:  pool.waitr [[ACT]], [[A]], 0
; BEFORE-NEXT:  pool.ts.max
; BEFORE-NEXT:  pe.wait [[ACT]], 1
; BEFORE-NEXT:  pe.waitr [[ACT]], [[B]], 0

; BARRIER-LABEL: known_union:
; BARRIER:       # %join
; BARRIER-NEXT:  pool.wait [[ACT:s[0-9]+]], 2
; BARRIER-NEXT:  pool.ts.max
; BARRIER-NEXT:  pe.wait [[ACT]], 2
; BARRIER-NEXT:  pe.wait
; BARRIER-NEXT:  pe.matmul

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@e = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@x = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@p = internal addrspace(3) global [8 x [16 x float]] zeroinitializer
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.pool.ts.max(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)

define void @known_union(i32 %n) {
entry:
  call void @neuronisa.act.exp(ptr addrspace(2) @e, ptr addrspace(2) @x, i32 8, i32 16, float 1.0, float 0.0)
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %else
then:
  call void @neuronisa.act.exp(ptr addrspace(2) @a, ptr addrspace(2) @x, i32 8, i32 16, float 1.0, float 0.0)
  br label %join
else:
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @x, i32 8, i32 16, float 1.0, float 0.0)
  br label %join
join:
  call void @neuronisa.pool.ts.max(ptr addrspace(2) @b, ptr addrspace(2) @a, float 0.5, i32 8, i32 16)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @e, ptr addrspace(2) @b, i32 8, i32 8, i32 8, i32 0)
  ret void
}
