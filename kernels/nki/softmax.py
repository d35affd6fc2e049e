"""Row softmax in NKI's current API: the max negated by tensor_reduce, exp
with that per-row bias on the scalar engine, the row sum, a division by a
per-row operand."""

import nki
import nki.isa as nisa
import nki.language as nl

from nki_reference import seq_sum, seq_max, F32
import numpy as np


@nki.jit
def softmax(x):
    R, D = x.shape
    assert R % 128 == 0
    y = nl.ndarray((R, D), dtype=x.dtype, buffer=nl.shared_hbm)
    for i in nl.affine_range(R // 128):
        t = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=x[i * 128:(i + 1) * 128, :])
        neg_max = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=neg_max, op=nl.max, data=t, axis=(1,), negate=True)
        e = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=e, op=nl.exp, data=t, bias=neg_max)
        s = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=s, op=nl.add, data=e, axis=(1,))
        out = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=out, data=e, op0=nl.divide, operand0=s)
        nisa.dma_copy(dst=y[i * 128:(i + 1) * 128, :], src=out)
    return y


def reference(x):
    e = np.exp(x + (-seq_max(x))).astype(F32)
    return (e / seq_sum(e)).astype(F32)


TESTS = [dict(kernel="softmax", inputs=[(256, 512)], reference=reference,
              rtol=1e-6, atol=1e-7, bench=[(1024, 512)])]
