"""Checks the synchronization inserted by -neuronisa-sync on random
structured kernels against the criterion of docs/Synchronization.md, on the
sequential trace (not a timing simulation: that is neuronisa-sim's job).

For every random kernel: compile it with llc, run the assembly in program
order for several random trip counts (including 0) and branch flags, and for
every dynamic data-path instance c on engine E and every other agent F:
  k = S_F's count right after the latest earlier instance on F that
      conflicts with c (0 if none);
  sound:   some wait of E executed before c (since the last barrier)
           required S_F >= k' with k' >= k;
  precise: (precise mode) every wait of E between the previous data-path
           instruction of E and c asks S_F >= k' with k' <= k.
Also: each semaphore is incremented by one agent only; precise mode has no
barrier. Exit status 1 and a report on the first failure.
Command line: utils/sync_trace_check.py --llc LLC [--seeds A-B] [--runs N]
[--builtins BUILD_DIR].
"""
import argparse
import random
import re
import subprocess

from .common import declaration, parse_args

TILE_F = 64  # floats per partition of each tile
NTILES = 4
# The builtins the kernels call, with the memories of their tile operands
# (the builtin table gives the types).
BUILTINS = [('dma.load', ['sbuf', 'hbm']),
            ('dma.store', ['hbm', 'sbuf']),
            ('act.exp', ['sbuf', 'sbuf']),
            ('dve.ts.add', ['sbuf', 'sbuf']),
            ('dve.memset', ['sbuf']),
            ('pool.copy', ['sbuf', 'sbuf']),
            ('pool.tt.add', ['sbuf', 'sbuf', 'sbuf'])]

def gen_kernel(rng, name):
    args = ['ptr addrspace(1) noalias %in', 'ptr addrspace(1) noalias %out']
    trip_args = []
    flag_args = []
    kinds = []
    lbl = [0]

    def new_label(p):
        lbl[0] += 1
        return '%s%d' % (p, lbl[0])

    def tile(rng):
        t = rng.randrange(NTILES)
        half = rng.randrange(3)  # 0: whole, 1: low half, 2: high half
        if half == 0:
            return ('@t%d' % t, TILE_F, 0)
        return ('@t%d' % t, TILE_F // 2, 0 if half == 1 else TILE_F * 2)

    def ptr(out, tl):
        g, f, off = tl
        if off == 0:
            return g
        v = '%%p%d' % len(out)
        out.append('  %s = getelementptr i8, ptr addrspace(2) %s, i32 %d' % (v, g, off))
        return v

    def op(out):
        k = rng.randrange(7)
        d = tile(rng)
        s = tile(rng)
        f = min(d[1], s[1])
        if k == 0:
            q = rng.randrange(3)
            pd = ptr(out, (d[0], f, d[2]))
            out.append('  call void @neuronisa.dma.load(ptr addrspace(2) %s, ptr addrspace(1) %%in, i32 128, i32 %d, i32 %d, i32 %d)' % (pd, f, 4 * f, q))
        elif k == 1:
            q = rng.randrange(3)
            ps = ptr(out, (s[0], f, s[2]))
            out.append('  call void @neuronisa.dma.store(ptr addrspace(1) %%out, ptr addrspace(2) %s, i32 128, i32 %d, i32 %d, i32 %d)' % (ps, f, 4 * f, q))
        else:
            pd = ptr(out, (d[0], f, d[2]))
            ps = ptr(out, (s[0], f, s[2]))
            if k == 2:
                out.append('  call void @neuronisa.act.exp(ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 %d, float 1.0, float 0.0)' % (pd, ps, f))
            elif k == 3:
                out.append('  call void @neuronisa.dve.ts.add(ptr addrspace(2) %s, ptr addrspace(2) %s, float 1.0, i32 128, i32 %d)' % (pd, ps, f))
            elif k == 4:
                out.append('  call void @neuronisa.pool.copy(ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 %d)' % (pd, ps, f))
            elif k == 5:
                out.append('  call void @neuronisa.dve.memset(ptr addrspace(2) %s, float 0.0, i32 128, i32 %d)' % (pd, f))
            else:
                out.append('  call void @neuronisa.pool.tt.add(ptr addrspace(2) %s, ptr addrspace(2) %s, ptr addrspace(2) %s, i32 128, i32 %d)' % (pd, ps, ps, f))

    # Structured code: returns the label of the block control ends in.
    def region(out, cur, depth):
        for _ in range(rng.randint(1, 4)):
            r = rng.random()
            if r < 0.55 or depth >= 3:
                op(out)
            elif r < 0.8:
                a = '%%n%d' % len(trip_args)
                trip_args.append(a)
                kinds.append('n')
                args.append('i32 ' + a)
                h, x, pre = new_label('loop'), new_label('exit'), new_label('pre')
                lid = lbl[0]
                i, i1 = '%%i%d' % lid, '%%i%d.next' % lid
                z = '%%z%d' % lid
                out.append('  %s = icmp eq i32 %s, 0' % (z, a))
                out.append('  br i1 %s, label %%%s, label %%%s' % (z, x, pre))
                out.append('%s:' % pre)
                out.append('  br label %%%s' % h)
                out.append('%s:' % h)
                out.append('  %s = phi i32 [ 0, %%%s ], [ %s, %%LATCH_%s ]' % (i, pre, i1, h))
                end = region(out, h, depth + 1)
                out[:] = [l.replace('%%LATCH_%s' % h, '%' + end) for l in out]
                out.append('  %s = add i32 %s, 1' % (i1, i))
                c = '%%c%d' % lid
                out.append('  %s = icmp ult i32 %s, %s' % (c, i1, a))
                out.append('  br i1 %s, label %%%s, label %%%s' % (c, h, x))
                out.append('%s:' % x)
                cur = x
            else:
                a = '%%flag%d' % len(flag_args)
                flag_args.append(a)
                kinds.append('f')
                args.append('i32 ' + a)
                t, e, j = new_label('then'), new_label('else'), new_label('join')
                z = '%%f%d' % lbl[0]
                out.append('  %s = icmp eq i32 %s, 0' % (z, a))
                out.append('  br i1 %s, label %%%s, label %%%s' % (z, e, t))
                out.append('%s:' % t)
                region(out, t, depth + 1)
                out.append('  br label %%%s' % j)
                out.append('%s:' % e)
                if rng.random() < 0.7:
                    region(out, e, depth + 1)
                out.append('  br label %%%s' % j)
                out.append('%s:' % j)
                cur = j
        return cur

    out = []
    region(out, 'entry', 0)
    nargs = len(args)
    if nargs > 8:  # only r1..r8 carry arguments
        return None
    text = ['@t%d = internal addrspace(2) global [128 x [%d x float]] zeroinitializer' % (t, TILE_F) for t in range(NTILES)]
    text += [declaration(b, types) for b, types in BUILTINS]
    text += ['define void @%s(%s) {' % (name, ', '.join(args)), 'entry:'] + out + ['  ret void', '}']
    return '\n'.join(text) + '\n', kinds

# (tiles, index of f among the operands after the tiles); first tile written
FORMATS = {'act.exp': (2, 1), 'dve.ts.add': (2, 2), 'dve.memset': (1, 2),
           'pool.copy': (2, 1), 'pool.tt.add': (3, 1)}
AGENTS = {'pe': 0, 'act': 1, 'dve': 2, 'pool': 3, 'sp': 4}
BRANCH = {'beq': lambda a, b: a == b, 'bne': lambda a, b: a != b,
          'blt': lambda a, b: s32(a) < s32(b), 'bge': lambda a, b: s32(a) >= s32(b),
          'bltu': lambda a, b: a < b, 'bgeu': lambda a, b: a >= b}

def s32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >> 31 else v

def parse(asm):
    insts, labels = [], {}
    for line in asm.splitlines():
        line = line.split('#')[0].strip()
        if not line or line.startswith('.') and not line.endswith(':'):
            continue
        if line.endswith(':'):
            labels[line[:-1]] = len(insts)
            continue
        m = line.split(None, 1)
        ops = [o.strip() for o in re.split(r',(?![^\[]*\])', m[1])] if len(m) > 1 else []
        insts.append((m[0], ops))
    return insts, labels

class Fail(Exception):
    pass

def run(insts, labels, func, argvals, precise):
    regs = [0] * 32
    for i, v in enumerate(argvals):
        regs[1 + i] = v & 0xffffffff
    pc = labels[func]
    count = {}       # semaphore -> increments so far (program order)
    owner = {}       # semaphore -> agent
    hist = []        # (agent, sem, count after, accesses)
    est = {}         # (engine, sem) -> largest threshold waited for
    pending = {}     # engine -> [(sem, threshold)] waits since its last data op
    steps = 0
    def R(o):
        return regs[int(o[1:])] if o != 'r0' else 0
    while True:
        steps += 1
        if steps > 200000:
            raise Fail('too many steps')
        mn, ops = insts[pc]
        pc += 1
        if mn == 'ret':
            return len(hist)
        if mn == 'li':
            regs[int(ops[0][1:])] = int(ops[1], 0) & 0xffffffff
        elif mn == 'addi':
            regs[int(ops[0][1:])] = (R(ops[1]) + int(ops[2], 0)) & 0xffffffff
        elif mn in ('add', 'sub', 'mul', 'xor', 'and', 'or', 'slt', 'sltu', 'seq', 'sne'):
            a, b = R(ops[1]), R(ops[2])
            v = {'add': a + b, 'sub': a - b, 'mul': a * b, 'xor': a ^ b, 'and': a & b,
                 'or': a | b, 'slt': int(s32(a) < s32(b)), 'sltu': int(a < b),
                 'seq': int(a == b), 'sne': int(a != b)}[mn]
            regs[int(ops[0][1:])] = v & 0xffffffff
        elif mn == 'xori':
            regs[int(ops[0][1:])] = (R(ops[1]) ^ int(ops[2], 0)) & 0xffffffff
        elif mn == 'mov':
            regs[int(ops[0][1:])] = R(ops[1])
        elif mn == 'b':
            pc = labels[ops[0]]
        elif mn in BRANCH:
            if BRANCH[mn](R(ops[0]), R(ops[1])):
                pc = labels[ops[2]]
        elif mn == 'barrier':
            if precise:
                raise Fail('barrier in precise mode')
            count, hist, est, pending = {}, [], {}, {}
        elif mn.endswith('.inc'):
            count[ops[0]] = count.get(ops[0], 0) + 1
        elif mn.endswith('.wait') or mn.endswith('.waitr'):
            eng = mn.split('.')[0]
            thr = int(ops[1], 0) if mn.endswith('.wait') else s32(R(ops[1]) + int(ops[2], 0))
            if thr > count.get(ops[0], 0):
                raise Fail('%s waits for %s >= %d, beyond its %d increments so far'
                           % (eng, ops[0], thr, count.get(ops[0], 0)))
            est[(eng, ops[0])] = max(est.get((eng, ops[0]), 0), thr)
            pending.setdefault(eng, []).append((ops[0], thr))
        elif '.' in mn:
            eng = mn.split('.')[0]
            if mn.startswith('dma.'):
                eng = 'sp'
                q = int(ops[5], 0)
                agent = 5 + q
                p, f, stride = int(ops[2], 0), int(ops[3], 0), int(ops[4], 0)
                def addr(o):
                    m = re.match(r'\[(r\d+)\+(0x[0-9a-f]+|\d+)\]', o)
                    return R(m.group(1)) + int(m.group(2), 0)
                on = (0, addr(ops[0] if mn == 'dma.load' else ops[1]), 4 * f)
                hbm = (1, addr(ops[1] if mn == 'dma.load' else ops[0]), (p - 1) * stride + 4 * f)
                acc = [(on, mn == 'dma.load'), (hbm, mn == 'dma.store')]
            else:
                agent = AGENTS[eng]
                nt, fi = FORMATS[mn]
                f = int(ops[nt + fi], 0)
                acc = []
                for t in range(nt):
                    m = re.match(r'\[(r\d+)\+(0x[0-9a-f]+|\d+)\]', ops[t])
                    acc.append(((0, R(m.group(1)) + int(m.group(2), 0), 4 * f), t == 0))
            sem = ops[-1]
            # The criterion.
            def conflict(a, b):
                for (sa, xa, na), wa in a:
                    for (sb, xb, nb), wb in b:
                        if sa == sb and (wa or wb) and xa < xb + nb and xb < xa + na:
                            return True
                return False
            need = {}
            for (ag, s, cnt, ac) in reversed(hist):
                if ag == agent or ag in need:
                    continue
                if conflict(acc, ac):
                    if s == 'snone':
                        raise Fail('instance %d conflicts with an earlier instance of agent %d that increments no semaphore' % (len(hist), ag))
                    need[ag] = (s, cnt)
            for ag, (s, cnt) in need.items():
                if est.get((eng, s), 0) < cnt:
                    raise Fail('RACE: instance %d (%s) starts before %s reaches %d (waited for %d)'
                               % (len(hist), mn, s, cnt, est.get((eng, s), 0)))
            if precise:
                for s, thr in pending.get(eng, []):
                    ok = [cnt for (s2, cnt) in need.values() if s2 == s]
                    lim = ok[0] if ok else 0
                    if thr > lim:
                        raise Fail('OVER-SYNC: instance %d (%s) waits for %s >= %d, needs %d'
                                   % (len(hist), mn, s, thr, lim))
            pending[eng] = []
            if sem != 'snone':
                if owner.setdefault(sem, agent) != agent:
                    raise Fail('%s incremented by two agents' % sem)
                count[sem] = count.get(sem, 0) + 1
            hist.append((agent, sem, count.get(sem, 0), acc))
        else:
            raise Fail('unknown instruction %s' % mn)

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--llc', required=True)
    ap.add_argument('--seeds', default='0-19')
    ap.add_argument('--runs', type=int, default=6)
    ap.add_argument('--modes', default='precise,barrier')
    a = parse_args(ap, argv)
    lo, hi = map(int, a.seeds.split('-'))
    checked = insts_total = fallbacks = 0
    for seed in range(lo, hi + 1):
        rng = random.Random(seed)
        g = gen_kernel(rng, 'k%d' % seed)
        if g is None:
            continue
        ir, kinds = g
        for mode in a.modes.split(','):
            p = subprocess.run(a.llc.split() + ['-neuronisa-sync=' + mode, '-o', '-',
                                                '-pass-remarks-missed=neuronisa-sync'],
                               input=ir, capture_output=True, text=True)
            if p.returncode:
                print('seed %d: llc failed:\n%s\n%s' % (seed, p.stderr, ir))
                return 1
            # A fallback (announced by a remark) is sound, not precise.
            fallback = 'no reserved register left' in p.stderr or \
                       'using the barrier algorithm' in p.stderr
            fallbacks += fallback
            insts, labels = parse(p.stdout)
            for r in range(a.runs):
                argv = [0x10000000, 0x20000000] + \
                       [rng.choice([0, 1, 2, 3]) if k == 'n' else rng.choice([0, 1])
                        for k in kinds]
                try:
                    insts_total += run(insts, labels, 'k%d' % seed, argv,
                                       mode == 'precise' and not fallback)
                except Fail as e:
                    print('seed %d mode %s args %s: %s\n%s\n%s' % (seed, mode, argv, e, ir, p.stdout))
                    return 1
                checked += 1
    print('OK: %d runs, %d dynamic data-path instances checked, %d compilations '
          'with a register fallback (checked for soundness only)'
          % (checked, insts_total, fallbacks))
    return 0
