/* dynamic_loop: the example of the Neuron documentation's dynamic loops.
 * The C twin of kernels/dynamic_loop.ll (same tiles, instructions, queues
 * and order).
 *
 * HBM: in, out are [128*n x 2048] fp32, row-major (8 KiB rows); tile t is
 * rows 128t .. 128t+127 (1 MiB). out = relu(2 in) * 0.5.
 * dynamic_loop: one tile per iteration, tiles allocated once for the loop.
 * dynamic_loop_x4: four tiles per iteration, each with its own tiles
 * (n a multiple of 4), the four loads first. */
#include <neuronisa.h>

enum { P = 128, F = 2048, ROW = 4 * F, TILE = P * F };

static __sbuf float t0[P][F], a0[P][F], o0[P][F];
static __sbuf float t1[P][F], a1[P][F], o1[P][F];
static __sbuf float t2[P][F], a2[P][F], o2[P][F];
static __sbuf float t3[P][F], a3[P][F], o3[P][F];

#define LOAD(T, IDX, LQ) neuronisa_dma_load(T, in + (IDX) * TILE, P, F, ROW, LQ)
#define COMPUTE_STORE(T, A, O, IDX, SQ)                                        \
  do {                                                                         \
    neuronisa_act_relu(A, T, P, F, 2.0f, 0.0f);                                \
    neuronisa_dve_ts_mul(O, A, 0.5f, P, F);                                    \
    neuronisa_dma_store(out + (IDX) * TILE, O, P, F, ROW, SQ);                 \
  } while (0)

void dynamic_loop(const __hbm float *restrict in, __hbm float *restrict out,
                  int n) {
  for (int i = 0; i < n; ++i) {
    LOAD(t0, i, 0);
    COMPUTE_STORE(t0, a0, o0, i, 1);
  }
}

void dynamic_loop_x4(const __hbm float *restrict in, __hbm float *restrict out,
                     int n) {
  for (int g = 0; g < n / 4; ++g) {
    LOAD(t0, 4 * g, 0);
    LOAD(t1, 4 * g + 1, 2);
    LOAD(t2, 4 * g + 2, 4);
    LOAD(t3, 4 * g + 3, 6);
    COMPUTE_STORE(t0, a0, o0, 4 * g, 1);
    COMPUTE_STORE(t1, a1, o1, 4 * g + 1, 3);
    COMPUTE_STORE(t2, a2, o2, 4 * g + 2, 5);
    COMPUTE_STORE(t3, a3, o3, 4 * g + 3, 7);
  }
}
