/* attention: flash-attention forward, O = softmax(Q K^T) V, one 128-query
 * block at a time, streaming 128-key blocks with an online softmax. The C
 * twin of kernels/attention.ll.
 *
 * HBM: qt = Q^T blocked, [nq][64 x 128] (head dim 64 on rows, 128 queries;
 *           512-byte rows, 32 KiB per block);
 *      kt = K^T blocked, [nkv][64 x 128] (same layout, 128 keys per block);
 *      v  = V, [128*nkv x 64] row-major (256-byte rows);
 *      o  = O, [128*nq x 64] row-major.
 * Args: (qt, kt, v, o, nq, nkv), both run time (>= 0). With nkv = 0 the
 * output is 0 (the row sum l is clamped to >= 1e-30 before the division).
 * Per key block: PE S = Q K^T (PSUM), DVE row max / new max / -max, ACT
 * P = exp(S - max) and the rescale factor alpha = exp(m_old - m_new), DVE
 * row sums and l = l * alpha + rowsum(P), PE transposes P, POOL copies P^T
 * to SBUF, PE computes P V, POOL updates O = O * alpha + P V, ACT copies
 * m = m_new. */
#include <neuronisa.h>

enum { T = 128, D = 64, BLOCK = D * T /* = T * D */ };

static __sbuf float qs[D][T], ks[D][T], vs[T][D], ps[T][T], pts[T][T],
    os[T][D], ofs[T][D];
static __sbuf float m[T][1], mx[T][1], mn[T][1], nmn[T][1], dm[T][1],
    al[T][1], rsum[T][1], l[T][1], l2[T][1];
static __psum float sp[T][T], ptp[T][T], pvp[T][D];

void attention(const __hbm float *restrict qt, const __hbm float *restrict kt,
               const __hbm float *restrict v, __hbm float *restrict o, int nq,
               int nkv) {
  for (int qb = 0; qb < nq; ++qb) {
    neuronisa_dma_load(qs, qt + qb * BLOCK, D, T, 4 * T, 0);
    neuronisa_dve_memset(m, -1e30f, T, 1);
    neuronisa_pool_memset(l, 0.0f, T, 1);
    neuronisa_pool_memset(os, 0.0f, T, D);
    for (int j = 0; j < nkv; ++j) {
      neuronisa_dma_load(ks, kt + j * BLOCK, D, T, 4 * T, 1);
      neuronisa_dma_load(vs, v + j * BLOCK, T, D, 4 * D, 2);
      /* S [queries x keys] = (Q^T)^T K^T */
      neuronisa_pe_matmul(sp, qs, ks, D, T, T, 0);
      neuronisa_dve_reduce_max(mx, sp, T, T);
      neuronisa_dve_tt_max(mn, m, mx, T, 1);
      neuronisa_dve_ts_mul(nmn, mn, -1.0f, T, 1);
      neuronisa_act_exp_bias(ps, sp, nmn, T, T, 1.0f);
      neuronisa_dve_tt_sub(dm, m, mn, T, 1);
      neuronisa_act_exp(al, dm, T, 1, 1.0f, 0.0f);
      neuronisa_dve_reduce_add(rsum, ps, T, T);
      neuronisa_dve_tt_mul(l, l, al, T, 1);
      neuronisa_dve_tt_add(l, l, rsum, T, 1);
      /* P^T [keys x queries], then O += P V */
      neuronisa_pe_transpose(ptp, ps, T, T);
      neuronisa_pool_copy(pts, ptp, T, T);
      neuronisa_pe_matmul(pvp, pts, vs, T, T, D, 0);
      neuronisa_pool_tsp_mul(os, os, al, T, D);
      neuronisa_pool_tt_add(os, os, pvp, T, D);
      neuronisa_act_identity(m, mn, T, 1, 1.0f, 0.0f);
    }
    neuronisa_dve_ts_max(l2, l, 1e-30f, T, 1);
    neuronisa_dve_tsp_div(ofs, os, l2, T, D);
    neuronisa_dma_store(o + qb * BLOCK, ofs, T, D, 4 * D, 3);
  }
}
