// C constructs a kernel file cannot have, reported by neuronisa-clang at
// the declaration or call, in C terms, before any code is generated (and
// so at every optimization level alike). Each appears once.
// RUN: not neuronisa-clang -S -O0 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not neuronisa-clang -S -O2 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
#include <neuronisa.h>

static __sbuf float t[128][512];

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:19: error: tile 'ints' is int[128][64]: a tile is an array float[P][F], P rows (partitions, 1-128) of F floats each
static __sbuf int ints[128][64];
// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:21: error: tile 'cube' is float[2][4][4]: a tile is an array float[P][F], P rows (partitions, 1-128) of F floats each
static __sbuf float cube[2][4][4];
// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:21: error: tile 'row' is float[512]: a tile is an array float[P][F], P rows (partitions, 1-128) of F floats each
static __sbuf float row[512];

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:5: error: global variable 'counter' is not supported: NeuronISA engines have no memory for scalars (only tiles: __sbuf or __psum float arrays); pass the value as a kernel argument, or make it a constant (const, #define, enum) or a local variable
int counter;
// A constant is folded into the code.
static const int Columns = 512;

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:6: error: kernel 'wide' is variadic (...): kernels take at most 8 fixed parameters
void wide(int n, ...) {}

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:27: error: parameter 'n' of kernel 'sixty_four' is 'long long': kernel parameters are integers of at most 32 bits (int, unsigned, short, char, bool) or __hbm pointers
void sixty_four(long long n) {}

struct pair {
  int a, b;
};
// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:27: error: parameter 'p' of kernel 'by_value' is a struct passed by value (pass its fields): kernel parameters are integers of at most 32 bits (int, unsigned, short, char, bool) or __hbm pointers
void by_value(struct pair p) {}

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:31: error: parameter 'x' of kernel 'tile_param' is a pointer to on-chip memory (tiles are globals of the file, not parameters): kernel parameters are integers of at most 32 bits (int, unsigned, short, char, bool) or __hbm pointers
void tile_param(__sbuf float *x) {}

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:7: error: kernel 'real' returns float: kernels return void or an int
float real(void) { return 0; }

// CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:6: error: kernel 'nine' has 9 parameters; kernels take at most 8 (registers r1-r8)
void nine(int a, int b, int c, int d, int e, int f, int g, int h, int i) {}

// A helper without static would be a kernel of its own.
void helper(__sbuf float *p) { neuronisa_dve_memset(p, 1.0f, 128, 4); }
void calls_helper(void) {
  // CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:3: error: 'helper' is called by 'calls_helper' but is not static: every function with external linkage is a kernel (an entry point of the object); declare helpers 'static' (or 'static inline')
  helper(&t[0][0]);
}

void elsewhere(void);
void calls_elsewhere(void) {
  // CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:3: error: call to 'elsewhere', which is not defined in this file: kernels call only the builtins of neuronisa.h and static functions of the same file (there is no linker)
  elsewhere();
}

static int depth(int n) {
  // CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:23: error: recursion is not supported: a kernel runs without calls or a stack, so every function it calls is inlined; write 'depth' as a loop
  return n <= 0 ? 0 : depth(n - 1) + 1;
}
int recursive(int n) { return depth(n); }

int volatile_local(int n) {
  // CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:16: error: volatile local variable 'v' is not supported: volatile makes every access a memory access, and NeuronISA engines have no stack; drop 'volatile'
  volatile int v = n;
  return v + Columns;
}

int static_local(int n) {
  // CHECK-DAG: source-diagnostics.c:[[@LINE+1]]:14: error: static local variable 'calls' is not supported: NeuronISA engines have no memory for scalars (only tiles: __sbuf or __psum float arrays); pass the value as a kernel argument, or make it a constant (const, #define, enum) or a local variable
  static int calls;
  return n + calls;
}
