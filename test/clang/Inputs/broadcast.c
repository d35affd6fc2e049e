/* Broadcasting a row to every partition: a matmul with a row of ones.
 * PE computes dst[m x n] = stat[k x m]^T * mov[k x n]; with k = 1, a
 * stationary row of m ones and the row to broadcast as the moving [1 x n],
 * every one of the m result partitions is the row (docs/Clang.md). */
#include <neuronisa.h>

static __sbuf float row[1][64];
static __sbuf float ones[1][128];
static __psum float spread[128][64];
static __sbuf float result[128][64];

void broadcast(const __hbm float *restrict in, __hbm float *restrict out) {
  neuronisa_dma_load(row, in, 1, 64, 256, 0);
  neuronisa_dve_memset(ones, 1.0f, 1, 128);
  neuronisa_pe_matmul(spread, ones, row, 1, 128, 64, 0);
  neuronisa_act_identity(result, spread, 128, 64, 1.0f, 0.0f);
  neuronisa_dma_store(out, result, 128, 64, 256, 1);
}
