import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def static_loop(x):
    R, D = x.shape
    y = nl.ndarray((R, D), dtype=x.dtype, buffer=nl.shared_hbm)
    for i in nl.static_range(R // 128):
        t = nl.ndarray((128, D), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=x[i * 128:(i + 1) * 128, :])
        nisa.dma_copy(dst=y[i * 128:(i + 1) * 128, :], src=t)
    return y
