"""numpy references for the NKI kernels, rounding as the simulator does
(lib/Target/NeuronISA/MCTargetDesc/NeuronISASemantics.h): every operation
in fp32, sums and matmuls accumulated sequentially in index order (no
pairwise summation), no fused multiply-add. exp and tanh come from numpy's
fp32 functions, which may differ from the C library's by an ulp: kernels
using them are compared with a tolerance."""

import numpy as np

F32 = np.float32


def seq_sum(x, axis=-1):
    """Sequential fp32 sum along `axis`, keeping it (shape [..., 1])."""
    return np.add.accumulate(x.astype(F32), axis=axis, dtype=F32).take(
        [-1], axis=axis)


def seq_max(x, axis=-1):
    return np.max(x, axis=axis, keepdims=True).astype(F32)


def seq_matmul(stat, mov):
    """stat[k x m]^T * mov[k x n], accumulated over k in order as PE does."""
    out = np.zeros((stat.shape[1], mov.shape[1]), F32)
    for k in range(stat.shape[0]):
        out = (out + (stat[k][:, None] * mov[k][None, :]).astype(F32)).astype(F32)
    return out
