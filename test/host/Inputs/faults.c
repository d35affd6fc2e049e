/* Kernels that go wrong at run time, one per function (neuronisa-host-run
 * --kernel=NAME): each names the line of its fault. */
#include <neuronisa.h>

static __sbuf float t[8][64], u[8][64];

/* Rows r .. r+3 of t: past its last partition for r > 4. */
void rows(__hbm float *out, int r) {
  neuronisa_dve_memset(&t[r][0], 1.0f, 4, 64);
  neuronisa_dma_store(out, t, 8, 64, 256, 0);
}

/* Columns c .. c+31 of every partition of t: past its end for c > 32. */
void columns(__hbm float *out, int c) {
  neuronisa_dve_memset(&t[0][c], 1.0f, 8, 32);
  neuronisa_dma_store(out, t, 8, 64, 256, 0);
}

/* A pointer into the middle of an element. */
void unaligned(__hbm float *out) {
  neuronisa_act_identity(u, (const char *)t + 2, 8, 16, 1.0f, 0.0f);
}

/* A local array is not a tile. */
void local(__hbm float *out) {
  float l[8][64] = {{0}};
  neuronisa_dve_copy(t, l, 8, 64);
  neuronisa_dma_store(out, t, 8, 64, 256, 0);
}

/* n rows from row k of a 16-row buffer. */
void hbm(const __hbm float *in, int k, int n) {
  neuronisa_dma_load(t, in + k * 64, n, 64, 256, 0);
}

/* A tile where an HBM pointer belongs, and the converse. */
void swapped(__hbm float *out) {
  neuronisa_dma_store((__hbm float *)u, t, 8, 64, 256, 0);
}
void swapped2(__hbm float *out) {
  neuronisa_dve_copy(t, (const __sbuf float *)out, 8, 64);
}

/* t is a PSUM tile for pe.matmul, an SBUF tile for dma.store. */
void memories(__hbm float *out) {
  neuronisa_pe_matmul(t, u, u, 8, 8, 64, 0);
  neuronisa_dma_store(out, t, 8, 64, 256, 0);
}

/* A constant out of its range. */
void queue(__hbm float *out, int q) {
  neuronisa_dma_store(out, t, 8, 64, 256, q);
}

/* Reads HBM directly (neuronisa-clang rejects scalar loads). */
int direct(const __hbm float *in) { return in[3] > 0.0f; }

/* Divides by zero for n = 0. */
void divide(__hbm float *out, int n) {
  neuronisa_dve_memset(t, 1.0f, 8, 64 / n);
}

/* Never ends for n > 0. */
void forever(__hbm float *out, int n) {
  while (n > 0)
    neuronisa_dve_memset(t, 1.0f, 8, 64);
}
