"""Matrix multiplication, result = lhsT^T @ rhs, in NKI's current API: one
tile, tiled (K accumulated in PSUM), and blocked with hoisted loads kept
in lists of tiles."""

import nki
import nki.isa as nisa
import nki.language as nl

from nki_reference import seq_matmul


@nki.jit
def matmul_basic(lhsT, rhs):
    """[K=128, M=64]^T x [128, 512] in one nc_matmul."""
    K, M = lhsT.shape
    K2, N = rhs.shape
    assert K == K2 == 128 and M <= 128 and N <= 512
    result = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)
    a = nl.ndarray((K, M), dtype=lhsT.dtype, buffer=nl.sbuf)
    b = nl.ndarray((K, N), dtype=rhs.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=a, src=lhsT)
    nisa.dma_copy(dst=b, src=rhs)
    acc = nl.ndarray((M, N), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_matmul(dst=acc, stationary=a, moving=b)
    res = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.sbuf)
    nisa.tensor_copy(dst=res, src=acc)
    nisa.dma_copy(dst=result, src=res)
    return result


@nki.jit
def matmul_tiled(lhsT, rhs):
    """Any K, M multiple of 128 and N multiple of 512: every output tile
    accumulates K / 128 products in PSUM."""
    K, M = lhsT.shape
    _, N = rhs.shape
    TM, TK, TN = (nl.tile_size.gemm_stationary_fmax, nl.tile_size.pmax,
                  nl.tile_size.gemm_moving_fmax)
    assert M % TM == 0 and N % TN == 0 and K % TK == 0
    result = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)
    for m in nl.affine_range(M // TM):
        for n in nl.affine_range(N // TN):
            acc = nl.ndarray((TM, TN), dtype=nl.float32, buffer=nl.psum)
            for k in nl.affine_range(K // TK):
                a = nl.ndarray((TK, TM), dtype=lhsT.dtype, buffer=nl.sbuf)
                b = nl.ndarray((TK, TN), dtype=rhs.dtype, buffer=nl.sbuf)
                nisa.dma_copy(dst=a, src=lhsT[k * TK:(k + 1) * TK, m * TM:(m + 1) * TM])
                nisa.dma_copy(dst=b, src=rhs[k * TK:(k + 1) * TK, n * TN:(n + 1) * TN])
                nisa.nc_matmul(dst=acc, stationary=a, moving=b)
            out = nl.ndarray((TM, TN), dtype=result.dtype, buffer=nl.sbuf)
            nisa.tensor_copy(dst=out, src=acc)
            nisa.dma_copy(dst=result[m * TM:(m + 1) * TM, n * TN:(n + 1) * TN], src=out)
    return result


@nki.jit
def matmul_blocked(lhsT, rhs):
    """The column of lhsT tiles of a row block is loaded once into a Python
    list and reused for every column block of rhs. Indexing the list with a
    loop variable unrolls the loops that build and read it (the rolled
    outer loops keep their per-iteration tiles)."""
    K, M = lhsT.shape
    _, N = rhs.shape
    TM, TK, TN = 128, 128, 512
    result = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)
    for m in nl.affine_range(M // TM):
        lhs_tiles = []
        for k in nl.affine_range(K // TK):
            a = nl.ndarray((TK, TM), dtype=lhsT.dtype, buffer=nl.sbuf)
            nisa.dma_copy(dst=a, src=lhsT[k * TK:(k + 1) * TK, m * TM:(m + 1) * TM])
            lhs_tiles.append(a)
        for n in nl.affine_range(N // TN):
            acc = nl.ndarray((TM, TN), dtype=nl.float32, buffer=nl.psum)
            for k in nl.affine_range(K // TK):
                b = nl.ndarray((TK, TN), dtype=rhs.dtype, buffer=nl.sbuf)
                nisa.dma_copy(dst=b, src=rhs[k * TK:(k + 1) * TK, n * TN:(n + 1) * TN])
                nisa.nc_matmul(dst=acc, stationary=lhs_tiles[k], moving=b)
            out = nl.ndarray((TM, TN), dtype=result.dtype, buffer=nl.sbuf)
            nisa.tensor_copy(dst=out, src=acc)
            nisa.dma_copy(dst=result[m * TM:(m + 1) * TM, n * TN:(n + 1) * TN], src=out)
    return result


def reference(lhsT, rhs):
    return seq_matmul(lhsT, rhs)


TESTS = [
    dict(kernel="matmul_basic", inputs=[(128, 64), (128, 512)], reference=reference),
    dict(kernel="matmul_tiled", inputs=[(256, 256), (256, 1024)], reference=reference,
         bench=[(512, 256), (512, 2048)]),
    dict(kernel="matmul_blocked", inputs=[(256, 256), (256, 1024)],
         reference=reference, bench=[(512, 256), (512, 2048)]),
]
