; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=none < %s 2>&1 | FileCheck %s
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=barrier < %s 2>&1 | FileCheck %s
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=precise < %s 2>&1 | FileCheck %s
; RUN: not llc -mtriple=neuronisa -O0 < %s 2>&1 | FileCheck %s
; Builtin calls are checked against their instruction: name, argument count
; and kinds, constant operands, address spaces and shapes.

@s = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@p = internal addrspace(3) global [128 x [512 x float]] zeroinitializer

declare void @neuronisa.dve.tt.frobnicate(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float, i32)
declare void @neuronisa.act.relu(ptr addrspace(2), ptr addrspace(2), i32, i32, i32, float)
declare void @neuronisa.pe.matmul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul.ok(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.pe.wait(i32, i32)

; CHECK-DAG: error: {{.*}}in function unknown_builtin{{.*}}: unknown builtin 'neuronisa.dve.tt.frobnicate'
define void @unknown_builtin() {
  call void @neuronisa.dve.tt.frobnicate(ptr addrspace(2) @s, ptr addrspace(2) @s, ptr addrspace(2) @s, i32 1, i32 1)
  ret void
}

; CHECK-DAG: error: {{.*}}in function non_constant_shape{{.*}}: argument 4 (f) of 'neuronisa.dve.copy' must be a constant i32
define void @non_constant_shape(i32 %f) {
  call void @neuronisa.dve.copy(ptr addrspace(2) @s, ptr addrspace(2) @s, i32 128, i32 %f)
  ret void
}

; CHECK-DAG: error: {{.*}}in function wrong_count{{.*}}: builtin 'neuronisa.pool.copy' takes 4 arguments (plus an optional completion semaphore), not 6
define void @wrong_count() {
  call void @neuronisa.pool.copy(ptr addrspace(2) @s, ptr addrspace(2) @s, i32 1, i32 1, i32 0, i32 0)
  ret void
}

; CHECK-DAG: error: {{.*}}in function matmul_to_sbuf{{.*}}: argument 1 (dst) of 'neuronisa.pe.matmul' must be a PSUM tile (addrspace(3))
define void @matmul_to_sbuf() {
  call void @neuronisa.pe.matmul(ptr addrspace(2) @s, ptr addrspace(2) @s, ptr addrspace(2) @s, i32 128, i32 128, i32 512, i32 0)
  ret void
}

; Every field is checked against the range of its operand type.
; CHECK-DAG: error: {{.*}}in function too_many_partitions{{.*}}: argument 3 (p) of 'neuronisa.dve.copy': partition count 129 out of range 1-128
define void @too_many_partitions() {
  call void @neuronisa.dve.copy(ptr addrspace(2) @s, ptr addrspace(2) @s, i32 129, i32 4)
  ret void
}

; CHECK-DAG: error: {{.*}}in function bad_queue{{.*}}: argument 6 (queue) of 'neuronisa.dma.load': DMA queue 16 out of range 0-15
define void @bad_queue(ptr addrspace(1) %in) {
  call void @neuronisa.dma.load(ptr addrspace(2) @s, ptr addrspace(1) %in, i32 128, i32 512, i32 2048, i32 16)
  ret void
}

; A negative queue is not a large one: no mode compiles it.
; CHECK-DAG: error: {{.*}}in function negative_queue{{.*}}: argument 6 (queue) of 'neuronisa.dma.load': DMA queue -1 out of range 0-15
define void @negative_queue(ptr addrspace(1) %in) {
  call void @neuronisa.dma.load(ptr addrspace(2) @s, ptr addrspace(1) %in, i32 128, i32 512, i32 2048, i32 -1)
  ret void
}

; CHECK-DAG: error: {{.*}}in function wide_matmul{{.*}}: argument 6 (n) of 'neuronisa.pe.matmul': matmul moving free size (one PSUM bank) 513 out of range 1-512
define void @wide_matmul() {
  call void (ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32) @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @s, ptr addrspace(2) @s, i32 128, i32 128, i32 513, i32 0)
  ret void
}

; CHECK-DAG: error: {{.*}}in function accumulate_flag{{.*}}: argument 7 (acc) of 'neuronisa.pe.matmul': flag 2 out of range 0-1
define void @accumulate_flag() {
  call void (ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32) @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @s, ptr addrspace(2) @s, i32 128, i32 128, i32 512, i32 2)
  ret void
}

; CHECK-DAG: error: {{.*}}in function bad_stride{{.*}}: 'neuronisa.dma.load': HBM row stride 16 is smaller than a row (2048 bytes)
define void @bad_stride(ptr addrspace(1) %in) {
  call void @neuronisa.dma.load(ptr addrspace(2) @s, ptr addrspace(1) %in, i32 128, i32 512, i32 16, i32 0)
  ret void
}

; CHECK-DAG: error: {{.*}}in function bad_semaphore{{.*}}: argument 7 (sem) of 'neuronisa.act.tanh' is semaphore 300, out of range 0-255
define void @bad_semaphore() {
  call void @neuronisa.act.tanh(ptr addrspace(2) @s, ptr addrspace(2) @s, i32 1, i32 1, float 1.0, float 0.0, i32 300)
  ret void
}

; CHECK-DAG: error: {{.*}}in function float_expected{{.*}}: argument 5 (scale) of 'neuronisa.act.relu' must be a constant float
define void @float_expected() {
  call void @neuronisa.act.relu(ptr addrspace(2) @s, ptr addrspace(2) @s, i32 1, i32 1, i32 1, float 0.0)
  ret void
}

; CHECK-DAG: error: {{.*}}in function dynamic_semaphore{{.*}}: argument 1 (s) of 'neuronisa.pe.wait' must be a constant semaphore number (0-255)
define void @dynamic_semaphore(i32 %s) {
  call void @neuronisa.pe.wait(i32 %s, i32 1)
  ret void
}
