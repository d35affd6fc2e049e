"""Integer expressions of the trace: affine combinations of loop variables
and run-time scalars (kernel arguments), with opaque nodes for the rest.

A rolled loop's body is traced once with its variable as a symbol, so index
arithmetic such as `k * 128` stays symbolic and becomes IR. Asking for the
Python value of a symbol (`if i == 0:`, `tiles[i]`) unrolls that loop: the
kernel is traced again with the loop unrolled (errors.NeedUnroll)."""

from .errors import NKIError, NeedUnroll


class Sym(object):
    """A run-time integer: a loop variable, a kernel argument or a node."""
    name = "?"

    def interval(self):
        return None


class ArgScalar(Sym):
    """An i32 kernel argument (nisa.register_alloc, a dynamic_range bound)."""

    def __init__(self, index, value):
        self.index = index
        self.value = value
        self.name = "%%s%d" % index


class OpNode(Sym):
    """A non-affine operation (product of symbols, inexact division)."""

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.name = "(%s %s %s)" % (a, op, b)


def as_expr(v):
    if isinstance(v, Expr):
        return v
    if isinstance(v, Sym):
        return Expr(0, {v: 1})
    if isinstance(v, bool):
        return Expr(int(v))
    if isinstance(v, int):
        return Expr(v)
    try:
        import numpy as np
        if isinstance(v, np.integer):
            return Expr(int(v))
    except ImportError:  # pragma: no cover
        pass
    return None


def symbolic(v):
    e = as_expr(v)
    return e if e is not None and not e.is_const() else None


class Expr(object):
    """const + sum(coeff * sym)."""
    __hash__ = object.__hash__

    def __init__(self, const=0, terms=None):
        self.const = const
        self.terms = {s: c for s, c in (terms or {}).items() if c}

    def is_const(self):
        return not self.terms

    def syms(self):
        return list(self.terms)

    def __repr__(self):
        parts = ["%d*%s" % (c, s.name) for s, c in self.terms.items()]
        return " + ".join(parts + [str(self.const)])

    # arithmetic ---------------------------------------------------------
    def __add__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        terms = dict(self.terms)
        for s, c in e.terms.items():
            terms[s] = terms.get(s, 0) + c
        return Expr(self.const + e.const, terms)

    __radd__ = __add__

    def __neg__(self):
        return Expr(-self.const, {s: -c for s, c in self.terms.items()})

    def __sub__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        return self + (-e)

    def __rsub__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        return e + (-self)

    def __mul__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        if e.is_const():
            k = e.const
            return Expr(self.const * k, {s: c * k for s, c in self.terms.items()})
        if self.is_const():
            return e * self.const
        return Expr(0, {OpNode("mul", self, e): 1})

    __rmul__ = __mul__

    def __floordiv__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        if e.is_const() and e.const > 0:
            d = e.const
            if self.const % d == 0 and all(c % d == 0 for c in self.terms.values()):
                return Expr(self.const // d, {s: c // d for s, c in self.terms.items()})
            if self.is_const():
                return Expr(self.const // d)
        return Expr(0, {OpNode("sdiv", self, e): 1})

    def __rfloordiv__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        return e // self

    def __mod__(self, o):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        if self.is_const() and e.is_const():
            return Expr(self.const % e.const)
        return Expr(0, {OpNode("srem", self, e): 1})

    # Python values ----------------------------------------------------------
    def value(self):
        if self.is_const():
            return self.const
        need_value(self)

    def __index__(self):
        return self.value()

    __int__ = __index__

    def __bool__(self):
        return bool(self.value())

    def interval(self):
        lo = hi = self.const
        for s, c in self.terms.items():
            iv = s.interval()
            if iv is None:
                return None
            a, b = iv[0] * c, iv[1] * c
            lo += min(a, b)
            hi += max(a, b)
        return (lo, hi)

    def _cmp(self, o, op):
        e = as_expr(o)
        if e is None:
            return NotImplemented
        return Cond(self - e, op)

    def __lt__(self, o):
        return self._cmp(o, "<")

    def __le__(self, o):
        return self._cmp(o, "<=")

    def __gt__(self, o):
        return self._cmp(o, ">")

    def __ge__(self, o):
        return self._cmp(o, ">=")

    def __eq__(self, o):
        return self._cmp(o, "==")

    def __ne__(self, o):
        return self._cmp(o, "!=")


def all_syms(e):
    out = []
    for s in e.terms:
        if isinstance(s, OpNode):
            out += all_syms(s.a) + all_syms(s.b)
        else:
            out.append(s)
    return out


def need_value(e):
    """The trace asks for the Python value of a symbolic expression."""
    from .tracer import LoopVar
    for s in all_syms(e):
        if isinstance(s, LoopVar) and s.loop.unrollable():
            raise NeedUnroll(s.loop.site)
    raise NKIError("the value of a run-time quantity (%s) is used in Python "
                   "control flow or indexing; only compile-time values can be"
                   % e)


class Cond(object):
    """`lhs op 0`, decided at trace time when the bounds allow."""

    def __init__(self, e, op):
        self.e, self.op = e, op

    def decide(self):
        iv = self.e.interval()
        if iv is None:
            return None
        lo, hi = iv
        table = {
            "<": (hi < 0, lo >= 0), "<=": (hi <= 0, lo > 0),
            ">": (lo > 0, hi <= 0), ">=": (lo >= 0, hi < 0),
            "==": (lo == hi == 0, lo > 0 or hi < 0),
            "!=": (lo > 0 or hi < 0, lo == hi == 0)}
        always, never = table[self.op]
        if always:
            return True
        if never:
            return False
        return None

    def __bool__(self):
        d = self.decide()
        if d is None:
            need_value(self.e)
        return d

    def __and__(self, o):
        return CondAll([self, o])


class CondAll(Cond):
    def __init__(self, parts):
        self.parts = parts

    def decide(self):
        ds = [p.decide() if isinstance(p, Cond) else bool(p) for p in self.parts]
        if all(d is True for d in ds):
            return True
        if any(d is False for d in ds):
            return False
        return None

    def __bool__(self):
        d = self.decide()
        if d is None:
            for p in self.parts:
                bool(p)
        return d


def expr_int(v, what):
    """A compile-time int for `what`, or a located error."""
    e = as_expr(v)
    if e is None:
        raise NKIError("%s must be an integer, not %s" % (what, type(v).__name__))
    if not e.is_const():
        return e.value()
    return e.const
