#!/usr/bin/env python3
"""Records, or compares against a record, the assembly that llc produces for
every kernel, example and fixed-seed random program in the synchronization
modes the project tests, so that a change to the synchronization passes can
be shown to keep every output identical.

Programs (each compiled from standard input, so that no path appears in the
output):
  kernels/*.ll, examples/*.ll, test/CodeGen/NeuronISA/sync/*.ll,
  test/sync-random/*.ll                     barrier and precise
  kernels/handtuned/*.ll                    none
  kernelgen/random_kernels.py seeds 0-99 (--max-ops 40) and 100-199 (--max-ops 16)
  with --no-dynamic-hbm, seeds 0-19 with run-time HBM offsets (the programs
  of test/sync-random), and the kernelgen/trace_check.py kernels of seeds 0-149
  (test/CodeGen/NeuronISA/sync/random-trace-check.test)
                                            barrier and precise
  utils/gen_sync_kernel.py 600 (16 and 64 tiles)   barrier and precise
A record is one text file per group of programs and mode: for each program,
its assembly, then the remarks of the neuronisa-sync pass (the remarks that
each name one wait that may be over-synchronized as their number), or llc's
error output and exit status when it fails, e.g. for hand-written
synchronization in precise mode.

Usage:
  sync-golden.py --llc "LLC --load=PLUGIN" [--builtins BUILD] --record DIR
      write DIR/*.txt
  sync-golden.py --llc "LLC --load=PLUGIN" --check DIR    compare, print the
      first lines that differ for each program that changed; exit 1 if any
"""

import argparse
import difflib
import glob
import os
import random
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from kernelgen import random_kernels, trace_check
from kernelgen.common import parse_args

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SYNC_MODES = ["barrier", "precise"]


def files(pattern):
    return sorted(glob.glob(os.path.join(ROOT, pattern)))


def read(path):
    with open(path) as f:
        return f.read()


def programs():
    """Yields (group, name, ir_text, modes)."""
    for group, pattern, modes in [
            ("kernels", "kernels/*.ll", SYNC_MODES),
            ("handtuned", "kernels/handtuned/*.ll", ["none"]),
            ("examples", "examples/*.ll", SYNC_MODES),
            ("codegen-sync", "test/CodeGen/NeuronISA/sync/*.ll", SYNC_MODES),
            ("sync-random-ll", "test/sync-random/*.ll", SYNC_MODES)]:
        for path in files(pattern):
            yield group, os.path.relpath(path, ROOT), read(path), modes
    for lo, hi, max_ops, dyn in [(0, 99, 40, False), (100, 199, 16, False),
                                 (0, 19, 40, True)]:
        group = "random-%s" % ("dynamic-hbm" if dyn else "static-hbm")
        for seed in range(lo, hi + 1):
            ir, _ = random_kernels.generate(seed, max_ops=max_ops, dyn_hbm=dyn)
            yield group, "seed %d max-ops %d" % (seed, max_ops), ir, SYNC_MODES
    for seed in range(0, 150):
        g = trace_check.gen_kernel(random.Random(seed), "k%d" % seed)
        if g is not None:
            yield "trace-check", "seed %d" % seed, g[0], SYNC_MODES
    for tiles in [16, 64]:
        ir = subprocess.run(
            [sys.executable, os.path.join(ROOT, "utils/gen_sync_kernel.py"),
             "600", "1", "--tiles", str(tiles)],
            stdout=subprocess.PIPE, check=True, universal_newlines=True).stdout
        yield "bench", "600 instructions, %d tiles" % tiles, ir, SYNC_MODES


WAIT_REMARK = "may be over-synchronized:"


def compile_one(llc, ir, mode):
    cmd = llc + ["-neuronisa-sync=%s" % mode, "-o", "-",
                 "-pass-remarks=neuronisa-sync",
                 "-pass-remarks-missed=neuronisa-sync",
                 "-pass-remarks-analysis=neuronisa-sync"]
    p = subprocess.run(cmd, input=ir, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    text = p.stdout
    if p.stderr:
        # The remarks that name one wait each (ImpreciseDependence,
        # FallbackWait; lit tests check their text) are recorded as a count.
        lines = p.stderr.rstrip("\n").split("\n")
        waits = [l for l in lines if WAIT_REMARK in l]
        text += "".join("; stderr: " + l + "\n"
                        for l in lines if WAIT_REMARK not in l)
        if waits:
            text += "; %d remarks name a wait that may be over-synchronized\n" \
                % len(waits)
    if p.returncode:
        text += "; exit status %d\n" % p.returncode
    return text


def collect(llc, jobs, progs):
    """{record file name: [(program name, output)]}, in a fixed order."""
    work = []
    for group, name, ir, modes in progs:
        for mode in modes:
            work.append(("%s.%s.txt" % (group, mode), name, ir, mode))
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        outs = list(ex.map(lambda w: compile_one(llc, w[2], w[3]), work))
    records = {}
    for (fname, name, _, _), out in zip(work, outs):
        records.setdefault(fname, []).append((name, out))
    return records


HEADER = "; ==== "


def render(entries):
    return "".join(HEADER + name + "\n" + out for name, out in entries)


def parse(text):
    entries, name, lines = [], None, []
    for line in text.splitlines(keepends=True):
        if line.startswith(HEADER):
            if name is not None:
                entries.append((name, "".join(lines)))
            name, lines = line[len(HEADER):].rstrip("\n"), []
        else:
            lines.append(line)
    if name is not None:
        entries.append((name, "".join(lines)))
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--llc", required=True,
                    help="llc command with the NeuronISA plugin loaded")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--record", metavar="DIR")
    g.add_argument("--check", metavar="DIR")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--max-diff-lines", type=int, default=30)
    a = parse_args(ap)
    llc = shlex.split(a.llc)
    if not any(x.startswith("-mtriple") for x in llc):
        llc.append("-mtriple=neuronisa")
    progs = list(programs())
    records = collect(llc, a.jobs, progs)
    nprog = sum(len(v) for v in records.values())
    if a.record:
        os.makedirs(a.record, exist_ok=True)
        for old in glob.glob(os.path.join(a.record, "*.txt")):
            os.remove(old)
        for fname, entries in sorted(records.items()):
            with open(os.path.join(a.record, fname), "w") as f:
                f.write(render(entries))
        print("recorded %d compilations in %d files" % (nprog, len(records)))
        return 0
    differ = missing = 0
    expected_files = {os.path.basename(p)
                      for p in glob.glob(os.path.join(a.check, "*.txt"))}
    for fname in sorted(expected_files - set(records)):
        print("%s: recorded, no longer produced" % fname)
        missing += 1
    for fname, entries in sorted(records.items()):
        path = os.path.join(a.check, fname)
        if not os.path.exists(path):
            print("%s: not recorded" % fname)
            missing += 1
            continue
        expected = dict(parse(read(path)))
        if len(expected) != len(entries):
            print("%s: %d programs recorded, %d produced" %
                  (fname, len(expected), len(entries)))
            missing += 1
        for name, out in entries:
            if name not in expected:
                print("%s: %s: not recorded" % (fname, name))
                missing += 1
                continue
            if expected[name] == out:
                continue
            differ += 1
            print("%s: %s: differs" % (fname, name))
            diff = list(difflib.unified_diff(
                expected[name].splitlines(), out.splitlines(),
                "recorded", "now", lineterm="", n=2))
            for line in diff[:a.max_diff_lines]:
                print("  " + line)
    print("sync-golden: %d compilations, %d differ, %d missing" %
          (nprog, differ, missing))
    return 1 if differ or missing else 0


if __name__ == "__main__":
    sys.exit(main())
