// Tile addresses the rule accepts at every optimization level: a constant
// row, and a run-time column inside it (docs/KernelInterface.md).
#include <neuronisa.h>

static __sbuf float t[128][64];

int shapes(__hbm float *restrict out, int n, int c) {
  neuronisa_pool_memset(t, 0.0f, 128, 64);
  // A run-time column in a constant row: t[3][n .. n + 3] = 1.
  neuronisa_dve_memset(&t[3][n], 1.0f, 1, 4);
  // A positive constant column plus a run-time one: t[5][n + 3 ..] = 2.
  neuronisa_dve_memset(&t[5][n + 3], 2.0f, 1, 4);
  // A row plus a run-time column: t[7][n ..] = 3.
  neuronisa_dve_memset(t[7] + n, 3.0f, 1, 4);
  // A pointer advanced along a row: t[9][4k .. 4k + 3] = 4 for k < c.
  __sbuf float *p = &t[9][0];
  for (int k = 0; k < c; ++k) {
    neuronisa_dve_memset(p, 4.0f, 1, 4);
    p += 4;
  }
  // A loop counting down along a row: t[11][4k .. 4k + 3] = 5 for
  // 0 < k <= c (loop strength reduction hides the row's constant in the
  // pointer's start; the backend makes it explicit again).
  for (int k = c; k > 0; --k)
    neuronisa_dve_memset(&t[11][4 * k], 5.0f, 1, 4);
  // Constant rows chosen by a condition: rows 100-101 or 110-111 = 6.
  neuronisa_act_identity(c > 2 ? &t[100][0] : &t[110][0], t, 2, 4, 0.0f,
                         6.0f);
  neuronisa_dma_store(out, t, 128, 64, 256, 0);
  return c;
}
