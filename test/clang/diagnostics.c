// What NeuronISA cannot run and only the compiled code shows is an error
// at its C source location from the backend (which gets the locations from
// the source positions neuronisa-clang keeps in the IR, -g or not), in C
// terms, once. Declarations are checked before any code is generated
// (source-diagnostics.c); clang itself rejects type errors
// (sema-diagnostics.c).
// RUN: not neuronisa-clang -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,O2 --implicit-check-not=error:
// RUN: not neuronisa-clang -S -O0 %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,O0 --implicit-check-not=error:
#include <neuronisa.h>

static __sbuf float t[128][512];
static __psum float acc[128][512];
static const __sbuf float ones[1][128] = {{1, 1, 1, 1}};

int wide(int n) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:17: error: long long arithmetic is not supported: scalar code is 32-bit (int, unsigned)
  long long x = (long long)n * n;
  return (int)(x >> 33);
}

int floating(int n) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:13: error: converting an integer to float is not supported: scalar code is integer; floating-point math runs on tiles, through builtins, whose float arguments are compile-time constants
  float f = (float)n * 0.5f;
  return (int)f;
}

int local_array(int n, int i) {
  int a[8];
  // O0-DAG: diagnostics.c:[[@LINE+3]]:10: error: this local variable needs memory (a local array indexed at run time, a struct or array used as a whole, or a variable whose address is taken), and NeuronISA engines have no stack: index local arrays with constants only and keep values in scalar variables
  // O2-DAG: diagnostics.c:[[@LINE+1]]:31: error: this local variable needs memory (a local array indexed at run time, a struct or array used as a whole, or a variable whose address is taken), and NeuronISA engines have no stack: index local arrays with constants only and keep values in scalar variables
  for (int k = 0; k < 8; ++k) a[k] = k * n;
  return a[i & 7];
}

int constant_table(int n) {
  const int q[4] = {3, 1, 4, 1};
  // O0-DAG: diagnostics.c:[[@LINE+2]]:10: error: this local variable needs memory (a local array indexed at run time, a struct or array used as a whole, or a variable whose address is taken), and NeuronISA engines have no stack: index local arrays with constants only and keep values in scalar variables
  // O2-DAG: diagnostics.c:[[@LINE+1]]:10: error: the constant local array or struct 'q' is read at a run-time index, which needs memory: NeuronISA engines have no scalar memory. Compute the value instead (?:, a switch, arithmetic), or load the table from HBM into a tile
  return q[n & 3];
}

void assembly(void) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: inline assembly is not supported: kernels use the builtins of neuronisa.h
  __asm__ volatile("nop");
}

// (A choice of two labels becomes a conditional branch; of three, not.)
void computed_goto(int n) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:10: error: computed goto (goto *p) is not supported: use a switch
  goto *(n > 5 ? &&a : n > 2 ? &&b : &&c);
a:
  neuronisa_dve_memset(t, 1.0f, 128, 4);
b:
  neuronisa_dve_memset(t, 2.0f, 128, 4);
c:
  return;
}

void run_time_shape(int p) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: argument 3 (p) of 'neuronisa_dve_copy' must be a compile-time constant int
  neuronisa_dve_copy(t, t, p, 512);
}

void bad_queue(const __hbm float *in) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: argument 6 (queue) of 'neuronisa_dma_load': DMA queue 16 out of range 0-15
  neuronisa_dma_load(t, in, 128, 512, 2048, 16);
}

// A row index is a partition: &t[64][0] starts at partition 64, and 128
// partitions from there run past the tile and the machine's partitions;
// &small[32][0] with 64 partitions runs past the tile's 64.
static __sbuf float small[64][512];
void rows_past_tile(void) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa_dve_copy': dst partitions [64, 192) exceed the machine's 128
  neuronisa_dve_copy(&t[64][0], t, 128, 512);
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa_dve_copy' src: 64 partitions x 512 elements at partition 32, element 0 of tile 'small' (float[64][512]) run 32 partitions past its last partition
  neuronisa_dve_copy(t, &small[32][0], 64, 512);
}

void columns_past_tile(void) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa_dve_copy' src: 128 partitions x 512 elements at partition 0, element 256 of tile 't' (float[128][512]) run 256 elements past the end of its partitions
  neuronisa_dve_copy(acc, &t[0][256], 128, 512);
}

// The partition an instruction starts at is a field of the instruction: it
// cannot come from a run-time row index (address-rule.test has the shapes).
void run_time_row(int r) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa_dve_memset' dst: the row of this address into tile 't' (float[128][512]) is chosen at run time (it moves by 2048 bytes per step, a row of 2048 bytes): a row is a partition, which an instruction names as a constant. Make the row a compile-time constant: unroll the loop over rows (#pragma unroll) or choose among constant rows with if/else; run-time offsets may only move along a row (columns)
  neuronisa_dve_memset(&t[r][0], 0.0f, 1, 512);
}

void writes_const(void) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:3: error: 'neuronisa_dve_memset' dst: writes tile 'ones' (float[1][128]), which is constant (a const tile: its initial contents are all it ever holds)
  neuronisa_dve_memset((__sbuf void *)ones, 0.0f, 1, 128);
}

// A DMA queue is a field of the instruction: the loop counter's parity is a
// constant only in a double-buffered loop, which the compiler unrolls by 2
// (Inputs/parity-queue.c); here it is not.
static __sbuf float ping[8][64];
void parity_queue(const __hbm float *in, int n) {
  for (int i = 0; i < n; ++i)
    // O2-DAG: diagnostics.c:[[@LINE+2]]:5: error: argument 6 (queue) of 'neuronisa_dma_load' must be a compile-time constant int: it is a field of the instruction. A loop counter's parity (i & 1, i % 2) is a constant only in a loop the compiler unrolls by 2, one whose tile pointers alternate (double buffering); elsewhere choose with if/else: if (i & 1) call(..., 1); else call(..., 0);
    // O0-DAG: diagnostics.c:[[@LINE+1]]:5: error: argument 6 (queue) of 'neuronisa_dma_load' must be a compile-time constant int: it is a field of the instruction. A loop counter's parity (i & 1, i % 2) is a constant only in a loop the compiler unrolls by 2
    neuronisa_dma_load(ping, in + i * 512, 8, 64, 256, i & 1);
}

void float_choice(int c) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:39: error: choosing a float at run time (?:, or a variable assigned on several paths) is not supported: float builtin arguments are compile-time constants; call the builtin once per value, with if/else
  neuronisa_act_identity(t, t, 8, 64, c ? 2.0f : 3.0f, 0.0f);
}

static void set_one(void) { neuronisa_dve_memset(t, 1.0f, 1, 4); }
static void set_two(void) { neuronisa_dve_memset(t, 2.0f, 1, 4); }
void pointer_call(int c) {
  // CHECK-DAG: diagnostics.c:[[@LINE+1]]:21: error: calls through function pointers are not supported: call the function by its name (a static function, which is inlined)
  void (*f)(void) = c ? set_one : set_two;
  f();
}
