; IR with full debug information (what clang -g makes: a variable in a
; register, a tile global with its own DWARF location) compiles to line
; tables only, with one warning: .loc directives in the assembly, a
; .debug_line the stock llvm-dwarfdump reads in the object, and no variable,
; type, location list or call frame information; the code is that of the
; module without debug information. neuronisa-asm assembles the assembly into
; the same object.
; RUN: rm -rf %t && mkdir -p %t
; RUN: llc -mtriple=neuronisa %s -o %t/k.s 2> %t/k.err
; RUN: FileCheck %s < %t/k.s
; RUN: FileCheck --check-prefix=WARN %s < %t/k.err
; RUN: not grep -E "DW_TAG_(variable|base_type|array_type)|debug_loclists|debug_frame|\.cfi_" %t/k.s
; RUN: llc -mtriple=neuronisa -filetype=obj %s -o %t/k.o 2>/dev/null
; RUN: neuronisa-asm -filetype=obj %t/k.s -o %t/k.s.o
; RUN: cmp %t/k.o %t/k.s.o
; RUN: llvm-readelf -S -r %t/k.o | FileCheck --check-prefix=SECTIONS %s
; RUN: llvm-dwarfdump --debug-line %t/k.o 2>/dev/null | FileCheck --check-prefix=LINES %s
; RUN: llvm-dwarfdump --debug-info %t/k.o 2>/dev/null | FileCheck --check-prefix=INFO %s
; RUN: opt -strip-debug %s -o - | llc -mtriple=neuronisa -filetype=obj -o %t/nodebug.o
; RUN: llvm-readelf -x .text %t/k.o > %t/k.hex
; RUN: llvm-readelf -x .text %t/nodebug.o > %t/nodebug.hex
; RUN: cmp %t/k.hex %t/nodebug.hex

; WARN: warning: -g: only line tables are emitted for NeuronISA; variable locations and types are not supported
; WARN-NOT: warning:

; CHECK:      first:
; CHECK:      .file 0 "/src" "k.c"
; CHECK:      .loc 0 4 3 prologue_end
; CHECK-NEXT: dve.memset [r0+0x0], 1.0, 8, 16
; CHECK:      .loc 0 5 3
; CHECK:      dma.store
; CHECK:      .loc 0 6 1
; CHECK-NEXT: ret
; CHECK:      second:
; CHECK:      .loc 0 9 3 prologue_end
; CHECK:      .section .debug_line

; No relocation: section offsets are label differences, code addresses
; .text offsets.
; SECTIONS: .debug_info
; SECTIONS: .debug_line
; SECTIONS-NOT: .rela
; SECTIONS: There are no relocations in this file.

; LINES:      min_inst_length: 8
; LINES:      include_directories[  0] = "/src"
; LINES:      name: "k.c"
; LINES:      Address Line Column File
; LINES:      0x0000000000000000 4 3 0 {{.*}} prologue_end
; LINES-NEXT: 0x0000000000000020 5 3 0
; LINES-NEXT: 0x0000000000000048 6 1 0
; LINES-NEXT: 0x0000000000000050 9 3 0 {{.*}} prologue_end
; LINES-NEXT: 0x0000000000000070 10 1 0
; LINES-NEXT: 0x0000000000000078 10 1 0 {{.*}} end_sequence

; INFO:     DW_TAG_compile_unit
; INFO:       DW_AT_name ("k.c")
; INFO:       DW_AT_low_pc (0x00000000)
; INFO:       DW_AT_high_pc (0x00000078)
; INFO-NOT: DW_TAG_variable

@t = internal addrspace(2) global [8 x [16 x float]] zeroinitializer, !dbg !20

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @first(i32 %n, ptr addrspace(1) noalias %out) !dbg !5 {
    #dbg_value(i32 %n, !12, !DIExpression(), !8)
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 1.0, i32 8, i32 16), !dbg !8
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @t, i32 8, i32 16, i32 64, i32 0), !dbg !9
  ret void, !dbg !10
}

define void @second() !dbg !14 {
  call void @neuronisa.dve.memset(ptr addrspace(2) @t, float 2.0, i32 8, i32 16), !dbg !15
  ret void, !dbg !16
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !19)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "first", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!6 = !DISubroutineType(types: !7)
!7 = !{null, !13}
!8 = !DILocation(line: 4, column: 3, scope: !5)
!9 = !DILocation(line: 5, column: 3, scope: !5)
!10 = !DILocation(line: 6, column: 1, scope: !5)
!11 = !{!12}
!12 = !DILocalVariable(name: "n", arg: 1, scope: !5, file: !1, line: 3, type: !13)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = distinct !DISubprogram(name: "second", scope: !1, file: !1, line: 8, type: !6, scopeLine: 8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!15 = !DILocation(line: 9, column: 3, scope: !14)
!16 = !DILocation(line: 10, column: 1, scope: !14)
!17 = !DICompositeType(tag: DW_TAG_array_type, baseType: !18, size: 4096, elements: !{})
!18 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!19 = !{!20}
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "t", scope: !0, file: !1, line: 1, type: !17, isLocal: true, isDefinition: true)
