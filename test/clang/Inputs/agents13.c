/* 13 agents in one plain loop (PE, ACT, DVE, POOL and DMA queues 0-8),
 * each with its own number of instructions per iteration. */
#include <neuronisa.h>
enum { P = 128, F = 64, ROW = 4 * F, TILE = P * F };
static __sbuf float x0[P][F], x1[P][F], x2[P][F], x3[P][F], x4[P][F],
    x5[P][F], x6[P][F];
static __sbuf float a[P][F], b[P][F], c[P][F], d[P][F], w[P][P];
static __psum float acc[P][F];
void agents13(const __hbm float *restrict in, const __hbm float *restrict wt,
              __hbm float *restrict out, int n) {
  neuronisa_dma_load(w, wt, P, P, 4 * P, 8);
  for (int i = 0; i < n; ++i) {
    const __hbm float *s = in + i * 7 * TILE;
    neuronisa_dma_load(x0, s, P, F, ROW, 0);
    neuronisa_dma_load(x1, s + TILE, P, F, ROW, 1);
    neuronisa_dma_load(x1, s + TILE, P, F, ROW, 1);
    neuronisa_dma_load(x2, s + 2 * TILE, P, F, ROW, 2);
    neuronisa_dma_load(x2, s + 2 * TILE, P, F, ROW, 2);
    neuronisa_dma_load(x2, s + 2 * TILE, P, F, ROW, 2);
    neuronisa_dma_load(x3, s + 3 * TILE, P, F, ROW, 3);
    neuronisa_dma_load(x4, s + 4 * TILE, P, F, ROW, 4);
    neuronisa_dma_load(x5, s + 5 * TILE, P, F, ROW, 5);
    neuronisa_dma_load(x6, s + 6 * TILE, P, F, ROW, 6);
    neuronisa_dve_tt_add(a, x0, x1, P, F);
    neuronisa_dve_tt_add(a, a, x2, P, F);
    neuronisa_pool_tt_add(b, x3, x4, P, F);
    neuronisa_pool_tt_add(b, b, x5, P, F);
    neuronisa_pool_tt_add(b, b, x6, P, F);
    neuronisa_act_exp(c, a, P, F, 1.0f, 0.0f);
    neuronisa_pe_matmul(acc, w, b, P, P, F, 0);
    neuronisa_dve_tt_add(d, c, acc, P, F);
    neuronisa_dma_store(out + 2 * i * TILE, d, P, F, ROW, 7);
    neuronisa_dma_store(out + (2 * i + 1) * TILE, c, P, F, ROW, 8);
  }
}
