/* layernorm: y = (x - mean(x)) * rsqrt(var(x) + eps) * gamma + beta, per
 * row. The C twin of kernels/layernorm.ll.
 *
 * HBM: x, y are [128*n x 256] fp32 row-major (1 KiB rows); gamma, beta are
 *      [128 x 256], every row the same vector (pre-broadcast over
 *      partitions).
 * Args: (x, gamma, beta, y, n): n = number of 128-row tiles (>= 0).
 * eps = 1/1024. Per tile: DVE row sum and -mean, ACT centres (identity with
 * bias) and squares, DVE sums the squares, ACT rsqrt(ss/256 + eps) on
 * [128 x 1], DVE scales by it, POOL applies gamma and beta. */
#include <neuronisa.h>

enum { P = 128, F = 256, ROW = 4 * F, TILE = P * F };

static __sbuf float gs[P][F], bs[P][F], xs[P][F], xc[P][F], sq[P][F],
    yn[P][F], yg[P][F], ys[P][F];
static __sbuf float sum[P][1], nmu[P][1], ss[P][1], rs[P][1];

void layernorm(const __hbm float *restrict x, const __hbm float *restrict gamma,
               const __hbm float *restrict beta, __hbm float *restrict y,
               int n) {
  neuronisa_dma_load(gs, gamma, P, F, ROW, 2);
  neuronisa_dma_load(bs, beta, P, F, ROW, 3);
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(xs, x + i * TILE, P, F, ROW, 0);
    neuronisa_dve_reduce_add(sum, xs, P, F);
    neuronisa_dve_ts_mul(nmu, sum, -1.0f / F, P, 1);
    neuronisa_act_identity_bias(xc, xs, nmu, P, F, 1.0f);
    neuronisa_act_square(sq, xc, P, F, 1.0f, 0.0f);
    neuronisa_dve_reduce_add(ss, sq, P, F);
    neuronisa_act_rsqrt(rs, ss, P, 1, 1.0f / F, 1.0f / 1024);
    neuronisa_dve_tsp_mul(yn, xc, rs, P, F);
    neuronisa_pool_tt_mul(yg, yn, gs, P, F);
    neuronisa_pool_tt_add(ys, yg, bs, P, F);
    neuronisa_dma_store(y + i * TILE, ys, P, F, ROW, 1);
  }
}
