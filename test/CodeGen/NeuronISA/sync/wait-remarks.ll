; RUN: llc -mtriple=neuronisa -verify-machineinstrs -neuronisa-hbm-carried-unroll=false -pass-remarks-missed=neuronisa-sync < %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.s
; RUN: llc -mtriple=neuronisa -neuronisa-hbm-carried-unroll=false -pass-remarks-output=%t.yaml < %s -o /dev/null
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: llc -mtriple=neuronisa -neuronisa-hbm-carried-unroll=false < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
; Missed remarks name each wait that may hold its instruction longer than its
; dependences require: the waiting instruction (its block, its index among
; the block's data-path instructions, its debug location), the agent, the
; producer whose conflict is coarse, and why.

; Iteration i stores slot i + 1 and reloads slot i, which iteration i - 1
; stored: the load conflicts with the store one iteration back; the store of
; its own iteration, the latest instance it waits for, is disjoint (as
; written: the unroll that makes the loop exact is off here).
; REMARK: remark: kernel.c:12:5: wait of DMA_STORE (data-path instruction 0 of %bb.2 'loop') for dma.q1 (producer DMA_LOAD (data-path instruction 1 of %bb.2 'loop')) may be over-synchronized: unknown HBM distance: the accesses at run-time offsets may conflict in some iterations, not necessarily in the instance waited for; block 2 index 0
; REMARK-NEXT: remark: kernel.c:13:5: wait of DMA_LOAD (data-path instruction 1 of %bb.2 'loop') for dma.q0 (producer DMA_STORE (data-path instruction 0 of %bb.2 'loop')) may be over-synchronized: loop-carried HBM dependence at distance 1: the conflicting instance of the producer is 1 iteration back, the wait is for its latest instance; block 2 index 1
; The tile pointer chosen by select (at a run-time column) may be @s1, which
; the load writes.
; REMARK-NEXT: remark: <unknown>:0:0: wait of ACT_TANH (data-path instruction 1 of %bb.0 'entry') for dma.q0 (producer DMA_LOAD (data-path instruction 0 of %bb.0 'entry')) may be over-synchronized: a tile pointer chosen by select or phi conflicts with every tile it may point to; block 0 index 1
; REMARK-NOT: may be over-synchronized
; QUIET-NOT: remark

; YAML:      Name:            ImpreciseDependence
; YAML-NEXT: DebugLoc:        { File: kernel.c, Line: 12, Column: 5 }
; YAML-NEXT: Function:        loop_carried
; YAML-NEXT: Args:
; YAML-NEXT:   - String:          'wait of '
; YAML-NEXT:   - Consumer:        'DMA_STORE (data-path instruction 0 of %bb.2 ''loop'')'
; YAML-NEXT:   - String:          ' for '
; YAML-NEXT:   - Agent:           dma.q1
; YAML:        - Block:           '2'
; YAML:        - Index:           '0'
; YAML:      Name:            ImpreciseDependence
; YAML-NEXT: DebugLoc:        { File: kernel.c, Line: 13, Column: 5 }
; YAML:        - Producer:        'DMA_STORE (data-path instruction 0 of %bb.2 ''loop'')'
; YAML:        - Reason:          'loop-carried HBM dependence at distance 1
; YAML:        - Index:           '1'

; CHECK-LABEL: loop_carried:
; CHECK:       sp.waitr [[Q0:s[0-9]+]], r20, 1
; CHECK-NEXT:  dma.load

; Interleaved rows are exact: the load of the right halves on queue 2 waits
; for nothing, the reload of the left halves on queue 3 for the store.
; CHECK-LABEL: interleaved:
; CHECK:       dma.store [r1+0x0], [r0+0x0], 8, 8, 64, 0, [[S:s[0-9]+]]
; CHECK-NEXT:  dma.load [r0+0x40], [r2+0x0], 8, 8, 64, 2, snone
; CHECK-NEXT:  sp.wait [[S]], 1
; CHECK-NEXT:  dma.load [r0+0x0], [r1+0x0], 8, 8, 64, 3, snone

target triple = "neuronisa"

@s0 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@s1 = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

; Iteration i stores slot i + 1 and reloads slot i (what iteration i - 1
; stored): the same iteration's store is disjoint from the load.
define void @loop_carried(ptr addrspace(1) noalias %buf, i32 %n) !dbg !5 {
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
  call void @neuronisa.dma.store(ptr addrspace(1) %sp, ptr addrspace(2) @s0, i32 8, i32 16, i32 64, i32 0), !dbg !8
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %lp, i32 8, i32 16, i32 64, i32 1), !dbg !9
  call void @neuronisa.act.tanh(ptr addrspace(2) @s0, ptr addrspace(2) @s1, i32 8, i32 16, float 1.0, float 0.0), !dbg !10
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  ret void
}

; Interleaved rows at constant offsets: 8 rows of 32 bytes at a 64-byte
; stride, and the 8 rows between them. They do not conflict: the load on
; queue 2 does not wait for the store on queue 0 (it waits for nothing).
define void @interleaved(ptr addrspace(1) noalias %buf) {
entry:
  %right = getelementptr i8, ptr addrspace(1) %buf, i32 32
  call void @neuronisa.dma.store(ptr addrspace(1) %buf, ptr addrspace(2) @s0, i32 8, i32 8, i32 64, i32 0)
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %right, i32 8, i32 8, i32 64, i32 2)
  call void @neuronisa.dma.load(ptr addrspace(2) @s0, ptr addrspace(1) %buf, i32 8, i32 8, i32 64, i32 3)
  ret void
}

; A tile chosen by select, at a run-time column, conflicts with both
; candidates. (At constant places the call is split into one call per tile:
; tile-select.ll.)
define void @chosen(ptr addrspace(1) noalias %buf, i32 %k) {
entry:
  %c = icmp sgt i32 %k, 0
  %t = select i1 %c, ptr addrspace(2) @s0, ptr addrspace(2) @s1
  %col = and i32 %k, 32
  %p = getelementptr i8, ptr addrspace(2) %t, i32 %col
  call void @neuronisa.dma.load(ptr addrspace(2) @s1, ptr addrspace(1) %buf, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) %p, ptr addrspace(2) %p, i32 8, i32 8, float 1.0, float 0.0)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/k")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "loop_carried", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 12, column: 5, scope: !5)
!9 = !DILocation(line: 13, column: 5, scope: !5)
!10 = !DILocation(line: 14, column: 5, scope: !5)
