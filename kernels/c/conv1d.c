/* conv1d: 1-D convolution (kernel width 3, no padding) + ReLU as an
 * implicit GEMM:
 *   out[co][t] = relu(sum_cb sum_r sum_ci w[cb][r][ci][co] * x[cb][ci][t+r]).
 * The C twin of kernels/conv1d.ll.
 *
 * HBM: x   = [ncb][128 x 1026] fp32 (input channel block, channel,
 *            position; 4104-byte rows);
 *      w   = [ncb][3][128 x 128] fp32 (block, tap, ci, co; 512-byte rows);
 *      out = [128 x 1024] fp32 (co, position; 4 KiB rows).
 * Args: (x, w, out, nb, ncb): nb = number of 256-position output blocks
 * computed (0..4; the rest of out is untouched), ncb = number of 128-channel
 * input blocks accumulated (run time, >= 0; 0 gives relu(0) = 0).
 * Per output block: DVE zeroes the PSUM accumulator; per input block: DMA
 * loads the input window [128 x 258] and the three tap weights, PE runs
 * three accumulating matmuls whose moving operand is the window shifted by r
 * columns (&xb[0][r]: a column block, no im2col copy); then ACT applies ReLU
 * out of PSUM and DMA stores. */
#include <neuronisa.h>

enum {
  T = 128,
  OUTB = 256,           /* output positions per block */
  WIN = OUTB + 2,       /* input window */
  XCOLS = 1026,         /* input positions */
  OCOLS = 1024,         /* output positions */
  XBLOCK = T * XCOLS,   /* one input channel block */
  WBLOCK = 3 * T * T    /* the three taps of one input block */
};

static __sbuf float xb[T][WIN], w0[T][T], w1[T][T], w2[T][T], ys[T][OUTB];
static __psum float acc[T][OUTB];

void conv1d(const __hbm float *restrict x, const __hbm float *restrict w,
            __hbm float *restrict out, int nb, int ncb) {
  for (int ob = 0; ob < nb; ++ob) {
    int pos = ob * OUTB;
    neuronisa_dve_memset(acc, 0.0f, T, OUTB);
    for (int cb = 0; cb < ncb; ++cb) {
      const __hbm float *wcb = w + cb * WBLOCK;
      neuronisa_dma_load(xb, x + cb * XBLOCK + pos, T, WIN, 4 * XCOLS, 0);
      neuronisa_dma_load(w0, wcb, T, T, 4 * T, 1);
      neuronisa_dma_load(w1, wcb + T * T, T, T, 4 * T, 2);
      neuronisa_dma_load(w2, wcb + 2 * T * T, T, T, 4 * T, 3);
      neuronisa_pe_matmul(acc, w0, &xb[0][0], T, T, OUTB, 1);
      neuronisa_pe_matmul(acc, w1, &xb[0][1], T, T, OUTB, 1);
      neuronisa_pe_matmul(acc, w2, &xb[0][2], T, T, OUTB, 1);
    }
    neuronisa_act_relu(ys, acc, T, OUTB, 1.0f, 0.0f);
    neuronisa_dma_store(out + pos, ys, T, OUTB, 4 * OCOLS, 4);
  }
}
