"""The trace of one kernel launch: statements, loops and tiles.

The kernel's Python function runs once per trace with HBM tensors of
concrete shapes as arguments. Every nki operation appends a statement to
the innermost open block. A rolled loop (affine_range, sequential_range,
dynamic_range) runs its Python body once with a symbolic variable and
becomes one IR loop; static_range, and any loop whose variable's value
Python needs, runs its body once per iteration (unrolled)."""

from .errors import NKIError, NeedUnroll, user_location, user_site
from .expr import Sym, Expr, as_expr

MAX_RETRACES = 64


class LoopVar(Sym):
    def __init__(self, loop):
        self.loop = loop
        self.name = "%%i%d" % loop.id

    def interval(self):
        lp = self.loop
        s, e = as_expr(lp.start), as_expr(lp.stop)
        if not (s.is_const() and e.is_const()):
            return None
        n = lp.trip_count()
        if n <= 0:
            return (s.const, s.const)
        return (s.const, s.const + (n - 1) * lp.step)


class Loop(object):
    def __init__(self, tracer, kind, start, stop, step, site, loc):
        self.id = len(tracer.loops)
        tracer.loops.append(self)
        self.kind, self.start, self.stop, self.step = kind, start, stop, step
        self.site, self.loc = site, loc
        self.var = LoopVar(self)
        self.body = []
        self.closed = False

    def trip_count(self):
        s, e = as_expr(self.start), as_expr(self.stop)
        if not (s.is_const() and e.is_const()):
            return None
        return max(0, -(-(e.const - s.const) // self.step))

    def unrollable(self):
        return self.trip_count() is not None


class Statement(object):
    pass


class Call(Statement):
    """A builtin call: `name` without the `neuronisa.` prefix; operands are
    tensors.TileRef / tensors.HbmRef / ('i32', v) / ('float', v)."""

    def __init__(self, name, operands, loc):
        self.name, self.operands, self.loc = name, operands, loc


class LoopStmt(Statement):
    def __init__(self, loop):
        self.loop = loop


class AllocPoint(Statement):
    """Where a tile was allocated: a memset to zero goes here when the
    tile's first matmul accumulates inside a deeper loop."""

    def __init__(self, tile):
        self.tile = tile


class Tracer(object):
    current = None

    def __init__(self, name, options):
        self.name = name
        self.options = options
        self.unroll_all = bool(options.get("unroll"))
        self.unroll_sites = set()
        self.notes = []
        self.reset()

    def reset(self):
        self.loops = []
        self.body = []
        self.blocks = [self.body]
        self.open_loops = []
        self.tiles = []
        self.inputs = []          # HBMTensor per kernel argument
        self.outputs = []         # HBMTensor created with buffer=shared_hbm
        self.scalars = []         # ArgScalar
        self.pending_error = None
        self.spmd_instance = 0
        self.spmd_outputs = []
        self.out_index = 0

    # statements -------------------------------------------------------------
    def check_pending(self):
        if self.pending_error:
            raise NKIError(self.pending_error[1], self.pending_error[0])

    def emit(self, name, operands):
        self.check_pending()
        self.blocks[-1].append(Call(name, operands, user_location()))

    def alloc_point(self, tile):
        self.blocks[-1].append(AllocPoint(tile))

    def innermost_rolled(self):
        return self.open_loops[-1] if self.open_loops else None

    # loops --------------------------------------------------------------------
    def should_unroll(self, kind, site, start, stop):
        bounded = as_expr(start).is_const() and as_expr(stop).is_const()
        if kind == "static":
            return True
        if not bounded:
            return False
        return self.unroll_all or site in self.unroll_sites

    def open_loop(self, kind, start, stop, step, site):
        self.check_pending()
        loop = Loop(self, kind, start, stop, step, site, user_location())
        self.blocks[-1].append(LoopStmt(loop))
        self.blocks.append(loop.body)
        self.open_loops.append(loop)
        return loop

    def close_loop(self, loop):
        if not self.open_loops or self.open_loops[-1] is not loop:
            raise NKIError("loops closed out of order (a `break`, `return` or "
                           "exception inside a rolled loop?)", loop.loc)
        self.open_loops.pop()
        self.blocks.pop()
        loop.closed = True

    def abandoned(self, loop):
        if not loop.closed and self.pending_error is None:
            self.pending_error = (loop.loc, "`break` or `return` inside a "
                                  "rolled loop (%s) is not supported" % loop.kind)

    def check_tile_scope(self, tile):
        """A tile allocated in a rolled loop's body lives one iteration;
        used after the loop, it escaped (a list of per-iteration tiles):
        unroll that loop."""
        lp = tile.alloc_loop
        if lp is not None and lp not in self.open_loops:
            if lp.unrollable():
                raise NeedUnroll(lp.site)
            raise NKIError("a tile allocated inside the %s loop at line %d is "
                           "used after the loop; with run-time bounds this "
                           "cannot be unrolled" % (lp.kind, lp.loc[1]))


class RangeLoop(object):
    """The iterator of nl.*_range: unrolled (Python ints) or rolled (one pass
    with a LoopVar)."""

    def __init__(self, kind, start, stop, step):
        t = Tracer.current
        if t is None:
            raise NKIError("nl.%s_range used outside a traced kernel" % kind)
        if stop is None:
            start, stop = 0, start
        self.kind, self.start, self.stop, self.step = kind, start, stop, step
        if not isinstance(step, int) or step <= 0:
            raise NKIError("the step of nl.%s_range must be a positive "
                           "compile-time int" % kind)
        for b in (start, stop):
            if as_expr(b) is None:
                raise NKIError("nl.%s_range bounds must be integers" % kind)
            if not as_expr(b).is_const() and kind != "dynamic":
                raise NKIError("nl.%s_range needs compile-time bounds; use "
                               "nl.dynamic_range for run-time ones" % kind)
        self.site = user_site()
        self.tracer = t
        self.loop = None
        self.unrolled = t.should_unroll(kind, self.site, start, stop)

    def __iter__(self):
        if self.unrolled:
            return iter(range(as_expr(self.start).const,
                              as_expr(self.stop).const, self.step))
        return self

    def __next__(self):
        if self.loop is None:
            self.loop = self.tracer.open_loop(self.kind, self.start, self.stop,
                                              self.step, self.site)
            return Expr(0, {self.loop.var: 1})
        if not self.loop.closed:
            self.tracer.close_loop(self.loop)
        raise StopIteration

    def __del__(self):
        if self.loop is not None and not self.loop.closed:
            self.tracer.abandoned(self.loop)

    def __len__(self):
        n = self.loop.trip_count() if self.loop else None
        if n is None:
            raise NKIError("len() of a rolled range")
        return n
