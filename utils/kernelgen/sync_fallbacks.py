"""How often precise synchronization falls back for lack of registers, and
why its groups need snapshot registers (bench/sync-fallbacks.sh;
docs/Synchronization.md, "Known limits").

For each seed, the random kernel of random_kernels.py (the differential
test's programs: default shapes, or --extended) is compiled in precise mode
with -pass-remarks-missed=neuronisa-sync, and the program is counted as
  - "barrier fallback": a SyncFallback remark "... using the barrier
    algorithm" (counters did not fit);
  - "snapshot fallback": a SyncFallback remark "no free register left for
    the threshold ..." (some group's consumers wait for an upper bound of
    its threshold: the largest count after its latest site on any path, or
    every earlier instance of its agent);
  - "needs a stack": llc rejected it (register pressure; NeuronISA has no
    stack).
With --clang, the random C kernels of the C differential test
(random_c_kernels.py) are counted the same way, compiled by neuronisa-clang
at each level of --c-levels: clang's optimizations decide how many registers
the function's own values take. With --explain, llc also gets
-neuronisa-sync-explain-snapshots, whose analysis remarks give one line per
group that needs a snapshot register (why: the shape of its producers
relative to its consumers) and one per function (snapshot values wanted,
registers free beside the counters): the script sums them.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

from . import random_c_kernels, random_kernels
from .common import llc_command, parse_args, parse_seeds

BARRIER = "using the barrier algorithm"
SNAPSHOT = "no free register left for the threshold"
STACK = "needs a stack"
# The shapes of the C differential test's programs (c_differential.py).
C_MAX_DEPTH, C_MAX_OPS = 3, 24


def compile_one(llc, seed, extended, explain, work, checker=None):
    """Compiles one program: a random IR kernel with llc, or, when
    [extended] is ("c", clang, level, options), a random C kernel with
    neuronisa-clang at that level (the backend options through -mllvm)."""
    def backend(opts):
        return sum((["-mllvm", o] for o in opts), []) if c_route else opts
    c_route = isinstance(extended, tuple)
    if c_route:
        _, clang, level, extra = extended
        src = os.path.join(work, "c%d-O%d.c" % (seed, level))
        with open(src, "w") as f:
            f.write(random_c_kernels.generate(seed, C_MAX_DEPTH, C_MAX_OPS))
        ll = src
        head = [clang, "-O%d" % level, "-S"] + backend(extra)
    else:
        ir, _ = random_kernels.generate(seed, extended=extended)
        ll = os.path.join(work, "k%d%s.ll" % (seed, "x" if extended else ""))
        with open(ll, "w") as f:
            f.write(ir)
        head = llc
    # clang reports the backend's remarks for its own -R flag only.
    remarks = ("-Rpass-missed=neuronisa-sync" if c_route else
               "-pass-remarks-missed=neuronisa-sync")
    cmd = head + backend(["-neuronisa-sync=precise"]) + [remarks, ll, "-o",
                                                         os.devnull]
    if explain:
        # The explanation is analysis remarks (ExplainSnapshots).
        cmd += backend(["-neuronisa-sync-explain-snapshots"])
        cmd.append("-Rpass-analysis=neuronisa-sync" if c_route else
                   "-pass-remarks-analysis=neuronisa-sync")
    dump = os.path.splitext(ll)[0] + ".json"
    if checker:
        cmd += backend(["-neuronisa-sync-dump=" + dump])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=300)
    err = p.stderr
    os.unlink(ll)
    if checker and p.returncode == 0:
        c = subprocess.run([os.path.abspath(checker), dump], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        if c.returncode != 0 or " 0 failed" not in c.stdout:
            err += "\nsync-check failed:\n" + c.stdout
        os.unlink(dump)
    return seed, p.returncode, err


def measure(llc, seeds, extended, explain, jobs, work, checker=None):
    counts = collections.Counter()
    why = collections.Counter()
    demand = []  # (wanted, free) per function that wanted a snapshot
    listed = collections.defaultdict(list)
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for seed, rc, err in ex.map(
                lambda s: compile_one(llc, s, extended, explain, work,
                                      checker), seeds):
            counts["programs"] += 1
            if rc != 0:
                kind = "stack" if STACK in err else "error"
                counts[kind] += 1
                listed[kind].append(seed)
                continue
            for kind, text in (("barrier", BARRIER), ("snapshot", SNAPSHOT)):
                if text in err:
                    counts[kind] += 1
                    listed[kind].append(seed)
            # llc: "remark: LOC: no free ..."; clang: "LOC: remark: no free".
            counts["groups"] += len(re.findall(
                r"(?:^remark: \S+ |: remark: )" + SNAPSHOT, err, re.M))
            if "sync-check failed" in err:
                counts["invalid"] += 1
                listed["invalid"].append(seed)
            if BARRIER in err or SNAPSHOT in err:
                counts["any"] += 1
            for m in re.finditer(r"snapshot-group: .* why=(\S+)", err):
                why[m.group(1)] += 1
            for m in re.finditer(
                    r"snapshot-waits-bounded: .* never-run=(\d+) covered=(\d+)",
                    err):
                counts["never-run"] += int(m.group(1))
                counts["covered"] += int(m.group(2))
            for m in re.finditer(
                    r"snapshot-demand: .* wanted=(\d+) free=(\d+)", err):
                demand.append((int(m.group(1)), int(m.group(2))))
    return counts, why, demand, listed


def pct(n, d):
    return "%d (%.1f%%)" % (n, 100.0 * n / d) if d else "0"


def explain_shapes(name, why):
    """The shapes of the groups that need a snapshot register ("why=" of
    -neuronisa-sync-explain-snapshots), by kind, then each kind refined
    ("loop-carried/conditional": kind/detail) on a line of its own."""
    kinds = collections.Counter()
    details = collections.defaultdict(collections.Counter)
    for k, v in why.items():
        kind, _, detail = k.partition("/")
        kinds[kind] += v
        if detail:
            details[kind][detail.replace("-", " ")] += v
    total = sum(kinds.values())
    lines = ["%s: %d groups need a snapshot register: %s" % (
        name, total, ", ".join("%s %s" % (k, pct(v, total))
                               for k, v in kinds.most_common()))]
    for kind, d in sorted(details.items()):
        lines.append("%s: %s groups by where the producer is: %s" % (
            name, kind, ", ".join("%s %s" % (k, pct(v, kinds[kind]))
                                  for k, v in d.most_common())))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llc", required=True,
                    help='llc command, e.g. "llc --load=build/lib/libNeuronISA.so"')
    ap.add_argument("--seeds", default="0-299")
    ap.add_argument("--extended-seeds", default="0-99",
                    help="seeds of --extended programs ('' for none)")
    ap.add_argument("--explain", action="store_true",
                    help="classify why groups need snapshot registers")
    ap.add_argument("--list", action="store_true",
                    help="print the seeds of each kind")
    ap.add_argument("--check", metavar="NEURONISA_SYNC_CHECK",
                    help="also run the translation validator on every "
                    "compiled function and count the programs it rejects")
    ap.add_argument("--clang", help="neuronisa-clang: also count the random "
                    "C kernels of the C differential test (--c-seeds, at each "
                    "of --c-levels)")
    ap.add_argument("--c-seeds", default="7000-7299")
    ap.add_argument("--c-levels", default="0,2")
    ap.add_argument("--mllvm", action="append", default=[], metavar="OPT",
                    help="a backend option for every compile (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = parse_args(ap, argv)
    if a.check:
        a.check = os.path.abspath(a.check)
    llc = llc_command(a.llc) + a.mllvm
    runs = [("default", parse_seeds(a.seeds), False)] if a.seeds else []
    if a.extended_seeds:
        runs.append(("extended", parse_seeds(a.extended_seeds), True))
    if a.clang:
        for level in a.c_levels.split(","):
            runs.append(("C -O%s" % level, parse_seeds(a.c_seeds),
                         ("c", os.path.abspath(a.clang), int(level),
                          a.mllvm)))
    print("| programs | seeds | barrier fallback | snapshot fallback | "
          "any fallback | needs a stack |")
    print("| --- | --- | --- | --- | --- | --- |")
    details = []
    with tempfile.TemporaryDirectory() as work:
        for name, seeds, ext in runs:
            c, why, demand, listed = measure(llc, seeds, ext, a.explain,
                                             a.jobs, work, a.check)
            n = c["programs"]
            print("| %s | %s | %s | %s | %s | %s |" % (
                name, "%d-%d" % (seeds[0], seeds[-1]) if seeds else "-",
                pct(c["barrier"], n), pct(c["snapshot"], n),
                pct(c["any"], n), pct(c["stack"], n)))
            details.append("%s: %d dependence groups fell back to waiting "
                           "for an upper bound of their threshold"
                           % (name, c["groups"]))
            if c["error"]:
                details.append("%s: %d other llc errors: %s" % (
                    name, c["error"], listed["error"]))
            if a.check:
                details.append("%s: the validator rejects %d programs: %s" % (
                    name, c["invalid"], listed["invalid"]))
            if a.list:
                for k in ("barrier", "snapshot", "stack"):
                    details.append("%s %s: %s" % (name, k, listed[k]))
            if a.explain:
                details.extend(explain_shapes(name, why))
                details.append(
                    "%s: snapshot waits left out by a bound of their "
                    "threshold: %d where no site can have run, %d covered by "
                    "another wait of the consumer" % (
                        name, c["never-run"], c["covered"]))
                over = [(w, f) for w, f in demand if w > f]
                details.append(
                    "%s: %d functions want snapshots; %d want more values "
                    "than free registers (wanted/free median %s)" % (
                        name, len(demand), len(over),
                        "%d/%d" % sorted(over)[len(over) // 2] if over
                        else "-"))
    for d in details:
        print(d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
