; RUN: llc -neuronisa-tile-pingpong-unroll=false -mtriple=neuronisa -stop-after=neuronisa-tile-select-split < %s -o - | FileCheck %s --check-prefix=IR
; RUN: llc -neuronisa-tile-pingpong-unroll=false -mtriple=neuronisa -verify-machineinstrs -pass-remarks-missed=neuronisa-sync < %s -o %t.s 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark
; RUN: FileCheck %s < %t.s
; A builtin call whose on-chip tile pointer is chosen by select between
; constant places in tiles becomes one call per arm of a branch on the
; select's condition (neuronisa-tile-select-split), as if the kernel were
; written with if/else: each call names one tile, and the synchronization
; pass is exact for it. Run-time columns, HBM pointers and arms whose access
; would leave its tile are left alone.
; (The loops here choose by the iteration's parity, which
; neuronisa-tile-pingpong-unroll folds by unrolling by 2, tile-parity.ll:
; turned off here, to test the split.)

; Only @not_split keeps the remark: its two selects are not split.
; REMARK: remark: <unknown>:0:0: wait of ACT_TANH (data-path instruction 1 of %bb.0 'entry') for dma.q0 (producer DMA_LOAD (data-path instruction 0 of %bb.0 'entry')) may be over-synchronized: a tile pointer chosen by select or phi
; REMARK: remark: <unknown>:0:0: wait of ACT_TANH (data-path instruction 2 of %bb.0 'entry') for dma.q0 (producer DMA_LOAD (data-path instruction 0 of %bb.0 'entry')) may be over-synchronized: a tile pointer chosen by select or phi

target triple = "neuronisa"

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@small = internal addrspace(2) global [4 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)

; Even iterations load @a, odd ones @b (queue 0); ACT reads @b only. Split,
; only the load into @b increments the queue's semaphore, and ACT waits for
; the latest load into @b (the previous iteration's when this one loaded
; @a), not for the load of its own iteration.
; IR-LABEL: define void @loop(
; IR:       loop:
; IR:         %even = icmp eq i32 %bit, 0
; IR-NEXT:    br i1 %even, label %loop.tile.then, label %loop.tile.else
; IR:       loop.tile.then:
; IR-NEXT:    call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %in,
; IR-NEXT:    br label %loop.tile.join
; IR:       loop.tile.else:
; IR-NEXT:    call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in,
; IR-NEXT:    br label %loop.tile.join
; IR:       loop.tile.join:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @b,
; IR-NOT:   select
; IR:       }
; CHECK-LABEL: loop:
; CHECK:       # %loop.tile.then
; CHECK-NOT:   wait
; CHECK:       dma.load [r0+0x0], [r1+0x0], 8, 16, 64, 0, snone
; CHECK:       # %loop.tile.join
; CHECK-NEXT:  # in Loop
; CHECK-NEXT:  act.waitr [[Q0:s[0-9]+]], [[B:r[0-9]+]], 1
; CHECK-NEXT:  act.tanh [r0+0xc0], [r0+0x40], 8, 16, 1.0, 0.0, [[ACT:s[0-9]+]]
; CHECK:       # %loop.tile.else
; CHECK-NEXT:  # in Loop
; CHECK-NEXT:  sp.waitr [[ACT]], {{r[0-9]+}}, 0
; CHECK-NEXT:  dma.load [r0+0x40], [r1+0x0], 8, 16, 64, 0, [[Q0]]
define void @loop(ptr addrspace(1) noalias %in, i32 %n) {
entry:
  %has = icmp sgt i32 %n, 0
  br i1 %has, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %bit = and i32 %i, 1
  %even = icmp eq i32 %bit, 0
  %t = select i1 %even, ptr addrspace(2) @a, ptr addrspace(2) @b
  call void @neuronisa.dma.load(ptr addrspace(2) %t, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Two operands chosen by one condition: one branch, both resolved per arm.
; IR-LABEL: define void @two_operands(
; IR:         br i1 %c, label %entry.tile.then, label %entry.tile.else
; IR:       entry.tile.then:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) @c,
; IR:       entry.tile.else:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @b, ptr addrspace(2) @d,
; IR-NOT:   select
; IR:       }
; CHECK-LABEL: two_operands:
; CHECK:       act.tanh [r0+0x0], [r0+0x80], 8, 16
; CHECK:       act.tanh [r0+0x40], [r0+0xc0], 8, 16
define void @two_operands(i32 %k) {
entry:
  %c = icmp sgt i32 %k, 0
  %x = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @b
  %y = select i1 %c, ptr addrspace(2) @c, ptr addrspace(2) @d
  call void @neuronisa.act.tanh(ptr addrspace(2) %x, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  ret void
}

; Two conditions: four calls, one per combination.
; IR-LABEL: define void @two_conditions(
; IR:         br i1 %c1, label %entry.tile.then, label %entry.tile.else
; IR:       entry.tile.then:
; IR-NEXT:    br i1 %c2, label %entry.tile.then.tile.then, label %entry.tile.then.tile.else
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) @c,
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) @d,
; IR:       entry.tile.else:
; IR-NEXT:    br i1 %c2, label %entry.tile.else.tile.then, label %entry.tile.else.tile.else
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @b, ptr addrspace(2) @c,
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @b, ptr addrspace(2) @d,
; IR-NOT:   select
; IR:       }
define void @two_conditions(i32 %k, i32 %m) {
entry:
  %c1 = icmp sgt i32 %k, 0
  %c2 = icmp sgt i32 %m, 0
  %x = select i1 %c1, ptr addrspace(2) @a, ptr addrspace(2) @b
  %y = select i1 %c2, ptr addrspace(2) @c, ptr addrspace(2) @d
  call void @neuronisa.act.tanh(ptr addrspace(2) %x, ptr addrspace(2) %y, i32 8, i32 16, float 1.0, float 0.0)
  ret void
}

; A GEP with constant indices after the select: each arm gets its own
; constant place (column 8 of @a or of @b).
; IR-LABEL: define void @columns(
; IR:       entry.tile.then:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) getelementptr (i8, ptr addrspace(2) @a, i32 32), ptr addrspace(2) @c,
; IR:       entry.tile.else:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) getelementptr (i8, ptr addrspace(2) @b, i32 32), ptr addrspace(2) @c,
; CHECK-LABEL: columns:
; CHECK:       act.tanh [r0+0x20], [r0+0x80], 8, 8
; CHECK:       act.tanh [r0+0x60], [r0+0x80], 8, 8
define void @columns(i32 %k) {
entry:
  %c = icmp sgt i32 %k, 0
  %t = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @b
  %p = getelementptr i8, ptr addrspace(2) %t, i32 32
  call void @neuronisa.act.tanh(ptr addrspace(2) %p, ptr addrspace(2) @c, i32 8, i32 8, float 1.0, float 0.0)
  ret void
}

; The two halves of one tile (partitions 0-3 or 4-7 of @a): as a select
; the partition start would be a run-time value, which no instruction can
; encode; split before the kernel verifier, each copy has its own. Written
; with a GEP instruction, or with a constant expression as clang emits
; `c ? &a[4] : &a[0]`.
; IR-LABEL: define void @halves(
; IR:         %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
; IR-NEXT:    br i1 %c, label %entry.tile.then, label %entry.tile.else
; IR:       entry.tile.then:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) %hi, ptr addrspace(2) @c, i32 4,
; IR:       entry.tile.else:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) @c, i32 4,
; IR-NOT:   select
; IR:       }
; CHECK-LABEL: halves:
; CHECK-DAG:   act.tanh [r0+0x0, p4], [r0+0x80], 4, 16
; CHECK-DAG:   act.tanh [r0+0x0], [r0+0x80], 4, 16
define void @halves(i32 %k) {
entry:
  %c = icmp sgt i32 %k, 0
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
  %x = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @a
  call void @neuronisa.act.tanh(ptr addrspace(2) %x, ptr addrspace(2) @c, i32 4, i32 16, float 1.0, float 0.0)
  ret void
}

; IR-LABEL: define void @halves_constant(
; IR:       entry.tile.then:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @c, ptr addrspace(2) @a, i32 4,
; IR:       entry.tile.else:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @c, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @a, i32 256), i32 4,
; IR-NOT:   select
; IR:       }
; CHECK-LABEL: halves_constant:
; CHECK-DAG:   act.tanh [r0+0x80], [r0+0x0], 4, 16
; CHECK-DAG:   act.tanh [r0+0x80], [r0+0x0, p4], 4, 16
define void @halves_constant(i32 %k) {
entry:
  %c = icmp eq i32 %k, 0
  %y = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @a, i32 256)
  call void @neuronisa.act.tanh(ptr addrspace(2) @c, ptr addrspace(2) %y, i32 4, i32 16, float 1.0, float 0.0)
  ret void
}

; Left alone: an HBM pointer (no tile), a run-time column (the access is not
; proved inside one tile in either form), and a select whose @small arm
; would be out of bounds (8 partitions of a 4-partition tile: a compile-time
; error for an arm that may never run).
; IR-LABEL: define void @not_split(
; IR-NOT:     br
; IR:         %h = select i1 %c, ptr addrspace(1) %x, ptr addrspace(1) %y
; IR:         %t = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @b
; IR:         %s = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @small
; IR-NOT:     br
; IR:         ret void
define void @not_split(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %k) {
entry:
  %c = icmp sgt i32 %k, 0
  %h = select i1 %c, ptr addrspace(1) %x, ptr addrspace(1) %y
  call void @neuronisa.dma.load(ptr addrspace(2) @a, ptr addrspace(1) %h, i32 8, i32 16, i32 64, i32 0)
  %col = and i32 %k, 32
  %t = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @b
  %r = getelementptr i8, ptr addrspace(2) %t, i32 %col
  call void @neuronisa.act.tanh(ptr addrspace(2) %r, ptr addrspace(2) @c, i32 8, i32 8, float 1.0, float 0.0)
  %s = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @small
  call void @neuronisa.act.tanh(ptr addrspace(2) %s, ptr addrspace(2) @c, i32 8, i32 16, float 1.0, float 0.0)
  ret void
}

; Nested selects, one condition inside the other's arm.
; IR-LABEL: define void @nested(
; IR:         br i1 %c, label %entry.tile.then, label %entry.tile.else
; IR:       entry.tile.then:
; IR-NEXT:    br i1 %d, label %entry.tile.then.tile.then, label %entry.tile.then.tile.else
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) @a,
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @a, ptr addrspace(2) @b,
; IR:       entry.tile.else:
; IR-NEXT:    call void @neuronisa.act.tanh(ptr addrspace(2) @b, ptr addrspace(2) @b,
; IR-NOT:   select
; IR:       }
define void @nested(i32 %k, i32 %m) {
entry:
  %c = icmp sgt i32 %k, 0
  %d = icmp sgt i32 %m, 0
  %x = select i1 %d, ptr addrspace(2) @a, ptr addrspace(2) @b
  %t = select i1 %c, ptr addrspace(2) %x, ptr addrspace(2) @b
  %u = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) %t
  call void @neuronisa.act.tanh(ptr addrspace(2) %u, ptr addrspace(2) %t, i32 8, i32 16, float 1.0, float 0.0)
  ret void
}

; The branch and both copies keep the call's debug location.
; IR-LABEL: define void @located(
; IR:         br i1 %c, label %entry.tile.then, label %entry.tile.else, !dbg [[LOC:![0-9]+]]
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @a, {{.*}}), !dbg [[LOC]]
; IR:         call void @neuronisa.act.tanh(ptr addrspace(2) @b, {{.*}}), !dbg [[LOC]]
; IR:       [[LOC]] = !DILocation(line: 7, column: 3,
define void @located(i32 %k) !dbg !5 {
entry:
  %c = icmp sgt i32 %k, 0
  %x = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) @b
  call void @neuronisa.act.tanh(ptr addrspace(2) %x, ptr addrspace(2) @c, i32 8, i32 16, float 1.0, float 0.0), !dbg !8
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/k")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "located", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
