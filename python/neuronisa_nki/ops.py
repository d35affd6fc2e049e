"""Builtin emission: each nki operation becomes one or a few `neuronisa.*`
builtin calls (docs/ISA.md). Shapes are checked here, with errors located
at the kernel's line."""

import numpy as np

from .errors import NKIError, user_site
from .expr import as_expr
from .tensors import (Tile, TileView, HBMView, HbmRef, SBUF, PSUM, P_MAX)
from .tracer import Tracer

ALU_OPS = ("add", "sub", "mul", "div", "max", "min")
COMMUTATIVE = ("add", "mul", "max", "min")
ACT_FUNCS = ("identity", "exp", "tanh", "gelu", "relu", "sigmoid", "rsqrt",
             "square", "silu")
ENGINES = {"vector": "dve", "gpsimd": "pool", "scalar": "act", "tensor": "pe",
           "dve": "dve", "pool": "pool", "act": "act", None: None}
MAX_MATMUL_N = 512


def tracer():
    t = Tracer.current
    if t is None:
        raise NKIError("nki operations can only run inside a traced kernel")
    return t


def emit(name, *operands):
    tracer().emit(name, list(operands))


def i32(v):
    return ("i32", int(v))


def f32(v):
    try:
        return ("float", float(np.float32(v)))
    except (TypeError, ValueError):
        raise NKIError("expected a compile-time number, got %s" % type(v).__name__)


def tile_view(x, what):
    if isinstance(x, TileView):
        return x
    if isinstance(x, HBMView):
        raise NKIError("%s is an HBM tensor; load it into SBUF first "
                       "(nisa.dma_copy or nl.load)" % what)
    raise NKIError("%s must be a tile, not %s" % (what, type(x).__name__))


def new_tile(shape, memory=SBUF, dtype=np.float32, name=None):
    return Tile(shape, dtype, memory, name).view


def engine_of(engine, default):
    key = getattr(engine, "_engine", engine)
    if key not in ENGINES:
        raise NKIError("unknown engine %r" % (engine,))
    return ENGINES[key] or default


def vector_engine(engine, default="dve"):
    e = engine_of(engine, default)
    if e not in ("dve", "pool"):
        return default
    return e


def same_shape(a, b, what):
    ra, rb = a.ref(), b.ref()
    if ra.parts != rb.parts or ra.free != rb.free:
        raise NKIError("%s: shapes %s and %s differ" % (what, a.shape, b.shape))
    return ra, rb


def is_column(v, parts):
    """A [P x 1] tile: a per-partition scalar operand."""
    return isinstance(v, TileView) and v.parts == parts and v.free_size == 1


# Data movement --------------------------------------------------------------

_queues = {}


def dma_queue(kind):
    """One DMA queue per dma call site (loads and stores apart), so
    independent transfers do not wait for each other's queue."""
    t = tracer()
    key = (id(t), kind, user_site())
    if key not in _queues:
        used = sum(1 for k in _queues if k[0] == id(t))
        _queues[key] = used % 16
    return _queues[key]


def dma_load(dst, src):
    d = dst.ref()
    if d.tile.memory != SBUF:
        raise NKIError("a DMA writes SBUF; the destination is in %s" % d.tile.memory)
    if int(np.prod(src.shape)) != d.parts * d.free:
        raise NKIError("dma_copy: source shape %s and destination shape %s "
                       "differ in size" % (src.shape, dst.shape))
    off, stride = src.rows(d.parts, d.free)
    emit("dma.load", d, HbmRef(src.tensor, off), i32(d.parts), i32(d.free),
         i32(4 * stride), i32(dma_queue("load")))


def dma_store(dst, src):
    s = src.ref()
    if s.tile.memory != SBUF:
        tmp = new_tile(src.shape)
        copy(tmp, src)
        src, s = tmp, tmp.ref()
    if int(np.prod(dst.shape)) != s.parts * s.free:
        raise NKIError("dma_copy: source shape %s and destination shape %s "
                       "differ in size" % (src.shape, dst.shape))
    off, stride = dst.rows(s.parts, s.free)
    emit("dma.store", HbmRef(dst.tensor, off), s, i32(s.parts), i32(s.free),
         i32(4 * stride), i32(dma_queue("store")))


def copy(dst, src, engine=None):
    d, s = same_shape(dst, src, "tensor_copy")
    e = engine_of(engine, "dve")
    if e == "act":
        emit("act.identity", d, s, i32(d.parts), i32(d.free), f32(1.0), f32(0.0))
    else:
        emit(vector_engine(e) + ".copy", d, s, i32(d.parts), i32(d.free))


def memset(dst, value, engine=None):
    d = dst.ref()
    emit(vector_engine(engine) + ".memset", d, f32(value), i32(d.parts), i32(d.free))


# Elementwise ----------------------------------------------------------------

def tensor_tensor(dst, a, b, op, engine=None):
    e = vector_engine(engine)
    d = dst.ref()
    if is_column(b, d.parts) and not is_column(a, d.parts):
        return tensor_scalar(dst, a, op, b, engine=engine)
    if is_column(a, d.parts) and not is_column(b, d.parts) and op in COMMUTATIVE:
        return tensor_scalar(dst, b, op, a, engine=engine)
    ra, rb = same_shape(a, b, "tensor_tensor")
    if ra.parts != d.parts or ra.free != d.free:
        raise NKIError("tensor_tensor: destination shape %s differs from the "
                       "operands' %s" % (dst.shape, a.shape))
    emit("%s.tt.%s" % (e, op), d, ra, rb, i32(d.parts), i32(d.free))


def tensor_scalar(dst, data, op, operand, reverse=False, engine=None):
    e = vector_engine(engine)
    d, s = same_shape(dst, data, "tensor_scalar")
    if op not in ALU_OPS:
        raise NKIError("tensor_scalar: unsupported operator %s" % op)
    if reverse and op not in COMMUTATIVE:
        if op == "sub":   # operand - data = data * -1 + operand
            emit("%s.ts.mul" % e, d, s, f32(-1.0), i32(d.parts), i32(d.free))
            return tensor_scalar(dst, dst, "add", operand, engine=engine)
        # operand / data
        if isinstance(operand, TileView):
            raise NKIError("tensor_scalar: a reversed divide by a tile operand "
                           "is not supported")
        tmp = new_tile(dst.shape)
        memset(tmp, operand, engine)
        return tensor_tensor(dst, tmp, data, "div", engine)
    if isinstance(operand, TileView):
        if not is_column(operand, d.parts):
            raise NKIError("tensor_scalar: a tile operand must have shape "
                           "(%d, 1), not %s" % (d.parts, operand.shape))
        emit("%s.tsp.%s" % (e, op), d, s, operand.ref(), i32(d.parts), i32(d.free))
    else:
        emit("%s.ts.%s" % (e, op), d, s, f32(operand), i32(d.parts), i32(d.free))


def activation(dst, func, data, bias=None, scale=1.0):
    if func not in ACT_FUNCS:
        raise NKIError("activation: unsupported function %s" % func)
    d, s = same_shape(dst, data, "activation")
    if isinstance(scale, TileView):
        # A per-partition scale: multiply first (DVE), then the activation.
        tensor_scalar(dst, data, "mul", scale)
        s, scale = d, 1.0
    if isinstance(bias, TileView):
        if not is_column(bias, d.parts):
            raise NKIError("activation: bias must have shape (%d, 1), not %s"
                           % (d.parts, bias.shape))
        emit("act.%s.bias" % func, d, s, bias.ref(), i32(d.parts), i32(d.free),
             f32(scale))
    else:
        emit("act.%s" % func, d, s, i32(d.parts), i32(d.free), f32(scale),
             f32(bias or 0.0))


def reduce(dst, op, data, negate=False, engine=None):
    if op not in ("add", "max", "min"):
        raise NKIError("tensor_reduce: unsupported operator %s (add, max, min)" % op)
    e = vector_engine(engine)
    d, s = dst.ref(), data.ref()
    if d.parts != s.parts or d.free != 1:
        raise NKIError("tensor_reduce: destination shape %s is not (%d, 1)"
                       % (dst.shape, s.parts))
    emit("%s.reduce.%s" % (e, op), d, s, i32(s.parts), i32(s.free))
    if negate:
        emit("%s.ts.mul" % e, d, d, f32(-1.0), i32(d.parts), i32(1))


# Tensor engine ----------------------------------------------------------------

def to_sbuf(v):
    if v.buffer == SBUF:
        return v
    tmp = new_tile(v.shape)
    copy(tmp, v)
    return tmp


def matmul(dst, stationary, moving, accumulate=None):
    stationary, moving = to_sbuf(stationary), to_sbuf(moving)
    st, mv = stationary.ref(), moving.ref()
    d = dst.ref()
    if d.tile.memory != PSUM:
        raise NKIError("nc_matmul writes PSUM; the destination is in %s"
                       % d.tile.memory)
    if st.parts != mv.parts:
        raise NKIError("nc_matmul: stationary %s and moving %s differ in the "
                       "contraction (partition) dimension"
                       % (stationary.shape, moving.shape))
    k, m, n = st.parts, st.free, mv.free
    if m > P_MAX:
        raise NKIError("nc_matmul: the stationary free size is %d; at most %d"
                       % (m, P_MAX))
    if d.parts != m or d.free != n:
        raise NKIError("nc_matmul: destination shape %s is not (%d, %d)"
                       % (dst.shape, m, n))
    t = tracer()
    tile = d.tile
    if accumulate is None:
        if tile.written:
            acc = 1
        elif t.innermost_rolled() is tile.alloc_loop:
            acc = 0
        else:   # first written inside a deeper loop: zero it where allocated
            tile.zero_at_alloc = True
            acc = 1
    else:
        acc = 1 if accumulate else 0
    tile.written = True
    for c in range(0, n, MAX_MATMUL_N):
        w = min(MAX_MATMUL_N, n - c)
        dc = dst.reshape(m, n)[:, c:c + w].ref() if n > MAX_MATMUL_N else d
        mc = moving.reshape(k, n)[:, c:c + w].ref() if n > MAX_MATMUL_N else mv
        emit("pe.matmul", dc, st, mc, i32(k), i32(m), i32(w), i32(acc))



def transpose(dst, data):
    data = to_sbuf(data)
    s = data.ref()
    if s.free > P_MAX:
        raise NKIError("nc_transpose: the input's free size is %d; at most %d"
                       % (s.free, P_MAX))
    if dst.buffer != PSUM:
        tmp = new_tile((s.free, s.parts), PSUM)
        transpose(tmp, data)
        return copy(dst, tmp)
    d = dst.ref()
    if d.parts != s.free or d.free != s.parts:
        raise NKIError("nc_transpose: destination shape %s is not (%d, %d)"
                       % (dst.shape, s.free, s.parts))
    emit("pe.transpose", d, s, i32(s.parts), i32(s.free))


def iota(dst, base, pstep, fstep):
    d = dst.ref()
    emit("pool.iota", d, i32(d.parts), i32(d.free), i32(base), i32(pstep),
         i32(fstep))


def broadcast_partitions(src, parts):
    """A [1 x F] tile repeated on `parts` partitions, through the tensor
    engine: ones[1 x parts]^T * src[1 x F] (exact: one product by 1.0)."""
    s = to_sbuf(src)
    f = s.free_size
    ones = new_tile((1, parts))
    memset(ones, 1.0, "pool")
    acc = new_tile((parts, f), PSUM)
    matmul(acc, ones, s.reshape(1, f), accumulate=False)
    out = new_tile((parts, f))
    copy(out, acc)
    return out
