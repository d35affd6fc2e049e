/* A tiled elementwise kernel: out[i] = exp(a[i]) + a[i] over n tiles of
 * [128 x 512] fp32 (the C form of tiled_add.ll). */
#include <neuronisa.h>

enum { P = 128, F = 512, TILE = P * F };

static __sbuf float a[P][F], b[P][F], c[P][F];

void tiled_add(const __hbm float *restrict in, __hbm float *restrict out,
               int n) {
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(a, in + i * TILE, P, F, 4 * F, 0);
    neuronisa_act_exp(b, a, P, F, 1.0f, 0.0f);
    neuronisa_dve_tt_add(c, b, a, P, F);
    neuronisa_dma_store(out + i * TILE, c, P, F, 4 * F, 1);
  }
}
