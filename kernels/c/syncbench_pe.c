/* syncbench_pe: syncbench with the PE inside the inner loop. The C twin of
 * kernels/syncbench_pe.ll.
 *
 * Small [128 x 32] tiles pass ACT -> DVE -> POOL -> PE inside an inner loop
 * nested in an outer loop that moves data with DMA.
 *
 * HBM: a = [n1][128 x 32] fp32 (128-byte rows, 16 KiB per block);
 *      w = [128 x 128] fp32; out = [n1][128 x 32].
 * Args: (a, w, out, n1, n2): outer and inner trip counts (>= 0).
 * Per outer i: load a[i]; PSUM p = 0 (DVE); n2 times:
 *   t1 = tanh(a) (ACT); t2 = t1 * 0.5 (DVE); t3 = t2 + a (POOL);
 *   p += W^T t3 (PE, accumulating in PSUM);
 * then out[i] = silu(p / 8) (ACT) and store. */
#include <neuronisa.h>

enum { T = 128, F = 32, BLOCK = T * F };

static __sbuf float ws[T][T], as[T][F], t1[T][F], t2[T][F], t3[T][F],
    os[T][F];
static __psum float p[T][F];

void syncbench_pe(const __hbm float *restrict a, const __hbm float *restrict w,
                  __hbm float *restrict out, int n1, int n2) {
  neuronisa_dma_load(ws, w, T, T, 4 * T, 2);
  for (int i = 0; i < n1; ++i) {
    neuronisa_dma_load(as, a + i * BLOCK, T, F, 4 * F, 0);
    neuronisa_dve_memset(p, 0.0f, T, F);
    for (int j = 0; j < n2; ++j) {
      neuronisa_act_tanh(t1, as, T, F, 1.0f, 0.0f);
      neuronisa_dve_ts_mul(t2, t1, 0.5f, T, F);
      neuronisa_pool_tt_add(t3, t2, as, T, F);
      neuronisa_pe_matmul(p, ws, t3, T, T, F, 1);
    }
    neuronisa_act_silu(os, p, T, F, 0.125f, 0.0f);
    neuronisa_dma_store(out + i * BLOCK, os, T, F, 4 * F, 1);
  }
}
