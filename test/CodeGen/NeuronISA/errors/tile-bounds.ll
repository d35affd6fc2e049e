; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s --implicit-check-not=error:
; A builtin's access must lie inside the tile its pointer names: a tile
; global [P x [F x float]] is addressed with LLVM's memory model, so a byte
; offset B means partition B / 4F, byte B % 4F. An access past the end of
; its partitions, past the tile's last partition, before the tile, between
; fp32 elements, or with a run-time partition index is an error naming the
; builtin, the tile, its shape and the overflow (never a write into the
; neighbouring tile).

@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@w = internal addrspace(2) global [8 x [32 x float]] zeroinitializer
@p = internal addrspace(3) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.copy(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.act.exp.bias(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, float)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.transpose(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)

; F = 32 on a tile of 16: would write the first 16 elements of @b.
; CHECK: error: {{.*}}in function memset_too_wide{{.*}}: 'neuronisa.dve.memset' dst: 8 partitions x 32 elements at partition 0, element 0 of tile @a [8 x [16 x float]] run 16 elements past the end of its partitions
define void @memset_too_wide() {
  call void @neuronisa.dve.memset(ptr addrspace(2) @a, float 1.0, i32 8, i32 32)
  ret void
}

; A typed GEP's first index is a partition: partitions 1-8 of an 8-partition tile.
; CHECK: error: {{.*}}in function typed_gep_partition{{.*}}: 'neuronisa.dve.memset' dst: 8 partitions x 16 elements at partition 1, element 0 of tile @a [8 x [16 x float]] run 1 partition past its last partition
define void @typed_gep_partition() {
  %row1 = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 1
  call void @neuronisa.dve.memset(ptr addrspace(2) %row1, float 1.0, i32 8, i32 16)
  ret void
}

; A column block: byte 32 (< 64) stays in partition 0; 8 + 12 elements > 16.
; CHECK: error: {{.*}}in function column_block{{.*}}: 'neuronisa.dve.copy' src: 4 partitions x 12 elements at partition 0, element 8 of tile @a [8 x [16 x float]] run 4 elements past the end of its partitions
define void @column_block() {
  %c = getelementptr i8, ptr addrspace(2) @a, i32 32
  call void @neuronisa.dve.copy(ptr addrspace(2) @b, ptr addrspace(2) %c, i32 4, i32 12)
  ret void
}

; C's &x[6][0] with 4 partitions.
; CHECK: error: {{.*}}in function c_row_index{{.*}}: 'neuronisa.dve.copy' dst: 4 partitions x 16 elements at partition 6, element 0 of tile @b [8 x [16 x float]] run 2 partitions past its last partition
define void @c_row_index() {
  %r = getelementptr [16 x float], ptr addrspace(2) @b, i32 6
  call void @neuronisa.dve.copy(ptr addrspace(2) %r, ptr addrspace(2) @a, i32 4, i32 16)
  ret void
}

; CHECK: error: {{.*}}in function before_tile{{.*}}: 'neuronisa.dve.memset' dst: starts 64 bytes before tile @b [8 x [16 x float]]
define void @before_tile() {
  %r = getelementptr i8, ptr addrspace(2) @b, i32 -64
  call void @neuronisa.dve.memset(ptr addrspace(2) %r, float 1.0, i32 1, i32 16)
  ret void
}

; CHECK: error: {{.*}}in function between_elements{{.*}}: 'neuronisa.dve.memset' dst: starts at byte 6 of tile @a [8 x [16 x float]], not at an fp32 element
define void @between_elements() {
  %r = getelementptr i8, ptr addrspace(2) @a, i32 6
  call void @neuronisa.dve.memset(ptr addrspace(2) %r, float 1.0, i32 1, i32 4)
  ret void
}

; Each operand is checked with its own shape: the bias tile is [P x 1], so
; its last column fits (see @fits), but element 32 of a row of 32 is the
; first element of the next partition.
; CHECK: error: {{.*}}in function bias_operand{{.*}}: 'neuronisa.act.exp.bias' bias: 8 partitions x 1 elements at partition 1, element 0 of tile @w [8 x [32 x float]] run 1 partition past its last partition
define void @bias_operand() {
  %next = getelementptr [8 x [32 x float]], ptr addrspace(2) @w, i32 0, i32 0, i32 32
  call void @neuronisa.act.exp.bias(ptr addrspace(2) @w, ptr addrspace(2) @w, ptr addrspace(2) %next, i32 8, i32 16, float 1.0)
  ret void
}

; Matmul: stationary [K x M], moving [K x N], dst [M x N].
; CHECK: error: {{.*}}in function matmul_k{{.*}}: 'neuronisa.pe.matmul' stationary: 16 partitions x 8 elements at partition 0, element 0 of tile @a [8 x [16 x float]] run 8 partitions past its last partition
define void @matmul_k() {
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @a, ptr addrspace(2) @w, i32 16, i32 8, i32 16, i32 0)
  ret void
}

; Transpose: dst is [F x P].
; CHECK: error: {{.*}}in function transpose_dst{{.*}}: 'neuronisa.pe.transpose' dst: 32 partitions x 8 elements at partition 0, element 0 of tile @p [8 x [16 x float]] run 24 partitions past its last partition
define void @transpose_dst() {
  call void @neuronisa.pe.transpose(ptr addrspace(3) @p, ptr addrspace(2) @w, i32 8, i32 32)
  ret void
}

; DMA: the on-chip side is checked like any tile.
; CHECK: error: {{.*}}in function dma_side{{.*}}: 'neuronisa.dma.load' dst: 8 partitions x 32 elements at partition 0, element 0 of tile @b [8 x [16 x float]] run 16 elements past the end of its partitions
define void @dma_side(ptr addrspace(1) %in) {
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 8, i32 32, i32 128, i32 0)
  ret void
}

; A run-time index that steps whole partitions cannot be encoded: the
; partition start is an immediate.
; CHECK: error: {{.*}}in function runtime_partition_index{{.*}}: 'neuronisa.dve.memset' dst: the row of this address into tile @a [8 x [16 x float]] is chosen at run time (it moves by 64 bytes per step, a row of 64 bytes): a row is a partition, which an instruction names as a constant
define void @runtime_partition_index(i32 %i) {
  %r = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 %i
  call void @neuronisa.dve.memset(ptr addrspace(2) %r, float 1.0, i32 1, i32 16)
  ret void
}

; The same, through the pointer phi that loop strength reduction makes of a
; loop over partitions (found with ScalarEvolution).
; CHECK: error: {{.*}}in function partition_loop{{.*}}: 'neuronisa.dve.memset' dst: the row of this address into tile @a [8 x [16 x float]] is chosen at run time (it moves by 64 bytes per step, a row of 64 bytes): a row is a partition, which an instruction names as a constant
define void @partition_loop(i32 %n) {
entry:
  br label %loop
loop:
  %ptr = phi ptr addrspace(2) [ @a, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @neuronisa.dve.memset(ptr addrspace(2) %ptr, float 1.0, i32 1, i32 16)
  %next = getelementptr i8, ptr addrspace(2) %ptr, i32 64
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The partition start must not depend on which value a pointer takes: a
; phi has no condition at the call to branch on.
; CHECK: error: {{.*}}in function ambiguous_partition{{.*}}: 'neuronisa.dve.memset' dst: the values of this tile pointer start at different partitions (0 of @a, 2 of @b): the partition start must be a constant
define void @ambiguous_partition(i1 %c) {
entry:
  %r = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %s = phi ptr addrspace(2) [ @a, %entry ], [ %r, %then ]
  call void @neuronisa.dve.memset(ptr addrspace(2) %s, float 1.0, i32 1, i32 16)
  ret void
}

; A select between places at different partitions is compiled as one call
; per arm (neuronisa-tile-select-split) when every arm is a constant place
; whose access lies inside its tile; otherwise it stays a select, and the
; same error follows: an arm at a run-time column, an arm whose access
; would run past its tile (partitions 4-11 of the 8 of @a).
; CHECK: error: {{.*}}in function select_run_time_column{{.*}}: 'neuronisa.dve.memset' dst: the values of this tile pointer start at different partitions (2 of @b, 0 of @a): the partition start must be a constant
define void @select_run_time_column(i1 %c, i32 %k) {
  %col = and i32 %k, 8
  %r = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2, i32 %col
  %s = select i1 %c, ptr addrspace(2) %r, ptr addrspace(2) @a
  call void @neuronisa.dve.memset(ptr addrspace(2) %s, float 1.0, i32 1, i32 8)
  ret void
}
; CHECK: error: {{.*}}in function select_arm_out_of_bounds{{.*}}: 'neuronisa.dve.memset' dst: the values of this tile pointer start at different partitions (4 of @a, 0 of @a): the partition start must be a constant
define void @select_arm_out_of_bounds(i1 %c) {
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
  %s = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @a
  call void @neuronisa.dve.memset(ptr addrspace(2) %s, float 1.0, i32 8, i32 16)
  ret void
}

; Accepted (no error, --implicit-check-not): the last partition and the last
; element of a tile, a partition slice with a column block, a select between
; two halves of a tile or between two tiles at different partitions (split
; into one call per arm).
define void @fits(i1 %c) {
  %last = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 7, i32 15
  call void @neuronisa.dve.memset(ptr addrspace(2) %last, float 1.0, i32 1, i32 1)
  %mid = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4, i32 8
  call void @neuronisa.dve.copy(ptr addrspace(2) %mid, ptr addrspace(2) @b, i32 4, i32 8)
  %col = getelementptr [8 x [32 x float]], ptr addrspace(2) @w, i32 0, i32 0, i32 31
  call void @neuronisa.act.exp.bias(ptr addrspace(2) @w, ptr addrspace(2) @w, ptr addrspace(2) %col, i32 8, i32 16, float 1.0)
  %hi = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 4
  %half = select i1 %c, ptr addrspace(2) %hi, ptr addrspace(2) @a
  call void @neuronisa.dve.memset(ptr addrspace(2) %half, float 1.0, i32 4, i32 16)
  %b2 = getelementptr [8 x [16 x float]], ptr addrspace(2) @b, i32 0, i32 2
  %either = select i1 %c, ptr addrspace(2) @a, ptr addrspace(2) %b2
  call void @neuronisa.dve.memset(ptr addrspace(2) %either, float 1.0, i32 1, i32 16)
  ret void
}
