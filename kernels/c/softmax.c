/* softmax: row-wise softmax, y[r] = exp(x[r] - max x[r]) / sum exp(...). The
 * C twin of kernels/softmax.ll.
 *
 * HBM: x, y are [128*n x 256] fp32 row-major (1 KiB rows).
 * Args: (x, y, n): n = number of 128-row tiles (run time, >= 0).
 * Per tile: POOL row max, DVE negates it, ACT exp with the negated max as a
 * per-partition bias, DVE row sum and division by the sum. */
#include <neuronisa.h>

enum { P = 128, F = 256, ROW = 4 * F, TILE = P * F };

static __sbuf float xs[P][F], es[P][F], ys[P][F];
static __sbuf float mx[P][1], nmx[P][1], sm[P][1];

void softmax(const __hbm float *restrict x, __hbm float *restrict y, int n) {
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(xs, x + i * TILE, P, F, ROW, 0);
    neuronisa_pool_reduce_max(mx, xs, P, F);
    neuronisa_dve_ts_mul(nmx, mx, -1.0f, P, 1);
    neuronisa_act_exp_bias(es, xs, nmx, P, F, 1.0f);
    neuronisa_dve_reduce_add(sm, es, P, F);
    neuronisa_dve_tsp_div(ys, es, sm, P, F);
    neuronisa_dma_store(y + i * TILE, ys, P, F, ROW, 1);
  }
}
