// Helpers as C writes them: static and static inline functions, a helper
// calling a helper, one writing through a pointer to a local, a struct of
// tile pointers initialized at once, and a helper picked by a constant
// function pointer. Every one is inlined, at -O0 too (the driver's -O0
// cleanup), and the kernel computes out = 2 * in + 1 on rows [0, 64) and
// 3 * in on rows [64, 128).
#include <neuronisa.h>

static __sbuf float x[128][64], y[128][64];

struct halves {
  __sbuf float *top, *bottom;
};

static inline void scale(__sbuf float *dst, const __sbuf float *src,
                         float s, float b) {
  neuronisa_act_identity(dst, src, 64, 64, s, b);
}

static void top_half(struct halves h) { scale(h.top, h.top, 2.0f, 1.0f); }

static void bottom_half(struct halves h) {
  scale(h.bottom, h.bottom, 3.0f, 0.0f);
}

static void rows(int *count) { *count = 128; }

void helpers(const __hbm float *restrict in, __hbm float *restrict out) {
  struct halves h = {&x[0][0], &x[64][0]};
  int n;
  rows(&n);
  neuronisa_dma_load(x, in, 128, 64, 256, 0);
  top_half(h);
  void (*f)(struct halves) = bottom_half;
  f(h);
  neuronisa_dve_copy(y, x, 128, 64);
  if (n == 128)
    neuronisa_dma_store(out, y, 128, 64, 256, 1);
}
