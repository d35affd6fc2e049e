#!/usr/bin/env python3
"""Writes an AMDGPU kernel of about N memory operations, shaped like the
NeuronISA kernels of utils/gen_sync_kernel.py (a sequence of loops with run-time
trip counts, some nested two deep, some with an if/else), so that the
compile time of AMDGPU's SIInsertWaitcnts can be measured beside
neuronisa-sync's in the same llc (bench/sync-compile-time.sh).
Loop bodies load from global buffers and LDS, combine the values, and store
them back, so that every load feeds a store and s_waitcnt has work to do.
Usage: gen-amdgpu-kernel.py N [SEED] > kernel.ll
  (llc -mtriple=amdgcn -mcpu=gfx90a)
The loops are those of the NeuronISA kernels (kernelgen.compile_time's
LoopSkeleton); only the bodies differ."""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'utils'))
from kernelgen import compile_time  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument('n', type=int)
ap.add_argument('seed', type=int, nargs='?', default=1)
args = ap.parse_args()
rng = random.Random(args.seed)
BUFS = 4
out = ['@lds = internal addrspace(3) global [1024 x float] poison',
       'define amdgpu_kernel void @bench(%s, i32 %%n, i32 %%m, i32 %%flag) {'
       % ', '.join('ptr addrspace(1) noalias %%g%d' % b for b in range(BUFS)),
       'entry:']
count = 0
tmp = 0


def new():
    global tmp
    tmp += 1
    return '%%v%d' % tmp


def body(idx):
    """A few loads, arithmetic, and stores; returns nothing."""
    global count
    vals = []
    for _ in range(rng.randint(2, 6)):
        p = new()
        if rng.random() < 0.25:
            out.append('  %s = getelementptr float, ptr addrspace(3) @lds, i32 %s'
                       % (p, idx))
            sp = 'addrspace(3)'
        else:
            out.append('  %s = getelementptr float, ptr addrspace(1) %%g%d, i32 %s'
                       % (p, rng.randrange(BUFS), idx))
            sp = 'addrspace(1)'
        v = new()
        out.append('  %s = load volatile float, ptr %s %s' % (v, sp, p))
        vals.append(v)
        count += 1
    acc = vals[0]
    for v in vals[1:]:
        t = new()
        out.append('  %s = fadd float %s, %s' % (t, acc, v))
        acc = t
    for _ in range(rng.randint(1, 3)):
        p = new()
        if rng.random() < 0.25:
            out.append('  %s = getelementptr float, ptr addrspace(3) @lds, i32 %s'
                       % (p, idx))
            sp = 'addrspace(3)'
        else:
            out.append('  %s = getelementptr float, ptr addrspace(1) %%g%d, i32 %s'
                       % (p, rng.randrange(BUFS), idx))
            sp = 'addrspace(1)'
        out.append('  store volatile float %s, ptr %s %s' % (acc, sp, p))
        count += 1


skeleton = compile_time.LoopSkeleton(rng, out, lambda L: body('%%i%d' % L),
                                     lambda L: body('%%i%d' % L))
while count < args.n:
    skeleton.loop('%n', 0)
out.append('  ret void')
out.append('}')
print('\n'.join(out))
