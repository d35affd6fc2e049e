// What NeuronISA cannot run is an error at its C source location, from
// clang (types, overloads) or from the backend (which gets the locations
// from the source positions neuronisa-clang keeps in the IR, -g or not).
// RUN: not neuronisa-clang -S %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not neuronisa-clang -S -O0 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=O0
#include <neuronisa.h>

static __sbuf float t[128][512];
static __psum float acc[128][512];

struct pair {
  int a, b;
};

// CHECK-DAG: diagnostics.c:[[@LINE+1]]:1: error: argument 1 is a struct passed by value; kernel arguments are i32 scalars or HBM pointers
void struct_by_value(struct pair p) { neuronisa_dve_memset(t, 0.0f, 128, 4); }

int wide(int n) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:17: error: unsupported type i64 in 'sext'
  long long x = (long long)n * n;
  return (int)(x >> 33);
}

int floating(int n) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:13: error: unsupported type float in 'sitofp'
  float f = (float)n * 0.5f;
  return (int)f;
}

int local_array(int n, int i) {
  int a[8];
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:31: error: stack objects (alloca) are not supported: NeuronISA engines have no stack
  for (int k = 0; k < 8; ++k) a[k] = k * n;
  return a[i & 7];
}

void helper(void);
// Each call is reported.
// CHECK-DAG: diagnostics.c:[[@LINE+2]]:27: error: call to unknown function 'helper': kernels can only call @neuronisa.* builtins
// CHECK-DAG: diagnostics.c:[[@LINE+1]]:37: error: call to unknown function 'helper'
void unknown_call(void) { helper(); helper(); }

// CHECK-DAG: diagnostics.c:[[@LINE+1]]:1: error: has 9 arguments; kernels take at most 8 (r1-r8)
void nine(int a, int b, int c, int d, int e, int f, int g, int h, int i) {}

void run_time_shape(int p) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: argument 3 (p) of 'neuronisa.dve.copy' must be a constant i32
  neuronisa_dve_copy(t, t, p, 512);
}

void bad_queue(const __hbm float *in) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: argument 6 (queue) of 'neuronisa.dma.load': DMA queue 16 out of range 0-15
  neuronisa_dma_load(t, in, 128, 512, 2048, 16);
}

// A row index is a partition: &t[64][0] starts at partition 64, and 128
// partitions from there run past the tile and the machine's partitions;
// &small[32][0] with 64 partitions runs past the tile's 64.
static __sbuf float small[64][512];
void rows_past_tile(void) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa.dve.copy': dst partitions [64, 192) exceed the machine's 128
  neuronisa_dve_copy(&t[64][0], t, 128, 512);
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa.dve.copy' src: 64 partitions x 512 elements at partition 32, element 0 of tile @small [64 x [512 x float]] run 32 partitions past its last partition
  neuronisa_dve_copy(t, &small[32][0], 64, 512);
}

void columns_past_tile(void) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa.dve.copy' src: 128 partitions x 512 elements at partition 0, element 256 of tile @t [128 x [512 x float]] run 256 elements past the end of its partitions
  neuronisa_dve_copy(acc, &t[0][256], 128, 512);
}

// The partition an instruction starts at is a field of the instruction: it
// cannot come from a run-time row index.
void run_time_row(int r) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa.dve.memset' dst: a run-time index into tile @t [128 x [512 x float]] steps 2048 bytes, a multiple of its partition size (2048 bytes): run-time partition indices are not supported, the partition start must be a constant
  neuronisa_dve_memset(&t[r][0], 0.0f, 1, 512);
}

// O0: diagnostics.c:{{[0-9]+}}:1: error: argument 1 is a struct passed by value
// O0: error: call to unknown function 'helper'
