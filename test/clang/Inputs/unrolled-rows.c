// A loop over rows: each iteration names a row, a partition, which is a
// constant only once the loop is unrolled (#pragma unroll, at every
// optimization level).
#include <neuronisa.h>

static __sbuf float t[8][4];

void unrolled_rows(__hbm float *out) {
  neuronisa_pool_memset(t, 0.0f, 8, 4);
#pragma unroll
  for (int r = 0; r < 4; ++r)
    neuronisa_dve_memset(&t[r][0], 5.0f, 1, 4);
  neuronisa_dma_store(out, t, 8, 4, 16, 0);
}
