"""nki.isa (nisa): one instruction each, in both API generations (the
current one writes `dst=`, the previous one returns a new tile)."""

import numpy as np

from . import ops
from . import language as nl
from .errors import NKIError
from .expr import as_expr
from .tensors import TileView, HBMView, IndexVec, SBUF, PSUM
from .tracer import Tracer


class engine(object):
    class _E(object):
        def __init__(self, name):
            self._engine = name

        def __repr__(self):
            return "engine.%s" % self._engine

    vector, gpsimd, scalar, tensor, unknown = (
        _E("vector"), _E("gpsimd"), _E("scalar"), _E("tensor"), _E(None))


vector_engine, gpsimd_engine, scalar_engine, tensor_engine = (
    engine.vector, engine.gpsimd, engine.scalar, engine.tensor)
unknown_engine = engine.unknown


class reduce_cmd(object):
    idle, reset, reduce, reset_reduce = "idle", "reset", "reduce", "reset_reduce"


def _result(dst, shape, memory=SBUF):
    """The current API passes `dst`; the previous one returns a new tile."""
    return dst if dst is not None else ops.new_tile(shape, memory)


def dma_copy(dst, src, **kwargs):
    if isinstance(dst, HBMView) and isinstance(src, TileView):
        return ops.dma_store(dst, src)
    if isinstance(dst, TileView) and isinstance(src, HBMView):
        return ops.dma_load(dst, src)
    if isinstance(dst, TileView) and isinstance(src, TileView):
        return ops.copy(dst, src)
    raise NKIError("dma_copy from %s to %s is not supported (HBM to HBM)"
                   % (type(src).__name__, type(dst).__name__))


def nc_matmul(*args, **kwargs):
    names = ["dst", "stationary", "moving"]
    tiles = [a for a in args if isinstance(a, (TileView, HBMView))]
    if "dst" not in kwargs and len(tiles) + len(
            [k for k in ("stationary", "moving") if k in kwargs]) == 2:
        names = ["stationary", "moving"]    # the previous API
    for name, a in zip(names, args):
        kwargs[name] = a
    st = ops.tile_view(kwargs.get("stationary"), "stationary")
    mv = ops.tile_view(kwargs.get("moving"), "moving")
    acc = kwargs.get("accumulate")
    if "dst" in kwargs:
        ops.matmul(ops.tile_view(kwargs["dst"], "dst"), st, mv, acc)
        return kwargs["dst"]
    out = ops.new_tile((st.free_size, mv.free_size), PSUM)
    ops.matmul(out, st, mv, accumulate=False)
    out.tile.pending_matmul = (st, mv)
    return out


def nc_transpose(*args, **kwargs):
    if len(args) == 2 or "dst" in kwargs:
        dst, data = (args + (None, None))[:2] if args else (None, None)
        dst = kwargs.get("dst", dst)
        data = kwargs.get("data", data)
    else:
        dst, data = None, kwargs.get("data", args[0] if args else None)
    data = ops.tile_view(data, "data")
    dst = _result(dst, (data.free_size, data.parts), PSUM)
    ops.transpose(dst, data)
    return dst


def tensor_copy(*args, **kwargs):
    dst, src = _dst_and(args, kwargs, "src")
    src = ops.tile_view(src, "src")
    dst = _result(dst, src.shape)
    ops.copy(dst, src, kwargs.get("engine"))
    return dst


def memset(dst, value, engine=None, **kwargs):
    ops.memset(ops.tile_view(dst, "dst"), value, engine)
    return dst


def activation(*args, **kwargs):
    names = ["dst", "op", "data"]
    if args and not isinstance(args[0], TileView):
        names = ["op", "data"]         # the previous API: activation(op, data)
    for name, a in zip(names, args):
        kwargs[name] = a
    data = ops.tile_view(kwargs.get("data"), "data")
    func = nl.op_name(kwargs.get("op"), "_act")
    dst = _result(kwargs.get("dst"), data.shape)
    ops.activation(dst, func, data, kwargs.get("bias"), kwargs.get("scale", 1.0))
    res = kwargs.get("reduce_res")
    if res is not None:
        if nl.op_name(kwargs.get("reduce_op", nl.add), "_alu") != "add":
            raise NKIError("activation: reduce_op must be nl.add")
        ops.reduce(res, "add", dst)
    return dst


def activation_reduce(*args, **kwargs):
    return activation(*args, **kwargs)


def tensor_tensor(*args, **kwargs):
    names = ["dst", "data1", "data2", "op"]
    if args and len(args) >= 2 and isinstance(args[1], TileView) and not (
            len(args) >= 3 and isinstance(args[2], TileView)):
        names = ["data1", "data2", "op"]
    for name, a in zip(names, args):
        kwargs[name] = a
    a = ops.tile_view(kwargs.get("data1"), "data1")
    b = ops.tile_view(kwargs.get("data2"), "data2")
    op = nl.op_name(kwargs.get("op"), "_alu")
    dst = _result(kwargs.get("dst"), a.shape if a.free_size >= b.free_size else b.shape)
    ops.tensor_tensor(dst, a, b, op, kwargs.get("engine"))
    return dst


def tensor_scalar(*args, **kwargs):
    names = ["dst", "data", "op0", "operand0", "reverse0", "op1", "operand1",
             "reverse1"]
    if args and len(args) >= 2 and not isinstance(args[1], TileView):
        names = names[1:]
    for name, a in zip(names, args):
        kwargs[name] = a
    data = ops.tile_view(kwargs.get("data"), "data")
    dst = _result(kwargs.get("dst"), data.shape)
    eng = kwargs.get("engine")
    ops.tensor_scalar(dst, data, nl.op_name(kwargs.get("op0"), "_alu"),
                      kwargs.get("operand0"), kwargs.get("reverse0", False), eng)
    if kwargs.get("op1") is not None:
        ops.tensor_scalar(dst, dst, nl.op_name(kwargs["op1"], "_alu"),
                          kwargs.get("operand1"), kwargs.get("reverse1", False), eng)
    return dst


def tensor_reduce(*args, **kwargs):
    names = ["dst", "op", "data", "axis"]
    if args and not isinstance(args[0], TileView):
        names = ["op", "data", "axis"]
    for name, a in zip(names, args):
        kwargs[name] = a
    data = ops.tile_view(kwargs.get("data"), "data")
    axis = kwargs.get("axis", 1)
    axes = axis if isinstance(axis, (list, tuple)) else [axis]
    if sorted(int(a) for a in axes) != list(range(1, len(data.shape))):
        raise NKIError("tensor_reduce over axes %s of a tile of rank %d: only "
                       "all free axes are supported" % (list(axes), len(data.shape)))
    dst = _result(kwargs.get("dst"), (data.parts, 1))
    ops.reduce(dst, nl.op_name(kwargs.get("op"), "_alu"), data,
               kwargs.get("negate", False), kwargs.get("engine"))
    return dst


def iota(*args, **kwargs):
    """dst[p][j] = base + p * pstep + j * fstep, from an nl.arange
    expression: `nl.arange(P)[:, None] * a + nl.arange(F)[None, :] * b + c`."""
    dst = kwargs.get("dst")
    expr = kwargs.get("expr")
    for a in args:
        if isinstance(a, TileView) and dst is None:
            dst = a
        elif isinstance(a, (IndexVec, _Iota)) and expr is None:
            expr = a
    it = _Iota.of(expr)
    dst = _result(dst, (it.parts, it.free))
    ops.iota(dst, it.base, it.pstep, it.fstep)
    return dst


class _Iota(object):
    def __init__(self, parts, free, base, pstep, fstep):
        self.parts, self.free, self.base = parts, free, base
        self.pstep, self.fstep = pstep, fstep

    @staticmethod
    def of(e):
        if isinstance(e, _Iota):
            return e
        if isinstance(e, IndexVec):
            if not e.offset.is_const():
                raise NKIError("iota of a run-time expression")
            if e.axis in (None, 0):
                return _Iota(e.n, 1, e.offset.const, e.step, 0)
            return _Iota(1, e.n, e.offset.const, 0, e.step)
        raise NKIError("iota expects an nl.arange expression")

    def __add__(self, o):
        b = _Iota.of(o) if isinstance(o, (IndexVec, _Iota)) else None
        if b is None:
            return _Iota(self.parts, self.free, self.base + int(o), self.pstep,
                         self.fstep)
        return _Iota(max(self.parts, b.parts), max(self.free, b.free),
                     self.base + b.base, self.pstep + b.pstep, self.fstep + b.fstep)

    __radd__ = __add__

    def __mul__(self, k):
        return _Iota(self.parts, self.free, self.base * int(k), self.pstep * int(k),
                     self.fstep * int(k))

    __rmul__ = __mul__


def _ivec_add(self, o):
    if isinstance(o, (IndexVec, _Iota)):
        return _Iota.of(self) + o
    return IndexVec._shift(self, o, 1)


def _ivec_sub(self, o):
    if isinstance(o, (IndexVec, _Iota)):
        return _Iota.of(self) + _Iota.of(o) * -1
    return IndexVec._shift(self, o, -1)


IndexVec.__add__ = _ivec_add
IndexVec.__radd__ = _ivec_add
IndexVec.__sub__ = _ivec_sub


def _dst_and(args, kwargs, name):
    if len(args) >= 2:
        return args[0], args[1]
    if len(args) == 1:
        if "dst" in kwargs or name in kwargs:
            return kwargs.get("dst", args[0]), kwargs.get(name, args[0])
        return None, args[0]
    return kwargs.get("dst"), kwargs.get(name)


_UNSUPPORTED = ("tensor_tensor_scan", "scalar_tensor_tensor", "tensor_scalar_reduce",
                "tensor_partition_reduce", "tensor_copy_predicated",
                "tensor_copy_dynamic_src", "tensor_copy_dynamic_dst", "reciprocal",
                "exponential", "affine_select", "range_select", "select_reduce",
                "bn_stats", "bn_aggr", "local_gather", "dma_transpose", "max8",
                "nc_find_index8", "nc_match_replace8", "nc_stream_shuffle",
                "dropout", "sequence_bounds", "nc_matmul_mx", "quantize_mx",
                "register_load", "register_store", "register_move", "core_barrier",
                "sendrecv", "rng", "rand2")


def __getattr__(name):
    if name in _UNSUPPORTED:
        def unsupported(*args, **kwargs):
            raise NKIError("nisa.%s is not supported by this front end (no "
                           "instruction of the ISA computes it)" % name)
        return unsupported
    raise AttributeError("module 'nki.isa' has no attribute %r" % name)


def register_alloc(value=0):
    """A run-time scalar: an i32 argument of the compiled kernel whose value
    is `value` (under `unroll=True`, the compile-time int itself)."""
    t = ops.tracer()
    if t.unroll_all:
        return int(value)
    from .expr import ArgScalar, Expr
    s = ArgScalar(len(t.scalars), int(value))
    t.scalars.append(s)
    return Expr(0, {s: 1})


def get_nc_version():
    return "v2"
