"""@nki.jit kernels, SPMD launches, and the trace driver."""

import inspect

import numpy as np

from .errors import NKIError, NeedUnroll
from .expr import Expr
from .tensors import HBMTensor, HBMView
from .tracer import Tracer, RangeLoop, MAX_RETRACES


class Kernel(object):
    """A function decorated with @nki.jit (or a plain function): traced on
    launch; `kernel[grid]` is an SPMD launch."""

    def __init__(self, fn, grid=(), options=None):
        self.fn = fn
        self.grid = tuple(grid)
        self.options = dict(options or {})
        self.__name__ = getattr(fn, "__name__", "kernel")
        self.__doc__ = getattr(fn, "__doc__", None)

    def __getitem__(self, grid):
        if not isinstance(grid, tuple):
            grid = (grid,)
        return Kernel(self.fn, tuple(int(g) for g in grid), self.options)

    def __call__(self, *args, **kwargs):
        # Inside a traced kernel: a sub-kernel call is inlined.
        if Tracer.current is not None:
            return self.fn(*args, **kwargs)
        from .driver import simulate_kernel
        return simulate_kernel(self, *args, **kwargs)


def jit(fn=None, **options):
    if fn is None:
        return lambda f: Kernel(f, options=options)
    if isinstance(fn, Kernel):
        return fn
    return Kernel(fn, options=options)


def _arg_names(fn, n):
    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        params = []
    return [params[i] if i < len(params) else "in%d" % i for i in range(n)]


def trace(kernel, arrays, kwargs, options):
    """Trace `kernel` on inputs shaped like `arrays`; returns the Tracer and
    the function's return value. Retraced with more loops unrolled while the
    trace asks for a rolled loop variable's value."""
    t = Tracer(kernel.__name__, options)
    for _ in range(MAX_RETRACES):
        t.reset()
        names = _arg_names(kernel.fn, len(arrays))
        for i, (a, name) in enumerate(zip(arrays, names)):
            t.inputs.append(HBMTensor(name, a.shape, a.dtype, "in", i))
        t.grid = kernel.grid
        prev = Tracer.current
        Tracer.current = t
        try:
            result = _run(t, kernel, kwargs)
            t.check_pending()
            return t, result
        except NeedUnroll as e:
            t.unroll_sites.add(e.site)
            t.notes.append("unrolled the loop at %s:%d: %s"
                           % (e.site[0], e.site[1], e.reason))
        finally:
            Tracer.current = prev
    raise NKIError("the kernel could not be traced within %d retraces" % MAX_RETRACES,
                   None)


def _run(t, kernel, kwargs):
    args = [x.view for x in t.inputs]
    if not kernel.grid:
        t.grid_ids = []
        return kernel.fn(*args, **kwargs)
    # An SPMD grid: the instances run one after the other, as a loop nest
    # over the program ids (rolled unless unrolling is asked for).
    result = [None]

    def nest(d, ids):
        if d == len(kernel.grid):
            t.grid_ids = ids
            t.out_index = 0
            r = kernel.fn(*args, **kwargs)
            if result[0] is None:
                result[0] = r
            t.spmd_instance += 1
            return
        rng = RangeLoop("affine", 0, kernel.grid[d], 1)
        rng.site = ("<grid>", d, 0)
        rng.unrolled = t.unroll_all or rng.site in t.unroll_sites
        for i in rng:
            nest(d + 1, ids + [i])
    nest(0, [])
    return result[0]


def outputs_of(t, result):
    """The HBM outputs the kernel returns, in order."""
    items = result if isinstance(result, (tuple, list)) else [result]
    outs = []
    for r in items:
        if r is None:
            continue
        if not isinstance(r, HBMView) or r.tensor.kind != "out":
            raise NKIError("the kernel returns %s; it must return HBM tensors "
                           "created with nl.ndarray(..., buffer=nl.shared_hbm)"
                           % type(r).__name__, None)
        outs.append(r.tensor)
    return outs, isinstance(result, (tuple, list))
