/* Double buffering: block i+1 loads into one buffer while ACT reads block i
 * from the other, and the two swap every iteration. */
#include <neuronisa.h>

static __sbuf float a[8][64], b[8][64], o[8][64];

void pingpong(const __hbm float *restrict in, __hbm float *restrict out,
              int n) {
  __sbuf float(*cur)[64] = a, (*nxt)[64] = b;
  neuronisa_dma_load(cur, in, 8, 64, 256, 0);
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(nxt, in + (i + 1) * 512, 8, 64, 256, 0);
    neuronisa_act_identity(o, cur, 8, 64, 2.0f, 0.0f);
    neuronisa_dma_store(out + i * 512, o, 8, 64, 256, 1);
    __sbuf float(*t)[64] = cur;
    cur = nxt;
    nxt = t;
  }
}
