#!/usr/bin/env python3
"""Writes an AMDGPU kernel of about N memory operations, shaped like the
NeuronISA kernels of utils/gen_sync_kernel.py (a sequence of loops with run-time
trip counts, some nested two deep, some with an if/else), so that the
compile time of AMDGPU's SIInsertWaitcnts can be measured beside
neuronisa-sync's in the same llc (bench/sync-compile-time.sh).
Loop bodies load from global buffers and LDS, combine the values, and store
them back, so that every load feeds a store and s_waitcnt has work to do.
Usage: gen-amdgpu-kernel.py N [SEED] > kernel.ll
  (llc -mtriple=amdgcn -mcpu=gfx90a)"""
import argparse, random

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
lab = 0


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


def loop(trip, depth):
    global lab
    lab += 1
    L = lab
    out.append('  br label %%pre%d' % L)
    out.append('pre%d:' % L)
    out.append('  br label %%h%d' % L)
    out.append('h%d:' % L)
    out.append('  %%i%d = phi i32 [ 0, %%pre%d ], [ %%i%d.n, %%latch%d ]'
               % (L, L, L, L))
    body('%%i%d' % L)
    if depth == 0 and rng.random() < 0.3:
        loop('%m', 1)
    if rng.random() < 0.2:
        out.append('  %%f%d = icmp eq i32 %%flag, 0' % L)
        out.append('  br i1 %%f%d, label %%t%d, label %%j%d' % (L, L, L))
        out.append('t%d:' % L)
        body('%%i%d' % L)
        out.append('  br label %%j%d' % L)
        out.append('j%d:' % L)
    out.append('  br label %%latch%d' % L)
    out.append('latch%d:' % L)
    out.append('  %%i%d.n = add i32 %%i%d, 1' % (L, L))
    out.append('  %%c%d = icmp ult i32 %%i%d.n, %s' % (L, L, trip))
    out.append('  br i1 %%c%d, label %%h%d, label %%x%d' % (L, L, L))
    out.append('x%d:' % L)


while count < args.n:
    loop('%n', 0)
out.append('  ret void')
out.append('}')
print('\n'.join(out))
