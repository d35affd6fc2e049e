; RUN: llc -mtriple=neuronisa -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=neuronisa -neuronisa-sync-earlier-waits-cover=false < %s | FileCheck %s --check-prefix=RULE-OFF
; A snapshot wait is left out, with its register and its writes, where the
; consumer's engine has waited for every earlier instance of the producer
; on every path to it (WaitedState), even in another block: the threshold
; never exceeds that count. POOL writes @x in one arm and @y in the other
; (a snapshot each: 1 on the path that wrote it, 0 on the other); SP then
; waits for the POOL instance before its load into @in (which POOL read),
; and stores @x and @y after another if/else (the tail-duplicated join of
; the first one).

; CHECK-LABEL: waited_for_all:
; CHECK-NOT:   li
; CHECK-NOT:   waitr
; CHECK:       sp.wait [[POOL:s[0-9]+]], 1
; CHECK-NEXT:  dma.load
; CHECK-NOT:   waitr
; CHECK:       # %tail
; CHECK-NEXT:  dma.store
; CHECK-NEXT:  addi
; CHECK-NEXT:  dma.store
; CHECK-NEXT:  ret
; CHECK-NOT:   li
; CHECK-NOT:   waitr
; CHECK:       .Lfunc_end0:

; Without the rule (-neuronisa-sync-earlier-waits-cover=false, which also
; turns off the rule within a block), the stores wait for their snapshots.
; RULE-OFF-LABEL: waited_for_all:
; RULE-OFF:       li {{r[0-9]+}}, 1
; RULE-OFF-NEXT:  sp.wait [[POOL:s[0-9]+]], 1
; RULE-OFF-NEXT:  dma.load
; RULE-OFF-NEXT:  li {{r[0-9]+}}, 0
; RULE-OFF:       # %tail
; RULE-OFF-NEXT:  sp.waitr [[POOL]], [[X:r[0-9]+]], 0
; RULE-OFF-NEXT:  dma.store
; RULE-OFF-NEXT:  addi
; RULE-OFF-NEXT:  sp.waitr [[POOL]], [[Y:r[0-9]+]], 0
; RULE-OFF-NEXT:  dma.store

; The load goes to @w, which POOL does not read: SP waits for nothing
; before the stores, and each store waits for its snapshot.
; CHECK-LABEL: not_waited:
; CHECK-NOT:   sp.wait
; CHECK:       # %tail
; CHECK-NEXT:  sp.waitr [[POOL:s[0-9]+]], [[X:r[0-9]+]], 0
; CHECK-NEXT:  dma.store
; CHECK-NEXT:  addi
; CHECK-NEXT:  sp.waitr [[POOL]], [[Y:r[0-9]+]], 0
; CHECK-NEXT:  dma.store

@in = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@x = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@y = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@u = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@v = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
@w = internal addrspace(2) global [128 x [16 x float]] zeroinitializer
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @waited_for_all(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %c, i32 %k) {
entry:
  %t = icmp eq i32 %c, 0
  br i1 %t, label %then, label %else
then:
  call void @neuronisa.pool.copy(ptr addrspace(2) @x, ptr addrspace(2) @in, i32 128, i32 16)
  br label %join
else:
  call void @neuronisa.pool.copy(ptr addrspace(2) @y, ptr addrspace(2) @in, i32 128, i32 16)
  br label %join
join:
  call void @neuronisa.dma.load(ptr addrspace(2) @in, ptr addrspace(1) %src, i32 128, i32 16, i32 64, i32 0)
  %t2 = icmp eq i32 %k, 0
  br i1 %t2, label %act, label %tail
act:
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @v, i32 128, i32 16, float 1.0, float 0.0)
  br label %tail
tail:
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @x, i32 128, i32 16, i32 64, i32 1)
  %d1 = getelementptr i8, ptr addrspace(1) %dst, i32 8192
  call void @neuronisa.dma.store(ptr addrspace(1) %d1, ptr addrspace(2) @y, i32 128, i32 16, i32 64, i32 1)
  ret void
}

define void @not_waited(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %c, i32 %k) {
entry:
  %t = icmp eq i32 %c, 0
  br i1 %t, label %then, label %else
then:
  call void @neuronisa.pool.copy(ptr addrspace(2) @x, ptr addrspace(2) @in, i32 128, i32 16)
  br label %join
else:
  call void @neuronisa.pool.copy(ptr addrspace(2) @y, ptr addrspace(2) @in, i32 128, i32 16)
  br label %join
join:
  call void @neuronisa.dma.load(ptr addrspace(2) @w, ptr addrspace(1) %src, i32 128, i32 16, i32 64, i32 0)
  %t2 = icmp eq i32 %k, 0
  br i1 %t2, label %act, label %tail
act:
  call void @neuronisa.act.exp(ptr addrspace(2) @u, ptr addrspace(2) @v, i32 128, i32 16, float 1.0, float 0.0)
  br label %tail
tail:
  call void @neuronisa.dma.store(ptr addrspace(1) %dst, ptr addrspace(2) @x, i32 128, i32 16, i32 64, i32 1)
  %d1 = getelementptr i8, ptr addrspace(1) %dst, i32 8192
  call void @neuronisa.dma.store(ptr addrspace(1) %d1, ptr addrspace(2) @y, i32 128, i32 16, i32 64, i32 1)
  ret void
}
