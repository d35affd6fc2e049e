# Kernels that use what the front end does not support: each error names
# the construct at the kernel's file:line (the CHECK lines below each).
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def scan(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray(x.shape, dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    nisa.tensor_tensor_scan(dst=t, data0=t, data1=t, initial=0.0, op0=nl.multiply, op1=nl.add)
# SCAN: errors.py:[[@LINE-1]]: error: nisa.tensor_tensor_scan is not supported by this front end
    return y


@nki.jit
def run_time_partition(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    for i in nl.dynamic_range(nisa.register_alloc(4)):
        nisa.memset(dst=t[i:i + 1, :], value=1.0)
# PART: errors.py:[[@LINE-1]]: error: the partition index of tile t0 is a run-time value
    return y


@nki.jit
def masked(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    ix, iy = nl.mgrid[0:128, 0:64]
    for i in nl.affine_range(2):
        a = nl.load(x[i * 128 + ix, iy], mask=(i * 128 + ix < 200))
# MASK: errors.py:[[@LINE-1]]: error: a mask that is not always true is not supported
        nl.store(y[i * 128 + ix, iy], value=a)
    return y


@nki.jit
def breaks(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    for i in nl.dynamic_range(nisa.register_alloc(2)):
# BREAK: errors.py:[[@LINE-1]]: error: `break` or `return` inside a rolled loop (dynamic) is not supported
        t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=x[0:128, :])
        break
    nisa.dma_copy(dst=y[0:128, :], src=t)
    return y


@nki.jit
def returns_tile(x):
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x[0:128, :])
    return t
# RET: error: the kernel returns TileView; it must return HBM tensors created with nl.ndarray(..., buffer=nl.shared_hbm)


@nki.jit
def sqrt(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    a = nl.load(x[0:128, :])
    b = nl.sqrt(a)
# SQRT: errors.py:[[@LINE-1]]: error: nl.sqrt is not supported by this front end
    nl.store(y[0:128, :], value=b)
    return y


@nki.jit
def shapes(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    a = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    b = nl.ndarray((128, 32), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_tensor(dst=a, data1=a, data2=b, op=nl.add)
# SHAPE: errors.py:[[@LINE-1]]: error: tensor_tensor: shapes (128, 64) and (128, 32) differ
    return y


@nki.jit
def hbm_operand(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    a = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation(dst=a, op=nl.exp, data=x[0:128, :])
# HBM: errors.py:[[@LINE-1]]: error: data is an HBM tensor; load it into SBUF first
    return y


@nki.jit
def oversize(x):
    y = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    a = nl.ndarray((128, 30000), dtype=nl.float32, buffer=nl.sbuf)
    b = nl.ndarray((128, 30000), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=a, value=0.0)
    nisa.memset(dst=b, value=0.0)
    nisa.tensor_tensor(dst=a, data1=a, data2=b, op=nl.add)
    return y
# BIG: error: the kernel's tiles need {{[0-9]+}} bytes of sbuf per partition, more than the 196608 there are
