"""Generator of random structured NeuronISA kernels in LLVM IR.

A kernel is produced from a seed and is fully deterministic. It exercises the
synchronization passes: structured control flow (sequences, if/else, loops
nested up to --max-depth levels with run-time trip counts that may be 0 or 1),
data-path builtins on every engine (DMA loads and stores on several queues,
pe.matmul and pe.transpose into PSUM, act.*, dve.* and pool.*) over a small
pool of tiles, so that programs contain read-after-write, write-after-read
and write-after-write dependences between engines, loop-carried ones, ones
that enter, leave and cross loops, ones between sibling loops and ones whose
producer sits in one arm of an if/else, next to accesses that are independent
(disjoint column ranges of one tile, or other tiles).

Interface of every generated kernel (8 arguments, the maximum):
    @kernel(ptr addrspace(1) noalias %in0, ptr addrspace(1) noalias %in1,
            ptr addrspace(1) noalias %out0, ptr addrspace(1) noalias %out1,
            i32 %n0, i32 %n1, i32 %n2, i32 %k)
  in0, in1   inputs, read only, SLOTS x P x F fp32 each, values in [-1, 1];
  out0       streaming output: stored at run-time slots (loop counters) by a
             single DMA queue, never read back (no cross-agent conflict, so a
             may-alias dependence relation never has to be conservative on it);
  out1       accumulator output: stored and re-loaded at constant slots on
             any queue (HBM dependences between DMA queues);
  n0 n1 n2   loop trip counts (the tester passes 0..3);
  k          an extra value used in conditions.
All outputs are zero-initialized by the tester.

Numerics are deterministic and bounded (no NaN or infinity for any
arguments): SBUF tiles keep every value in [-1, 1] (only bounded operations
write SBUF: mul, max, min, copy, memset, tanh, sigmoid, scaled identity and
relu, reductions by max/min, DMA loads of [-1, 1] data); PSUM tiles
accumulate (matmul, transposes, add/sub) and are read back into SBUF only
through bounded operations (tanh, sigmoid, or a small scale followed by
nothing that could grow).

With --extended (off by default, so that a seed without it always gives the
same program) the generator also makes: breaks out of one or two loop
levels, conditional continues, early returns inside loops, do-while loops
without a guard, switches, tile pointers chosen by select, HBM scratch
stores and reloads of out1 at run-time slots (loop counter + 0 or 1, so
that one iteration reloads what the previous one stored) with column
offsets and row strides (interleaved rows), and up to 16 DMA queues.

Command line: utils/random_kernels.py --seed N [-o FILE] [--max-depth D]
[--max-ops N] [--extended] [--meta] [--builtins BUILD_DIR].
generate(seed, ...) returns (ir_text, meta).
"""

import argparse
import json
import random
import sys

from .common import Declarations, fconst, parse_args

# Shapes: every tile is [P x F] fp32 with P = 8 partitions and F = 16 columns.
P = 8
F = 16
SLOTS = 4                     # HBM buffers hold SLOTS tiles of P x F
ROW_BYTES = 4 * F             # HBM row stride
SLOT_BYTES = P * ROW_BYTES
BUF_ELEMS = SLOTS * P * F
NUM_QUEUES = 4                # DMA queues used (of 16)
EXT_QUEUES = 16               # with --extended

SBUF_TILES = ["s0", "s1", "s2", "s3", "s4"]
PSUM_TILES = ["p0", "p1"]
INPUTS = ["in0", "in1"]
OUTPUTS = ["out0", "out1"]
SCALARS = ["n0", "n1", "n2", "k"]


class Gen:
    def __init__(self, seed, max_depth=3, max_ops=40, max_stmts=3,
                 dyn_hbm=True, skip=(), extended=False):
        self.rng = random.Random(seed)
        self.extended = extended
        # Enclosing loops, innermost last: (exit label, latch label).
        self.loops = []
        self.ret_no = 0
        # Statements are numbered in generation order; those in skip are
        # generated (the random stream is unchanged) but not emitted. The
        # reducer (reduce.py) deletes statements this way.
        self.skip = frozenset(skip)
        self.num_stmts = 0
        self.compound = []        # ids of loops and ifs
        self.seed = seed
        self.max_depth = max_depth
        self.max_ops = max_ops
        self.max_stmts = max_stmts
        self.dyn_hbm = dyn_hbm
        self.nops = 0
        self.rejected = 0
        self.tmp = 0
        self.label_no = 0
        self.blocks = []          # [name, [lines]]
        self.decls = Declarations()
        self.stream_queue = self.rng.randrange(NUM_QUEUES)
        # Skew the tile pool per program: some programs use few tiles
        # (many conflicts), some use all of them.
        self.sbuf = SBUF_TILES[:self.rng.choice([2, 3, 5])]
        self.psum = PSUM_TILES[:self.rng.choice([1, 2])]
        self.engines = self.rng.choice([
            ["dma", "pe", "act", "dve", "pool"],
            ["dma", "pe", "act", "dve", "pool"],
            ["dma", "act", "dve"],
            ["dma", "pe", "act"],
            ["pe", "dve", "pool"],
            ["dma", "dve", "pool"],
        ])

    # -- IR building -----------------------------------------------------
    def new_tmp(self, stem="t"):
        self.tmp += 1
        return "%%%s%d" % (stem, self.tmp)

    def slot_offset(self, slot, col):
        """Emits the byte offset of HBM slot `slot` (an i32 value) plus
        `col` fp32 columns; returns the value's name."""
        o = self.new_tmp("o")
        self.emit("%s = mul i32 %s, %d" % (o, slot, SLOT_BYTES))
        if col:
            o2 = self.new_tmp("o")
            self.emit("%s = add i32 %s, %d" % (o2, o, 4 * col))
            o = o2
        return o

    def new_label(self, stem):
        self.label_no += 1
        return "%s%d" % (stem, self.label_no)

    def start_block(self, name):
        self.blocks.append([name, []])

    @property
    def cur(self):
        return self.blocks[-1][0]

    def emit(self, line):
        self.blocks[-1][1].append("  " + line)

    def call(self, name, args):
        """args: list of (type, value). A builtin has one declaration per
        module, so its operands' address spaces are fixed by its first use
        (a call with another function type would be an indirect call):
        returns False, and emits nothing, for a call that does not match."""
        if not self.decls.use(name, [t for t, _ in args]):
            self.rejected += 1
            return False
        self.emit("call void @neuronisa.%s(%s)" % (
            name, ", ".join("%s %s" % (t, v) for t, v in args)))
        self.nops += 1
        return True

    # -- operands --------------------------------------------------------
    def tile_ptr(self, tile, col):
        space = 3 if tile.startswith("p") else 2
        if self.extended and space == 2 and len(self.sbuf) > 1 and \
                self.rng.random() < 0.12:
            # A tile chosen at run time (same shape, same partitions).
            other = self.rng.choice([t for t in self.sbuf if t != tile])
            c = self.new_tmp("c")
            self.emit("%s = icmp sgt i32 %%%s, %d" % (
                c, self.rng.choice(SCALARS), self.rng.randrange(3)))
            t = self.new_tmp("sel")
            self.emit("%s = select i1 %s, ptr addrspace(2) @%s, "
                      "ptr addrspace(2) @%s" % (t, c, tile, other))
            if col == 0:
                return ("ptr addrspace(2)", t)
            a = self.new_tmp("a")
            self.emit("%s = getelementptr i8, ptr addrspace(2) %s, i32 %d"
                      % (a, t, 4 * col))
            return ("ptr addrspace(2)", a)
        if col == 0:
            return ("ptr addrspace(%d)" % space, "@" + tile)
        t = self.new_tmp("a")
        self.emit("%s = getelementptr i8, ptr addrspace(%d) @%s, i32 %d" % (
            t, space, tile, 4 * col))
        return ("ptr addrspace(%d)" % space, t)

    def cols(self, width=None):
        """A column range [c, c + f) of a tile: full, left or right half,
        or a quarter (so that accesses overlap or not)."""
        r = self.rng
        if width is None:
            width = r.choice([16, 16, 8, 8, 4])
        c = r.randrange(0, F - width + 1, 4)
        return c, width

    def parts(self):
        return self.rng.choice([8, 8, 8, 4])

    def sbuf_tile(self):
        return self.rng.choice(self.sbuf)

    def psum_tile(self):
        return self.rng.choice(self.psum)

    def bounded_scalar(self):
        return self.rng.choice([0.5, -0.5, 0.25, -0.75, 1.0, -1.0, 0.125])

    def hbm_ptr(self, buf, slot_expr):
        """Pointer into an HBM buffer at a tile slot; slot_expr is an int or
        an i32 SSA value < SLOTS (then the offset is computed at run time)."""
        # Column offsets inside HBM rows would multiply the distinct
        # pointers kept in registers (there are 19): slots only.
        col = 0
        if isinstance(slot_expr, int):
            off = slot_expr * SLOT_BYTES + 4 * col
            if off == 0:
                return ("ptr addrspace(1)", "%" + buf), col
            t = self.new_tmp("h")
            self.emit("%s = getelementptr i8, ptr addrspace(1) %%%s, i32 %d"
                      % (t, buf, off))
            return ("ptr addrspace(1)", t), col
        o = self.slot_offset(slot_expr, col)
        t = self.new_tmp("h")
        self.emit("%s = getelementptr i8, ptr addrspace(1) %%%s, i32 %s"
                  % (t, buf, o))
        return ("ptr addrspace(1)", t), col

    def dyn_slot(self, counters):
        """A run-time slot index in [0, SLOTS) from the loop counters."""
        r = self.rng
        if not counters or not self.dyn_hbm:
            return r.randrange(SLOTS)
        a = r.choice(counters)
        if len(counters) > 1 and r.random() < 0.4:
            b = r.choice(counters)
            s = self.new_tmp("s")
            self.emit("%s = add i32 %s, %s" % (s, a, b))
            a = s
        s = self.new_tmp("s")
        self.emit("%s = and i32 %s, %d" % (s, a, SLOTS - 1))
        return s

    # -- data-path operations ---------------------------------------------
    def op(self, counters):
        r = self.rng
        for _ in range(8):
            before = self.nops
            eng = r.choice(self.engines)
            getattr(self, "op_" + eng)(counters)
            if self.nops > before:
                return

    def op_dma(self, counters):
        r = self.rng
        kind = r.choice(["load", "load", "store", "store", "reload"])
        p = self.parts()
        c, f = self.cols(r.choice([16, 8, 8, 4]))
        q = r.randrange(EXT_QUEUES if self.extended else NUM_QUEUES)
        if self.extended and r.random() < 0.3:
            self.op_scratch(counters, q)
            return
        if kind == "load":
            buf = r.choice(INPUTS)
            slot = self.dyn_slot(counters) if r.random() < 0.6 else \
                r.randrange(SLOTS)
            src, hc = self.hbm_ptr(buf, slot)
            f = min(f, F - hc)
            dst = self.tile_ptr(self.sbuf_tile(), c)
            self.call("dma.load", [dst, src, ("i32", p), ("i32", f),
                                   ("i32", ROW_BYTES), ("i32", q)])
        elif kind == "reload":
            # Read back the accumulator output: HBM RAW/WAR between queues.
            src, hc = self.hbm_ptr("out1", r.randrange(2))
            f = min(f, F - hc)
            dst = self.tile_ptr(self.sbuf_tile(), c)
            self.call("dma.load", [dst, src, ("i32", p), ("i32", f),
                                   ("i32", ROW_BYTES), ("i32", q)])
        else:
            if r.random() < 0.5:
                # Streaming output: run-time slot, always the same queue.
                dst, hc = self.hbm_ptr("out0", self.dyn_slot(counters))
                q = self.stream_queue
            else:
                dst, hc = self.hbm_ptr("out1", r.randrange(2))
            f = min(f, F - hc)
            src = self.tile_ptr(self.sbuf_tile(), c)
            self.call("dma.store", [dst, src, ("i32", p), ("i32", f),
                                    ("i32", ROW_BYTES), ("i32", q)])

    def op_scratch(self, counters, q):
        """--extended: a store to or a reload from out1 at a run-time slot
        (a loop counter plus 0 or 1, modulo SLOTS), at column 0 or 8, rows
        of 8 or 16 columns at a stride of one or two HBM rows: iteration i
        may reload what iteration i - 1 stored, next to rows it does not
        touch (interleaved columns)."""
        r = self.rng
        stride = r.choice([ROW_BYTES, ROW_BYTES, 2 * ROW_BYTES])
        rows = r.choice([8, 4]) if stride == ROW_BYTES else 4
        f = r.choice([8, 8, 16])
        hc = r.choice([0, 8]) if f == 8 else 0
        if counters:
            a = r.choice(counters)
            d = r.choice([0, 1])
            if d:
                x = self.new_tmp("s")
                self.emit("%s = add i32 %s, %d" % (x, a, d))
                a = x
            slot = self.new_tmp("s")
            self.emit("%s = and i32 %s, %d" % (slot, a, SLOTS - 1))
            o = self.slot_offset(slot, hc)
        else:
            o = str(r.randrange(SLOTS) * SLOT_BYTES + 4 * hc)
        h = self.new_tmp("h")
        self.emit("%s = getelementptr i8, ptr addrspace(1) %%out1, i32 %s"
                  % (h, o))
        tile = self.tile_ptr(self.sbuf_tile(), r.randrange(0, F - f + 1, 4))
        if r.random() < 0.5:
            self.call("dma.store", [("ptr addrspace(1)", h), tile,
                                    ("i32", rows), ("i32", f),
                                    ("i32", stride), ("i32", q)])
        else:
            self.call("dma.load", [tile, ("ptr addrspace(1)", h),
                                   ("i32", rows), ("i32", f),
                                   ("i32", stride), ("i32", q)])

    def op_pe(self, counters):
        r = self.rng
        if r.random() < 0.65:
            kk = self.parts()
            m = r.choice([8, 4])
            n = r.choice([16, 8, 4])
            cs = r.randrange(0, F - m + 1, 4)
            cm = r.randrange(0, F - n + 1, 4)
            cd = r.randrange(0, F - n + 1, 4)
            acc = r.choice([0, 1])
            dst = self.tile_ptr(self.psum_tile(), cd)
            stat = self.tile_ptr(self.sbuf_tile(), cs)
            mov = self.tile_ptr(self.sbuf_tile(), cm)
            self.call("pe.matmul", [dst, stat, mov, ("i32", kk), ("i32", m),
                                    ("i32", n), ("i32", acc)])
        else:
            p = self.parts()
            f = r.choice([8, 4])
            cs = r.randrange(0, F - f + 1, 4)
            cd = r.randrange(0, F - p + 1, 4)
            dst = self.tile_ptr(self.psum_tile(), cd)
            src = self.tile_ptr(self.sbuf_tile(), cs)
            self.call("pe.transpose", [dst, src, ("i32", p), ("i32", f)])

    def op_act(self, counters):
        r = self.rng
        p = self.parts()
        c, f = self.cols()
        from_psum = r.random() < 0.35
        to_psum = (not from_psum) and r.random() < 0.15
        if from_psum:
            fn = r.choice(["tanh", "sigmoid"])
            scale = r.choice([0.125, -0.25, 0.5])
            bias = r.choice([0.0, 0.25, -0.5])
        else:
            fn = r.choice(["identity", "relu", "tanh", "sigmoid"])
            scale = r.choice([0.5, -0.5, 1.0, 0.75])
            bias = r.choice([0.0, 0.25, -0.25, 0.5])
            if fn in ("identity", "relu") and not to_psum:
                # |scale * x + bias| <= 1 for |x| <= 1.
                scale = r.choice([0.5, -0.5, 0.75, -0.25])
                bias = r.choice([0.0, 0.25, -0.25])
        src_t = self.psum_tile() if from_psum else self.sbuf_tile()
        dst_t = self.psum_tile() if to_psum else self.sbuf_tile()
        cd = r.randrange(0, F - f + 1, 4)
        if r.random() < 0.2 and fn in ("tanh", "sigmoid"):
            dst = self.tile_ptr(dst_t, cd)
            src = self.tile_ptr(src_t, c)
            bias_t = self.tile_ptr(self.sbuf_tile(), r.randrange(F))
            self.call("act.%s.bias" % fn, [dst, src, bias_t, ("i32", p),
                                           ("i32", f),
                                           ("float", fconst(scale))])
            return
        dst = self.tile_ptr(dst_t, cd)
        src = self.tile_ptr(src_t, c)
        self.call("act." + fn, [dst, src, ("i32", p), ("i32", f),
                                ("float", fconst(scale)),
                                ("float", fconst(bias))])

    def op_dve(self, counters):
        self.vector_op("dve")

    def op_pool(self, counters):
        self.vector_op("pool")

    def vector_op(self, e):
        r = self.rng
        p = self.parts()
        c, f = self.cols()
        cd = r.randrange(0, F - f + 1, 4)
        kind = r.choice(["tt", "tt", "ts", "ts", "copy", "memset", "reduce",
                         "tsp", "psum_acc", "psum_read"])
        if kind == "tt":
            op = r.choice(["mul", "max", "min"])
            dst = self.tile_ptr(self.sbuf_tile(), cd)
            a = self.tile_ptr(self.sbuf_tile(), c)
            b = self.tile_ptr(self.sbuf_tile(), r.randrange(0, F - f + 1, 4))
            self.call("%s.tt.%s" % (e, op), [dst, a, b, ("i32", p),
                                             ("i32", f)])
        elif kind == "ts":
            op = r.choice(["mul", "max", "min"])
            dst = self.tile_ptr(self.sbuf_tile(), cd)
            src = self.tile_ptr(self.sbuf_tile(), c)
            self.call("%s.ts.%s" % (e, op),
                      [dst, src, ("float", fconst(self.bounded_scalar())),
                       ("i32", p), ("i32", f)])
        elif kind == "tsp":
            op = r.choice(["mul", "max", "min"])
            dst = self.tile_ptr(self.sbuf_tile(), cd)
            src = self.tile_ptr(self.sbuf_tile(), c)
            sc = self.tile_ptr(self.sbuf_tile(), r.randrange(F))
            self.call("%s.tsp.%s" % (e, op), [dst, src, sc, ("i32", p),
                                              ("i32", f)])
        elif kind == "copy":
            dst = self.tile_ptr(self.sbuf_tile(), cd)
            src = self.tile_ptr(self.sbuf_tile(), c)
            self.call("%s.copy" % e, [dst, src, ("i32", p), ("i32", f)])
        elif kind == "memset":
            to_psum = r.random() < 0.2
            dst = self.tile_ptr(self.psum_tile() if to_psum
                                else self.sbuf_tile(), cd)
            self.call("%s.memset" % e, [dst,
                                        ("float",
                                         fconst(self.bounded_scalar())),
                                        ("i32", p), ("i32", f)])
        elif kind == "reduce":
            to_psum = r.random() < 0.4
            op = r.choice(["add", "max", "min"]) if to_psum else \
                r.choice(["max", "min"])
            dst = self.tile_ptr(self.psum_tile() if to_psum
                                else self.sbuf_tile(), r.randrange(F))
            src = self.tile_ptr(self.sbuf_tile(), c)
            self.call("%s.reduce.%s" % (e, op), [dst, src, ("i32", p),
                                                 ("i32", f)])
        elif kind == "psum_acc":
            # PSUM accumulator: psum = psum +/- sbuf (grows additively).
            op = r.choice(["add", "sub", "max"])
            pt = self.psum_tile()
            dst = self.tile_ptr(pt, cd)
            a = self.tile_ptr(pt, cd if r.random() < 0.7 else c)
            b = self.tile_ptr(self.sbuf_tile(), c)
            self.call("%s.tt.%s" % (e, op), [dst, a, b, ("i32", p),
                                             ("i32", f)])
        else:
            # psum_read: bring a PSUM value back into [-1, 1] in SBUF. The
            # accumulated magnitude is bounded by the number of dynamic
            # instructions (< 2^16) times 8.
            op = r.choice(["min", "max"])
            dst = self.tile_ptr(self.sbuf_tile(), cd)
            src = self.tile_ptr(self.psum_tile(), c)
            # The exact scaling by 2^-20 bounds it (|psum| < 2^19); a
            # max/min with a constant follows on the same engine.
            if not self.call("%s.ts.mul" % e,
                             [dst, src, ("float", fconst(2.0 ** -20)),
                              ("i32", p), ("i32", f)]):
                return
            self.nops -= 1
            self.call("%s.ts.%s" % (e, op),
                      [dst, dst, ("float", fconst(self.bounded_scalar())),
                       ("i32", p), ("i32", f)])

    # -- control flow ------------------------------------------------------
    def cond(self, counters):
        """An i1 value computed from counters and arguments."""
        r = self.rng
        kinds = ["argcmp", "parity"]
        if counters:
            kinds += ["ctr_arg", "ctr_arg", "ctr_par", "ctr_ctr"]
        kind = r.choice(kinds)
        t = self.new_tmp("c")
        if kind == "argcmp":
            a = "%" + r.choice(SCALARS)
            pred = r.choice(["sgt", "slt", "eq", "ne", "sge"])
            self.emit("%s = icmp %s i32 %s, %d" % (t, pred, a,
                                                   r.randrange(0, 3)))
        elif kind == "parity":
            a = "%" + r.choice(SCALARS)
            x = self.new_tmp("x")
            self.emit("%s = and i32 %s, 1" % (x, a))
            self.emit("%s = icmp eq i32 %s, 0" % (t, x))
        elif kind == "ctr_arg":
            a = r.choice(counters)
            b = "%" + r.choice(SCALARS)
            pred = r.choice(["slt", "sgt", "eq", "ne", "sle"])
            self.emit("%s = icmp %s i32 %s, %s" % (t, pred, a, b))
        elif kind == "ctr_par":
            a = r.choice(counters)
            x = self.new_tmp("x")
            self.emit("%s = and i32 %s, 1" % (x, a))
            self.emit("%s = icmp %s i32 %s, 0" % (
                t, r.choice(["eq", "ne"]), x))
        else:
            a = r.choice(counters)
            b = r.choice(counters)
            c = r.randrange(0, 2)
            pred = r.choice(["slt", "sgt", "eq", "ne", "sge"])
            if a == b:
                self.emit("%s = icmp %s i32 %s, %d" % (t, pred, a, c))
            else:
                self.emit("%s = icmp %s i32 %s, %s" % (t, pred, a, b))
        return t

    def trip_count(self, counters):
        r = self.rng
        kind = r.random()
        if counters and kind < 0.2:
            # Triangular: the inner loop runs i times (0 on the first).
            return r.choice(counters)
        if counters and kind < 0.3:
            t = self.new_tmp("tc")
            self.emit("%s = add i32 %s, 1" % (t, r.choice(counters)))
            return t
        if kind < 0.4:
            return str(r.choice([0, 1, 2]))
        return "%" + r.choice(["n0", "n1", "n2", "n0", "n1", "k"])

    def gen_block(self, depth, counters, min_stmts=0):
        r = self.rng
        # depth: nesting of loops and ifs; len(counters): of loops only.
        n = r.randint(min_stmts, self.max_stmts if depth else
                      self.max_stmts + 1)
        for _ in range(n):
            if self.nops >= self.max_ops:
                return
            x = r.random()
            ploop = 0.45 if depth == 0 else 0.3
            nest_ok = depth < self.max_depth + 1
            if len(counters) < self.max_depth and nest_ok and x < ploop:
                self.stmt(lambda: self.gen_loop(depth, counters), True)
            elif nest_ok and x < ploop + 0.15:
                if self.extended and r.random() < 0.3:
                    self.stmt(lambda: self.gen_switch(depth, counters), True)
                else:
                    self.stmt(lambda: self.gen_if(depth, counters), True)
            elif self.extended and self.loops and x < ploop + 0.25:
                self.stmt(lambda: self.gen_jump(counters), True)
            else:
                for _ in range(r.randint(1, 3)):
                    self.stmt(lambda: self.op(counters), False)

    def stmt(self, fn, compound):
        sid = self.num_stmts
        self.num_stmts += 1
        if compound:
            self.compound.append(sid)
        if sid not in self.skip:
            fn()
            return
        nblocks, nlines = len(self.blocks), len(self.blocks[-1][1])
        fn()
        del self.blocks[nblocks:]
        del self.blocks[-1][1][nlines:]

    def gen_loop(self, depth, counters):
        if self.extended:
            self.gen_loop_extended(depth, counters)
            return
        r = self.rng
        tc = self.trip_count(counters)
        header = self.new_label("loop")
        exitl = self.new_label("exit")
        iv = "%%i%d" % self.label_no
        nxt = iv + ".next"
        pre = self.cur
        if r.random() < 0.5:
            # Guarded bottom-tested loop (the rotated form).
            g = self.new_tmp("g")
            self.emit("%s = icmp sgt i32 %s, 0" % (g, tc))
            self.emit("br i1 %s, label %%%s, label %%%s" % (g, header, exitl))
            self.start_block(header)
            hdr_index = len(self.blocks) - 1
            self.gen_block(depth + 1, counters + [iv], min_stmts=1)
            latch = self.cur
            self.emit("%s = add i32 %s, 1" % (nxt, iv))
            d = self.new_tmp("d")
            self.emit("%s = icmp slt i32 %s, %s" % (d, nxt, tc))
            self.emit("br i1 %s, label %%%s, label %%%s" % (d, header, exitl))
            self.blocks[hdr_index][1].insert(
                0, "  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]" % (
                    iv, pre, nxt, latch))
        else:
            # Top-tested loop.
            self.emit("br label %%%s" % header)
            self.start_block(header)
            hdr_index = len(self.blocks) - 1
            d = self.new_tmp("d")
            self.emit("%s = icmp slt i32 %s, %s" % (d, iv, tc))
            body = self.new_label("body")
            self.emit("br i1 %s, label %%%s, label %%%s" % (d, body, exitl))
            self.start_block(body)
            self.gen_block(depth + 1, counters + [iv], min_stmts=1)
            latch = self.cur
            self.emit("%s = add i32 %s, 1" % (nxt, iv))
            self.emit("br label %%%s" % header)
            self.blocks[hdr_index][1].insert(
                0, "  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]" % (
                    iv, pre, nxt, latch))
        self.start_block(exitl)

    def gen_loop_extended(self, depth, counters):
        """--extended: a top-tested, guarded bottom-tested or unguarded
        (do-while: the body runs at least once) loop with a latch block of
        its own, the target of continues."""
        r = self.rng
        tc = self.trip_count(counters)
        header = self.new_label("loop")
        exitl = self.new_label("exit")
        latch = self.new_label("latch")
        iv = "%%i%d" % self.label_no
        nxt = iv + ".next"
        pre = self.cur
        kind = r.choice(["guarded", "top", "dowhile"])
        if kind == "guarded":
            g = self.new_tmp("g")
            self.emit("%s = icmp sgt i32 %s, 0" % (g, tc))
            self.emit("br i1 %s, label %%%s, label %%%s" % (g, header, exitl))
        else:
            self.emit("br label %%%s" % header)
        self.start_block(header)
        hdr_index = len(self.blocks) - 1
        self.loops.append((exitl, latch))
        if kind == "top":
            d = self.new_tmp("d")
            self.emit("%s = icmp slt i32 %s, %s" % (d, iv, tc))
            body = self.new_label("body")
            self.emit("br i1 %s, label %%%s, label %%%s" % (d, body, exitl))
            self.start_block(body)
        self.gen_block(depth + 1, counters + [iv], min_stmts=1)
        self.loops.pop()
        self.emit("br label %%%s" % latch)
        self.start_block(latch)
        self.emit("%s = add i32 %s, 1" % (nxt, iv))
        if kind == "top":
            self.emit("br label %%%s" % header)
        else:
            d = self.new_tmp("d")
            self.emit("%s = icmp slt i32 %s, %s" % (d, nxt, tc))
            self.emit("br i1 %s, label %%%s, label %%%s" % (d, header, exitl))
        self.blocks[hdr_index][1].insert(
            0, "  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]" % (
                iv, pre, nxt, latch))
        self.start_block(exitl)

    def gen_jump(self, counters):
        """--extended, inside a loop: a conditional break out of one or two
        loop levels, continue, or return."""
        r = self.rng
        kind = r.choice(["break", "break", "continue", "return"])
        c = self.cond(counters)
        cont = self.new_label("cont")
        if kind == "return":
            self.ret_no += 1
            target = "ret%d" % self.ret_no
            self.emit("br i1 %s, label %%%s, label %%%s" % (c, target, cont))
            self.start_block(target)
            self.emit("ret void")
        else:
            levels = 2 if kind == "break" and len(self.loops) > 1 and \
                r.random() < 0.4 else 1
            exitl, latch = self.loops[-levels]
            target = exitl if kind == "break" else latch
            self.emit("br i1 %s, label %%%s, label %%%s" % (c, target, cont))
        self.start_block(cont)

    def gen_switch(self, depth, counters):
        """--extended: a switch on a counter or k, modulo 4, with two or
        three cases and a default."""
        r = self.rng
        v = r.choice(counters) if counters and r.random() < 0.7 else "%k"
        x = self.new_tmp("x")
        self.emit("%s = and i32 %s, 3" % (x, v))
        ncases = r.choice([2, 3])
        labels = [self.new_label("case") for _ in range(ncases)]
        default = self.new_label("default")
        join = self.new_label("join")
        self.emit("switch i32 %s, label %%%s [ %s ]" % (
            x, default, " ".join("i32 %d, label %%%s" % (i, l)
                                 for i, l in enumerate(labels))))
        for l in labels + [default]:
            self.start_block(l)
            self.gen_block(depth + 1, counters, min_stmts=0)
            self.emit("br label %%%s" % join)
        self.start_block(join)

    def gen_if(self, depth, counters):
        r = self.rng
        c = self.cond(counters)
        then = self.new_label("then")
        els = self.new_label("else")
        join = self.new_label("join")
        has_else = r.random() < 0.6
        self.emit("br i1 %s, label %%%s, label %%%s" % (
            c, then, els if has_else else join))
        self.start_block(then)
        self.gen_block(depth + 1, counters, min_stmts=1)
        self.emit("br label %%%s" % join)
        if has_else:
            self.start_block(els)
            self.gen_block(depth + 1, counters, min_stmts=0)
            self.emit("br label %%%s" % join)
        self.start_block(join)

    def generate(self):
        self.start_block("entry")
        self.gen_block(0, [], min_stmts=3)
        # Make sure every program produces output: store the SBUF tiles.
        for i, t in enumerate(self.sbuf[:2]):
            def final_store(i=i, t=t):
                off = (2 + i) * SLOT_BYTES
                h = self.new_tmp("h")
                self.emit("%s = getelementptr i8, ptr addrspace(1) %%out1, "
                          "i32 %d" % (h, off))
                self.call("dma.store",
                          [("ptr addrspace(1)", h),
                           ("ptr addrspace(2)", "@" + t), ("i32", P),
                           ("i32", F), ("i32", ROW_BYTES),
                           ("i32", self.rng.randrange(NUM_QUEUES))])
            self.stmt(final_store, False)
        self.emit("ret void")
        return self.render()

    def render(self):
        out = []
        out.append("; Generated by utils/random_kernels.py --seed %d "
                   "--max-depth %d --max-ops %d --max-stmts %d%s%s" % (
                       self.seed, self.max_depth, self.max_ops,
                       self.max_stmts,
                       ("" if self.dyn_hbm else " --no-dynamic-hbm") +
                       (" --extended" if self.extended else ""),
                       " --skip " + ",".join(map(str, sorted(self.skip)))
                       if self.skip else ""))
        out.append('target triple = "neuronisa"')
        out.append("")
        for t in SBUF_TILES:
            out.append("@%s = internal addrspace(2) global [%d x [%d x float]]"
                       " zeroinitializer" % (t, P, F))
        for t in PSUM_TILES:
            out.append("@%s = internal addrspace(3) global [%d x [%d x float]]"
                       " zeroinitializer" % (t, P, F))
        out.append("")
        out.extend(self.decls.lines())
        out.append("")
        args = ", ".join(["ptr addrspace(1) noalias %" + b
                          for b in INPUTS + OUTPUTS] +
                         ["i32 %" + s for s in SCALARS])
        out.append("define void @kernel(%s) {" % args)
        for name, lines in self.blocks:
            out.append("%s:" % name)
            out.extend(lines)
        out.append("}")
        return "\n".join(out) + "\n"


def generate(seed, max_depth=3, max_ops=40, max_stmts=3, dyn_hbm=True,
             skip=(), extended=False):
    g = Gen(seed, max_depth=max_depth, max_ops=max_ops, max_stmts=max_stmts,
            dyn_hbm=dyn_hbm, skip=skip, extended=extended)
    ir = g.generate()
    meta = {
        "seed": seed,
        "inputs": INPUTS, "outputs": OUTPUTS, "scalars": SCALARS,
        "buffer_elems": BUF_ELEMS, "ops": g.nops,
        "engines": g.engines,
        "statements": g.num_stmts, "compound": g.compound,
    }
    return ir, meta


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=40)
    ap.add_argument("--max-stmts", type=int, default=3)
    ap.add_argument("--no-dynamic-hbm", action="store_true",
                    help="only constant HBM offsets")
    ap.add_argument("--extended", action="store_true",
                    help="also breaks, continues, returns, do-while loops, "
                    "switches, selected tile pointers, HBM reloads at "
                    "run-time slots and 16 DMA queues")
    ap.add_argument("--skip", default="",
                    help="comma-separated statement numbers not to emit "
                    "(the reducer's output)")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--meta", action="store_true",
                    help="print the kernel's interface as JSON instead")
    a = parse_args(ap, argv)
    skip = [int(x) for x in a.skip.split(",") if x]
    ir, meta = generate(a.seed, a.max_depth, a.max_ops, a.max_stmts,
                        not a.no_dynamic_hbm, skip, a.extended)
    text = json.dumps(meta, indent=1) + "\n" if a.meta else ir
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    return 0
