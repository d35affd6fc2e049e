; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s
; Everything the engines cannot run is an error naming the problem, never a
; crash; each function with an error is reported and not compiled further.

declare void @helper(i32)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)

; CHECK-DAG: error: {{.*}}in function div64{{.*}}: unsupported type i64 in 'sext'
define i32 @div64(i32 %a, i32 %b) {
  %x = sext i32 %a to i64
  %y = sext i32 %b to i64
  %q = sdiv i64 %x, %y
  %r = trunc i64 %q to i32
  ret i32 %r
}

; CHECK-DAG: error: {{.*}}in function fp{{.*}}: unsupported type float in 'sitofp'
define i32 @fp(i32 %a) {
  %f = sitofp i32 %a to float
  %g = fadd float %f, 1.0
  %r = fptosi float %g to i32
  ret i32 %r
}

; CHECK-DAG: error: {{.*}}in function recurse{{.*}}: recursion is not supported
define void @recurse(i32 %n) {
  call void @recurse(i32 %n)
  ret void
}

; CHECK-DAG: error: {{.*}}in function calls_unknown{{.*}}: call to unknown function 'helper': kernels can only call @neuronisa.* builtins
define void @calls_unknown(i32 %n) {
  call void @helper(i32 %n)
  ret void
}

; CHECK-DAG: error: {{.*}}in function indirect{{.*}}: indirect calls are not supported
define void @indirect(ptr %f) {
  call void %f()
  ret void
}

; CHECK-DAG: error: {{.*}}in function ibr{{.*}}: indirect branches and exception handling are not supported
define void @ibr(ptr %t) {
  indirectbr ptr %t, [label %a]
a:
  ret void
}

; CHECK-DAG: error: {{.*}}in function dynalloca{{.*}}: dynamic allocas are not supported: NeuronISA engines have no stack
define void @dynalloca(i32 %n) {
  %p = alloca i32, i32 %n
  ret void
}

; CHECK-DAG: error: {{.*}}in function scalar_load{{.*}}: scalar memory accesses are not supported
define i32 @scalar_load(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) %p
  ret i32 %v
}

; CHECK-DAG: error: {{.*}}in function too_many_args{{.*}}: has 9 arguments; kernels take at most 8 (r1-r8)
define void @too_many_args(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i) {
  ret void
}

; CHECK-DAG: error: {{.*}}in function wide_arg{{.*}}: argument 1 has type i64; kernel arguments are i32 scalars or HBM pointers (ptr addrspace(1))
define void @wide_arg(i64 %a) {
  ret void
}

; CHECK-DAG: error: {{.*}}in function struct_arg{{.*}}: argument 1 is a struct passed by value; kernel arguments are i32 scalars or HBM pointers (ptr addrspace(1))
%pair = type { i32, i32 }
define i32 @struct_arg(ptr byval(%pair) %p) {
  %v = load i32, ptr %p
  ret i32 %v
}
