"""RMSNorm in NKI's previous API: nl.load / nl.store, tiles as values,
nl.mgrid indices, an always-true mask, a weight broadcast across
partitions."""

import neuronxcc.nki as nki
import neuronxcc.nki.language as nl
import numpy as np

from nki_reference import seq_sum, F32


@nki.jit
def rmsnorm(a_tensor, g_tensor):
    out_tensor = nl.ndarray(a_tensor.shape, dtype=a_tensor.dtype, buffer=nl.shared_hbm)
    rows, cols = a_tensor.shape
    assert cols == g_tensor.shape[0]
    ix, iy = nl.mgrid[0:128, 0:cols]
    iw = nl.arange(1)[:, None]
    g_tile = nl.load(g_tensor.reshape((1, cols))[iw, iy])
    g_bcast = g_tile.broadcast_to((128, cols))
    for i in nl.affine_range(rows // 128):
        a_tile = nl.load(a_tensor[i * 128 + ix, iy], mask=(i * 128 + ix < rows))
        sq = nl.square(a_tile)
        ssum = nl.sum(sq, axis=[1])
        mean = ssum / cols
        rinv = nl.rsqrt(mean)
        o = nl.multiply(a_tile, rinv)
        o = nl.multiply(o, g_bcast)
        nl.store(out_tensor[i * 128 + ix, iy], value=o, mask=(i * 128 + ix < rows))
    return out_tensor


def reference(a, g):
    mean = (seq_sum(a * a) / F32(a.shape[1])).astype(F32)
    rinv = (F32(1) / np.sqrt(mean)).astype(F32)
    return ((a * rinv).astype(F32) * g[None, :]).astype(F32)


TESTS = [dict(kernel="rmsnorm", inputs=[(256, 512), (512,)], reference=reference,
              bench=[(1024, 512), (512,)])]
