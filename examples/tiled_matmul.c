/* Tiled matmul C = A^T B with K accumulated in PSUM, over run-time tile
 * counts (the C form of tiled_matmul.ll). HBM holds the matrices tile by
 * tile (A: [kt][mt] tiles of 128 x 128, B: [kt][nt] and C: [mt][nt] tiles of
 * 128 x 512), so every DMA is one contiguous tile. */
#include <neuronisa.h>

enum { T = 128, N = 512, A_TILE = T * T, B_TILE = T * N };

static __sbuf float a[T][T], b[T][N], c[T][N];
static __psum float acc[T][N];

void tiled_matmul(const __hbm float *restrict A, const __hbm float *restrict B,
                  __hbm float *restrict C, int mt, int nt, int kt) {
  for (int m = 0; m < mt; ++m) {
    for (int n = 0; n < nt; ++n) {
      neuronisa_pool_memset(acc, 0.0f, T, N);
      for (int k = 0; k < kt; ++k) {
        neuronisa_dma_load(a, A + (k * mt + m) * A_TILE, T, T, 4 * T, 0);
        neuronisa_dma_load(b, B + (k * nt + n) * B_TILE, T, N, 4 * N, 1);
        neuronisa_pe_matmul(acc, a, b, T, T, N, 1);
      }
      neuronisa_act_identity(c, acc, T, N, 1.0f, 0.0f);
      neuronisa_dma_store(C + (m * nt + n) * B_TILE, c, T, N, 4 * N, 2);
    }
  }
}
