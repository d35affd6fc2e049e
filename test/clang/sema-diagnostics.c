// clang itself checks builtin calls against neuronisa.h: the memory of each
// tile (through the overloads), the number of arguments, their types.
// RUN: not neuronisa-clang -fsyntax-only %s 2>&1 | FileCheck %s
#include <neuronisa.h>

static __sbuf float s[128][512];
static __psum float p[128][512];

void wrong_memory(void) {
  // A matmul writes PSUM only.
  // CHECK: sema-diagnostics.c:[[@LINE+1]]:3: error: no matching function for call to 'neuronisa_pe_matmul'
  neuronisa_pe_matmul(s, s, s, 128, 128, 128, 0);
}

void too_many_arguments(void) {
  // CHECK: sema-diagnostics.c:[[@LINE+1]]:3: error: no matching function for call to 'neuronisa_dve_copy'
  neuronisa_dve_copy(p, s, 128, 4, 0, 1);
  // CHECK: note: candidate function not viable: requires 5 arguments, but 6 were provided
}

void host_pointer(float *q) {
  // A generic pointer is not a tile.
  // CHECK: sema-diagnostics.c:[[@LINE+1]]:3: error: no matching function for call to 'neuronisa_dve_copy'
  neuronisa_dve_copy(q, s, 128, 4);
}

void undeclared(void) {
  // CHECK: sema-diagnostics.c:[[@LINE+1]]:3: error: call to undeclared function 'neuronisa_dve_frobnicate'
  neuronisa_dve_frobnicate(s, 128, 4);
}
