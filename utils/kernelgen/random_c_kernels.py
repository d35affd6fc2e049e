"""Generator of random C kernels in the shapes users write.

Where random_kernels.py writes LLVM IR shaped for the synchronization pass,
this writes C against neuronisa.h as a kernel writer would, so that what
clang makes of it (tail calls, tail-duplicated joins, switches lowered to
compare chains, loop rotation, unrolling, inlined helpers, pointer phis) is
tested too:

  - if/else and switch (fall-through, default) whose branches end in builtin
    calls; early returns, break and continue inside loops;
  - for, while and do/while loops with run-time bounds, steps of 1 or 2 and
    counting down, nested up to --max-depth;
  - static helper functions taking tile pointers;
  - ping-pong buffers: two tile pointers swapped every iteration, with a
    prefetch of the next iteration's input;
  - partition slices (&t[8][0]) and column slices (&t[0][8]), and a loop
    over partition halves under `#pragma unroll`;
  - HBM addresses computed from loop counters and scalar arithmetic, with
    row strides, column offsets and four DMA queues.

Every program is deterministic for its seed. Interface of every kernel:

    void kernel(const __hbm float *restrict in0,
                const __hbm float *restrict in1,
                __hbm float *restrict out0, __hbm float *restrict out1,
                int n0, int n1, int n2, int k);

  in0, in1   SLOTS tiles of P x F fp32 each, values in [-1, 1];
  out0, out1 SLOTS tiles of P x F, zero-initialized by the caller; out1 is
             also read back;
  n0 n1 n2   loop bounds (the testers pass 0..3); k a value for conditions.

Numerics stay finite for every argument: SBUF tiles only ever hold values
in [-1, 1] (only bounded operations write them), PSUM tiles hold products
and sums of those, read back into SBUF only through tanh or sigmoid.

Command line: utils/random_c_kernels.py --seed N [-o FILE] [--max-depth D]
[--max-ops N] [--no FEATURE ...] [--builtins BUILD_DIR].
generate(seed, ...) returns the C text.
"""

import argparse
import random
import sys

from .common import parse_args, _builtins

P = 16                   # partitions of every tile
F = 16                   # fp32 elements per partition
SLOTS = 4                # tiles per HBM buffer
TILE = P * F             # elements of one HBM slot
ROW_BYTES = 4 * F
HALF = P // 2

SBUF = ["s0", "s1", "s2", "s3"]
VEC = ["v0", "v1"]       # [P x 1] tiles: reductions, per-partition scalars
PSUM = ["p0", "p1"]
INPUTS = ["in0", "in1"]
OUTPUTS = ["out0", "out1"]
BOUNDS = ["n0", "n1", "n2"]

FEATURES = ["if", "switch", "loops", "exits", "helpers", "pingpong",
            "slices", "unroll", "strided"]

# Bounded operations into SBUF: (builtin, float operands' values).
UNARY_SBUF = ["act.tanh", "act.sigmoid", "act.identity", "act.relu",
              "dve.ts.mul", "dve.ts.max", "dve.ts.min", "pool.ts.mul",
              "pool.ts.max", "pool.ts.min", "dve.copy", "pool.copy"]
BINARY_SBUF = ["dve.tt.mul", "dve.tt.max", "dve.tt.min", "pool.tt.mul",
               "pool.tt.max", "pool.tt.min"]
PARTITION_SCALAR = ["dve.tsp.mul", "pool.tsp.max", "pool.tsp.min"]
REDUCE = ["dve.reduce.max", "dve.reduce.min", "pool.reduce.max"]
FROM_PSUM = ["act.tanh", "act.sigmoid"]
SMALL = [-1.0, -0.5, -0.25, 0.25, 0.5, 0.75, 1.0]


def c_float(x):
    """A C float literal, exact in fp32 (every value used is a short
    binary fraction)."""
    return repr(float(x)) + "f"


def call(name, values):
    """The C call of builtin NAME, its arguments by name (the builtin
    table's order, read from neuronisa-builtins.json)."""
    _, builtins = _builtins()
    args = [values[a["name"]] for a in builtins[name]["args"]]
    return "neuronisa_%s(%s);" % (name.replace(".", "_"), ", ".join(args))


class CGen:
    def __init__(self, seed, max_depth=3, max_ops=30, features=FEATURES):
        self.rng = random.Random(seed)
        self.max_depth = max_depth
        self.ops_left = max_ops
        self.features = set(features)
        self.loop_vars = []     # enclosing loops' counters, innermost last
        self.helpers = []       # C text of static helpers
        self.var_no = 0

    # -- expressions ------------------------------------------------------

    def coin(self, p=0.5):
        return self.rng.random() < p

    def fresh(self, stem):
        self.var_no += 1
        return "%s%d" % (stem, self.var_no)

    def index(self):
        """A scalar expression of the loop counters and k."""
        terms = self.loop_vars + ["k"]
        a = self.rng.choice(terms)
        form = self.rng.randrange(5)
        if form == 0:
            return a
        if form == 1:
            return "%s * %d + %s" % (a, self.rng.randrange(1, 4),
                                     self.rng.choice(terms))
        if form == 2:
            return "%s - %s" % (self.rng.choice(BOUNDS), a)
        if form == 3:
            return "(%s ^ %d)" % (a, self.rng.randrange(1, 4))
        return "%s + %d" % (a, self.rng.randrange(0, 3))

    def slot(self):
        """An HBM slot offset (in elements): always inside the buffer."""
        if self.coin(0.25):
            return "%d * TILE" % self.rng.randrange(SLOTS)
        return "((%s) & %d) * TILE" % (self.index(), SLOTS - 1)

    def condition(self):
        a = self.rng.choice(self.loop_vars + ["k"])
        return self.rng.choice([
            "%s > %d" % (a, self.rng.randrange(-1, 3)),
            "(%s & 1)" % a,
            "%s == %s" % (a, self.rng.choice([b for b in BOUNDS + ["k"]
                                              if b != a])),
            "%s + %s < %s" % (a, self.rng.choice(["k", "1"]),
                              self.rng.choice(BOUNDS)),
        ])

    # -- data-path statements ---------------------------------------------

    def region(self, tiles):
        """Tile expressions of one shape for the operands TILES (names or
        pointer expressions), and the shape (p, f): the whole tile, a
        partition half or a column half."""
        kind = self.rng.randrange(4) if "slices" in self.features else 0
        if kind == 1:
            h = HALF * self.rng.randrange(2)
            return ["&%s[%d][0]" % (t, h) for t in tiles], HALF, F
        if kind == 2:
            c = (F // 2) * self.rng.randrange(2)
            return ["&%s[0][%d]" % (t, c) for t in tiles], P, F // 2
        return list(tiles), P, F

    def sbuf_op(self, dst=None, srcs=None):
        dst = dst or self.rng.choice(SBUF)
        src = (srcs or SBUF)
        r = self.rng.randrange(10)
        if r < 5:
            name = self.rng.choice(UNARY_SBUF)
            (d, s), p, f = self.region([dst, self.rng.choice(src)])
            scale = self.rng.choice(SMALL)
            return call(name, {"dst": d, "src": s, "p": str(p), "f": str(f),
                               "s": c_float(self.rng.choice(SMALL)),
                               "scale": c_float(scale),
                               "bias": c_float(self.rng.choice(
                                   [0.0, 0.25 * (1 - abs(scale))]))})
        if r < 8:
            name = self.rng.choice(BINARY_SBUF)
            (d, a, b), p, f = self.region(
                [dst, self.rng.choice(src), self.rng.choice(src)])
            return call(name, {"dst": d, "a": a, "b": b, "p": str(p),
                               "f": str(f)})
        if r < 9:
            vec = self.rng.choice(VEC)
            return call(self.rng.choice(REDUCE), {
                "dst": vec, "src": self.rng.choice(src), "p": str(P),
                "f": str(F)})
        return call(self.rng.choice(PARTITION_SCALAR), {
            "dst": dst, "src": self.rng.choice(src),
            "scal": self.rng.choice(VEC), "p": str(P), "f": str(F)})

    def psum_op(self):
        dst = self.rng.choice(PSUM)
        if self.coin(0.7):
            return call("pe.matmul", {
                "dst": dst, "stat": self.rng.choice(SBUF),
                "mov": self.rng.choice(SBUF), "k": str(P), "m": str(F),
                "n": str(F), "acc": str(int(self.coin()))})
        return call("pe.transpose", {"dst": dst, "src": self.rng.choice(SBUF),
                                     "p": str(P), "f": str(F)})

    def from_psum(self):
        return call(self.rng.choice(FROM_PSUM), {
            "dst": self.rng.choice(SBUF), "src": self.rng.choice(PSUM),
            "p": str(P), "f": str(F), "scale": c_float(0.125),
            "bias": c_float(0.0)})

    def dma(self, tile=None):
        """A DMA load into TILE (or a random SBUF tile), or a store."""
        q = str(self.rng.randrange(4))
        strided = "strided" in self.features and self.coin(0.3)
        if tile or self.coin(0.55):
            src = self.rng.choice(INPUTS + ["out1"])
            if strided:   # every other row, or the right column half
                if self.coin():
                    return call("dma.load", {
                        "dst": "&%s[0][0]" % (tile or self.rng.choice(SBUF)),
                        "src": "%s + %s" % (src, self.slot()),
                        "p": str(HALF), "f": str(F),
                        "stride": str(2 * ROW_BYTES), "queue": q})
                return call("dma.load", {
                    "dst": "&%s[0][%d]" % (tile or self.rng.choice(SBUF),
                                          F // 2),
                    "src": "%s + %s + %d" % (src, self.slot(), F // 2),
                    "p": str(P), "f": str(F // 2), "stride": str(ROW_BYTES),
                    "queue": q})
            return call("dma.load", {
                "dst": tile or self.rng.choice(SBUF),
                "src": "%s + %s" % (src, self.slot()), "p": str(P),
                "f": str(F), "stride": str(ROW_BYTES), "queue": q})
        return call("dma.store", {
            "dst": "%s + %s" % (self.rng.choice(OUTPUTS), self.slot()),
            "src": self.rng.choice(SBUF), "p": str(P), "f": str(F),
            "stride": str(ROW_BYTES), "queue": q})

    def data_statement(self):
        self.ops_left -= 1
        r = self.rng.randrange(10)
        if r < 3:
            return [self.dma()]
        if r < 4:
            return [self.psum_op()]
        if r < 5:
            return [self.from_psum()]
        return [self.sbuf_op()]

    # -- control flow -----------------------------------------------------

    def block(self, depth, n):
        out = []
        for _ in range(n):
            if self.ops_left <= 0:
                break
            out += self.statement(depth)
        return out or self.data_statement()

    def statement(self, depth):
        choices = ["data"] * 4
        if depth < self.max_depth:
            for f in ["if", "switch", "loops", "pingpong", "unroll"]:
                if f in self.features:
                    choices.append(f)
            if "loops" in self.features:
                choices.append("loops")
        if self.loop_vars and "exits" in self.features:
            choices.append("exit")
        if "helpers" in self.features and depth < self.max_depth:
            choices.append("helper")
        kind = self.rng.choice(choices)
        return getattr(self, "gen_" + kind)(depth)

    def gen_data(self, depth):
        return self.data_statement()

    def gen_if(self, depth):
        out = ["if (%s) {" % self.condition()]
        out += indent(self.block(depth + 1, self.rng.randrange(1, 3)))
        if self.coin(0.7):
            out.append("} else {")
            out += indent(self.block(depth + 1, self.rng.randrange(1, 3)))
        return out + ["}"]

    def gen_switch(self, depth):
        a = self.rng.choice(self.loop_vars + ["k"])
        out = ["switch ((%s + k) & 3) {" % a]
        for case in range(3):
            out.append("case %d:" % case)
            out += indent(self.block(depth + 1, 1))
            if case == 2 or self.coin(0.6):
                out.append("  break;")
            else:
                out.append("  /* fall through */")
        out.append("default:")
        out += indent(self.block(depth + 1, 1))
        return out + ["}"]

    def loop(self, var, body_fn):
        """A loop over VAR with a run-time bound, its body from BODY_FN():
        for (up by 1 or 2, or down), while, or do/while under a guard (a
        do/while that runs once when the bound is 0 would be another
        program)."""
        bound = self.rng.choice(BOUNDS)
        form = self.rng.randrange(5)
        self.loop_vars.append(var)
        body = body_fn()
        self.loop_vars.pop()
        # A continue would skip a while loop's increment: use a for loop.
        if form == 3 and any(l.strip() == "continue;" for l in body):
            form = 0
        if form == 0:
            head = "for (int %s = 0; %s < %s; ++%s) {" % (var, var, bound, var)
            return [head] + indent(body) + ["}"]
        if form == 1:
            head = "for (int %s = 0; %s < %s; %s += 2) {" % (var, var, bound,
                                                            var)
            return [head] + indent(body) + ["}"]
        if form == 2:
            head = "for (int %s = %s - 1; %s >= 0; --%s) {" % (var, bound, var,
                                                             var)
            return [head] + indent(body) + ["}"]
        if form == 3:
            return (["{", "  int %s = 0;" % var,
                     "  while (%s < %s) {" % (var, bound)] +
                    indent(indent(body + ["++%s;" % var])) + ["  }", "}"])
        return (["if (%s > 0) {" % bound, "  int %s = 0;" % var, "  do {"] +
                indent(indent(body)) +
                ["  } while (++%s < %s);" % (var, bound), "}"])

    def gen_loops(self, depth):
        return self.loop(self.fresh("i"), lambda: self.block(
            depth + 1, self.rng.randrange(1, 4)))

    def gen_exit(self, depth):
        stmt = self.rng.choice(["break;", "continue;", "return;"])
        if self.coin(0.5) and self.ops_left > 0:
            return ["if (%s) {" % self.condition()] + \
                indent(self.data_statement() + [stmt]) + ["}"]
        return ["if (%s)" % self.condition(), "  " + stmt]

    def gen_helper(self, depth):
        """A call of a static helper that takes two tile pointers and a
        scalar, and does one to three operations (inlined by the
        compiler)."""
        name = self.fresh("helper")
        saved = self.loop_vars
        self.loop_vars = ["j"]
        body = []
        for _ in range(self.rng.randrange(1, 4)):
            if self.ops_left <= 0:
                break
            self.ops_left -= 1
            r = self.rng.randrange(3)
            if r == 0:
                body.append(self.sbuf_op(dst="dst", srcs=["src", "dst"]))
            elif r == 1:
                body.append(self.dma(tile="dst"))
            else:
                body.append(call("dma.store", {
                    "dst": "out0 + %s" % self.slot(), "src": "src",
                    "p": str(P), "f": str(F), "stride": str(ROW_BYTES),
                    "queue": str(self.rng.randrange(4))}))
        self.loop_vars = saved
        if not body:
            return self.data_statement()
        self.helpers.append(
            ["static void %s(__sbuf float (*dst)[F], __sbuf float (*src)[F],"
             % name,
             "    const __hbm float *in0, const __hbm float *in1,",
             "    __hbm float *out0, const __hbm float *out1, int j, int k,",
             "    int n0, int n1, int n2) {"] + indent(body) + ["}"])
        return ["%s(%s, %s, in0, in1, out0, out1, %s, k, n0, n1, n2);" %
                (name, self.rng.choice(SBUF), self.rng.choice(SBUF),
                 self.index())]

    def gen_pingpong(self, depth):
        """Two buffers swapped every iteration; the next iteration's input
        is prefetched into the other one."""
        var, cur, nxt, tmp = (self.fresh("i"), self.fresh("cur"),
                              self.fresh("nxt"), self.fresh("tmp"))
        a, b = self.rng.sample(SBUF, 2)
        bound = self.rng.choice(BOUNDS)
        src = self.rng.choice(INPUTS)
        self.ops_left -= 3
        out = ["{",
               "  __sbuf float (*%s)[F] = %s, (*%s)[F] = %s;" % (cur, a, nxt, b),
               "  " + call("dma.load", {
                   "dst": cur, "src": src, "p": str(P), "f": str(F),
                   "stride": str(ROW_BYTES), "queue": "0"}),
               "  for (int %s = 0; %s < %s; ++%s) {" % (var, var, bound, var)]
        self.loop_vars.append(var)
        body = ["if (%s + 1 < %s)" % (var, bound),
                "  " + call("dma.load", {
                    "dst": nxt,
                    "src": "%s + ((%s + 1) & %d) * TILE" % (src, var, SLOTS - 1),
                    "p": str(P), "f": str(F), "stride": str(ROW_BYTES),
                    "queue": "1"}),
                self.sbuf_op(dst=cur, srcs=[cur]),
                call("dma.store", {
                    "dst": "out0 + (%s & %d) * TILE" % (var, SLOTS - 1),
                    "src": cur, "p": str(P), "f": str(F),
                    "stride": str(ROW_BYTES), "queue": "2"})]
        if self.ops_left > 0 and self.coin(0.5):
            body += self.block(depth + 1, 1)
        self.loop_vars.pop()
        body += ["__sbuf float (*%s)[F] = %s;" % (tmp, cur),
                 "%s = %s;" % (cur, nxt), "%s = %s;" % (nxt, tmp)]
        return out + indent(indent(body)) + ["  }", "}"]

    def gen_unroll(self, depth):
        """A loop over the two partition halves of tiles: constant partition
        starts only once unrolled."""
        var = self.fresh("h")
        self.ops_left -= 1
        name = self.rng.choice(UNARY_SBUF)
        scale = self.rng.choice(SMALL)
        op = call(name, {
            "dst": "&%s[%s * %d][0]" % (self.rng.choice(SBUF), var, HALF),
            "src": "&%s[%s * %d][0]" % (self.rng.choice(SBUF), var, HALF),
            "p": str(HALF), "f": str(F),
            "s": c_float(self.rng.choice(SMALL)), "scale": c_float(scale),
            "bias": c_float(0.0)})
        return ["#pragma unroll",
                "for (int %s = 0; %s < 2; ++%s)" % (var, var, var),
                "  " + op]

    # -- the kernel -------------------------------------------------------

    def generate(self):
        body = []
        while self.ops_left > 0:
            body += self.statement(0)
        # Every output is written at least once by the kernel's end.
        body.append(call("dma.store", {
            "dst": "out1 + %d * TILE" % (SLOTS - 1),
            "src": self.rng.choice(SBUF), "p": str(P), "f": str(F),
            "stride": str(ROW_BYTES), "queue": "3"}))
        lines = ["#include <neuronisa.h>", "",
                 "#define P %d" % P, "#define F %d" % F,
                 "#define TILE (P * F)", ""]
        for t in SBUF:
            lines.append("static __sbuf float %s[P][F];" % t)
        for t in VEC:
            lines.append("static __sbuf float %s[P][1];" % t)
        for t in PSUM:
            lines.append("static __psum float %s[P][F];" % t)
        lines.append("")
        for h in self.helpers:
            lines += h + [""]
        lines += ["void kernel(const __hbm float *restrict in0,",
                  "            const __hbm float *restrict in1,",
                  "            __hbm float *restrict out0,",
                  "            __hbm float *restrict out1,",
                  "            int n0, int n1, int n2, int k) {"]
        lines += indent(body) + ["}", ""]
        return "\n".join(lines)


def indent(lines):
    return ["  " + l if l else l for l in lines]


def generate(seed, max_depth=3, max_ops=30, features=FEATURES):
    return CGen(seed, max_depth, max_ops, features).generate()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=30)
    ap.add_argument("--no", action="append", default=[], choices=FEATURES,
                    help="leave out a kind of shape (repeatable)")
    a = parse_args(ap, argv)
    text = generate(a.seed, a.max_depth, a.max_ops,
                    [f for f in FEATURES if f not in a.no])
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    return 0
