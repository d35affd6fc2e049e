; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s
; RUN: not llc -mtriple=neuronisa -O0 < %s 2>&1 | FileCheck %s
; More live scalar values than allocatable registers (r1-r19): NeuronISA has
; no stack to spill to, so this is an error, at -O2 and -O0 alike.
; CHECK: error: {{.*}}in function pressure{{.*}}: needs a stack (register spills or stack objects), which NeuronISA engines do not have; reduce the number of live scalar values

define i32 @pressure(i32 %a, i32 %b) {
  %v0 = mul i32 %a, 3
  %w0 = xor i32 %v0, %b
  %v1 = mul i32 %a, 4
  %w1 = xor i32 %v1, %b
  %v2 = mul i32 %a, 5
  %w2 = xor i32 %v2, %b
  %v3 = mul i32 %a, 6
  %w3 = xor i32 %v3, %b
  %v4 = mul i32 %a, 7
  %w4 = xor i32 %v4, %b
  %v5 = mul i32 %a, 8
  %w5 = xor i32 %v5, %b
  %v6 = mul i32 %a, 9
  %w6 = xor i32 %v6, %b
  %v7 = mul i32 %a, 10
  %w7 = xor i32 %v7, %b
  %v8 = mul i32 %a, 11
  %w8 = xor i32 %v8, %b
  %v9 = mul i32 %a, 12
  %w9 = xor i32 %v9, %b
  %v10 = mul i32 %a, 13
  %w10 = xor i32 %v10, %b
  %v11 = mul i32 %a, 14
  %w11 = xor i32 %v11, %b
  %v12 = mul i32 %a, 15
  %w12 = xor i32 %v12, %b
  %v13 = mul i32 %a, 16
  %w13 = xor i32 %v13, %b
  %v14 = mul i32 %a, 17
  %w14 = xor i32 %v14, %b
  %v15 = mul i32 %a, 18
  %w15 = xor i32 %v15, %b
  %v16 = mul i32 %a, 19
  %w16 = xor i32 %v16, %b
  %v17 = mul i32 %a, 20
  %w17 = xor i32 %v17, %b
  %v18 = mul i32 %a, 21
  %w18 = xor i32 %v18, %b
  %v19 = mul i32 %a, 22
  %w19 = xor i32 %v19, %b
  %v20 = mul i32 %a, 23
  %w20 = xor i32 %v20, %b
  %v21 = mul i32 %a, 24
  %w21 = xor i32 %v21, %b
  %v22 = mul i32 %a, 25
  %w22 = xor i32 %v22, %b
  %v23 = mul i32 %a, 26
  %w23 = xor i32 %v23, %b
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %s1 = mul i32 %w0, %w1
  %s2 = mul i32 %s1, %w2
  %s3 = mul i32 %s2, %w3
  %s4 = mul i32 %s3, %w4
  %s5 = mul i32 %s4, %w5
  %s6 = mul i32 %s5, %w6
  %s7 = mul i32 %s6, %w7
  %s8 = mul i32 %s7, %w8
  %s9 = mul i32 %s8, %w9
  %s10 = mul i32 %s9, %w10
  %s11 = mul i32 %s10, %w11
  %s12 = mul i32 %s11, %w12
  %s13 = mul i32 %s12, %w13
  %s14 = mul i32 %s13, %w14
  %s15 = mul i32 %s14, %w15
  %s16 = mul i32 %s15, %w16
  %s17 = mul i32 %s16, %w17
  %s18 = mul i32 %s17, %w18
  %s19 = mul i32 %s18, %w19
  %s20 = mul i32 %s19, %w20
  %s21 = mul i32 %s20, %w21
  %s22 = mul i32 %s21, %w22
  %s23 = mul i32 %s22, %w23
  %t0 = add i32 %s23, %w0
  %t1 = add i32 %t0, %w1
  %t2 = add i32 %t1, %w2
  %t3 = add i32 %t2, %w3
  %t4 = add i32 %t3, %w4
  %t5 = add i32 %t4, %w5
  %t6 = add i32 %t5, %w6
  %t7 = add i32 %t6, %w7
  %t8 = add i32 %t7, %w8
  %t9 = add i32 %t8, %w9
  %t10 = add i32 %t9, %w10
  %t11 = add i32 %t10, %w11
  %t12 = add i32 %t11, %w12
  %t13 = add i32 %t12, %w13
  %t14 = add i32 %t13, %w14
  %t15 = add i32 %t14, %w15
  %t16 = add i32 %t15, %w16
  %t17 = add i32 %t16, %w17
  %t18 = add i32 %t17, %w18
  %t19 = add i32 %t18, %w19
  %t20 = add i32 %t19, %w20
  %t21 = add i32 %t20, %w21
  %t22 = add i32 %t21, %w22
  %t23 = add i32 %t22, %w23
  ret i32 %t23
}
