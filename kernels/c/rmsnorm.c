/* rmsnorm: y = x * rsqrt(mean(x^2) + eps) * gamma, per row. The C twin of
 * kernels/rmsnorm.ll.
 *
 * HBM: x, y are [128*n x 256] fp32 row-major (1 KiB rows); gamma is
 *      [128 x 256], every row the same vector (pre-broadcast).
 * Args: (x, gamma, y, n): n = number of 128-row tiles (run time, >= 0).
 * eps = 1/1024. Per tile: ACT squares, DVE sums the squares, ACT computes
 * rsqrt(ss/256 + eps) on [128 x 1], DVE scales the row, POOL applies
 * gamma. */
#include <neuronisa.h>

enum { P = 128, F = 256, ROW = 4 * F, TILE = P * F };

static __sbuf float gs[P][F], xs[P][F], sq[P][F], yn[P][F], ys[P][F];
static __sbuf float ss[P][1], rs[P][1];

void rmsnorm(const __hbm float *restrict x, const __hbm float *restrict gamma,
             __hbm float *restrict y, int n) {
  neuronisa_dma_load(gs, gamma, P, F, ROW, 2);
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(xs, x + i * TILE, P, F, ROW, 0);
    neuronisa_act_square(sq, xs, P, F, 1.0f, 0.0f);
    neuronisa_dve_reduce_add(ss, sq, P, F);
    neuronisa_act_rsqrt(rs, ss, P, 1, 1.0f / F, 1.0f / 1024);
    neuronisa_dve_tsp_mul(yn, xs, rs, P, F);
    neuronisa_pool_tt_mul(ys, yn, gs, P, F);
    neuronisa_dma_store(y + i * TILE, ys, P, F, ROW, 1);
  }
}
