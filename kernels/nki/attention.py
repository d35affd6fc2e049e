"""Attention forward, softmax(q k^T / sqrt(d)) v, for one head: K^T and V
loaded once; per block of 128 queries, the scores on the tensor engine,
the softmax on the vector and scalar engines, P^T by nc_transpose per key
block, P V accumulated in PSUM, the division by the row sums last."""

import math

import nki
import nki.isa as nisa
import nki.language as nl
import numpy as np

from nki_reference import F32, seq_matmul, seq_sum, seq_max


@nki.jit
def attention(q, k, v):
    Sq, d = q.shape
    Sk, _ = k.shape
    assert Sq % 128 == 0 and Sk % 128 == 0 and Sk <= 512 and d <= 128
    KB = Sk // 128
    scale = 1.0 / math.sqrt(d)
    out = nl.ndarray((Sq, d), dtype=q.dtype, buffer=nl.shared_hbm)
    kT = nl.ndarray((d, Sk), dtype=nl.float32, buffer=nl.sbuf)
    vs = nl.ndarray((128, KB, d), dtype=nl.float32, buffer=nl.sbuf)
    for j in nl.affine_range(KB):
        kb = nl.ndarray((128, d), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=kb, src=k[j * 128:(j + 1) * 128, :])
        kb_t = nl.ndarray((d, 128), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_transpose(dst=kb_t, data=kb)
        nisa.tensor_copy(dst=kT[:, j * 128:(j + 1) * 128], src=kb_t)
        nisa.dma_copy(dst=vs[:, j, :], src=v[j * 128:(j + 1) * 128, :])
    for i in nl.affine_range(Sq // 128):
        qb = nl.ndarray((128, d), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=qb, src=q[i * 128:(i + 1) * 128, :])
        qT_ps = nl.ndarray((d, 128), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_transpose(dst=qT_ps, data=qb)
        qT = nl.ndarray((d, 128), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=qT, src=qT_ps, engine=nisa.scalar_engine)
        s_ps = nl.ndarray((128, Sk), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_matmul(dst=s_ps, stationary=qT, moving=kT)
        nmax = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=nmax, op=nl.max, data=s_ps, axis=1, negate=True)
        nisa.tensor_scalar(dst=nmax, data=nmax, op0=nl.multiply, operand0=scale)
        p = nl.ndarray((128, Sk), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=p, op=nl.exp, data=s_ps, bias=nmax, scale=scale)
        rsum = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=rsum, op=nl.add, data=p, axis=1)
        o_ps = nl.ndarray((128, d), dtype=nl.float32, buffer=nl.psum)
        for j in nl.affine_range(KB):
            pT_ps = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)
            nisa.nc_transpose(dst=pT_ps, data=p[:, j * 128:(j + 1) * 128])
            pT = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
            nisa.tensor_copy(dst=pT, src=pT_ps, engine=nisa.gpsimd_engine)
            nisa.nc_matmul(dst=o_ps, stationary=pT, moving=vs[:, j, :])
        o = nl.ndarray((128, d), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=o, data=o_ps, op0=nl.divide, operand0=rsum)
        nisa.dma_copy(dst=out[i * 128:(i + 1) * 128, :], src=o)
    return out


def reference(q, k, v):
    scale = F32(1.0 / math.sqrt(q.shape[1]))
    s = seq_matmul(q.T.copy(), k.T.copy())
    nb = ((-seq_max(s)) * scale).astype(F32)
    p = np.exp(((s * scale).astype(F32) + nb).astype(F32)).astype(F32)
    o = seq_matmul(p.T.copy(), v)
    return (o / seq_sum(p)).astype(F32)


TESTS = [dict(kernel="attention", inputs=[(256, 64), (512, 64), (512, 64)],
              reference=reference, rtol=1e-5, atol=1e-6,
              bench=[(1024, 64), (512, 64), (512, 64)])]
