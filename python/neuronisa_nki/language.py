"""nki.language (nl): memories, dtypes, ranges, tiles as values."""

import builtins

import numpy as np

from . import ops
from .errors import NKIError
from .expr import as_expr, Cond
from .tensors import (Tile, TileView, HBMView, HBMTensor, IndexVec, SBUF, PSUM,
                      HBM, P_MAX)
from .tracer import Tracer, RangeLoop

# Memories -------------------------------------------------------------------


class _Buffer(str):
    def mod_alloc(self, *args, **kwargs):
        return self


sbuf, psum = _Buffer(SBUF), _Buffer(PSUM)
hbm = shared_hbm = private_hbm = _Buffer(HBM)

# Data types: every tensor is fp32 on this machine; the name is kept.
float32, float16, int32, uint32, int8, uint8 = (
    np.float32, np.float16, np.int32, np.uint32, np.int8, np.uint8)
int16, uint16, float64, bool_ = np.int16, np.uint16, np.float64, np.bool_
bfloat16 = tfloat32 = float8_e4m3 = float8_e5m2 = np.float32


class tile_size(object):
    pmax = P_MAX
    psum_fmax = 2048
    gemm_stationary_fmax = 128
    gemm_moving_fmax = 512
    bn_stats_fmax = 512
    psum_min_align = 2048
    sbuf_min_align = 64


def par_dim(n):
    return n


# Operators: each is a function of the previous API and an `op=` value ----------


def _named(kind, name, fn):
    setattr(fn, kind, name)
    fn.__name__ = name
    return fn


def _binary_fn(alu):
    def f(x, y, dtype=None, mask=None, **kwargs):
        _mask(mask)
        return binary(x, y, alu)
    return _named("_alu", alu, f)


add, subtract, multiply, divide = (_binary_fn(o) for o in ("add", "sub", "mul", "div"))
maximum, minimum = _binary_fn("max"), _binary_fn("min")


def _unary_fn(func):
    def f(x, dtype=None, mask=None, **kwargs):
        _mask(mask)
        x = ops.tile_view(x, "the operand of nl.%s" % func)
        out = ops.new_tile(x.shape)
        ops.activation(out, func, x)
        return out
    return _named("_act", func, f)


exp, tanh, gelu, relu, sigmoid, rsqrt, square, silu = (
    _unary_fn(f) for f in ("exp", "tanh", "gelu", "relu", "sigmoid", "rsqrt",
                           "square", "silu"))
gelu_apprx_tanh = gelu
identity = _unary_fn("identity")


def copy(x, dtype=None, mask=None, **kwargs):
    _mask(mask)
    x = ops.tile_view(x, "the operand of nl.copy")
    out = ops.new_tile(x.shape)
    ops.copy(out, x)
    return out


copy._act = "identity"


def negative(x, dtype=None, mask=None, **kwargs):
    _mask(mask)
    return binary(x, -1.0, "mul")


def reciprocal(x, dtype=None, mask=None, **kwargs):
    _mask(mask)
    return binary(1.0, x, "div")


_UNSUPPORTED = ("sqrt", "log", "sin", "cos", "abs", "sign", "erf", "softplus",
                "mish", "power", "bitwise_and", "bitwise_or", "logical_and",
                "equal", "not_equal", "greater", "less", "greater_equal",
                "less_equal", "where", "dropout", "softmax", "layer_norm",
                "all_reduce", "shared_constant", "atomic_rmw", "gather_flattened",
                "tensor_tensor_scan")


def __getattr__(name):
    if name in _UNSUPPORTED:
        def unsupported(*args, **kwargs):
            raise NKIError("nl.%s is not supported by this front end (no "
                           "instruction of the ISA computes it)" % name)
        return _named("_unsupported", name, unsupported)
    raise AttributeError("module 'nki.language' has no attribute %r" % name)


def op_name(op, kind):
    """The ISA name of an `op=` argument (nl.add, np.exp, nl.exp, ...)."""
    table = {np.add: "add", np.subtract: "sub", np.multiply: "mul",
             np.divide: "div", np.true_divide: "div", np.maximum: "max",
             np.minimum: "min", np.exp: "exp", np.tanh: "tanh",
             np.square: "square"}
    name = getattr(op, kind, None)
    if name is None:
        try:
            name = table.get(op)
        except TypeError:
            name = None
    if name is None:
        raise NKIError("unsupported operator %r" % (getattr(op, "__name__", op),))
    if kind == "_alu" and name not in ops.ALU_OPS:
        raise NKIError("%s is not an arithmetic operator" % name)
    if kind == "_act" and name not in ops.ACT_FUNCS:
        raise NKIError("%s is not an activation function of the ISA" % name)
    return name


def binary(x, y, alu):
    """x op y for tiles and numbers (the previous API's tiles as values)."""
    xt, yt = isinstance(x, TileView), isinstance(y, TileView)
    for v in (x, y):
        if isinstance(v, HBMView):
            ops.tile_view(v, "an operand")
    if not xt and not yt:
        a, b = float(x), float(y)
        return {"add": a + b, "sub": a - b, "mul": a * b, "div": a / b,
                "max": builtins.max(a, b), "min": builtins.min(a, b)}[alu]
    if xt and yt:
        big = x if x.free_size >= y.free_size else y
        if x.parts != y.parts:
            raise NKIError("operands of shapes %s and %s: partition broadcast "
                           "needs .broadcast_to" % (x.shape, y.shape))
        out = ops.new_tile(big.shape)
        if ops.is_column(x, x.parts) and y.free_size > 1:
            if alu in ops.COMMUTATIVE:
                ops.tensor_scalar(out, y, alu, x)
            elif alu == "sub":
                ops.tensor_scalar(out, y, "sub", x, reverse=True)
            else:
                raise NKIError("a (P, 1) tile divided by a wider tile is not "
                               "supported")
        else:
            ops.tensor_tensor(out, x, y, alu)
        return out
    t, s = (x, y) if xt else (y, x)
    out = ops.new_tile(t.shape)
    ops.tensor_scalar(out, t, alu, float(s), reverse=not xt)
    return out


def assign(dst, value):
    if isinstance(value, TileView):
        if (value.tile is dst.tile and value.p0 == dst.p0 and
                value.shape == dst.shape):
            return
        ops.copy(dst, value)
    else:
        ops.memset(dst, float(value))


def accumulate(dst, value, alu):
    if isinstance(value, TileView) and getattr(value.tile, "pending_matmul", None):
        stat, mov = value.tile.pending_matmul
        if alu == "add" and dst.buffer == PSUM and _retract(value.tile):
            ops.matmul(dst, stat, mov)
            return
    if isinstance(value, TileView):
        ops.tensor_tensor(dst, dst, value, alu)
    else:
        ops.tensor_scalar(dst, dst, alu, float(value))


def _retract(tile):
    """Drop the statements of a fresh matmul result (its allocation and the
    matmul) so that `psum += nc_matmul(a, b)` accumulates in place."""
    block = Tracer.current.blocks[-1]
    n = len(block)
    if n >= 2 and getattr(block[-1], "operands", [None])[0] is not None:
        last = block[-1]
        if (getattr(last, "name", "") == "pe.matmul" and
                last.operands[0].tile is tile):
            k = n - 1
            while k >= 0 and getattr(block[k], "tile", None) is not tile:
                k -= 1
            if k >= 0:
                del block[n - 1]
                del block[k]
                return True
    return False


# Reductions ---------------------------------------------------------------------


def _reduce(alu):
    def f(x, axis, dtype=None, keepdims=False, mask=None, **kwargs):
        _mask(mask)
        x = ops.tile_view(x, "the operand of a reduction")
        axes = axis if isinstance(axis, (list, tuple)) else [axis]
        if sorted(int(a) for a in axes) != list(range(1, len(x.shape))):
            raise NKIError("reductions over axes %s of a tile of rank %d: only "
                           "all free axes are supported" % (list(axes), len(x.shape)))
        out = ops.new_tile((x.parts, 1))
        ops.reduce(out, alu, x)
        return out
    return f


sum, max, min = (_named("_alu", o, _reduce(o)) for o in ("add", "max", "min"))


def mean(x, axis, dtype=None, keepdims=False, mask=None, **kwargs):
    s = sum(x, axis, keepdims=keepdims, mask=mask)
    ops.tensor_scalar(s, s, "mul", 1.0 / (ops.tile_view(x, "x").free_size))
    return s


# Memory ---------------------------------------------------------------------------


def ndarray(shape, dtype=np.float32, buffer=None, name=None, **kwargs):
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    t = ops.tracer()
    if buffer is None:
        buffer = SBUF
    if str(buffer) == HBM:
        return hbm_output(shape, dtype, name)
    if str(buffer) not in (SBUF, PSUM):
        raise NKIError("unknown buffer %r" % (buffer,))
    return Tile(shape, dtype, str(buffer), name).view


def hbm_output(shape, dtype, name):
    """A kernel output in HBM. In an SPMD launch every instance shares the
    outputs of the first (NKI's shared_hbm)."""
    t = ops.tracer()
    k = t.out_index
    t.out_index += 1
    if t.spmd_instance > 0 and k < len(t.outputs):
        return t.outputs[k].view
    from .expr import expr_int
    shape = tuple(expr_int(s, "an HBM tensor dimension") for s in shape)
    out = HBMTensor(name or "out%d" % len(t.outputs), shape, dtype or np.float32,
                    "out", len(t.outputs))
    t.outputs.append(out)
    return out.view


def zeros(shape, dtype=np.float32, buffer=None, name=None, **kwargs):
    return full(shape, 0.0, dtype, buffer, name)


def ones(shape, dtype=np.float32, buffer=None, name=None, **kwargs):
    return full(shape, 1.0, dtype, buffer, name)


def full(shape, fill_value, dtype=np.float32, buffer=None, name=None, **kwargs):
    v = ndarray(shape, dtype, buffer, name)
    if isinstance(v, HBMView):
        raise NKIError("nl.zeros/full in HBM are not supported")
    ops.memset(v, fill_value, "pool")
    return v


def zeros_like(x, dtype=None, buffer=None, **kwargs):
    return zeros(x.shape, dtype or x.dtype, buffer or getattr(x, "buffer", SBUF))


def ndarray_like(x, dtype=None, buffer=None, **kwargs):
    return ndarray(x.shape, dtype or x.dtype, buffer or getattr(x, "buffer", SBUF))


def load(src, mask=None, dtype=None, **kwargs):
    _mask(mask)
    if not isinstance(src, HBMView):
        raise NKIError("nl.load reads an HBM tensor, not %s" % type(src).__name__)
    shape = src.shape if len(src.shape) >= 2 else (1,) + tuple(src.shape)
    out = ops.new_tile(shape)
    ops.dma_load(out, src)
    return out


def store(dst, value, mask=None, **kwargs):
    _mask(mask)
    if not isinstance(dst, HBMView):
        raise NKIError("nl.store writes an HBM tensor, not %s" % type(dst).__name__)
    if not isinstance(value, TileView):
        tmp = ops.new_tile(dst.shape if len(dst.shape) >= 2 else (1,) + dst.shape)
        ops.memset(tmp, float(value))
        value = tmp
    ops.dma_store(dst, value)


def transpose(x, dtype=None, mask=None, **kwargs):
    _mask(mask)
    x = ops.tile_view(x, "the operand of nl.transpose")
    out = ops.new_tile((x.free_size, x.parts), PSUM)
    ops.transpose(out, x)
    return out


def matmul(x, y, transpose_x=False, mask=None, **kwargs):
    _mask(mask)
    x = ops.tile_view(x, "x of nl.matmul")
    y = ops.tile_view(y, "y of nl.matmul")
    if not transpose_x:
        x = transpose(x)
    out = ops.new_tile((x.free_size, y.free_size), PSUM)
    ops.matmul(out, x, y, accumulate=False)
    out.tile.pending_matmul = (x, y)
    return out


def broadcast_to(x, shape):
    x = ops.tile_view(x, "the operand of broadcast_to")
    shape = tuple(shape)
    if x.shape == shape:
        return x
    if x.parts == 1 and x.free_size == int(np.prod(shape[1:])):
        return ops.broadcast_partitions(x, shape[0]).reshape(shape)
    if x.parts == shape[0] and x.free_size == 1:
        out = ops.new_tile(shape)
        ops.memset(out, 0.0)
        ops.tensor_scalar(out, out, "add", x)
        return out
    raise NKIError("broadcast_to from %s to %s is not supported" % (x.shape, shape))


# Indices, ranges, SPMD ---------------------------------------------------------------


def arange(*args):
    if len(args) == 1:
        start, stop = 0, args[0]
    else:
        start, stop = args[0], args[1]
    return IndexVec(int(stop) - int(start), start)


class _MGrid(object):
    def __getitem__(self, idx):
        if not isinstance(idx, tuple):
            idx = (idx,)
        out = []
        for axis, s in enumerate(idx):
            start = 0 if s.start is None else s.start
            out.append(IndexVec(int(s.stop) - int(start), start, 1, axis))
        return tuple(out) if len(out) > 1 else out[0]


mgrid = _MGrid()


def affine_range(start, stop=None, step=1, **kwargs):
    return RangeLoop("affine", start, stop, step)


def sequential_range(start, stop=None, step=1, **kwargs):
    return RangeLoop("sequential", start, stop, step)


def static_range(start, stop=None, step=1, **kwargs):
    return RangeLoop("static", start, stop, step)


def dynamic_range(start, stop=None, step=1, **kwargs):
    return RangeLoop("dynamic", start, stop, step)


def program_id(axis):
    t = ops.tracer()
    grid = t.grid_ids
    if not 0 <= axis < len(grid):
        raise NKIError("nl.program_id(%d) in a launch of grid %s"
                       % (axis, tuple(t.grid)))
    return grid[axis]


def num_programs(axis=None):
    t = ops.tracer()
    if axis is None:
        return int(np.prod(t.grid)) if t.grid else 1
    return t.grid[axis] if axis < len(t.grid) else 1


def program_ndim():
    return len(ops.tracer().grid)


def device_print(*args, **kwargs):
    pass


def _mask(mask):
    """Masks that are always true (every tile full) are accepted."""
    if mask is None:
        return
    d = mask.decide() if isinstance(mask, Cond) else bool(mask)
    if d is not True:
        raise NKIError("a mask that is not always true is not supported (the "
                       "ISA has no predicated accesses)")
