/* Random C kernel 24 of utils/random_c_kernels.py: at -O0 a consumer in
   a loop waits for the count after a store of an earlier loop (a snapshot)
   and for the counter of its own loop minus one: the sets the pass tracks
   are per producer block (test/sync-check/code-sets.test). */
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

void kernel(const __hbm float *restrict in0,
            const __hbm float *restrict in1,
            __hbm float *restrict out0,
            __hbm float *restrict out1,
            int n0, int n1, int n2, int k) {
  for (int i1 = 0; i1 < n2; i1 += 2) {
    neuronisa_pe_matmul(p0, s0, s1, 16, 16, 16, 0);
  }
  if ((k & 1)) {
    {
      __sbuf float (*cur3)[F] = s2, (*nxt4)[F] = s1;
      neuronisa_dma_load(cur3, in1, 16, 16, 64, 0);
      for (int i2 = 0; i2 < n0; ++i2) {
        if (i2 + 1 < n0)
          neuronisa_dma_load(nxt4, in1 + ((i2 + 1) & 3) * TILE, 16, 16, 64, 1);
        neuronisa_dve_tsp_mul(cur3, cur3, v1, 16, 16);
        neuronisa_dma_store(out0 + (i2 & 3) * TILE, cur3, 16, 16, 64, 2);
        if (i2 > 0)
          continue;
        __sbuf float (*tmp5)[F] = cur3;
        cur3 = nxt4;
        nxt4 = tmp5;
      }
    }
    if (k == n2) {
      #pragma unroll
      for (int h6 = 0; h6 < 2; ++h6)
        neuronisa_pool_copy(&s1[h6 * 8][0], &s0[h6 * 8][0], 8, 16);
      {
        __sbuf float (*cur8)[F] = s1, (*nxt9)[F] = s2;
        neuronisa_dma_load(cur8, in1, 16, 16, 64, 0);
        for (int i7 = 0; i7 < n0; ++i7) {
          if (i7 + 1 < n0)
            neuronisa_dma_load(nxt9, in1 + ((i7 + 1) & 3) * TILE, 16, 16, 64, 1);
          neuronisa_dve_tt_max(&cur8[0][0], &cur8[0][0], &cur8[0][0], 16, 8);
          neuronisa_dma_store(out0 + (i7 & 3) * TILE, cur8, 16, 16, 64, 2);
          __sbuf float (*tmp10)[F] = cur8;
          cur8 = nxt9;
          nxt9 = tmp10;
        }
      }
    } else {
      if (k + k < n1) {
        neuronisa_act_identity(&s2[0][0], &s3[0][0], 16, 8, -0.25f, 0.0f);
      }
    }
  }
  {
    __sbuf float (*cur12)[F] = s3, (*nxt13)[F] = s0;
    neuronisa_dma_load(cur12, in0, 16, 16, 64, 0);
    for (int i11 = 0; i11 < n0; ++i11) {
      if (i11 + 1 < n0)
        neuronisa_dma_load(nxt13, in0 + ((i11 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_pool_tt_min(cur12, cur12, cur12, 16, 16);
      neuronisa_dma_store(out0 + (i11 & 3) * TILE, cur12, 16, 16, 64, 2);
      __sbuf float (*tmp14)[F] = cur12;
      cur12 = nxt13;
      nxt13 = tmp14;
    }
  }
  for (int i15 = 0; i15 < n1; i15 += 2) {
    if (k > 1) {
      if (i15 == k) {
        neuronisa_dve_ts_min(s2, s0, 1.0f, 16, 16);
        neuronisa_pe_matmul(p0, s1, s3, 16, 16, 16, 1);
      }
    } else {
      neuronisa_pe_matmul(p0, s3, s0, 16, 16, 16, 1);
    }
    switch ((k + k) & 3) {
    case 0:
      neuronisa_dma_load(&s3[0][8], in0 + ((n2 - k) & 3) * TILE + 8, 16, 8, 64, 0);
      /* fall through */
    case 1:
      {
        __sbuf float (*cur17)[F] = s3, (*nxt18)[F] = s2;
        neuronisa_dma_load(cur17, in1, 16, 16, 64, 0);
        for (int i16 = 0; i16 < n1; ++i16) {
          if (i16 + 1 < n1)
            neuronisa_dma_load(nxt18, in1 + ((i16 + 1) & 3) * TILE, 16, 16, 64, 1);
          neuronisa_dve_ts_max(&cur17[0][0], &cur17[0][0], -0.5f, 8, 16);
          neuronisa_dma_store(out0 + (i16 & 3) * TILE, cur17, 16, 16, 64, 2);
          __sbuf float (*tmp19)[F] = cur17;
          cur17 = nxt18;
          nxt18 = tmp19;
        }
      }
      break;
    case 2:
      neuronisa_act_sigmoid(&s1[8][0], &s2[8][0], 8, 16, 0.25f, 0.0f);
      break;
    default:
      neuronisa_pool_tsp_max(s3, s3, v0, 16, 16);
    }
  }
  neuronisa_dma_store(out0 + 2 * TILE, s2, 16, 16, 64, 1);
  {
    __sbuf float (*cur21)[F] = s1, (*nxt22)[F] = s3;
    neuronisa_dma_load(cur21, in0, 16, 16, 64, 0);
    for (int i20 = 0; i20 < n1; ++i20) {
      if (i20 + 1 < n1)
        neuronisa_dma_load(nxt22, in0 + ((i20 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_pool_ts_mul(cur21, cur21, -0.25f, 16, 16);
      neuronisa_dma_store(out0 + (i20 & 3) * TILE, cur21, 16, 16, 64, 2);
      __sbuf float (*tmp23)[F] = cur21;
      cur21 = nxt22;
      nxt22 = tmp23;
    }
  }
  neuronisa_dma_store(out1 + 3 * TILE, s1, 16, 16, 64, 3);
}
