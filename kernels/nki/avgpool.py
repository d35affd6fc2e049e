"""2x2 average pooling of [C, H, W] images, channel by channel, on the
tensor engine: the image transposed, pooled along W by a matmul with a
pair-averaging matrix, then along H by another. The [W, W/2] matrix
(0.5 where w // 2 == j) is built on chip with nisa.iota."""

import nki
import nki.isa as nisa
import nki.language as nl
import numpy as np

from nki_reference import F32


def pair_matrix(n):
    """[n, n/2]: 0.5 at (2j, j) and (2j + 1, j), else 0: from v = p - 2j,
    relu(1.5 - 2 |v - 0.5|) is 0.5 for v in {0, 1} and 0 otherwise."""
    v = nl.ndarray((n, n // 2), dtype=nl.float32, buffer=nl.sbuf)
    nisa.iota(dst=v, expr=nl.arange(n)[:, None] - 2 * nl.arange(n // 2)[None, :])
    nisa.tensor_scalar(dst=v, data=v, op0=nl.subtract, operand0=0.5)
    neg = nl.ndarray((n, n // 2), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=neg, data=v, op0=nl.multiply, operand0=-1.0)
    nisa.tensor_tensor(dst=v, data1=v, data2=neg, op=nl.maximum)
    nisa.activation(dst=v, op=nl.relu, data=v, scale=-2.0, bias=1.5)
    return v


@nki.jit
def avgpool2x2(img):
    C, H, W = img.shape
    assert H <= 128 and W <= 128 and H % 2 == 0 and W % 2 == 0
    out = nl.ndarray((C, H // 2, W // 2), dtype=img.dtype, buffer=nl.shared_hbm)
    pw = pair_matrix(W)
    ph = pair_matrix(H)
    for c in nl.affine_range(C):
        x = nl.ndarray((H, W), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=x, src=img[c])
        xt_ps = nl.ndarray((W, H), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_transpose(dst=xt_ps, data=x)
        xt = nl.ndarray((W, H), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=xt, src=xt_ps, engine=nisa.scalar_engine)
        cols_ps = nl.ndarray((H, W // 2), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_matmul(dst=cols_ps, stationary=xt, moving=pw)
        cols = nl.ndarray((H, W // 2), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=cols, src=cols_ps)
        o_ps = nl.ndarray((H // 2, W // 2), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_matmul(dst=o_ps, stationary=ph, moving=cols)
        o = nl.ndarray((H // 2, W // 2), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=o, src=o_ps, engine=nisa.gpsimd_engine)
        nisa.dma_copy(dst=out[c], src=o)
    return out


def reference(img):
    h = ((img[:, :, 0::2] + img[:, :, 1::2]).astype(F32) * F32(0.5)).astype(F32)
    return ((h[:, 0::2, :] + h[:, 1::2, :]).astype(F32) * F32(0.5)).astype(F32)


TESTS = [dict(kernel="avgpool2x2", inputs=[(4, 64, 128)], reference=reference,
              bench=[(16, 128, 128)])]
