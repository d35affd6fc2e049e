; RUN: sed 's/DW_LANG_C11/DW_LANG_Mips_Assembler/' %s | not llc -mtriple=neuronisa 2>&1 | FileCheck %s --implicit-check-not=@internal --implicit-check-not=@defined --implicit-check-not=@odr
; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s --check-prefix=C
; The backend places every tile on chip, so a tile needs the one definition
; it will have: a declaration (external, extern_weak) is defined elsewhere,
; and a weak or common definition may be replaced at link time. Each is an
; error at its first use (with the use's source line), never a tile placed
; like an internal one.

; CHECK-DAG: error: k.c:3:5: in function k{{.*}}: tile @ext has external linkage: a tile must be defined in the module, with a definition the linker cannot replace (internal, private or external)
; CHECK-DAG: error: k.c:4:5: in function k{{.*}}: tile @extweak has extern_weak linkage
; CHECK-DAG: error: k.c:5:5: in function k{{.*}}: tile @wk has weak linkage
; CHECK-DAG: error: k.c:6:5: in function k{{.*}}: tile @com has common linkage
; An unused one: an error too, without a place.
; CHECK-DAG: error: tile @unused has external linkage
; Definitions are tiles: no error names them.

; The same in C terms (an extern tile, a tentative definition, a weak one).
; C-DAG: error: k.c:3:5: in function k{{.*}}: tile 'ext' is declared but not defined (extern): a tile must be defined once, in the kernel's file
; C-DAG: error: k.c:6:5: in function k{{.*}}: tile 'com' is a tentative or weak definition: a tile must be defined once, in the kernel's file

@ext = external addrspace(2) global [4 x [16 x float]]
@extweak = extern_weak addrspace(2) global [4 x [16 x float]]
@wk = weak addrspace(2) global [4 x [16 x float]] zeroinitializer
@com = common addrspace(2) global [4 x [16 x float]] zeroinitializer
@unused = external addrspace(3) global [4 x [16 x float]]
@internal = internal addrspace(2) global [4 x [16 x float]] zeroinitializer
@defined = addrspace(2) global [4 x [16 x float]] zeroinitializer
@odr = weak_odr addrspace(2) global [4 x [16 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)

define void @k() !dbg !5 {
  call void @neuronisa.dve.memset(ptr addrspace(2) @ext, float 1.0, i32 4, i32 16), !dbg !6
  call void @neuronisa.dve.memset(ptr addrspace(2) @extweak, float 1.0, i32 4, i32 16), !dbg !7
  call void @neuronisa.dve.memset(ptr addrspace(2) @wk, float 1.0, i32 4, i32 16), !dbg !8
  call void @neuronisa.dve.memset(ptr addrspace(2) @com, float 1.0, i32 4, i32 16), !dbg !9
  call void @neuronisa.dve.memset(ptr addrspace(2) @internal, float 1.0, i32 4, i32 16), !dbg !9
  call void @neuronisa.dve.memset(ptr addrspace(2) @defined, float 1.0, i32 4, i32 16), !dbg !9
  call void @neuronisa.dve.memset(ptr addrspace(2) @odr, float 1.0, i32 4, i32 16), !dbg !9
  ret void, !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, scopeLine: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DILocation(line: 3, column: 5, scope: !5)
!7 = !DILocation(line: 4, column: 5, scope: !5)
!8 = !DILocation(line: 5, column: 5, scope: !5)
!9 = !DILocation(line: 6, column: 5, scope: !5)
