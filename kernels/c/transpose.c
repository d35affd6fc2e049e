/* transpose: batched 2-D transpose on the PE, y[b] = x[b]^T. The C twin of
 * kernels/transpose.ll.
 *
 * HBM: x = [nb][128 x 512] fp32 (2 KiB rows, 256 KiB per matrix);
 *      y = [nb][512 x 128] fp32 (512-byte rows).
 * Args: (x, y, nb, nc): nb matrices (run time, >= 0); of each, the first nc
 * 128-column blocks (0..4) are transposed into the first 128*nc rows of y[b]
 * (the rest of y is left untouched).
 * Per block: DMA load (queue 0), PE transpose into PSUM, ACT copies to SBUF,
 * DMA store (queue 1). */
#include <neuronisa.h>

enum { T = 128, XCOLS = 512, MATRIX = T * XCOLS };

static __sbuf float xs[T][T], ys[T][T];
static __psum float tp[T][T];

void transpose(const __hbm float *restrict x, __hbm float *restrict y, int nb,
               int nc) {
  for (int b = 0; b < nb; ++b) {
    for (int j = 0; j < nc; ++j) {
      neuronisa_dma_load(xs, x + b * MATRIX + j * T, T, T, 4 * XCOLS, 0);
      neuronisa_pe_transpose(tp, xs, T, T);
      neuronisa_act_identity(ys, tp, T, T, 1.0f, 0.0f);
      neuronisa_dma_store(y + b * MATRIX + j * T * T, ys, T, T, 4 * T, 1);
    }
  }
}
