; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s
; An unsupported value is reported where it is made, once: not again at
; every instruction that uses it (each would name the same problem).

declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
@t = internal addrspace(2) global [128 x [4 x float]] zeroinitializer

; CHECK: error: {{.*}}in function wide{{.*}}: unsupported type i64 in 'sext'
; CHECK: error: {{.*}}in function stack{{.*}}: stack objects (alloca) are not supported
; CHECK: error: {{.*}}in function byval{{.*}}: argument 1 is a struct passed by value
; CHECK-NOT: error:

define i32 @wide(i32 %a) {
  %x = sext i32 %a to i64
  %y = mul i64 %x, %x
  %z = lshr i64 %y, 33
  %r = trunc i64 %z to i32
  ret i32 %r
}

define i32 @stack(i32 %i) {
  %a = alloca [8 x i32]
  %p = getelementptr [8 x i32], ptr %a, i32 0, i32 %i
  store i32 %i, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}

%pair = type { i32, i32 }
define void @byval(ptr byval(%pair) %p) {
  %n = load i32, ptr %p
  call void @neuronisa.dve.copy(ptr addrspace(2) @t, ptr addrspace(2) @t, i32 %n, i32 4)
  ret void
}
