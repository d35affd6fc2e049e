"""LLVM IR for a trace (docs/KernelInterface.md): tiles become addrspace
globals, statements builtin calls, rolled loops IR loops whose body tiles
rotate through header phis (double buffering), placed by the backend."""

from .errors import NKIError
from .expr import Expr, as_expr, ArgScalar, OpNode
from .tensors import TileRef, HbmRef, SBUF, PSUM
from .tracer import Call, LoopStmt, AllocPoint, LoopVar

ADDRSPACE = {SBUF: 2, PSUM: 3}
CAPACITY = {SBUF: 192 * 1024, PSUM: 16 * 1024}
MAX_ARGS = 8


# Allocation ---------------------------------------------------------------------


class Physical(object):
    def __init__(self, name, memory, parts, free):
        self.name, self.memory, self.parts, self.free = name, memory, parts, free

    def bytes(self):
        return (4 * self.free + 63) // 64 * 64


def live_intervals(body):
    """First and last position of each tile in program order; a tile used in
    a loop it was allocated outside of lives to that loop's end, and a tile
    allocated in a rolled loop's body (rotated) through the whole loop."""
    spans, pos, loops = {}, [0], []

    def touch(tile):
        p = pos[0]
        lo, hi = spans.get(tile, (p, p))
        spans[tile] = (min(lo, p), max(hi, p))

    ends = {}

    def walk(block):
        for st in block:
            pos[0] += 1
            if isinstance(st, AllocPoint):
                touch(st.tile)
                st.tile.alloc_pos = pos[0]
            elif isinstance(st, Call):
                for o in st.operands:
                    if isinstance(o, TileRef):
                        touch(o.tile)
                        o.tile.uses_in = list(loops)
            elif isinstance(st, LoopStmt):
                start = pos[0]
                loops.append((st.loop, start))
                walk(st.loop.body)
                loops.pop()
                ends[st.loop] = (start, pos[0])
    # Positions of uses in loops: extend to the enclosing loops' ends.
    uses = []

    def walk2(block, stack):
        for st in block:
            pos[0] += 1
            if isinstance(st, AllocPoint):
                uses.append((st.tile, pos[0], list(stack), True))
            elif isinstance(st, Call):
                for o in st.operands:
                    if isinstance(o, TileRef):
                        uses.append((o.tile, pos[0], list(stack), False))
            elif isinstance(st, LoopStmt):
                stack.append(st.loop)
                walk2(st.loop.body, stack)
                stack.pop()

    walk(body)
    pos[0] = 0
    walk2(body, [])
    alloc_stack = {t: s for t, p, s, a in uses if a}
    spans = {}
    for tile, p, stack, _ in uses:
        lo = hi = p
        home = alloc_stack.get(tile, [])
        for lp in stack:
            if lp not in home:       # a loop the tile was allocated outside of
                s, e = ends[lp]
                lo, hi = min(lo, s), max(hi, e)
                break
        if tile.alloc_loop is not None and tile.alloc_loop in ends:
            s, e = ends[tile.alloc_loop]
            lo, hi = min(lo, s), max(hi, e)
        a, b = spans.get(tile, (lo, hi))
        spans[tile] = (min(a, lo), max(b, hi))
    return spans


def allocate(tiles, body, rotate):
    """Physical globals for the tiles: `rotate` copies of each tile that a
    rolled loop's body allocates; globals of the same shape are reused
    (first freed, first reused, keeping two free ones as slack) once their
    occupant is dead. Returns (physicals, {tile: [Physical]})."""
    spans = live_intervals(body)
    events = sorted((spans[t][0], t.id, t) for t in tiles if t in spans)
    free, phys, assign, active = {}, [], {}, []
    for start, _, t in events:
        for item in list(active):
            if item[0] < start:
                active.remove(item)
                for p in item[1]:
                    free.setdefault((p.memory, p.parts, p.free), []).append(p)
        key = (t.memory, t.shape[0], t.free)
        copies = rotate if t.alloc_loop is not None else 1
        got = []
        pool = free.get(key, [])
        for _ in range(copies):
            if len(pool) > 2:
                got.append(pool.pop(0))
            else:
                p = Physical("%s.%d" % (t.name, len(got)), t.memory, t.shape[0], t.free)
                phys.append(p)
                got.append(p)
        assign[t] = got
        active.append((spans[t][1], got))
    for mem in (SBUF, PSUM):
        need = sum(p.bytes() for p in phys if p.memory == mem)
        if need > CAPACITY[mem]:
            return None, need, mem
    return phys, assign, None


# IR text --------------------------------------------------------------------------


class Emitter(object):
    def __init__(self, tracer, builtins, rotate=2):
        self.t = tracer
        self.builtins = builtins
        self.lines = []
        self.decls = {}
        self.counter = 0
        self.block = "entry"
        self.rot_names = {}     # tile -> IR value naming its current copy
        phys = None
        for r in ([rotate, 1] if rotate > 1 else [1]):
            phys, assign, mem = allocate(tracer.tiles, tracer.body, r)
            if phys is not None:
                self.rotate = r
                if r < rotate:
                    tracer.notes.append("the tiles do not fit in %d copies per "
                                        "rolled loop body; one copy each" % rotate)
                break
        if phys is None:
            raise NKIError("the kernel's tiles need %d bytes of %s per partition, "
                           "more than the %d there are" % (assign, mem, CAPACITY[mem]),
                           None)
        self.phys, self.assign = phys, assign
        self.args = self.kernel_args()

    def kernel_args(self):
        args = []
        for h in self.t.inputs + self.t.outputs:
            args.append(("ptr addrspace(1) noalias", "%%arg.%s" % _ident(h.name), h))
        for s in self.t.scalars:
            args.append(("i32", "%%s%d" % s.index, s))
        if len(args) > MAX_ARGS:
            raise NKIError("the kernel has %d arguments (inputs, outputs and "
                           "run-time scalars); the machine passes at most %d"
                           % (len(args), MAX_ARGS), None)
        return args

    def tmp(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def out(self, text):
        self.lines.append("  " + text)

    def label(self, name):
        self.lines.append("%s:" % name)
        self.block = name

    # values ----------------------------------------------------------------------
    def scalar(self, e):
        e = as_expr(e)
        acc = str(e.const) if e.const or not e.terms else None
        for s, c in e.terms.items():
            v = self.sym(s)
            if c != 1:
                r = self.tmp()
                self.out("%s = mul i32 %s, %d" % (r, v, c))
                v = r
            if acc is None:
                acc = v
            else:
                r = self.tmp()
                self.out("%s = add i32 %s, %s" % (r, acc, v))
                acc = r
        return acc

    def sym(self, s):
        if isinstance(s, LoopVar):
            return "%%i%d" % s.loop.id
        if isinstance(s, ArgScalar):
            return "%%s%d" % s.index
        if isinstance(s, OpNode):
            a, b = self.scalar(s.a), self.scalar(s.b)
            r = self.tmp()
            self.out("%s = %s i32 %s, %s" % (r, s.op, a, b))
            return r
        raise NKIError("internal: unknown symbol %r" % s, None)

    def tile_ptr(self, ref):
        tile = ref.tile
        base = self.rot_names.get(tile) or "@" + _ident(self.assign[tile][0].name)
        space = ADDRSPACE[tile.memory]
        col = as_expr(ref.col)
        byte = Expr(4 * (ref.p0 * tile.free)) + col * 4
        if byte.is_const() and byte.const == 0:
            return "ptr addrspace(%d) %s" % (space, base)
        off = self.scalar(byte)
        r = self.tmp()
        self.out("%s = getelementptr i8, ptr addrspace(%d) %s, i32 %s"
                 % (r, space, base, off))
        return "ptr addrspace(%d) %s" % (space, r)

    def hbm_ptr(self, ref):
        base = "%%arg.%s" % _ident(ref.tensor.name)
        byte = as_expr(ref.offset) * 4
        if byte.is_const() and byte.const == 0:
            return "ptr addrspace(1) %s" % base
        off = self.scalar(byte)
        r = self.tmp()
        self.out("%s = getelementptr i8, ptr addrspace(1) %s, i32 %s" % (r, base, off))
        return "ptr addrspace(1) %s" % r

    def operand(self, o):
        if isinstance(o, TileRef):
            return self.tile_ptr(o)
        if isinstance(o, HbmRef):
            return self.hbm_ptr(o)
        kind, v = o
        if kind == "i32":
            return "i32 %d" % v
        return "float %s" % _float(v)

    # statements --------------------------------------------------------------------
    def call(self, name, operands):
        args = [self.operand(o) for o in operands]
        types = ", ".join(a.rsplit(" ", 1)[0] for a in args)
        fn = "neuronisa." + name
        self.decls.setdefault((fn, types), True)
        self.out("call void (%s) @%s(%s)" % (types, fn, ", ".join(args)))

    def statements(self, block):
        for st in block:
            if isinstance(st, Call):
                self.call(st.name, st.operands)
            elif isinstance(st, AllocPoint):
                if st.tile.zero_at_alloc:
                    tile = st.tile
                    ref = TileRef(tile, 0, tile.shape[0], 0, tile.free)
                    self.call("pool.memset", [ref, ("float", 0.0),
                                              ("i32", tile.shape[0]), ("i32", tile.free)])
            elif isinstance(st, LoopStmt):
                self.loop(st.loop)

    def loop(self, lp):
        n = lp.trip_count()
        if n == 0:
            return
        k = lp.id
        start, stop = self.scalar(lp.start), self.scalar(lp.stop)
        pre, body, latch, exit_ = ("L%d.pre" % k, "L%d.body" % k, "L%d.latch" % k,
                                   "L%d.exit" % k)
        if n is None:
            c = self.tmp()
            self.out("%s = icmp slt i32 %s, %s" % (c, start, stop))
            self.out("br i1 %s, label %%%s, label %%%s" % (c, pre, exit_))
        else:
            self.out("br label %%%s" % pre)
        self.label(pre)
        self.out("br label %%%s" % body)
        self.label(body)
        self.out("%%i%d = phi i32 [ %s, %%%s ], [ %%i%d.next, %%%s ]"
                 % (k, start, pre, k, latch))
        rotated = [t for t in self.t.tiles if t.alloc_loop is lp and t in self.assign]
        saved = dict(self.rot_names)
        for t in rotated:
            copies = self.assign[t]
            if len(copies) < 2:
                continue
            r = len(copies)
            space = ADDRSPACE[t.memory]
            for j in range(r):
                self.out("%%%s.r%d.%d = phi ptr addrspace(%d) [ @%s, %%%s ], "
                         "[ %%%s.r%d.%d, %%%s ]"
                         % (_ident(t.name), k, j, space, _ident(copies[j].name), pre,
                            _ident(t.name), k, (j + 1) % r, latch))
            self.rot_names[t] = "%%%s.r%d.0" % (_ident(t.name), k)
        self.statements(lp.body)
        self.out("br label %%%s" % latch)
        self.label(latch)
        self.out("%%i%d.next = add i32 %%i%d, %d" % (k, k, lp.step))
        c = self.tmp()
        self.out("%s = icmp slt i32 %%i%d.next, %s" % (c, k, stop))
        self.out("br i1 %s, label %%%s, label %%%s" % (c, body, exit_))
        self.label(exit_)
        self.rot_names = saved

    def module(self):
        self.statements(self.t.body)
        self.out("ret void")
        body = self.lines
        head = ["; NKI kernel %s, traced by neuronisa_nki" % self.t.name,
                'target triple = "neuronisa"', ""]
        for p in self.phys:
            head.append("@%s = internal addrspace(%d) global [%d x [%d x float]] "
                        "zeroinitializer" % (_ident(p.name), ADDRSPACE[p.memory],
                                             p.parts, p.free))
        head.append("")
        seen = set()
        for fn, types in self.decls:
            if fn not in seen:
                head.append("declare void @%s(%s)" % (fn, types))
                seen.add(fn)
        head.append("")
        params = ", ".join("%s %s" % (ty, name) for ty, name, _ in self.args)
        head.append("define void @%s(%s) {" % (_ident(self.t.name), params))
        head.append("entry:")
        return "\n".join(head + body + ["}", ""])


def _ident(name):
    out = "".join(c if c.isalnum() or c in "._" else "_" for c in name)
    return out if out and not out[0].isdigit() else "_" + out


def _float(v):
    import struct
    bits = struct.unpack("<Q", struct.pack("<d", float(v)))[0]
    return "0x%016X" % bits


def emit_module(tracer, builtins=None, rotate=2):
    return Emitter(tracer, builtins, rotate)
