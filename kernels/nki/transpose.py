"""out = in^T, [128 x 128] blocks through the tensor engine (nc_transpose
into PSUM, a copy back to SBUF)."""

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def transpose(x):
    R, C = x.shape
    assert R % 128 == 0 and C % 128 == 0
    out = nl.ndarray((C, R), dtype=x.dtype, buffer=nl.shared_hbm)
    for i in nl.affine_range(R // 128):
        for j in nl.affine_range(C // 128):
            t = nl.ndarray((128, 128), dtype=x.dtype, buffer=nl.sbuf)
            nisa.dma_copy(dst=t, src=x[i * 128:(i + 1) * 128, j * 128:(j + 1) * 128])
            tp = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)
            nisa.nc_transpose(dst=tp, data=t)
            ts = nl.ndarray((128, 128), dtype=x.dtype, buffer=nl.sbuf)
            nisa.tensor_copy(dst=ts, src=tp, engine=nisa.scalar_engine)
            nisa.dma_copy(dst=out[j * 128:(j + 1) * 128, i * 128:(i + 1) * 128], src=ts)
    return out


def reference(x):
    return x.T.copy()


TESTS = [dict(kernel="transpose", inputs=[(256, 384)], reference=reference,
              bench=[(512, 1024)])]
