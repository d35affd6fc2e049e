/* Control flow whose arms end in builtins: an if/else join, a switch with
 * fall-through and a default, an early return inside a loop, and a builtin
 * as the very last statement (clang marks it a tail call). */
#include <neuronisa.h>

static __sbuf float t[8][16];

void ifelse(__hbm float *restrict out, int c) {
  if (c)
    neuronisa_dve_memset(t, 1.0f, 8, 16);
  else
    neuronisa_pool_memset(t, 2.0f, 8, 16);
  neuronisa_dma_store(out, t, 8, 16, 64, 0);
}

void cases(__hbm float *restrict out, int c) {
  neuronisa_dve_memset(t, 0.0f, 8, 16);
  switch (c) {
  case 0:
    neuronisa_dve_ts_add(t, t, 1.0f, 8, 16);
    /* fall through */
  case 1:
    neuronisa_pool_ts_add(t, t, 10.0f, 8, 16);
    break;
  case 2:
    neuronisa_act_identity(t, t, 8, 16, 1.0f, 100.0f);
    break;
  default:
    neuronisa_dve_ts_add(t, t, 1000.0f, 8, 16);
  }
  neuronisa_dma_store(out, t, 8, 16, 64, 0);
}

void early(__hbm float *restrict out, int n, int stop) {
  neuronisa_dve_memset(t, 0.0f, 8, 16);
  for (int i = 0; i < n; ++i) {
    neuronisa_dve_ts_add(t, t, 1.0f, 8, 16);
    neuronisa_dma_store(out + i * 128, t, 8, 16, 64, 0);
    if (i == stop)
      return;
  }
  neuronisa_pool_ts_mul(t, t, -1.0f, 8, 16);
  neuronisa_dma_store(out, t, 8, 16, 64, 1);
}
