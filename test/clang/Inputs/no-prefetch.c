/* Double buffering without a prefetch: block i loads into one of two input
 * buffers, chosen by the iteration's parity, ACT computes it into one of
 * two output buffers, and SP stores it. DMAs are issued by SP in program
 * order: SP reaches the load of block i + 1 only after it has issued the
 * store of block i, which waits for ACT to finish block i, so no load runs
 * while ACT computes (compare prefetch.c; docs/Clang.md). */
#include <neuronisa.h>

/* ACT instructions per block: the computation's share of the time. */
#ifndef WORK
#define WORK 1
#endif

static __sbuf float a[8][64], b[8][64], oa[8][64], ob[8][64];

void no_prefetch(const __hbm float *restrict in, __hbm float *restrict out,
                 int n) {
  for (int i = 0; i < n; ++i) {
    __sbuf float(*cur)[64] = i & 1 ? b : a;
    __sbuf float(*o)[64] = i & 1 ? ob : oa;
    neuronisa_dma_load(cur, in + i * 512, 8, 64, 256, 0);
    neuronisa_act_identity(o, cur, 8, 64, 2.0f, 0.0f);
    for (int k = 1; k < WORK; ++k)
      neuronisa_act_identity(o, o, 8, 64, 1.0f, 0.0f);
    neuronisa_dma_store(out + i * 512, o, 8, 64, 256, 1);
  }
}
