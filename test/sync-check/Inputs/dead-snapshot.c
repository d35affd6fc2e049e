/* Random C kernel 7041 of utils/random_c_kernels.py. At -O2 with
   -neuronisa-sync-program-registers, the last store to out0 (queue 3)
   waits on a snapshot of queue 2 in r13, a register the i9 loop uses for
   its own values: the pass writes the snapshot after the stores of the
   first and the i15 loop only, since after the i9 loop's stores every path
   reaches an i15 store (same trip count n2) before the wait. */
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
  {
    __sbuf float (*cur2)[F] = s0, (*nxt3)[F] = s2;
    neuronisa_dma_load(cur2, in0, 16, 16, 64, 0);
    for (int i1 = 0; i1 < n0; ++i1) {
      if (i1 + 1 < n0)
        neuronisa_dma_load(nxt3, in0 + ((i1 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_dve_ts_min(&cur2[0][0], &cur2[0][0], 1.0f, 8, 16);
      neuronisa_dma_store(out0 + (i1 & 3) * TILE, cur2, 16, 16, 64, 2);
      __sbuf float (*tmp4)[F] = cur2;
      cur2 = nxt3;
      nxt3 = tmp4;
    }
  }
  switch ((k + k) & 3) {
  case 0:
    for (int i5 = 0; i5 < n2; ++i5) {
      if (k > 1) {
        neuronisa_pe_matmul(p0, s3, s1, 16, 16, 16, 0);
        neuronisa_dma_load(s2, in1 + ((k) & 3) * TILE, 16, 16, 64, 2);
      }
      if (n2 > 0) {
        int i6 = 0;
        do {
          if (i5 > 1)
            return;
          neuronisa_pool_tsp_max(s3, s2, v1, 16, 16);
        } while (++i6 < n2);
      }
    }
    break;
  case 1:
    #pragma unroll
    for (int h7 = 0; h7 < 2; ++h7)
      neuronisa_pool_ts_min(&s0[h7 * 8][0], &s2[h7 * 8][0], -1.0f, 8, 16);
    break;
  case 2:
    neuronisa_pool_copy(&s3[0][0], &s1[0][0], 16, 8);
    break;
  default:
    switch ((k + k) & 3) {
    case 0:
      #pragma unroll
      for (int h8 = 0; h8 < 2; ++h8)
        neuronisa_pool_copy(&s2[h8 * 8][0], &s3[h8 * 8][0], 8, 16);
      /* fall through */
    case 1:
      neuronisa_dve_tt_min(&s2[0][8], &s1[0][8], &s1[0][8], 16, 8);
      /* fall through */
    case 2:
      neuronisa_pe_matmul(p1, s0, s3, 16, 16, 16, 0);
      break;
    default:
      if (k == n2) {
        neuronisa_pe_matmul(p1, s1, s2, 16, 16, 16, 1);
      }
    }
  }
  {
    __sbuf float (*cur10)[F] = s0, (*nxt11)[F] = s3;
    neuronisa_dma_load(cur10, in1, 16, 16, 64, 0);
    for (int i9 = 0; i9 < n2; ++i9) {
      if (i9 + 1 < n2)
        neuronisa_dma_load(nxt11, in1 + ((i9 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_pool_reduce_max(v0, cur10, 16, 16);
      neuronisa_dma_store(out0 + (i9 & 3) * TILE, cur10, 16, 16, 64, 2);
      {
        int i13 = 0;
        while (i13 < n2) {
          if (i13 == n0) {
            neuronisa_dve_tt_mul(s2, s3, s3, 16, 16);
            break;
          }
          ++i13;
        }
      }
      __sbuf float (*tmp12)[F] = cur10;
      cur10 = nxt11;
      nxt11 = tmp12;
    }
  }
  neuronisa_dma_store(out1 + ((n0 - k) & 3) * TILE, s0, 16, 16, 64, 2);
  neuronisa_pool_reduce_max(v1, s0, 16, 16);
  #pragma unroll
  for (int h14 = 0; h14 < 2; ++h14)
    neuronisa_act_sigmoid(&s3[h14 * 8][0], &s1[h14 * 8][0], 8, 16, 0.25f, 0.0f);
  {
    __sbuf float (*cur16)[F] = s2, (*nxt17)[F] = s0;
    neuronisa_dma_load(cur16, in0, 16, 16, 64, 0);
    for (int i15 = 0; i15 < n2; ++i15) {
      if (i15 + 1 < n2)
        neuronisa_dma_load(nxt17, in0 + ((i15 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_pool_ts_max(cur16, cur16, -0.5f, 16, 16);
      neuronisa_dma_store(out0 + (i15 & 3) * TILE, cur16, 16, 16, 64, 2);
      __sbuf float (*tmp18)[F] = cur16;
      cur16 = nxt17;
      nxt17 = tmp18;
    }
  }
  neuronisa_dma_store(out0 + ((k * 1 + k) & 3) * TILE, s0, 16, 16, 64, 3);
  switch ((k + k) & 3) {
  case 0:
    if ((k & 1)) {
      neuronisa_dma_load(&s1[0][0], in0 + ((k * 2 + k) & 3) * TILE, 8, 16, 128, 2);
    } else {
      neuronisa_act_tanh(s1, p0, 16, 16, 0.125f, 0.0f);
    }
    break;
  case 1:
    neuronisa_dma_store(out0 + ((k + 0) & 3) * TILE, s1, 16, 16, 64, 0);
    break;
  case 2:
    neuronisa_dma_store(out1 + (((k ^ 3)) & 3) * TILE, s3, 16, 16, 64, 2);
    break;
  default:
    neuronisa_pe_matmul(p1, s0, s2, 16, 16, 16, 0);
  }
  neuronisa_dma_store(out1 + 3 * TILE, s2, 16, 16, 64, 3);
}
