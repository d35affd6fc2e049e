"""Random-program differential test of the synchronization passes.

For every seed: generate a random structured kernel (random_kernels.py),
compile it with llc in every synchronization mode, and run it in
neuronisa-sim with several argument choices (loop trip counts 0..3, zero trip
counts included) and several latency-jitter seeds. Required:

  - llc succeeds in every mode with -verify-machineinstrs (a program that
    needs a stack in every mode is skipped: NeuronISA has no spilling);
  - every simulation of a synchronized mode (barrier, precise) finishes: no
    race, no deadlock, no runtime error, no crash, no timeout;
  - precise mode: every wait that the simulator's precision checker finds
    over-synchronized is named by a missed remark of the pass (a register
    fallback or a coarse dependence; wait_remarks.py), and with
    --strict-fallback there are none at all;
  - the HBM outputs of every run are bitwise identical to the sequential
    result (neuronisa-sim --ideal on the unsynchronized code, which runs every
    instance after its program-order predecessors that conflict with it).

Reported, not required: how often precise mode takes more cycles than
barrier mode on the same arguments (runs without jitter, so both see the
same latencies), the worst such run, and the total cycles of each mode.

Mode `none` (no synchronization) is a negative control: it is simulated too
and the number of programs in which the race checker fires is reported; it
is not a failure (programs without cross-engine dependences have no race).
With --modes=none the unsynchronized code is held to the synchronized rules,
which must fail on any program with a cross-engine dependence: that is the
self-check that the tester can fail.

On a failure the seed, mode, arguments, jitter and reason are printed with
command lines that reproduce it, and the program's directory is kept.

The last line is the summary, e.g.
  summary: 300 programs (2 skipped), 6300 simulations, 0 failed programs,
  0 races, 0 over-synchronized, 0 mismatches, 0 errors

Example:
  utils/differential_test.py --llc "/usr/lib/llvm-22/bin/llc \\
      --load=build/lib/libNeuronISA.so" --sim build/bin/neuronisa-sim \\
      --seeds 0-999 -j2
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
import time

from . import random_kernels, wait_remarks
from .common import (builtins_option, first_difference, llc_command,
                     parse_args, parse_seeds, quote, random_inputs, read_f32,
                     same_bits, within, write_f32)

UTILS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generator_command(seed, a, output):
    """The command line that regenerates kernel SEED with options A."""
    cmd = [sys.executable, os.path.join(UTILS, "random_kernels.py"),
           "--seed", str(seed), "--max-depth", str(a.max_depth),
           "--max-ops", str(a.max_ops), "--max-stmts", str(a.max_stmts)]
    if a.no_dynamic_hbm:
        cmd.append("--no-dynamic-hbm")
    if a.extended:
        cmd.append("--extended")
    return cmd + builtins_option() + ["-o", output]


def write_inputs(d, seed, meta):
    """The kernel's HBM inputs in D (the same for a seed everywhere)."""
    paths = []
    for name, values in zip(meta["inputs"],
                            random_inputs(seed, len(meta["inputs"]),
                                          meta["buffer_elems"])):
        path = os.path.join(d, name + ".npy")
        write_f32(path, values)
        paths.append(path)
    return paths


def arg_sets(seed, count):
    """Scalar arguments (n0, n1, n2, k): one with zero trip counts, one
    random in 0..3 with at least one trip count >= 2, single trips, then
    random ones in 0..3."""
    r = random.Random(seed * 7919 + 17)
    sets = [(r.choice([0, 2]), 0, r.choice([1, 3]), r.randrange(3)),
            (r.randrange(2, 4), r.randrange(4), r.randrange(1, 4),
             r.randrange(3)),
            (1, 1, 1, 1)]
    while len(sets) < count:
        sets.append((r.randrange(4), r.randrange(4), r.randrange(4),
                     r.randrange(3)))
    return sets[:count]


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.programs = 0
        self.skipped = 0
        self.sims = 0
        self.failed_programs = 0
        self.races = 0
        self.oversync = 0
        self.mismatches = 0
        self.errors = 0
        self.none_racy = 0
        self.none_runs = 0
        self.ops = 0
        self.failures = []
        self.fallback_programs = 0
        self.fallback_oversync = 0
        # Precise against barrier on the runs without jitter.
        self.speed_runs = 0
        self.precise_slower = 0
        self.precise_cycles = 0
        self.barrier_cycles = 0
        self.worst_slowdown = (1.0, None)  # (precise / barrier, where)


class Runner:
    def __init__(self, a):
        self.a = a
        self.llc = llc_command(a.llc)
        self.sim = a.sim
        self.stats = Stats()
        self.out_lock = threading.Lock()

    def run(self, cmd, timeout):
        t0 = time.time()
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=timeout,
                               universal_newlines=True)
            return p.returncode, p.stdout, p.stderr, time.time() - t0
        except subprocess.TimeoutExpired:
            return None, "", "timeout after %ss" % timeout, time.time() - t0

    def one(self, seed):
        a = self.a
        d = os.path.join(a.work, "seed-%d" % seed)
        os.makedirs(d, exist_ok=True)
        problems = []   # (kind, mode, details, repro lines)
        nsims = 0
        counts = {"races": 0, "oversync": 0, "mismatch": 0, "error": 0,
                  "fallback_oversync": 0}
        ir, meta = random_kernels.generate(
            seed, max_depth=a.max_depth, max_ops=a.max_ops,
            max_stmts=a.max_stmts, dyn_hbm=not a.no_dynamic_hbm,
            extended=a.extended)
        ll = os.path.join(d, "k.ll")
        with open(ll, "w") as f:
            f.write(ir)
        repro_gen = quote(generator_command(seed, a, ll))
        inputs = write_inputs(d, seed, meta)

        # Compile.
        modes = ["none"] + [m for m in a.modes if m != "none"]
        asm = {}
        llc_fail = {}
        fallback = {}
        remarks = {}
        for m in modes:
            s = os.path.join(d, "k.%s.s" % m)
            rem = os.path.join(d, "k.%s.remarks.yaml" % m)
            cmd = self.llc + ["-verify-machineinstrs",
                              "-neuronisa-sync=%s" % m, ll, "-o", s,
                              "-pass-remarks-output=%s" % rem]
            rc, _, err, _ = self.run(cmd, a.timeout)
            asm[m] = s
            if rc != 0:
                llc_fail[m] = (rc, err, cmd)
                continue
            # The pass names every wait that may over-synchronize (register
            # fallback, coarse dependences) in a missed remark
            # (wait_remarks.py matches them with the simulator's report).
            try:
                with open(rem) as f:
                    remarks[m] = f.read()
            except OSError:
                remarks[m] = ""
            fallback[m] = [
                blk.split("Name:")[1].split()[0] for blk in
                remarks[m].split("--- ")
                if blk.startswith("!Missed") and
                "Pass:            neuronisa-sync" in blk]
        if llc_fail:
            stack = all(m in llc_fail and "needs a stack" in llc_fail[m][1]
                        for m in modes)
            if stack:
                self.finish(seed, d, [], 0, counts, skipped=True,
                            ops=meta["ops"])
                return
            for m, (rc, err, cmd) in sorted(llc_fail.items()):
                counts["error"] += 1
                problems.append((
                    "llc-error", m,
                    "llc exit %s: %s" % (rc, err.strip()[-2000:]),
                    [repro_gen, quote(cmd)]))
            self.finish(seed, d, problems, 0, counts, ops=meta["ops"])
            return

        def sim_cmd(m, args, jitter, ideal, outs):
            cmd = [self.sim, asm[m]]
            cmd += ["in:%s" % p for p in inputs]
            cmd += ["out:%d:%s" % (meta["buffer_elems"], o) for o in outs]
            cmd += [str(x) for x in args]
            cmd += ["--report=json",
                    "--max-instructions=%d" % a.max_instructions]
            if ideal:
                cmd.append("--ideal")
            if jitter is not None:
                cmd.append("--jitter=%d" % jitter)
            return cmd

        jitters = [None] + [seed * 1000 + j + 1 for j in range(a.jitters)]
        cycles = {}  # (mode, argument set) -> cycles of the run without jitter
        none_racy = False
        none_runs = 0
        for ai, args in enumerate(arg_sets(seed, a.arg_sets)):
            # Reference: program order (ideal mode on the unsynchronized
            # code).
            ref_outs = [os.path.join(d, "ref.a%d.%s.npy" % (ai, o))
                        for o in meta["outputs"]]
            cmd = sim_cmd("none", args, None, True, ref_outs)
            rc, out, err, _ = self.run(cmd, a.timeout)
            nsims += 1
            repro_ref = quote(cmd)
            if rc != 0:
                counts["error"] += 1
                problems.append(("sim-error", "ideal",
                                 "args %s: exit %s: %s" % (
                                     args, rc, err.strip()[-1500:]),
                                 [repro_gen, repro_ref]))
                continue
            ref = [read_f32(p) for p in ref_outs]
            for m in modes:
                for jitter in jitters:
                    if m == "none" and not a.strict_none and \
                            jitter is not None and jitter != jitters[-1]:
                        continue  # one jittered run is enough for a control
                    outs = [os.path.join(d, "o.%s.a%d.j%s.%s.npy" % (
                        m, ai, jitter, o)) for o in meta["outputs"]]
                    cmd = sim_cmd(m, args, jitter, False, outs)
                    rc, out, err, _ = self.run(cmd, a.timeout)
                    nsims += 1
                    repro = [repro_gen,
                             quote(self.llc + ["-neuronisa-sync=%s" % m, ll,
                                               "-o", asm[m]]),
                             quote(cmd)]
                    where = "args (n0,n1,n2,k)=%s jitter=%s" % (args, jitter)
                    try:
                        rep = json.loads(out) if out.strip() else None
                    except ValueError:
                        rep = None
                    if m == "none" and not a.strict_none:
                        none_runs += 1
                        if rep and (rep.get("races") or 0) > 0:
                            none_racy = True
                        continue
                    if rc is None:
                        counts["error"] += 1
                        problems.append(("timeout", m, where + ": " + err,
                                         repro))
                        continue
                    if rep is None:
                        counts["error"] += 1
                        problems.append(("sim-error", m, "%s: exit %s: %s" % (
                            where, rc, err.strip()[-1500:]), repro))
                        continue
                    status = rep.get("status")
                    nr = rep.get("races") or 0
                    if nr:
                        counts["races"] += 1
                        lines = [l for l in err.splitlines()
                                 if "race" in l][:6]
                        problems.append(("race", m, "%s: %d race(s):\n    %s"
                                         % (where, nr, "\n    ".join(lines)),
                                         repro))
                    if status != "finished":
                        counts["error"] += 1
                        problems.append(("status-" + str(status), m,
                                         "%s: %s" % (where,
                                                     err.strip()[-1500:]),
                                         repro))
                        continue
                    if rc != 0 and not nr:
                        counts["error"] += 1
                        problems.append(("sim-error", m, "%s: exit %s: %s" % (
                            where, rc, err.strip()[-1500:]), repro))
                    elif jitter is None:
                        cycles[(m, ai)] = (rep.get("total_cycles"), args)
                    if m in a.precise_modes and \
                            (rep.get("over_sync_cycles") or 0):
                        sites = [x for x in rep.get("sync_sites", [])
                                 if x.get("over_sync_cycles")]
                        with open(asm[m]) as f:
                            bad = wait_remarks.unexplained(
                                f.read(), sites, remarks.get(m, ""))
                        if bad or a.strict_fallback:
                            counts["oversync"] += 1
                            shown = bad or sites
                            problems.append((
                                "over-sync", m, "%s: %d cycles%s at %s" % (
                                    where, rep["over_sync_cycles"],
                                    "" if bad else " (remarked)",
                                    ", ".join("%s (line %s): %s" % (
                                        x["instruction"], x["line"],
                                        x["over_sync_cycles"])
                                        for x in shown[:5])), repro))
                        else:
                            counts["fallback_oversync"] += 1
                    for o, rp, name in zip(outs, ref, meta["outputs"]):
                        got = read_f32(o)
                        same = same_bits(got, rp) \
                            if a.rtol == 0 and a.atol == 0 \
                            else within(got, rp, a.rtol, a.atol)
                        if not same:
                            counts["mismatch"] += 1
                            fd = first_difference(got, rp)
                            problems.append((
                                "mismatch", m,
                                "%s: output %s differs from the sequential "
                                "result (--ideal) at element %s: %s vs %s" % (
                                    where, name, fd[0] if fd else "?",
                                    fd[1] if fd else "?",
                                    fd[2] if fd else "?"),
                                repro + [repro_ref]))
                            break
        self.record_speed(seed, cycles)
        self.finish(seed, d, problems, nsims, counts, ops=meta["ops"],
                    none_racy=none_racy, none_runs=none_runs,
                    fallback=bool(fallback.get("precise")))

    def record_speed(self, seed, cycles):
        """Adds the precise/barrier comparison of one program's runs."""
        st = self.stats
        with st.lock:
            for (m, ai), (p, args) in sorted(cycles.items()):
                b = cycles.get(("barrier", ai), (None, None))[0]
                if m != "precise" or not p or not b:
                    continue
                st.speed_runs += 1
                st.precise_cycles += p
                st.barrier_cycles += b
                if p > b:
                    st.precise_slower += 1
                    if self.a.verbose:
                        print("precise slower: seed %d args (n0,n1,n2,k)=%s: "
                              "%d vs %d cycles (%.4f)" % (seed, args, p, b,
                                                          p / b), flush=True)
                    if p / b > st.worst_slowdown[0]:
                        st.worst_slowdown = (
                            p / b, "seed %d args (n0,n1,n2,k)=%s: %d vs %d "
                            "cycles" % (seed, args, p, b))

    def finish(self, seed, d, problems, nsims, counts, skipped=False, ops=0,
               none_racy=False, none_runs=0, fallback=False):
        st = self.stats
        with st.lock:
            st.fallback_programs += fallback
            st.fallback_oversync += counts["fallback_oversync"]
            st.programs += 1
            st.ops += ops
            st.skipped += skipped
            st.sims += nsims
            st.races += counts["races"]
            st.oversync += counts["oversync"]
            st.mismatches += counts["mismatch"]
            st.errors += counts["error"]
            st.none_racy += none_racy
            st.none_runs += 1 if none_runs else 0
            if problems:
                st.failed_programs += 1
                st.failures.append(seed)
        if problems:
            with self.out_lock:
                print("FAIL: seed %d (kept in %s)" % (seed, d))
                shown = 0
                for kind, mode, det, repro in problems:
                    if shown >= self.a.max_reports:
                        print("  ... %d more" % (len(problems) - shown))
                        break
                    shown += 1
                    print("  [%s] mode=%s %s" % (kind, mode, det))
                    print("  reproduce:")
                    for line in repro:
                        print("    " + line)
                sys.stdout.flush()
        else:
            if self.a.verbose:
                with self.out_lock:
                    print("ok: seed %d%s" % (seed, " (skipped: needs a stack)"
                                             if skipped else ""))
            if not self.a.keep:
                shutil.rmtree(d, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Random-program differential test of the NeuronISA "
        "synchronization passes",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__)
    ap.add_argument("--llc", required=True,
                    help="llc command (with --load=libNeuronISA.so)")
    ap.add_argument("--sim", required=True, help="neuronisa-sim binary")
    ap.add_argument("--seeds", default="0-99",
                    help="seeds: A-B ranges and numbers, comma separated")
    ap.add_argument("--time-limit", type=float, default=0,
                    help="stop starting new seeds after this many seconds")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--modes", default="precise,barrier",
                    help="synchronized modes checked (none is always "
                    "simulated as a negative control)")
    ap.add_argument("--precise-modes", default="precise",
                    help="modes held to zero over-synchronization")
    ap.add_argument("--strict-fallback", action="store_true",
                    help="also fail over-synchronized waits that a missed "
                    "remark names")
    ap.add_argument("--jitters", type=int, default=2,
                    help="jittered runs per mode and argument set (plus one "
                    "without jitter)")
    ap.add_argument("--arg-sets", type=int, default=3)
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=40)
    ap.add_argument("--max-stmts", type=int, default=3)
    ap.add_argument("--no-dynamic-hbm", action="store_true")
    ap.add_argument("--extended", action="store_true",
                    help="random_kernels.py --extended: breaks, continues, "
                    "returns, do-while loops, switches, selected tile "
                    "pointers, HBM reloads at run-time slots, 16 DMA queues")
    ap.add_argument("--max-instructions", type=int, default=2000000)
    ap.add_argument("--rtol", type=float, default=0.0)
    ap.add_argument("--atol", type=float, default=0.0)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--work", help="work directory (default: a new temporary "
                    "directory; failing programs are kept there)")
    ap.add_argument("--keep", action="store_true",
                    help="keep the files of passing programs too")
    ap.add_argument("--max-reports", type=int, default=4,
                    help="problems printed per failing program")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = parse_args(ap, argv)
    a.modes = [m for m in a.modes.split(",") if m]
    a.precise_modes = [m for m in a.precise_modes.split(",") if m]
    # --modes=none: hold the unsynchronized code to the synchronized rules
    # (the negative self-check).
    a.strict_none = "none" in a.modes
    if a.jobs > 2:
        print("note: -j%d requested; the machine has 2 shared cores"
              % a.jobs, file=sys.stderr)
    made_work = not a.work
    if made_work:
        a.work = tempfile.mkdtemp(prefix="neuronisa-difftest-")
    os.makedirs(a.work, exist_ok=True)
    seeds = parse_seeds(a.seeds)
    runner = Runner(a)
    t0 = time.time()
    stop = threading.Event()

    def task(seed):
        if stop.is_set():
            return
        if a.time_limit and time.time() - t0 > a.time_limit:
            stop.set()
            return
        try:
            runner.one(seed)
        except Exception as e:  # a tester bug must not look like a pass
            with runner.stats.lock:
                runner.stats.programs += 1
                runner.stats.errors += 1
                runner.stats.failed_programs += 1
                runner.stats.failures.append(seed)
            print("FAIL: seed %d: tester exception %r" % (seed, e))

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        list(ex.map(task, seeds))
    st = runner.stats
    el = time.time() - t0
    print("work directory: %s" % a.work)
    print("modes: %s; %d argument sets x %d jitter runs; %.1f s; "
          "%.1f data-path instructions per program" % (
              ",".join(a.modes), a.arg_sets, a.jitters + 1, el,
              st.ops / max(1, st.programs)))
    print("precise mode remarked a fallback or a coarse dependence (missed "
          "remark) in %d programs; over-synchronized runs whose every "
          "over-synchronized wait a remark names: %d%s" % (
              st.fallback_programs, st.fallback_oversync,
              " (counted as failures: --strict-fallback)"
              if a.strict_fallback else ""))
    if not a.strict_none:
        print("negative control (mode none): races found in %d of %d "
              "programs" % (st.none_racy, st.none_runs))
    if st.speed_runs:
        print("precise vs barrier (runs without jitter): precise slower in "
              "%d of %d runs%s; total cycles %d vs %d (%.3f)" % (
                  st.precise_slower, st.speed_runs,
                  " (worst: %.3f, %s)" % st.worst_slowdown
                  if st.worst_slowdown[1] else "",
                  st.precise_cycles, st.barrier_cycles,
                  st.precise_cycles / max(1, st.barrier_cycles)))
    if st.failures:
        print("failing seeds: %s" % ",".join(
            str(s) for s in sorted(st.failures)))
    print("summary: %d programs (%d skipped), %d simulations, %d failed "
          "programs, %d races, %d over-synchronized, %d mismatches, "
          "%d errors" % (st.programs, st.skipped, st.sims,
                         st.failed_programs, st.races, st.oversync,
                         st.mismatches, st.errors))
    if made_work and not a.keep and not st.failures:
        shutil.rmtree(a.work, ignore_errors=True)
    return 1 if st.failures else 0
