/* syncbench: synchronization-bound microbenchmark. The C twin of
 * kernels/syncbench.ll.
 *
 * Small [128 x 32] tiles pass ACT -> POOL -> DVE inside an inner loop; the
 * outer loop moves data with DMA and runs PE and ACT on the inner loop's
 * result. The inner body is unrolled by two with separate tiles (double
 * buffering), as a pipelined kernel would be written.
 *
 * HBM: a = [n1][128 x 32] fp32 (128-byte rows, 16 KiB per block);
 *      w = [128 x 128] fp32; out = [n1][128 x 32].
 * Args: (a, w, out, n1, n2): outer and inner trip counts (>= 0).
 * Per outer i: load a[i] (DMA); acc = 0 (DVE); n2 times:
 *   u1 = tanh(a), v1 = tanh(-a) (ACT); u2 = u1 * 0.5, v2 = v1 * 0.25 (POOL);
 *   acc = acc + u2; acc = acc + v2 (DVE);
 * then p = W^T acc (PE), out[i] = silu(p / 8) (ACT), store (DMA). */
#include <neuronisa.h>

enum { T = 128, F = 32, BLOCK = T * F };

static __sbuf float ws[T][T], as[T][F], u1[T][F], u2[T][F], v1[T][F],
    v2[T][F], acc[T][F], os[T][F];
static __psum float p[T][F];

void syncbench(const __hbm float *restrict a, const __hbm float *restrict w,
               __hbm float *restrict out, int n1, int n2) {
  neuronisa_dma_load(ws, w, T, T, 4 * T, 2);
  for (int i = 0; i < n1; ++i) {
    neuronisa_dma_load(as, a + i * BLOCK, T, F, 4 * F, 0);
    neuronisa_dve_memset(acc, 0.0f, T, F);
    for (int j = 0; j < n2; ++j) {
      neuronisa_act_tanh(u1, as, T, F, 1.0f, 0.0f);
      neuronisa_act_tanh(v1, as, T, F, -1.0f, 0.0f);
      neuronisa_pool_ts_mul(u2, u1, 0.5f, T, F);
      neuronisa_pool_ts_mul(v2, v1, 0.25f, T, F);
      neuronisa_dve_tt_add(acc, acc, u2, T, F);
      neuronisa_dve_tt_add(acc, acc, v2, T, F);
    }
    neuronisa_pe_matmul(p, ws, acc, T, T, F, 0);
    neuronisa_act_silu(os, p, T, F, 0.125f, 0.0f);
    neuronisa_dma_store(out + i * BLOCK, os, T, F, 4 * F, 1);
  }
}
