/* PSUM accumulation: pe.matmul with acc = 0 overwrites its PSUM tile, with
 * acc = 1 adds to it, n times (a run-time count); then a sub-block of the
 * PSUM tile (partition 16, column 64) accumulates a smaller product. */
#include <neuronisa.h>

static __sbuf float a[64][32], b[64][128], o[32][128];
static __psum float acc[32][128];

void accumulate(const __hbm float *restrict A, const __hbm float *restrict B,
                __hbm float *restrict out, int n) {
  neuronisa_dma_load(a, A, 64, 32, 128, 0);
  neuronisa_dma_load(b, B, 64, 128, 512, 1);
  neuronisa_pe_matmul(acc, a, b, 64, 32, 128, 0);
  for (int i = 0; i < n; ++i)
    neuronisa_pe_matmul(acc, a, b, 64, 32, 128, 1);
  neuronisa_pe_matmul(&acc[16][64], a, b, 64, 16, 64, 1);
  neuronisa_act_identity(o, acc, 32, 128, 1.0f, 0.0f);
  neuronisa_dma_store(out, o, 32, 128, 512, 2);
}
