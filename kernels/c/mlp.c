/* mlp: fused two-layer MLP, Y = gelu(X W1) W2, per block of 128 tokens. The
 * C twin of kernels/mlp.ll.
 *
 * HBM: x  = X,  [128*n x 128] fp32 row-major (tokens x features);
 *      w1 = W1, [128 x 128] (features x hidden);
 *      w2 = W2, [128 x 128] (hidden x outputs);
 *      y  = Y,  [128*n x 128] row-major.
 * Args: (x, w1, w2, y, n): n = number of 128-token blocks (run time, >= 0).
 * Per block: DMA load (queue 1), PE transposes X, POOL copies X^T to SBUF,
 * PE computes H^T = W1^T X^T into PSUM, ACT applies gelu into SBUF, PE
 * computes Y = H W2, DVE copies Y out of PSUM and queue 2 stores it. */
#include <neuronisa.h>

enum { T = 128, ROW = 4 * T, BLOCK = T * T };

static __sbuf float w1s[T][T], w2s[T][T], xs[T][T], xts[T][T], hs[T][T],
    ys[T][T];
static __psum float xtp[T][T], hp[T][T], yp[T][T];

void mlp(const __hbm float *restrict x, const __hbm float *restrict w1,
         const __hbm float *restrict w2, __hbm float *restrict y, int n) {
  neuronisa_dma_load(w1s, w1, T, T, ROW, 0);
  neuronisa_dma_load(w2s, w2, T, T, ROW, 3);
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(xs, x + i * BLOCK, T, T, ROW, 1);
    /* X^T [features x tokens] */
    neuronisa_pe_transpose(xtp, xs, T, T);
    neuronisa_pool_copy(xts, xtp, T, T);
    /* H^T [hidden x tokens] = W1^T X^T */
    neuronisa_pe_matmul(hp, w1s, xts, T, T, T, 0);
    neuronisa_act_gelu(hs, hp, T, T, 1.0f, 0.0f);
    /* Y [tokens x outputs] = (H^T)^T W2 */
    neuronisa_pe_matmul(yp, hs, w2s, T, T, T, 0);
    neuronisa_dve_copy(ys, yp, T, T);
    neuronisa_dma_store(y + i * BLOCK, ys, T, T, ROW, 2);
  }
}
