"""A Mamba-style selective scan, one state per channel:
h[t] = exp(delta[t] * A) * h[t - 1] + delta[t] * x[t], y[t] = h[t],
channels on partitions, time along the free dimension. The recurrence is
a sequential_range loop whose body reads and writes column t of on-chip
tiles (a run-time offset along the free dimension) and carries h."""

import nki
import nki.isa as nisa
import nki.language as nl
import numpy as np

from nki_reference import F32


@nki.jit
def mamba_scan(delta, x, A):
    C, T = x.shape
    assert C % 128 == 0
    y = nl.ndarray((C, T), dtype=x.dtype, buffer=nl.shared_hbm)
    for c in nl.affine_range(C // 128):
        rows = slice(c * 128, (c + 1) * 128)
        d = nl.ndarray((128, T), dtype=nl.float32, buffer=nl.sbuf)
        u = nl.ndarray((128, T), dtype=nl.float32, buffer=nl.sbuf)
        a = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=d, src=delta[rows, :])
        nisa.dma_copy(dst=u, src=x[rows, :])
        nisa.dma_copy(dst=a, src=A[rows, :])
        decay = nl.ndarray((128, T), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=decay, op=nl.exp, data=d, scale=a)
        drive = nl.ndarray((128, T), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_tensor(dst=drive, data1=d, data2=u, op=nl.multiply)
        h = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.memset(dst=h, value=0.0)
        out = nl.ndarray((128, T), dtype=nl.float32, buffer=nl.sbuf)
        for t in nl.sequential_range(T):
            nisa.tensor_tensor(dst=h, data1=h, data2=decay[:, t], op=nl.multiply)
            nisa.tensor_tensor(dst=h, data1=h, data2=drive[:, t], op=nl.add)
            nisa.tensor_copy(dst=out[:, t], src=h, engine=nisa.gpsimd_engine)
        nisa.dma_copy(dst=y[rows, :], src=out)
    return y


def inputs(rng):
    C, T = 256, 64
    delta = rng.uniform(0.0, 0.5, (C, T)).astype(F32)
    x = rng.uniform(-1.0, 1.0, (C, T)).astype(F32)
    A = rng.uniform(-1.0, 0.0, (C, 1)).astype(F32)
    return [delta, x, A]


def reference(delta, x, A):
    decay = np.exp((delta * A).astype(F32)).astype(F32)
    drive = (delta * x).astype(F32)
    h = np.zeros((x.shape[0],), F32)
    y = np.zeros_like(x)
    for t in range(x.shape[1]):
        h = ((h * decay[:, t]).astype(F32) + drive[:, t]).astype(F32)
        y[:, t] = h
    return y


TESTS = [dict(kernel="mamba_scan", inputs=inputs, reference=reference,
              rtol=1e-5, atol=1e-6)]
