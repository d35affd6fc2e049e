// Control flow as users write it, each shape ending in builtin calls, which
// clang marks `tail call` at -O1 and above: if/else joins (tail-duplicated
// into both arms at -O2), a switch with fall-through and default, an early
// return, break and continue inside a loop, a builtin as the very last
// statement. test/clang/control-flow.test runs each kernel (--kernel=NAME).
#include <neuronisa.h>

static __sbuf float t[128][4];
static __sbuf float u[128][4];

#define TILE (128 * 4)

/* out = 1 if c, else 2. */
void if_else(__hbm float *out, int c) {
  if (c)
    neuronisa_dve_memset(t, 1.0f, 128, 4);
  else
    neuronisa_pool_memset(t, 2.0f, 128, 4);
  neuronisa_dma_store(out, t, 128, 4, 16, 0);
}

/* out = 1 (c == 0), 13 (c == 1, falls through into 2), 10 (c == 2),
   5 (any other c). */
void switch_cases(__hbm float *out, int c) {
  neuronisa_pool_memset(t, 0.0f, 128, 4);
  switch (c) {
  case 0:
    neuronisa_dve_memset(t, 1.0f, 128, 4);
    break;
  case 1:
    neuronisa_pool_memset(t, 3.0f, 128, 4);
    /* fall through */
  case 2:
    neuronisa_dve_ts_add(t, t, 10.0f, 128, 4);
    break;
  default:
    neuronisa_act_identity(t, t, 128, 4, 1.0f, 5.0f);
  }
  neuronisa_dma_store(out, t, 128, 4, 16, 0);
}

/* out[i] = 2 * in[i] for i < min(n, stop); the rest untouched. */
void early_return(__hbm float *out, const __hbm float *in, int n, int stop) {
  for (int i = 0; i < n; ++i) {
    if (i == stop)
      return;
    neuronisa_dma_load(u, in + i * TILE, 128, 4, 16, 0);
    neuronisa_dve_ts_mul(u, u, 2.0f, 128, 4);
    neuronisa_dma_store(out + i * TILE, u, 128, 4, 16, 1);
  }
}

/* out[i] = in[i] + 1 for i < n except i == skip, up to and including
   i == stop; the rest untouched. */
void break_continue(__hbm float *out, const __hbm float *in, int n, int skip,
                    int stop) {
  for (int i = 0; i < n; ++i) {
    if (i == skip)
      continue;
    neuronisa_dma_load(u, in + i * TILE, 128, 4, 16, 0);
    neuronisa_pool_ts_add(u, u, 1.0f, 128, 4);
    neuronisa_dma_store(out + i * TILE, u, 128, 4, 16, 1);
    if (i == stop)
      break;
  }
}

/* out[i] = in[i] * 2 for odd i, in[i] + 1 for even i: an if/else inside a
   loop, joined by the store. */
void loop_if_else(__hbm float *out, const __hbm float *in, int n) {
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(t, in + i * TILE, 128, 4, 16, 0);
    if (i & 1)
      neuronisa_dve_ts_mul(u, t, 2.0f, 128, 4);
    else
      neuronisa_pool_ts_add(u, t, 1.0f, 128, 4);
    neuronisa_dma_store(out + i * TILE, u, 128, 4, 16, 1);
  }
}

/* out = in - 3: straight-line code whose very last statement is a builtin. */
void last_builtin(__hbm float *out, const __hbm float *in) {
  neuronisa_dma_load(t, in, 128, 4, 16, 0);
  neuronisa_dve_ts_sub(u, t, 3.0f, 128, 4);
  neuronisa_dma_store(out, u, 128, 4, 16, 0);
}
