; RUN: not llc -mtriple=neuronisa < %s 2>&1 | FileCheck %s
; Tiles are placed by the backend; running out of SBUF or PSUM, or a tile of
; the wrong shape, is an error.

; 3 x 64 KiB fits in 192 KiB per partition; the fourth does not.
@a = internal addrspace(2) global [128 x [16384 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [16384 x float]] zeroinitializer
@c = internal addrspace(2) global [128 x [16384 x float]] zeroinitializer
@d = internal addrspace(2) global [128 x [16384 x float]] zeroinitializer
; 16 KiB of PSUM per partition.
@p = internal addrspace(3) global [128 x [8192 x float]] zeroinitializer
@flat = internal addrspace(2) global [512 x float] zeroinitializer
@tall = internal addrspace(2) global [256 x [4 x float]] zeroinitializer
@h = addrspace(1) global i32 0

; CHECK-DAG: error: tiles do not fit in SBUF: @d needs 65536 bytes per partition at offset 196608, capacity is 196608 bytes per partition
; CHECK-DAG: error: tiles do not fit in PSUM: @p needs 32768 bytes per partition at offset 0, capacity is 16384 bytes per partition
; CHECK-DAG: error: tile @flat in SBUF must have type [P x [F x float]]
; CHECK-DAG: error: tile @tall has 256 partitions; the machine has 128
; CHECK-DAG: error: global @h is in address space 1: NeuronISA kernels have only tiles (addrspace(2) SBUF, addrspace(3) PSUM); HBM data comes from kernel arguments

define void @k() {
  ret void
}
