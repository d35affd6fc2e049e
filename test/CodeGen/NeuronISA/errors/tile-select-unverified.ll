; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s --implicit-check-not=error:
; neuronisa-tile-select-split runs before the kernel verifier, on IR nobody
; has checked yet. It splits only plain calls of builtins with no result and
; no operand bundles, and keeps a split only if both copies pass the
; builtin's checks; everything else reaches the verifier as it was written,
; and each problem is reported once (not once per copy), never a crash.
; Every call here chooses between the two halves of @t, which is only
; compilable split.

@t = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@d = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare i32 @__gxx_personality_v0(...)

; An invoke ends its block: not copied, reported as it stands (the invoke
; and the landing pad).
; CHECK-COUNT-2: error: {{.*}}in function invoked{{.*}}: indirect branches and exception handling are not supported
define void @invoked(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @t
  invoke void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 4, i32 16, float 1.0, float 0.0)
      to label %ok unwind label %lp
ok:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  ret void
}

; An operand bundle: one error, at the call.
; CHECK: error: {{.*}}in function bundled{{.*}}: operand bundles are not supported on calls (here on a call to 'neuronisa.act.tanh')
define void @bundled(i1 %c, i32 %v) {
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @t
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 4, i32 16, float 1.0, float 0.0) [ "x"(i32 %v) ]
  ret void
}

; A call with a result (through a mismatched function type): one error.
; CHECK: error: {{.*}}in function with_result{{.*}}: builtin 'neuronisa.act.tanh' must return void
define i32 @with_result(i1 %c) {
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @t
  %r = call i32 @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 4, i32 16, float 1.0, float 0.0)
  ret i32 %r
}

; Copies that would fail the builtin's checks (a run-time shape): not
; split, the call is reported once.
; CHECK: error: {{.*}}in function bad_operand{{.*}}: argument 3 (p) of 'neuronisa.act.tanh' must be a constant i32
define void @bad_operand(i1 %c, i32 %p) {
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @t
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 %p, i32 16, float 1.0, float 0.0)
  ret void
}

; A condition computed in i64: the split branches on it, and the verifier
; reports the root (the sext) once.
; CHECK: error: {{.*}}in function wide_condition{{.*}}: unsupported type i64 in 'sext'
define void @wide_condition(i32 %k) {
  %w = sext i32 %k to i64
  %c = icmp sgt i64 %w, 0
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @t
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 4, i32 16, float 1.0, float 0.0)
  ret void
}

; Another problem in the function: split, the call itself is fine; only
; the alloca is reported.
; CHECK: error: {{.*}}in function other_problem{{.*}}: stack objects (alloca) are not supported
define void @other_problem(i1 %c) {
  %a = alloca i32
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) @t, i32 4, i32 16, float 1.0, float 0.0)
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @t
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 4, i32 16, float 1.0, float 0.0)
  ret void
}

; Accepted: in unreachable code a select may name itself (valid IR there);
; the split gives up on it (no constant leaf within its budget), and
; instruction selection never sees the block.
define void @unreachable_self_select(i1 %c) {
entry:
  ret void
dead:
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @t, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %s, ptr addrspace(2) %hi
  call void @neuronisa.act.tanh(ptr addrspace(2) @d, ptr addrspace(2) %s, i32 4, i32 16, float 1.0, float 0.0)
  br label %dead
}
