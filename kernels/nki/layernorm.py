"""LayerNorm in NKI's current API: mean and variance by reductions, the
centring as a per-row subtraction, rsqrt(var + eps) on the scalar engine,
gamma and beta broadcast across partitions once, outside the loop."""

import nki
import nki.isa as nisa
import nki.language as nl
import numpy as np

from nki_reference import seq_sum, F32

EPS = 1e-5


@nki.jit
def layernorm(x, gamma, beta):
    R, D = x.shape
    y = nl.ndarray((R, D), dtype=x.dtype, buffer=nl.shared_hbm)
    g1 = nl.ndarray((1, D), dtype=nl.float32, buffer=nl.sbuf)
    b1 = nl.ndarray((1, D), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=g1, src=gamma.reshape((1, D)))
    nisa.dma_copy(dst=b1, src=beta.reshape((1, D)))
    g = g1.broadcast_to((128, D))
    b = b1.broadcast_to((128, D))
    for i in nl.affine_range(R // 128):
        t = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=x[i * 128:(i + 1) * 128, :])
        mean = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=mean, op=nl.add, data=t, axis=1)
        nisa.tensor_scalar(dst=mean, data=mean, op0=nl.multiply, operand0=1.0 / D)
        xc = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=xc, data=t, op0=nl.subtract, operand0=mean)
        sq = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=sq, op=nl.square, data=xc)
        var = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=var, op=nl.add, data=sq, axis=1)
        rstd = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=rstd, op=nl.rsqrt, data=var, scale=1.0 / D, bias=EPS)
        o = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=o, data=xc, op0=nl.multiply, operand0=rstd)
        nisa.tensor_tensor(dst=o, data1=o, data2=g, op=nl.multiply)
        nisa.tensor_tensor(dst=o, data1=o, data2=b, op=nl.add, engine=nisa.gpsimd_engine)
        nisa.dma_copy(dst=y[i * 128:(i + 1) * 128, :], src=o)
    return y


def reference(x, gamma, beta):
    D = x.shape[1]
    mean = (seq_sum(x) * F32(1.0 / D)).astype(F32)
    xc = (x - mean).astype(F32)
    var = seq_sum((xc * xc).astype(F32))
    arg = ((var * F32(1.0 / D)).astype(F32) + F32(EPS)).astype(F32)
    rstd = (F32(1) / np.sqrt(arg)).astype(F32)
    o = (xc * rstd).astype(F32)
    return ((o * gamma[None, :]).astype(F32) + beta[None, :]).astype(F32)


TESTS = [dict(kernel="layernorm", inputs=[(256, 512), (512,), (512,)],
              reference=reference, bench=[(1024, 512), (512,), (512,)])]
