/* matmul: C = A * B with K accumulated in PSUM, double-buffered DMA. The C
 * twin of kernels/matmul.ll.
 *
 * HBM: at = A^T, [K x 128] fp32 row-major (512-byte rows), K = 256 * kp;
 *      b  = B,   [K x 512] fp32 row-major (2 KiB rows);
 *      c  = C,   [128 x 512] fp32 row-major (2 KiB rows).
 * Args: (at, b, c, nt, kp): nt = number of 128-column blocks of C computed
 * (0..4; the rest of c is left untouched), kp = number of K-block pairs
 * (K = 256 * kp; 0 gives C = 0).
 * For each column block j: DVE zeroes PSUM, then the K loop, unrolled by two
 * so that each half has its own stationary/moving buffers (at0/b0 on DMA
 * queues 0/1, at1/b1 on queues 2/3), accumulates; ACT copies the result out
 * of PSUM and queue 4 stores it. */
#include <neuronisa.h>

enum { T = 128, BCOLS = 512 };

static __sbuf float at0[T][T], b0[T][T], at1[T][T], b1[T][T], cs[T][T];
static __psum float ps[T][T];

void matmul(const __hbm float *restrict at, const __hbm float *restrict b,
            __hbm float *restrict c, int nt, int kp) {
  for (int j = 0; j < nt; ++j) {
    int col = j * T; /* first column of block j in B and C */
    neuronisa_dve_memset(ps, 0.0f, T, T);
    for (int p = 0; p < kp; ++p) {
      /* K block 2p: rows 256p .. 256p+127; K block 2p+1: the next 128. */
      const __hbm float *a0 = at + (2 * p) * T * T;
      const __hbm float *a1 = a0 + T * T;
      const __hbm float *bb0 = b + (2 * p) * T * BCOLS + col;
      const __hbm float *bb1 = bb0 + T * BCOLS;
      neuronisa_dma_load(at0, a0, T, T, 4 * T, 0);
      neuronisa_dma_load(b0, bb0, T, T, 4 * BCOLS, 1);
      neuronisa_dma_load(at1, a1, T, T, 4 * T, 2);
      neuronisa_dma_load(b1, bb1, T, T, 4 * BCOLS, 3);
      neuronisa_pe_matmul(ps, at0, b0, T, T, T, 1);
      neuronisa_pe_matmul(ps, at1, b1, T, T, T, 1);
    }
    neuronisa_act_identity(cs, ps, T, T, 1.0f, 0.0f);
    neuronisa_dma_store(c + col, cs, T, T, 4 * BCOLS, 4);
  }
}
