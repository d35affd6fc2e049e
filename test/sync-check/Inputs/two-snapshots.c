/* Random C kernel 18 of utils/random_c_kernels.py: three loops read and
   write tile 0x80 (a ping-pong buffer); at -O0 the prefetch loads of the
   later loops wait on two snapshot registers of queue 2, one per earlier
   loop (test/sync-check/code-sets.test). */
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
  neuronisa_dma_load(s3, in1 + 2 * TILE, 16, 16, 64, 3);
  {
    __sbuf float (*cur2)[F] = s2, (*nxt3)[F] = s0;
    neuronisa_dma_load(cur2, in0, 16, 16, 64, 0);
    for (int i1 = 0; i1 < n1; ++i1) {
      if (i1 + 1 < n1)
        neuronisa_dma_load(nxt3, in0 + ((i1 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_pool_tt_max(&cur2[0][0], &cur2[0][0], &cur2[0][0], 8, 16);
      neuronisa_dma_store(out0 + (i1 & 3) * TILE, cur2, 16, 16, 64, 2);
      switch ((i1 + k) & 3) {
      case 0:
        if ((k & 1)) {
          neuronisa_pool_tsp_min(s2, s2, v1, 16, 16);
          continue;
        }
        break;
      case 1:
        if ((i1 & 1)) {
          neuronisa_pool_tt_max(&s1[8][0], &s3[8][0], &s0[8][0], 8, 16);
        } else {
          if ((i1 & 1)) {
            neuronisa_dma_store(out1 + ((i1 * 3 + i1) & 3) * TILE, s3, 16, 16, 64, 2);
            continue;
          }
          neuronisa_pool_tt_mul(s1, s1, s2, 16, 16);
        }
        /* fall through */
      case 2:
        switch ((i1 + k) & 3) {
        case 0:
          neuronisa_dve_ts_min(s2, s0, 1.0f, 16, 16);
          /* fall through */
        case 1:
          neuronisa_dma_load(s2, out1 + (((k ^ 3)) & 3) * TILE, 16, 16, 64, 3);
          break;
        case 2:
          neuronisa_dma_store(out1 + (((k ^ 1)) & 3) * TILE, s0, 16, 16, 64, 1);
          break;
        default:
          neuronisa_dve_reduce_max(v0, s2, 16, 16);
        }
        break;
      default:
        neuronisa_dma_load(&s2[0][0], out1 + ((n2 - k) & 3) * TILE, 8, 16, 128, 1);
      }
      __sbuf float (*tmp4)[F] = cur2;
      cur2 = nxt3;
      nxt3 = tmp4;
    }
  }
  neuronisa_pool_reduce_max(v1, s0, 16, 16);
  if (k == n2) {
    neuronisa_act_tanh(s2, p0, 16, 16, 0.125f, 0.0f);
  } else {
    neuronisa_dma_load(s3, out1 + ((k * 3 + k) & 3) * TILE, 16, 16, 64, 2);
    {
      __sbuf float (*cur6)[F] = s2, (*nxt7)[F] = s0;
      neuronisa_dma_load(cur6, in0, 16, 16, 64, 0);
      for (int i5 = 0; i5 < n2; ++i5) {
        if (i5 + 1 < n2)
          neuronisa_dma_load(nxt7, in0 + ((i5 + 1) & 3) * TILE, 16, 16, 64, 1);
        neuronisa_dve_ts_max(cur6, cur6, 0.25f, 16, 16);
        neuronisa_dma_store(out0 + (i5 & 3) * TILE, cur6, 16, 16, 64, 2);
        neuronisa_act_tanh(s1, s0, 16, 16, 0.75f, 0.0625f);
        __sbuf float (*tmp8)[F] = cur6;
        cur6 = nxt7;
        nxt7 = tmp8;
      }
    }
  }
  neuronisa_act_relu(&s0[8][0], &s1[8][0], 8, 16, -1.0f, 0.0f);
  {
    __sbuf float (*cur10)[F] = s2, (*nxt11)[F] = s0;
    neuronisa_dma_load(cur10, in1, 16, 16, 64, 0);
    for (int i9 = 0; i9 < n2; ++i9) {
      if (i9 + 1 < n2)
        neuronisa_dma_load(nxt11, in1 + ((i9 + 1) & 3) * TILE, 16, 16, 64, 1);
      neuronisa_dve_reduce_min(v0, cur10, 16, 16);
      neuronisa_dma_store(out0 + (i9 & 3) * TILE, cur10, 16, 16, 64, 2);
      __sbuf float (*tmp12)[F] = cur10;
      cur10 = nxt11;
      nxt11 = tmp12;
    }
  }
  neuronisa_dma_store(out1 + 3 * TILE, s1, 16, 16, 64, 3);
}
