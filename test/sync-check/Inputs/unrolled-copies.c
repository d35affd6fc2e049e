/* Random C kernel 40 of utils/random_c_kernels.py: at -O1 the unrolled
   ping-pong loop stores slots 0 and 2 in one copy of its body and 1 and 3
   in the other; one register holds the count after the latest store of
   either copy, and a later store conflicts with one copy only
   (test/sync-check/code-sets.test). */
#include <neuronisa.h>

#define P 16
#define F 16
#define TILE (P * F)

static __sbuf float s0[P][F];
static __sbuf float s1[P][F];
static __sbuf float s2[P][F];
static __sbuf float s3[P][F];
static __sbuf float v0[P][1];
static __sbuf float v1[P][1];
static __psum float p0[P][F];
static __psum float p1[P][F];

static void helper6(__sbuf float (*dst)[F], __sbuf float (*src)[F],
    const __hbm float *in0, const __hbm float *in1,
    __hbm float *out0, const __hbm float *out1, int j, int k,
    int n0, int n1, int n2) {
  neuronisa_dma_store(out0 + ((k + 2) & 3) * TILE, src, 16, 16, 64, 1);
  neuronisa_act_identity(&dst[8][0], &dst[8][0], 8, 16, -1.0f, 0.0f);
}

static void helper8(__sbuf float (*dst)[F], __sbuf float (*src)[F],
    const __hbm float *in0, const __hbm float *in1,
    __hbm float *out0, const __hbm float *out1, int j, int k,
    int n0, int n1, int n2) {
  neuronisa_dma_store(out0 + 1 * TILE, src, 16, 16, 64, 0);
  neuronisa_dma_store(out0 + ((j) & 3) * TILE, src, 16, 16, 64, 0);
  neuronisa_dma_load(&dst[0][0], in0 + 0 * TILE, 8, 16, 128, 0);
}

static void helper10(__sbuf float (*dst)[F], __sbuf float (*src)[F],
    const __hbm float *in0, const __hbm float *in1,
    __hbm float *out0, const __hbm float *out1, int j, int k,
    int n0, int n1, int n2) {
  neuronisa_dma_load(dst, in0 + ((n2 - k) & 3) * TILE, 16, 16, 64, 0);
}

static void helper11(__sbuf float (*dst)[F], __sbuf float (*src)[F],
    const __hbm float *in0, const __hbm float *in1,
    __hbm float *out0, const __hbm float *out1, int j, int k,
    int n0, int n1, int n2) {
  neuronisa_dve_ts_min(&dst[8][0], &dst[8][0], -1.0f, 8, 16);
  neuronisa_dma_store(out0 + 1 * TILE, src, 16, 16, 64, 2);
}

static void helper12(__sbuf float (*dst)[F], __sbuf float (*src)[F],
    const __hbm float *in0, const __hbm float *in1,
    __hbm float *out0, const __hbm float *out1, int j, int k,
    int n0, int n1, int n2) {
  neuronisa_act_relu(dst, dst, 16, 16, -1.0f, 0.0f);
  neuronisa_dma_load(&dst[0][0], in1 + 1 * TILE, 8, 16, 128, 2);
  neuronisa_dma_store(out0 + ((k * 1 + j) & 3) * TILE, src, 16, 16, 64, 3);
}

void kernel(const __hbm float *restrict in0,
            const __hbm float *restrict in1,
            __hbm float *restrict out0,
            __hbm float *restrict out1,
            int n0, int n1, int n2, int k) {
  {
    __sbuf float (*cur2)[F] = s0, (*nxt3)[F] = s3;
    neuronisa_dma_load(cur2, in0, 16, 16, 64, 0);
    for (int i1 = 0; i1 < n1; ++i1) {
      if (i1 + 1 < n1)
        neuronisa_dma_load(nxt3, in0 + ((i1 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_dve_ts_max(cur2, cur2, -1.0f, 16, 16);
      neuronisa_dma_store(out0 + (i1 & 3) * TILE, cur2, 16, 16, 64, 2);
      neuronisa_act_identity(s3, s2, 16, 16, -0.25f, 0.0f);
      __sbuf float (*tmp4)[F] = cur2;
      cur2 = nxt3;
      nxt3 = tmp4;
    }
  }
  #pragma unroll
  for (int h5 = 0; h5 < 2; ++h5)
    neuronisa_dve_copy(&s0[h5 * 8][0], &s3[h5 * 8][0], 8, 16);
  switch ((k + k) & 3) {
  case 0:
    neuronisa_dma_load(&s1[0][0], in1 + (((k ^ 2)) & 3) * TILE, 8, 16, 128, 2);
    break;
  case 1:
    neuronisa_pool_tsp_min(s1, s0, v0, 16, 16);
    break;
  case 2:
    if (k > 0) {
      helper6(s1, s0, in0, in1, out0, out1, (k ^ 3), k, n0, n1, n2);
      neuronisa_pe_transpose(p1, s1, 16, 16);
    } else {
      if (k > 0) {
        neuronisa_dma_store(out1 + ((k) & 3) * TILE, s3, 16, 16, 64, 1);
      }
      neuronisa_dma_store(out1 + ((n2 - k) & 3) * TILE, s0, 16, 16, 64, 1);
    }
    break;
  default:
    #pragma unroll
    for (int h7 = 0; h7 < 2; ++h7)
      neuronisa_pool_ts_min(&s2[h7 * 8][0], &s3[h7 * 8][0], -0.25f, 8, 16);
  }
  helper8(s0, s2, in0, in1, out0, out1, n2 - k, k, n0, n1, n2);
  for (int i9 = 0; i9 < n1; ++i9) {
    helper10(s3, s1, in0, in1, out0, out1, k + 1, k, n0, n1, n2);
    switch ((k + k) & 3) {
    case 0:
      helper11(s0, s1, in0, in1, out0, out1, (k ^ 3), k, n0, n1, n2);
      /* fall through */
    case 1:
      neuronisa_pe_transpose(p0, s1, 16, 16);
      /* fall through */
    case 2:
      helper12(s1, s3, in0, in1, out0, out1, k + 2, k, n0, n1, n2);
      break;
    default:
      neuronisa_act_sigmoid(s3, p0, 16, 16, 0.125f, 0.0f);
    }
  }
  neuronisa_dma_store(out1 + 3 * TILE, s3, 16, 16, 64, 3);
}
