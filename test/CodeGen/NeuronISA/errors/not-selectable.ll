; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s --implicit-check-not=error:
; RUN: not llc -mtriple=neuronisa -O0 < %s 2>&1 | FileCheck %s --implicit-check-not=error:
; IR that instruction selection cannot select is rejected before it: an
; error naming the problem, never a crash inside SelectionDAG.

@s = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(3), float, i32, i32)
declare void @neuronisa.pe.wait(i32, i32)
declare void @llvm.assume(i1)

; An SBUF tile is not a PSUM tile.
; CHECK: error: {{.*}}in function cast_sbuf_to_psum{{.*}}: address space casts are not supported: HBM, SBUF and PSUM are distinct memories
define void @cast_sbuf_to_psum() {
  %p = addrspacecast ptr addrspace(2) @s to ptr addrspace(3)
  call void @neuronisa.pool.memset(ptr addrspace(3) %p, float 0.0, i32 8, i32 16)
  ret void
}

; The same as a constant expression.
; CHECK: error: {{.*}}in function cast_constant{{.*}}: address space casts are not supported: HBM, SBUF and PSUM are distinct memories
define void @cast_constant() {
  call void @neuronisa.pool.memset(ptr addrspace(3) addrspacecast (ptr addrspace(2) @s to ptr addrspace(3)), float 0.0, i32 8, i32 16)
  ret void
}

; A "deopt" bundle would make the call a statepoint.
; CHECK: error: {{.*}}in function deopt_bundle{{.*}}: operand bundles are not supported on calls (here on a call to 'neuronisa.dve.memset')
define void @deopt_bundle() {
  call void @neuronisa.dve.memset(ptr addrspace(2) @s, float 0.0, i32 8, i32 16) [ "deopt"() ]
  ret void
}

; CHECK: error: {{.*}}in function any_bundle{{.*}}: operand bundles are not supported on calls (here on a call to 'neuronisa.pe.wait')
define void @any_bundle(i32 %x) {
  call void @neuronisa.pe.wait(i32 0, i32 1) [ "foo"(i32 %x) ]
  ret void
}

; CHECK: error: {{.*}}in function va_arg_use{{.*}}: va_arg is not supported: kernels take at most 8 fixed arguments
define i32 @va_arg_use(ptr addrspace(1) %list) {
  %x = va_arg ptr addrspace(1) %list, i32
  ret i32 %x
}

; Accepted: an assume's bundles are assumptions, dropped with it.
define void @assume_bundle(ptr addrspace(1) %p) {
  call void @llvm.assume(i1 true) [ "nonnull"(ptr addrspace(1) %p) ]
  ret void
}
