/* Shapes the optimizer rewrites into forms the kernel verifier once
 * rejected although the C is valid:
 *  - queue_by_arm: the arms of an if/else end in stores that differ only
 *    in their DMA queue; SimplifyCFG would sink both into one call whose
 *    queue is a phi of the constants (builtins are nomerge);
 *  - carry_check: `a + b < a` on unsigned values, which CodeGenPrepare
 *    turns into llvm.uadd.with.overflow;
 *  - overflow_builtins: C's __builtin_add_overflow and
 *    __builtin_sub_overflow, signed and unsigned, choosing a trip count. */
#include <neuronisa.h>

static __sbuf float t[8][64], u[8][64];

void queue_by_arm(const __hbm float *restrict in, __hbm float *restrict out,
                  int c) {
  neuronisa_dma_load(t, in, 8, 64, 256, 0);
  if (c > 0) {
    neuronisa_act_identity(u, t, 8, 64, 2.0f, 0.0f);
    neuronisa_dma_store(out, u, 8, 64, 256, 1);
  } else if (c == 0) {
    neuronisa_dve_ts_mul(u, t, 3.0f, 8, 64);
    neuronisa_dma_store(out, u, 8, 64, 256, 2);
  } else {
    neuronisa_pool_ts_max(u, t, 0.5f, 8, 64);
    neuronisa_dma_store(out, u, 8, 64, 256, 3);
  }
}

void carry_check(const __hbm float *restrict in, __hbm float *restrict out,
                 unsigned a, unsigned b) {
  neuronisa_dma_load(t, in, 8, 64, 256, 0);
  unsigned s = a + b;
  if (s < a)
    neuronisa_act_identity(u, t, 8, 64, 2.0f, 0.0f);
  else
    neuronisa_act_identity(u, t, 8, 64, 3.0f, 0.0f);
  for (unsigned i = 0; i < (s & 3); ++i)
    neuronisa_dve_tt_add(u, u, t, 8, 64);
  neuronisa_dma_store(out, u, 8, 64, 256, 1);
}

void overflow_builtins(const __hbm float *restrict in,
                       __hbm float *restrict out, int a, int b) {
  neuronisa_dma_load(t, in, 8, 64, 256, 0);
  neuronisa_dve_ts_mul(u, t, 0.0f, 8, 64);
  int n;
  unsigned d;
  if (__builtin_add_overflow(a, b, &n))
    n = 1;
  if (__builtin_sub_overflow((unsigned)a, (unsigned)b, &d))
    n += 2;
  int m;
  if (__builtin_sub_overflow(a, b, &m))
    n += 4;
  for (int i = 0; i < (n & 7); ++i)
    neuronisa_dve_tt_add(u, u, t, 8, 64);
  for (unsigned i = 0; i < ((d ^ (unsigned)m) & 3); ++i)
    neuronisa_act_identity(u, u, 8, 64, 0.5f, 1.0f);
  neuronisa_dma_store(out, u, 8, 64, 256, 1);
}
