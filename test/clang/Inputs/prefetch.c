/* Double buffering with a prefetch: the load of block i + 1 comes before
 * the computation of block i in program order, so SP issues it before it
 * waits for ACT, and it runs while ACT computes block i (compare
 * no-prefetch.c; docs/Clang.md). Inputs and outputs both have two buffers,
 * swapped every iteration. */
#include <neuronisa.h>

/* ACT instructions per block: the computation's share of the time. */
#ifndef WORK
#define WORK 1
#endif

static __sbuf float a[8][64], b[8][64], oa[8][64], ob[8][64];

void prefetch(const __hbm float *restrict in, __hbm float *restrict out,
              int n) {
  __sbuf float(*cur)[64] = a, (*nxt)[64] = b;
  __sbuf float(*o)[64] = oa, (*p)[64] = ob;
  neuronisa_dma_load(cur, in, 8, 64, 256, 0);
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n)
      neuronisa_dma_load(nxt, in + (i + 1) * 512, 8, 64, 256, 0);
    neuronisa_act_identity(o, cur, 8, 64, 2.0f, 0.0f);
    for (int k = 1; k < WORK; ++k)
      neuronisa_act_identity(o, o, 8, 64, 1.0f, 0.0f);
    neuronisa_dma_store(out + i * 512, o, 8, 64, 256, 1);
    __sbuf float(*t)[64] = cur;
    cur = nxt;
    nxt = t;
    t = o;
    o = p;
    p = t;
  }
}
