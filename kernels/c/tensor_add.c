/* tensor_add: c = a + b, elementwise, memory bound. The C twin of
 * kernels/tensor_add.ll (same tiles, instructions, queues and order).
 *
 * HBM: a, b, c are [128*n x 256] fp32, row-major (1 KiB rows). Tile t covers
 * rows 128t .. 128t+127.
 * Args: (a, b, c, n): n = number of [128 x 256] tiles (run time, >= 0).
 *
 * Double buffered by hand: the loop body handles two tiles with distinct
 * buffers (tile 2i on DVE, tile 2i+1 on POOL, each on its own DMA queues),
 * and an if handles the last tile when n is odd. */
#include <neuronisa.h>

enum { P = 128, F = 256, ROW = 4 * F, TILE = P * F };

static __sbuf float a0[P][F], b0[P][F], c0[P][F];
static __sbuf float a1[P][F], b1[P][F], c1[P][F];

void tensor_add(const __hbm float *restrict a, const __hbm float *restrict b,
                __hbm float *restrict c, int n) {
  for (int i = 0; i < n / 2; ++i) {
    int t0 = 2 * i * TILE, t1 = t0 + TILE;
    neuronisa_dma_load(a0, a + t0, P, F, ROW, 0);
    neuronisa_dma_load(b0, b + t0, P, F, ROW, 1);
    neuronisa_dma_load(a1, a + t1, P, F, ROW, 2);
    neuronisa_dma_load(b1, b + t1, P, F, ROW, 3);
    neuronisa_dve_tt_add(c0, a0, b0, P, F);
    neuronisa_pool_tt_add(c1, a1, b1, P, F);
    neuronisa_dma_store(c + t0, c0, P, F, ROW, 4);
    neuronisa_dma_store(c + t1, c1, P, F, ROW, 5);
  }
  if (n & 1) {
    int t = (n - 1) * TILE;
    neuronisa_dma_load(a0, a + t, P, F, ROW, 0);
    neuronisa_dma_load(b0, b + t, P, F, ROW, 1);
    neuronisa_dve_tt_add(c0, a0, b0, P, F);
    neuronisa_dma_store(c + t, c0, P, F, ROW, 4);
  }
}
