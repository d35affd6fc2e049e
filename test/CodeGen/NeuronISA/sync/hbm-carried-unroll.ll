; RUN: llc -mtriple=neuronisa -stop-after=neuronisa-tile-pingpong-unroll < %s -o - | FileCheck %s --check-prefix=IR
; RUN: not llc -mtriple=neuronisa -pass-remarks=neuronisa-tile-pingpong-unroll -pass-remarks-missed=neuronisa-tile-pingpong-unroll < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=precise -pass-remarks-missed=neuronisa-sync < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNC --implicit-check-not="wait of DMA_LOAD"
; Loops whose HBM load reads what an earlier iteration stored at run-time
; offsets (docs/Synchronization.md, "Loop-carried HBM dependences"):
; unrolled by the smallest power of two above the distance, so that the
; synchronization pass sees each copy's load meet only the store it reads;
; and those left alone, each with its remark. The kernel verifier, after
; the pass, rejects the call of @nodup.

target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @opaque() noduplicate

; REMARK-DAG: remark: {{.*}}loop 'd1.loop' unrolled by 2: an HBM load reads what a store wrote 1 iteration(s) back at run-time offsets
; REMARK-DAG: remark: {{.*}}loop 'd2.loop' unrolled by 4: an HBM load reads what a store wrote 2 iteration(s) back at run-time offsets
; REMARK-DAG: remark: {{.*}}loop 'd3.loop' unrolled by 4: an HBM load reads what a store wrote 3 iteration(s) back at run-time offsets
; REMARK-DAG: remark: {{.*}}loop 'fu.loop' unrolled by 2: an HBM load reads what a store wrote 1 iteration(s) back at run-time offsets
; REMARK-DAG: remark: {{.*}}loop 'd4.loop' not unrolled for its loop-carried HBM dependence: the HBM load reads what the store wrote 4 iterations back, more than 3
; REMARK-DAG: remark: {{.*}}loop 'st.loop' not unrolled for its loop-carried HBM dependence: the HBM store steps by 1024 bytes per iteration and the load by 512
; REMARK-DAG: remark: {{.*}}loop 'uk.loop' not unrolled for its loop-carried HBM dependence: ScalarEvolution does not know the distance in iterations between the HBM store and the load of one object
; REMARK-DAG: remark: {{.*}}loop 'nd.loop' not unrolled for its loop-carried HBM dependence: the loop holds a call that cannot be duplicated
; REMARK-DAG: error: {{.*}}in function nodup

; Unrolled, no load's wait may be over-synchronized any more (each waits
; for the instance it reads); those left alone keep the synchronization
; pass's remark.
; SYNC-DAG: wait of DMA_LOAD (data-path instruction 1 of %bb.{{[0-9]+}} 'd4.loop') {{.*}} may be over-synchronized: loop-carried HBM dependence at distance 4
; SYNC-DAG: wait of DMA_LOAD (data-path instruction 1 of %bb.{{[0-9]+}} 'st.loop') {{.*}} may be over-synchronized: unknown HBM distance
; SYNC-DAG: wait of DMA_LOAD (data-path instruction 1 of %bb.{{[0-9]+}} 'uk.loop') {{.*}} may be over-synchronized: unknown HBM distance

; Iteration i stores slot i + 1 and loads slot i: distance 1, by 2.
; IR-LABEL: define void @dist1(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @dist1(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %d1.loop, label %exit
d1.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %d1.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 1
  %so = mul i32 %so.k, 512
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %d1.loop, label %exit
exit:
  ret void
}

; Distance 2, by 4 (a power of two: 3 copies would leave copy 0's load
; meeting copy 1's store of the next pass modulo 3 * 512).
; IR-LABEL: define void @dist2(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @dist2(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %d2.loop, label %exit
d2.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %d2.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 2
  %so = mul i32 %so.k, 512
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %d2.loop, label %exit
exit:
  ret void
}

; Distance 3, by 4.
; IR-LABEL: define void @dist3(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @dist3(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %d3.loop, label %exit
d3.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %d3.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 3
  %so = mul i32 %so.k, 512
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %d3.loop, label %exit
exit:
  ret void
}

; Distance 4 would need 8 copies: left alone.
; IR-LABEL: define void @dist4(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @dist4(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %d4.loop, label %exit
d4.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %d4.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 4
  %so = mul i32 %so.k, 512
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %d4.loop, label %exit
exit:
  ret void
}

; Different steps: the distance changes from one iteration to the next.
; IR-LABEL: define void @steps(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @steps(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %st.loop, label %exit
st.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %st.loop ]
  %i.next = add i32 %i, 1
  %so = mul i32 %i, 1024
  %lo.k = add i32 %i, 1
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %st.loop, label %exit
exit:
  ret void
}

; The store's slot is moved by a run-time amount: no known distance.
; IR-LABEL: define void @unknown(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @unknown(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %uk.loop, label %exit
uk.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %uk.loop ]
  %i.next = add i32 %i, 1
  %so.b = mul i32 %i, 512
  %so = add i32 %so.b, %k
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %uk.loop, label %exit
exit:
  ret void
}

; The same iteration reads what it stored: nothing to gain, no remark.
; IR-LABEL: define void @same(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @same(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %sm.loop, label %exit
sm.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %sm.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 0
  %so = mul i32 %so.k, 512
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %sm.loop, label %exit
exit:
  ret void
}

; A call that cannot be duplicated.
; IR-LABEL: define void @nodup(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @nodup(ptr addrspace(1) noalias %buf, i32 %n, i32 %k) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %nd.loop, label %exit
nd.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %nd.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 1
  %so = mul i32 %so.k, 512
  %lo.k = add i32 %i, 0
  %lo = mul i32 %lo.k, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @opaque()
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %nd.loop, label %exit
exit:
  ret void
}

; A constant trip count no larger than the factor: LLVM's UnrollLoop unrolls
; the loop fully and deletes it, and the remark still names it (it used to
; read the deleted loop: a crash when remarks were on).
; IR-LABEL: define void @full(
; IR-NOT:     br i1
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR:         call void @neuronisa.dma.store(
; IR:         call void @neuronisa.dma.load(
; IR-NOT:     call void @neuronisa.dma.store(
; IR:       }

define void @full(ptr addrspace(1) noalias %buf) {
entry:
  br label %fu.loop
fu.loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fu.loop ]
  %i.next = add i32 %i, 1
  %so.k = add i32 %i, 1
  %so = mul i32 %so.k, 512
  %lo = mul i32 %i, 512
  %sp = getelementptr i8, ptr addrspace(1) %buf, i32 %so
  %lp = getelementptr i8, ptr addrspace(1) %buf, i32 %lo
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1)
  %d = icmp ult i32 %i.next, 2
  br i1 %d, label %fu.loop, label %exit
exit:
  ret void
}
