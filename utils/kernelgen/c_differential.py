"""Random C kernels, run natively and through neuronisa-clang, compared.

For every seed: generate a C kernel in the shapes users write
(random_c_kernels.py) and

  - build it with the host's own C compiler against the host oracle
    (docs/HostOracle.md): the reference, which shares nothing of what
    neuronisa-clang does (control flow, scalar arithmetic, addresses, tile
    placement, synchronization) but the builtins' arithmetic;
  - compile it with neuronisa-clang at each optimization level (-O0 to -O3)
    in each synchronization mode (barrier, precise), with the machine
    verifier on;
  - run every build in neuronisa-sim with each argument set (trip counts
    0..3, zero trips included), without and with latency jitter.

Required: every compile succeeds, every simulation finishes (no race, no
deadlock, no run-time error), and every output is bitwise identical to the
reference's. Without a host oracle (--oracle=builds) the reference is the
first build's output: a weaker check (agreement between builds).

Reported, not required: how many precise-mode runs were over-synchronized
(the simulator's precision checker) and how many precise runs took more
cycles than barrier runs of the same build level and arguments.

On a failure the seed, build, arguments and reason are printed with the
commands that reproduce it, and the program's directory is kept. The last
line is the summary:
  summary: 100 programs, 800 builds, 4800 simulations, 0 failed programs,
  0 compile errors, 0 races, 0 deadlocks, 0 mismatches, 0 errors
With --verify-sync (the default in the lit suite) every precise build is
checked by the translation validator; the builds it rejects are listed
(NOT VALIDATED) and counted at the end of the summary (", 0 not
validated"), then built without it and checked like the others.

Example:
  utils/c_differential_test.py --bin build/bin --seeds 0-99 -j2
"""

import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading

from . import random_c_kernels as gen
from .common import (first_difference, parse_args, parse_seeds, quote,
                     random_inputs, read_f32, write_f32)

UTILS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUF_ELEMS = gen.SLOTS * gen.TILE
BUF_SHAPE = "%dx%d" % (gen.SLOTS * gen.P, gen.F)


def arg_sets(seed, count):
    """(n0, n1, n2, k): zero trips, one trip each, then random in 0..3 with
    k in -1..3."""
    r = random.Random(seed * 7919 + 23)
    sets = [(0, 0, 0, r.randrange(-1, 3)), (1, 1, 1, 1),
            (r.randrange(2, 4), r.randrange(4), r.randrange(1, 4),
             r.randrange(-1, 4))]
    while len(sets) < count:
        sets.append((r.randrange(4), r.randrange(4), r.randrange(4),
                     r.randrange(-1, 4)))
    return sets[:count]


def run(cmd, cwd=None, timeout=120):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout


class Failure(Exception):
    def __init__(self, kind, what, commands):
        Exception.__init__(self, what)
        self.kind, self.what, self.commands = kind, what, commands


class Program:
    """One seed: its C file, inputs, reference outputs and builds."""

    def __init__(self, seed, a, workdir):
        self.seed, self.a = seed, a
        self.dir = os.path.join(workdir, "seed%d" % seed)
        os.makedirs(self.dir, exist_ok=True)
        self.c = os.path.join(self.dir, "kernel.c")
        with open(self.c, "w") as f:
            f.write(gen.generate(seed, a.max_depth, a.max_ops, a.features))
        self.inputs = []
        for name, values in zip(gen.INPUTS,
                                random_inputs(seed, 2, BUF_ELEMS)):
            path = os.path.join(self.dir, name + ".npy")
            write_f32(path, values, (gen.SLOTS * gen.P, gen.F))
            self.inputs.append(path)

    def args(self, scalars, outs):
        return (["in:" + p for p in self.inputs] +
                ["out:%s:%s" % (BUF_SHAPE, o) for o in outs] +
                [str(v) for v in scalars])

    def outputs(self, tag):
        return [os.path.join(self.dir, "%s.%s.npy" % (tag, o))
                for o in gen.OUTPUTS]


class HostOracle:
    """The kernel built by the host's C compiler against the host oracle
    library, run natively (docs/HostOracle.md)."""

    def __init__(self, a):
        self.cc, self.bin = a.host_cc, a.bin

    def prepare(self, prog):
        lib = os.path.join(prog.dir, "kernel.host.so")
        cmd = [self.cc, "-g", "-O1", "-shared", "-fPIC", "-I",
               os.path.join(self.bin, "..", "include", "host"), prog.c,
               "-o", lib]
        rc, out, err = run(cmd)
        if rc != 0:
            raise Failure("host", "the host compiler rejects the kernel: " +
                          err.strip()[:400], [quote(cmd)])
        return lib

    def reference(self, prog, lib, scalars, outs):
        # "--": a negative scalar is an argument, not an option.
        cmd = ([os.path.join(self.bin, "neuronisa-host-run"), lib, "--"] +
               prog.args(scalars, outs))
        rc, out, err = run(cmd)
        if rc != 0:
            raise Failure("host", "the host run fails: " + err.strip()[:400],
                          [quote(cmd)])
        return cmd


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.programs = self.builds = self.sims = 0
        self.failed = self.compile_errors = 0
        self.races = self.deadlocks = self.mismatches = self.errors = 0
        self.oversync_runs = self.precise_runs = 0
        self.slower = self.compared = 0
        self.slowest = []  # (precise / barrier, seed, level, args, p, b)
        self.unvalidated = []  # (seed, level, the validator's first reason)
        self.failures = []

    def add(self, **kw):
        with self.lock:
            for k, v in kw.items():
                setattr(self, k, getattr(self, k) + v)


def compile_failure(cmd, level, mode, err):
    return Failure("compile", "-O%d %s: %s" % (level, mode, err.strip()[:600]),
                   [quote(cmd)])


def compile_validated(cmd, prog, level, stats):
    """Compiles with the translation validator; False when it rejects the
    build. The validator is incomplete, never unsound (docs/Validator.md):
    a rejected build is listed, then built without it and checked like the
    others (oracle, race and deadlock checkers)."""
    vcmd = cmd[:1] + ["-mllvm", "-neuronisa-verify-sync"] + cmd[1:]
    rc, _, err = run(vcmd)
    if rc == 0:
        return True
    if "synchronization validator rejects" not in err:
        raise compile_failure(vcmd, level, "precise", err)
    reason = next((l.split("rejects the emitted code of ", 1)[1]
                   for l in err.splitlines() if "site " in l and "rejects" in l),
                  "")
    with stats.lock:
        stats.unvalidated.append((prog.seed, level, reason))
    return False


def compile_build(prog, a, level, mode, stats):
    out = os.path.join(prog.dir, "O%d-%s.s" % (level, mode))
    cmd = [os.path.join(a.bin, "neuronisa-clang"), "-O%d" % level, "-S",
           "-mllvm", "-neuronisa-sync=" + mode, "-mllvm",
           "-verify-machineinstrs", prog.c, "-o", out]
    for opt in a.mllvm:
        cmd[1:1] = ["-mllvm", opt]
    if (a.verify_sync and mode == "precise" and
            compile_validated(cmd, prog, level, stats)):
        return out
    rc, _, err = run(cmd)
    if rc != 0:
        raise compile_failure(cmd, level, mode, err)
    return out


def simulate(prog, a, asm, scalars, jitter, tag, stats):
    outs = prog.outputs(tag)
    cmd = ([os.path.join(a.bin, "neuronisa-sim"), asm, "--report=json"] +
           (["--jitter=%d" % jitter] if jitter is not None else []) +
           ["--"] + prog.args(scalars, outs))
    rc, out, err = run(cmd)
    stats.add(sims=1)
    try:
        report = json.loads(out)
    except ValueError:
        report = {}
    status = report.get("status", "no report")
    if report.get("races", 0):
        stats.add(races=1)
        raise Failure("race", "%s: %d races" % (tag, report["races"]),
                      [quote(cmd)])
    if status == "deadlock":
        stats.add(deadlocks=1)
    if rc != 0 or status != "finished":
        stats.add(errors=status != "deadlock")
        raise Failure(status, "%s: %s %s" % (tag, status, err.strip()[:400]),
                      [quote(cmd)])
    return outs, report, cmd


def compare(expected, got, tag, cmds, stats):
    for name, e, g in zip(gen.OUTPUTS, expected, got):
        d = first_difference(read_f32(e), read_f32(g))
        if d is not None:
            stats.add(mismatches=1)
            raise Failure("mismatch", "%s: %s element %d is %r, the "
                          "reference has %r" % (tag, name, d[0], d[2], d[1]),
                          cmds)


def check_program(seed, a, workdir, oracle, stats):
    prog = Program(seed, a, workdir)
    regen = [quote([sys.executable, os.path.join(UTILS, "random_c_kernels.py"),
                    "--seed", str(seed), "--max-depth", str(a.max_depth),
                    "--max-ops", str(a.max_ops)] +
                   sum((["--no", f] for f in gen.FEATURES
                        if f not in a.features), []) + ["-o", "kernel.c"])]
    try:
        builds = []
        for level in a.levels:
            for mode in a.modes:
                try:
                    builds.append((level, mode,
                                   compile_build(prog, a, level, mode, stats)))
                except Failure:
                    stats.add(compile_errors=1)
                    raise
                stats.add(builds=1)
        lib = oracle.prepare(prog) if oracle else None
        for i, scalars in enumerate(arg_sets(seed, a.arg_sets)):
            check_args(prog, a, builds, oracle, lib, i, scalars, stats)
    except Failure as f:
        stats.add(failed=1)
        with stats.lock:
            stats.failures.append((seed, f, regen))
        return False
    stats.add(programs=1)
    if not a.keep:
        shutil.rmtree(prog.dir, ignore_errors=True)
    return True


def check_args(prog, a, builds, oracle, lib, i, scalars, stats):
    ref_cmds = []
    if oracle:
        ref = prog.outputs("ref%d" % i)
        ref_cmds = [quote(oracle.reference(prog, lib, scalars, ref))]
    else:
        ref = None
    cycles = {}
    for level, mode, asm in builds:
        for jitter in [None] + list(range(1, a.jitters + 1)):
            tag = "a%d.O%d-%s%s" % (i, level, mode,
                                    ".j%d" % jitter if jitter else "")
            outs, report, cmd = simulate(prog, a, asm, scalars, jitter, tag,
                                         stats)
            if jitter is None:
                cycles[(level, mode)] = report.get("total_cycles", 0)
                if mode == "precise":
                    stats.add(precise_runs=1,
                              oversync_runs=report.get("over_sync_cycles",
                                                       0) > 0)
            if ref is None:
                ref, ref_cmds = outs, [quote(cmd)]
                continue
            compare(ref, outs, tag, ref_cmds + [quote(cmd)], stats)
    for level in a.levels:
        if (level, "precise") in cycles and (level, "barrier") in cycles:
            p, b = cycles[(level, "precise")], cycles[(level, "barrier")]
            stats.add(compared=1, slower=p > b)
            if p > b:
                with stats.lock:
                    stats.slowest.append((p / b, prog.seed, level, scalars,
                                          p, b))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True,
                    help="the directory of neuronisa-clang, neuronisa-sim "
                    "and neuronisa-host-run (BUILD/bin)")
    ap.add_argument("--seeds", default="0-19")
    ap.add_argument("--levels", default="0,1,2,3")
    ap.add_argument("--modes", default="barrier,precise")
    ap.add_argument("--arg-sets", type=int, default=3)
    ap.add_argument("--jitters", type=int, default=1,
                    help="jittered runs per build and argument set")
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=24)
    ap.add_argument("--no", action="append", default=[],
                    choices=gen.FEATURES, help="leave out a kind of shape")
    ap.add_argument("--oracle", choices=["host", "builds"], default="host")
    ap.add_argument("--host-cc", default="cc",
                    help="the host C compiler of the oracle (default: cc)")
    ap.add_argument("--verify-sync", action="store_true",
                    default=bool(os.environ.get("NEURONISA_VERIFY_SYNC")),
                    help="check every precise build with the translation "
                    "validator (-neuronisa-verify-sync); the default when "
                    "NEURONISA_VERIFY_SYNC is set, as in the lit suite")
    ap.add_argument("--mllvm", action="append", default=[], metavar="OPT",
                    help="a backend option for every compile (repeatable), "
                    "e.g. --mllvm=-neuronisa-sync-program-registers")
    ap.add_argument("--work", help="directory for the programs (default: "
                    "a temporary one, removed unless something fails)")
    ap.add_argument("--keep", action="store_true",
                    help="keep every program's directory")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    a = parse_args(ap, argv)
    a.levels = [int(x) for x in a.levels.split(",")]
    a.modes = a.modes.split(",")
    a.features = [f for f in gen.FEATURES if f not in a.no]
    seeds = parse_seeds(a.seeds)
    work = a.work or tempfile.mkdtemp(prefix="neuronisa-cdiff-")
    os.makedirs(work, exist_ok=True)
    oracle = HostOracle(a) if a.oracle == "host" else None
    stats = Stats()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        list(pool.map(lambda s: check_program(s, a, work, oracle, stats),
                      seeds))
    for seed, f, regen in sorted(stats.failures, key=lambda x: x[0]):
        print("FAIL seed %d (%s): %s" % (seed, f.kind, f.what))
        print("  program: %s" % os.path.join(work, "seed%d" % seed))
        for c in regen + f.commands:
            print("  $ " + c)
    print("precise runs over-synchronized: %d of %d; precise slower than "
          "barrier: %d of %d" % (stats.oversync_runs, stats.precise_runs,
                                 stats.slower, stats.compared))
    if stats.slowest:
        r, seed, level, args, p, b = max(stats.slowest)
        print("worst: %.4f, seed %d -O%d args (n0,n1,n2,k)=%s: %d vs %d "
              "cycles" % (r, seed, level, tuple(args), p, b))
    for seed, level, reason in sorted(stats.unvalidated):
        print("NOT VALIDATED seed %d -O%d precise: %s" % (seed, level,
                                                        reason[:400]))
    print("summary: %d programs, %d builds, %d simulations, %d failed "
          "programs, %d compile errors, %d races, %d deadlocks, "
          "%d mismatches, %d errors%s" %
          (len(seeds), stats.builds, stats.sims, stats.failed,
           stats.compile_errors, stats.races, stats.deadlocks,
           stats.mismatches, stats.errors,
           ", %d not validated" % len(stats.unvalidated)
           if a.verify_sync else ""))
    if not a.work and not stats.failures and not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if stats.failures else 0
