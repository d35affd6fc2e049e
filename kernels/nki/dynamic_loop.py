"""The example of NKI's dynamic-loop documentation: a loop that loads a
[128, 2048] fp32 tile, applies nisa.activation and nisa.tensor_scalar and
stores it, with the trip count in a register (a run-time kernel argument
here), so the loop cannot be unrolled."""

import nki
import nki.isa as nisa
import nki.language as nl
import numpy as np

from nki_reference import F32


@nki.jit
def dynamic_loop(x):
    R, D = x.shape
    y = nl.ndarray((R, D), dtype=x.dtype, buffer=nl.shared_hbm)
    n = nisa.register_alloc(R // 128)
    for i in nl.dynamic_range(n):
        t = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=x[i * 128:(i + 1) * 128, :])
        a = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=a, op=nl.relu, data=t, scale=2.0)
        o = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=o, data=a, op0=nl.multiply, operand0=0.5,
                           op1=nl.add, operand1=1.0)
        nisa.dma_copy(dst=y[i * 128:(i + 1) * 128, :], src=o)
    return y


def reference(x):
    a = np.maximum((x * F32(2.0)).astype(F32), F32(0))
    return ((a * F32(0.5)).astype(F32) + F32(1.0)).astype(F32)


TESTS = [dict(kernel="dynamic_loop", inputs=[(512, 2048)], reference=reference,
              bench=[(2048, 2048)])]
