"""HBM tensors, on-chip tiles and their views (slices).

Every tensor is fp32 on this machine; `dtype` is kept for the user (the
outputs are cast back to it). An HBM view is an element offset plus
(size, stride) per dimension; a tile view is a partition range plus a
region of each partition's free elements."""

import numpy as np

from .errors import NKIError
from .expr import Expr, as_expr, expr_int
from .tracer import Tracer

SBUF, PSUM, HBM = "sbuf", "psum", "hbm"
P_MAX = 128


class IndexVec(object):
    """nl.arange(n) (old API), placed on an axis with [:, None] / [None, :]:
    the indices offset + step * j, j < n."""

    def __init__(self, n, offset=0, step=1, axis=None):
        self.n, self.offset, self.step, self.axis = n, as_expr(offset), step, axis

    def __getitem__(self, idx):
        if not isinstance(idx, tuple):
            idx = (idx,)
        axis = [i for i, x in enumerate(idx) if isinstance(x, slice)]
        if len(axis) != 1:
            raise NKIError("nl.arange(...)[...] takes one ':' and Nones")
        return IndexVec(self.n, self.offset, self.step, axis[0])

    def _shift(self, o, sign):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        return IndexVec(self.n, self.offset + e * sign, self.step, self.axis)

    def __add__(self, o):
        return self._shift(o, 1)

    __radd__ = __add__

    def __sub__(self, o):
        return self._shift(o, -1)

    def __mul__(self, k):
        if not isinstance(k, int):
            return NotImplemented
        return IndexVec(self.n, self.offset * k, self.step * k, self.axis)

    __rmul__ = __mul__

    def interval(self):
        iv = self.offset.interval()
        if iv is None:
            return None
        span = self.step * (self.n - 1)
        return (iv[0] + min(0, span), iv[1] + max(0, span))

    def _cmp(self, o, op):
        from .expr import Cond
        e = as_expr(o)
        lo_hi = self.interval()
        # A condition on every index: decided on the interval of all of them.
        probe = _IntervalExpr(lo_hi)
        return Cond(probe - e, op)

    def __lt__(self, o):
        return self._cmp(o, "<")

    def __le__(self, o):
        return self._cmp(o, "<=")

    def __gt__(self, o):
        return self._cmp(o, ">")

    def __ge__(self, o):
        return self._cmp(o, ">=")


class _IntervalExpr(Expr):
    """An expression known only by its interval (for masks)."""

    def __init__(self, iv):
        Expr.__init__(self, 0)
        self.iv = iv

    def is_const(self):
        return False

    def interval(self):
        return self.iv

    def __sub__(self, o):
        e = as_expr(o)
        ie = e.interval() if e is not None else None
        if self.iv is None or ie is None:
            return _IntervalExpr(None)
        return _IntervalExpr((self.iv[0] - ie[1], self.iv[1] - ie[0]))


def _normalize_index(idx, ndim):
    if not isinstance(idx, tuple):
        idx = (idx,)
    if any(x is Ellipsis for x in idx):
        k = idx.index(Ellipsis)
        fill = ndim - (len(idx) - 1)
        idx = idx[:k] + (slice(None),) * fill + idx[k + 1:]
    if len(idx) > ndim:
        raise NKIError("too many indices (%d) for a tensor of rank %d"
                       % (len(idx), ndim))
    return idx + (slice(None),) * (ndim - len(idx))


def _index_item(item, size, what):
    """(start Expr, count or None when the dimension is dropped)."""
    if isinstance(item, slice):
        if item.step not in (None, 1):
            raise NKIError("strided slices of %s are not supported" % what)
        start = as_expr(0 if item.start is None else item.start)
        stop = as_expr(size if item.stop is None else item.stop)
        if start is None or stop is None:
            raise NKIError("slice bounds of %s must be integers" % what)
        n = stop - start
        if not n.is_const():
            raise NKIError("the extent of a slice of %s must be a compile-time "
                           "constant (got %s)" % (what, n))
        return start, n.const
    if isinstance(item, IndexVec):
        if item.step != 1:
            raise NKIError("strided nl.arange indices are not supported")
        return item.offset, item.n
    e = as_expr(item)
    if e is None:
        raise NKIError("unsupported index of %s: %s" % (what, type(item).__name__))
    return e, None


def _check_bounds(start, n, size, what):
    iv = start.interval()
    if iv is not None and (iv[0] < 0 or iv[1] + (n or 1) > size):
        raise NKIError("index %s..+%d out of bounds of %s dimension of size %d"
                       % (start, n or 1, what, size))


class HBMTensor(object):
    """A kernel argument or output in HBM."""

    def __init__(self, name, shape, dtype, kind, index):
        self.name, self.shape, self.dtype = name, tuple(shape), np.dtype(dtype)
        self.kind, self.index = kind, index   # kind: "in" or "out"
        strides, s = [], 1
        for d in reversed(self.shape):
            strides.insert(0, s)
            s *= d
        self.view = HBMView(self, as_expr(0), list(zip(self.shape, strides)))


class HBMView(object):
    def __init__(self, tensor, offset, dims):
        self.tensor, self.offset, self.dims = tensor, offset, dims

    shape = property(lambda self: tuple(d for d, _ in self.dims))
    dtype = property(lambda self: self.tensor.dtype)
    buffer = HBM

    def __getitem__(self, idx):
        idx = _normalize_index(idx, len(self.dims))
        off, dims = self.offset, []
        for item, (size, stride) in zip(idx, self.dims):
            start, n = _index_item(item, size, "HBM tensor " + self.tensor.name)
            _check_bounds(start, n, size, "HBM tensor " + self.tensor.name)
            off = off + start * stride
            if n is not None:
                dims.append((n, stride))
        return HBMView(self.tensor, off, dims)

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = [expr_int(s, "a reshape size") for s in shape]
        if not self.contiguous():
            raise NKIError("reshape of a non-contiguous HBM view")
        if int(np.prod(shape)) != int(np.prod(self.shape)):
            raise NKIError("reshape from %s to %s changes the size"
                           % (self.shape, tuple(shape)))
        strides, s = [], 1
        for d in reversed(shape):
            strides.insert(0, s)
            s *= d
        return HBMView(self.tensor, self.offset, list(zip(shape, strides)))

    def contiguous(self):
        s = 1
        for size, stride in reversed(self.dims):
            if size != 1 and stride != s:
                return False
            s *= size
        return True

    def rows(self, parts, free):
        """As a DMA: (offset Expr, row stride in elements) for `parts` rows
        of `free` contiguous elements, or an error."""
        dims = [(n, s) for n, s in self.dims if n != 1]
        # The free elements: a contiguous suffix of the dimensions.
        acc, k = 1, len(dims)
        while k > 0 and acc < free:
            n, s = dims[k - 1]
            if s != acc:
                break
            acc *= n
            k -= 1
        rest = dims[:k]
        if acc != free:
            raise NKIError("HBM view of shape %s is not %d rows of %d contiguous "
                           "elements" % (self.shape, parts, free))
        if not rest:
            if parts != 1:
                raise NKIError("HBM view of shape %s has no row dimension for "
                               "%d partitions" % (self.shape, parts))
            return self.offset, free
        if len(rest) != 1 or rest[0][0] != parts:
            raise NKIError("HBM view of shape %s does not map to %d partitions "
                           "x %d elements (one strided row dimension)"
                           % (self.shape, parts, free))
        return self.offset, rest[0][1]


class Tile(object):
    """An on-chip allocation (nl.ndarray in sbuf/psum, or an operation's
    result): P partitions x prod(free) fp32 elements."""

    def __init__(self, shape, dtype, memory, name=None):
        t = Tracer.current
        if t is None:
            raise NKIError("on-chip tensors can only be created inside a kernel")
        shape = tuple(expr_int(s, "a tile dimension") for s in shape)
        if not shape:
            shape = (1, 1)
        if len(shape) == 1:
            shape = (shape[0], 1)
        if not 1 <= shape[0] <= P_MAX:
            raise NKIError("a tile's partition dimension is %d; at most %d"
                           % (shape[0], P_MAX))
        self.shape, self.dtype, self.memory = shape, np.dtype(dtype or np.float32), memory
        self.free = int(np.prod(shape[1:]))
        self.id = len(t.tiles)
        self.name = "%s%d" % (name or ("t" if memory == SBUF else "ps"), self.id)
        self.alloc_loop = t.innermost_rolled()
        self.written = False       # matmul accumulation state
        self.zero_at_alloc = False
        t.tiles.append(self)
        t.alloc_point(self)
        strides, s = [], 1
        for d in reversed(shape[1:]):
            strides.insert(0, s)
            s *= d
        self.view = TileView(self, 0, shape[0], as_expr(0),
                             list(zip(shape[1:], strides)))


class TileRef(object):
    """An operand of a builtin: P partitions from p0, F elements from column
    `col` (an Expr) of tile `tile`."""

    def __init__(self, tile, p0, parts, col, free):
        self.tile, self.p0, self.parts, self.col, self.free = tile, p0, parts, col, free


class HbmRef(object):
    def __init__(self, tensor, offset):
        self.tensor, self.offset = tensor, offset


class TileView(object):
    def __init__(self, tile, p0, parts, col, dims):
        self.tile, self.p0, self.parts, self.col, self.dims = tile, p0, parts, col, dims

    shape = property(lambda self: (self.parts,) + tuple(d for d, _ in self.dims))
    dtype = property(lambda self: self.tile.dtype)
    buffer = property(lambda self: self.tile.memory)

    def __getitem__(self, idx):
        idx = _normalize_index(idx, 1 + len(self.dims))
        what = "tile " + self.tile.name
        start, n = _index_item(idx[0], self.parts, what)
        if not start.is_const():
            try:
                start.value()     # unrolls a rolled loop with constant bounds
            except NKIError:
                raise NKIError("the partition index of %s is a run-time value "
                               "(%s); run-time indices move along the free "
                               "dimension only" % (what, start))
        _check_bounds(start, n, self.parts, what)
        col, dims = self.col, []
        for item, (size, stride) in zip(idx[1:], self.dims):
            s, k = _index_item(item, size, what)
            _check_bounds(s, k, size, what)
            col = col + s * stride
            if k is not None:
                dims.append((k, stride))
        return TileView(self.tile, self.p0 + start.const, n or 1, col, dims)

    def ref(self):
        """This view as a builtin operand: its free region must be contiguous."""
        Tracer.current.check_tile_scope(self.tile)
        s = 1
        for size, stride in reversed(self.dims):
            if size != 1 and stride != s:
                raise NKIError("access of shape %s to tile %s is not contiguous "
                               "within a partition" % (self.shape, self.tile.name))
            s *= size
        _unroll_short_offset_loops(self.col)
        return TileRef(self.tile, self.p0, self.parts, self.col, s)

    @property
    def free_size(self):
        return int(np.prod([d for d, _ in self.dims])) if self.dims else 1

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = tuple(expr_int(s, "a reshape size") for s in shape)
        if shape[0] != self.parts or int(np.prod(shape[1:])) != self.free_size:
            raise NKIError("reshape of a tile from %s to %s must keep the "
                           "partitions and the free size" % (self.shape, shape))
        r = self.ref()
        strides, s = [], 1
        for d in reversed(shape[1:]):
            strides.insert(0, s)
            s *= d
        return TileView(self.tile, self.p0, self.parts, r.col,
                        list(zip(shape[1:], strides)))

    # The previous API's tiles as values: operators call nki.language.
    def _lang(self):
        from . import language
        return language

    def __add__(self, o):
        return self._lang().add(self, o)

    def __radd__(self, o):
        return self._lang().add(o, self)

    def __sub__(self, o):
        return self._lang().subtract(self, o)

    def __rsub__(self, o):
        return self._lang().subtract(o, self)

    def __mul__(self, o):
        return self._lang().multiply(self, o)

    def __rmul__(self, o):
        return self._lang().multiply(o, self)

    def __truediv__(self, o):
        return self._lang().divide(self, o)

    def __rtruediv__(self, o):
        return self._lang().divide(o, self)

    def __neg__(self):
        return self._lang().negative(self)

    def __setitem__(self, idx, value):
        self._lang().assign(self[idx], value)

    def __iadd__(self, o):
        self._lang().accumulate(self, o, "add")
        return self

    def __isub__(self, o):
        self._lang().accumulate(self, o, "sub")
        return self

    def __imul__(self, o):
        self._lang().accumulate(self, o, "mul")
        return self

    def broadcast_to(self, shape):
        return self._lang().broadcast_to(self, shape)

    def __bool__(self):
        raise NKIError("the value of a tile is not known while tracing")


SHORT_LOOP = 4


def _unroll_short_offset_loops(col):
    """A rolled loop of at most SHORT_LOOP iterations whose variable moves an
    on-chip access is unrolled: LLVM's loop strength reduction turns the
    run-time offset into a pointer induction variable, which keeps the
    backend from unrolling the tile rotations (double buffering) of the
    loops around it. Longer loops stay rolled."""
    from .expr import all_syms
    from .tracer import LoopVar
    from .errors import NeedUnroll
    col = as_expr(col)
    if col.is_const():
        return
    for s in all_syms(col):
        if isinstance(s, LoopVar):
            n = s.loop.trip_count()
            if n is not None and n <= SHORT_LOOP and s.loop.kind != "dynamic":
                raise NeedUnroll(s.loop.site, "a short loop (%d iterations) whose "
                                 "variable moves an on-chip access" % n)
