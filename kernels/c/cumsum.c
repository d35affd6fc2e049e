/* cumsum: inclusive prefix sum along each row, in 256-column chunks with a
 * carry between chunks. The C twin of kernels/cumsum.ll.
 *
 * HBM: x, y are [128*nr x 1024] fp32 row-major (4 KiB rows).
 * Args: (x, y, nr, nc): nr 128-row tiles (run time, >= 0); of each row, the
 * first nc 256-column chunks (0..4) are summed (the rest of y is untouched).
 * Per chunk: DMA load (queue 0), DVE scan, POOL adds the carry of the
 * previous chunks, POOL takes the last column as the next carry, DMA store
 * (queue 1). DVE resets the carry at each row tile. */
#include <neuronisa.h>

enum { P = 128, F = 256, COLS = 1024, ROW = 4 * COLS, TILE = P * COLS };

static __sbuf float xs[P][F], sc[P][F], ys[P][F];
static __sbuf float carry[P][1];

void cumsum(const __hbm float *restrict x, __hbm float *restrict y, int nr,
            int nc) {
  for (int r = 0; r < nr; ++r) {
    neuronisa_dve_memset(carry, 0.0f, P, 1);
    for (int j = 0; j < nc; ++j) {
      int off = r * TILE + j * F;
      neuronisa_dma_load(xs, x + off, P, F, ROW, 0);
      neuronisa_dve_scan_add(sc, xs, P, F);
      neuronisa_pool_tsp_add(ys, sc, carry, P, F);
      /* carry = ys[:, 255]: a one-column block of every partition */
      neuronisa_pool_copy(carry, &ys[0][F - 1], P, 1);
      neuronisa_dma_store(y + off, ys, P, F, ROW, 1);
    }
  }
}
