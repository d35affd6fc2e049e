; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s
; With debug locations (neuronisa-clang always emits line tables), errors
; name the source file and line: an instruction's own location, the first
; located use of an alloca, the first line of a function (its scope line).
; The compile unit is C, so the messages name C's types and constructs.

; CHECK-DAG: error: kernel.c:7:9: in function wide{{.*}}: long long arithmetic is not supported: scalar code is 32-bit (int, unsigned)
; CHECK-DAG: error: kernel.c:12:5: in function stack{{.*}}: this local variable needs memory (a local array indexed at run time, a struct or array used as a whole, or a variable whose address is taken), and NeuronISA engines have no stack
; CHECK-DAG: error: kernel.c:20:0: in function nine{{.*}}: has 9 arguments

define i32 @wide(i32 %a) !dbg !5 {
  %x = sext i32 %a to i64, !dbg !8
  %r = trunc i64 %x to i32, !dbg !8
  ret i32 %r, !dbg !8
}

define i32 @stack(i32 %i) !dbg !9 {
  %a = alloca i32
  store i32 %i, ptr %a, !dbg !10
  %v = load i32, ptr %a, !dbg !10
  ret i32 %v, !dbg !10
}

define void @nine(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i) !dbg !11 {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "wide", scope: !1, file: !1, line: 5, scopeLine: 5, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DILocation(line: 7, column: 9, scope: !5)
!9 = distinct !DISubprogram(name: "stack", scope: !1, file: !1, line: 10, scopeLine: 10, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 12, column: 5, scope: !9)
!11 = distinct !DISubprogram(name: "nine", scope: !1, file: !1, line: 20, scopeLine: 20, type: !2, spFlags: DISPFlagDefinition, unit: !0)
