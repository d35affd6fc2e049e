/* Column blocks: &x[0][256] is column 256 of every partition of x, and
 * &y[64][256] the lower right quadrant of y. Each half of the rows is loaded
 * from its half of the HBM rows and scaled differently; the quadrant is
 * then overwritten. */
#include <neuronisa.h>

static __sbuf float x[128][512], y[128][512];

void columns(const __hbm float *restrict in, __hbm float *restrict out) {
  neuronisa_dma_load(x, in, 128, 256, 2048, 0);
  neuronisa_dma_load(&x[0][256], in + 256, 128, 256, 2048, 1);
  neuronisa_act_identity(y, x, 128, 256, 2.0f, 0.0f);
  neuronisa_dve_ts_mul(&y[0][256], &x[0][256], 3.0f, 128, 256);
  neuronisa_pool_memset(&y[64][256], 7.0f, 64, 256);
  neuronisa_dma_store(out, y, 128, 512, 2048, 2);
}
