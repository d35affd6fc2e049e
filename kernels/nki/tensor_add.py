"""c = a + b in NKI's previous API: tiles as values, nl.arange indices,
and an SPMD launch whose program ids pick the [128, 512] block."""

import neuronxcc.nki as nki
import neuronxcc.nki.language as nl


@nki.jit
def tensor_add(a_input, b_input):
    c_output = nl.ndarray(a_input.shape, dtype=a_input.dtype, buffer=nl.shared_hbm)
    row = nl.program_id(0) * 128
    col = nl.program_id(1) * 512
    ix = row + nl.arange(128)[:, None]
    iy = col + nl.arange(512)[None, :]
    a = nl.load(a_input[ix, iy])
    b = nl.load(b_input[ix, iy])
    c = a + b
    nl.store(c_output[ix, iy], value=c)
    return c_output


def reference(a, b):
    return a + b


TESTS = [
    dict(kernel="tensor_add", inputs=[(256, 1024), (256, 1024)], grid=(2, 2),
         reference=reference, bench_grid=(8, 4),
         bench=[(1024, 2048), (1024, 2048)]),
]
