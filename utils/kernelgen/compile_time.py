"""Writes a kernel of about N data-path instructions for the compile-time
benchmark of the synchronization pass (bench/sync-compile-time.sh): a
sequence of loops (runtime trip counts, some nested two deep, some with an
if/else) whose bodies stream tiles through DMA, ACT, DVE, POOL and PE, over a
pool of SBUF tiles and 4 PSUM tiles so that dependences are dense but not
all-to-all.
Command line: utils/gen_sync_kernel.py N [SEED] [--tiles T]
  [--shape loops|siblings] [--builtins BUILD_DIR] > kernel.ll
  T: number of tiles, 4 of them in PSUM (default 36). Tiles are
  [128 x 128] fp32, or [128 x 64] when T - 4 such tiles do not fit in SBUF's
  192 KiB per partition (up to 772 tiles).
  Shapes: loops (default) as above; siblings: a sequence of sibling loops,
  none nested and no if/else, each with a run-time trip count and a body
  of about 20 data-path instructions (thousands of loops at 100k).
"""
import argparse
import random
import sys

from .common import declaration, parse_args

NP = 4
# The builtins the kernels call, with the memories of their tile operands
# (the builtin table gives the types).
BUILTINS = [('dma.load', ['sbuf', 'hbm']),
            ('dma.store', ['hbm', 'sbuf']),
            ('act.exp', ['sbuf', 'sbuf']),
            ('act.gelu', ['sbuf', 'psum']),
            ('dve.tt.add', ['sbuf', 'sbuf', 'sbuf']),
            ('pool.copy', ['sbuf', 'sbuf']),
            ('pe.matmul', ['psum', 'sbuf', 'sbuf'])]


class LoopSkeleton:
    """The control flow of the benchmark kernels, shared with the AMDGPU
    kernels of bench/gen-amdgpu-kernel.py so that both compilers see the same
    shapes: loop(trip, 0) appends to OUT a loop with a run-time trip count
    whose body is body(label), nested one loop deep (depth 0 only) with
    probability 0.3, then an if whose arm is arm(label) with probability
    0.2 (NEST and ARM_P change them). The label number L names the loop's
    blocks and its counter %iL."""

    def __init__(self, rng, out, body, arm, nest=0.3, arm_p=0.2):
        self.rng, self.out, self.body, self.arm = rng, out, body, arm
        self.nest, self.arm_p = nest, arm_p
        self.labels = 0

    def loop(self, trip, depth):
        rng, out = self.rng, self.out
        self.labels += 1
        L = self.labels
        out.append('  br label %%pre%d' % L)
        out.append('pre%d:' % L)
        out.append('  br label %%h%d' % L)
        out.append('h%d:' % L)
        out.append('  %%i%d = phi i32 [ 0, %%pre%d ], [ %%i%d.n, %%latch%d ]' % (L, L, L, L))
        self.body(L)
        if depth == 0 and rng.random() < self.nest:
            self.loop('%m', 1)
        if rng.random() < self.arm_p:
            out.append('  %%f%d = icmp eq i32 %%flag, 0' % L)
            out.append('  br i1 %%f%d, label %%t%d, label %%j%d' % (L, L, L))
            out.append('t%d:' % L)
            self.arm(L)
            out.append('  br label %%j%d' % L)
            out.append('j%d:' % L)
        out.append('  br label %%latch%d' % L)
        out.append('latch%d:' % L)
        out.append('  %%i%d.n = add i32 %%i%d, 1' % (L, L))
        out.append('  %%c%d = icmp ult i32 %%i%d.n, %s' % (L, L, trip))
        out.append('  br i1 %%c%d, label %%h%d, label %%x%d' % (L, L, L))
        out.append('x%d:' % L)


def generate(n, seed=1, tiles=36, shape='loops'):
    """The kernel's text."""
    rng = random.Random(seed)
    NS = tiles - NP
    # Free size of every tile (fp32 per partition).
    FREE = 128 if NS * 512 <= 192 * 1024 else 64
    TY = '[128 x [%d x float]]' % FREE
    out = []
    for t in range(NS):
        out.append('@s%d = internal addrspace(2) global %s zeroinitializer' % (t, TY))
    for t in range(NP):
        out.append('@p%d = internal addrspace(3) global %s zeroinitializer' % (t, TY))
    out += [declaration(b, types) for b, types in BUILTINS]
    out += ['define void @bench(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n, i32 %m, i32 %flag) {',
            'entry:']
    count = 0

    def s():
        return '@s%d' % rng.randrange(NS)
    def op():
        return shaped(op_raw())
    def shaped(line):
        # [128 x FREE] tiles: the free size of each access, N of a matmul.
        if FREE == 128:
            return line
        line = line.replace('i32 128, i32 128, i32 128, i32 1',
                            'i32 128, i32 128, i32 %d, i32 1' % FREE)
        return line.replace('i32 128, i32 128', 'i32 128, i32 %d' % FREE)
    def op_raw():
        nonlocal count
        count += 1
        k = rng.randrange(6)
        if k == 0:
            return '  call void @neuronisa.dma.load(ptr addrspace(2) %s, ptr addrspace(1) %%in, i32 128, i32 128, i32 512, i32 %d)' % (s(), rng.randrange(2))
        if k == 1:
            return '  call void @neuronisa.dma.store(ptr addrspace(1) %%out, ptr addrspace(2) %s, i32 128, i32 128, i32 512, i32 %d)' % (s(), 2 + rng.randrange(2))
        if k == 2:
            return '  call void @neuronisa.act.exp(ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 128, float 1.0, float 0.0)' % (s(), s())
        if k == 3:
            return '  call void @neuronisa.dve.tt.add(ptr addrspace(2) %s, ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 128)' % (s(), s(), s())
        if k == 4:
            return '  call void @neuronisa.pool.copy(ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 128)' % (s(), s())
        p = '@p%d' % rng.randrange(NP)
        if rng.random() < 0.5:
            return '  call void @neuronisa.pe.matmul(ptr addrspace(3) %s, ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 128, i32 128, i32 1)' % (p, s(), s())
        return '  call void @neuronisa.act.gelu(ptr addrspace(2) %s, ptr addrspace(3) %s, i32 128, i32 128, float 1.0, float 0.0)' % (s(), p)

    def body(_):
        for _ in range(rng.randint(3, 10)):
            out.append(op())
    if shape == 'siblings':
        # One loop after another: a body of 16..24 operations, no subloop,
        # no if/else, a run-time trip count.
        def sibling_body(_):
            for _ in range(rng.randint(16, 24)):
                out.append(op())
        skeleton = LoopSkeleton(rng, out, sibling_body, None, nest=0,
                                arm_p=0)
    else:
        skeleton = LoopSkeleton(rng, out, body, lambda _: out.append(op()))
    while count < n:
        skeleton.loop('%n', 0)
        if shape == 'siblings':
            continue
        for _ in range(rng.randint(0, 3)):
            out.append(op())
    out.append('  ret void')
    out.append('}')
    return '\n'.join(out) + '\n'


def main(argv):
    ap = argparse.ArgumentParser(description='A kernel of about N data-path '
                                 'instructions for the sync compile-time benchmark.')
    ap.add_argument('n', type=int)
    ap.add_argument('seed', type=int, nargs='?', default=1)
    ap.add_argument('--tiles', type=int, default=36)
    ap.add_argument('--shape', choices=['loops', 'siblings'], default='loops')
    args = parse_args(ap, argv)
    if args.tiles - NP < 1 or (args.tiles - NP) * 256 > 192 * 1024:
        ap.error('--tiles must be between 5 and 772')
    sys.stdout.write(generate(args.n, args.seed, args.tiles, args.shape))
    return 0
