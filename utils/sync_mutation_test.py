#!/usr/bin/env python3
"""The object-level validator against synchronization mutants of every kernel.

Compiles every kernel and example (precise synchronization) to an object,
checks that neuronisa-sync-check accepts it, then makes every mutant of
utils/sync_mutants.py (threshold -1/+1, dropped wait, swapped semaphore,
dropped increment, moved wait, dropped ret) and runs neuronisa-sync-check
on each, on the object alone. Prints one line per kind and a summary:

  rejected   the validator rejects it (exit status 1)
  noted      accepted with precision notes (it waits for more than needed)
  chained    accepted as ordered through another agent's wait (a wait
             the mutant dropped or lowered is implied by a chain)
  accepted   accepted with no finding (listed: each must be harmless)

  sync_mutation_test.py --llc "llc --load=build/lib/libNeuronISA.so" \\
      --bin build/bin [-j N] [--list-accepted]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "utils"))
import sync_mutants  # noqa: E402


def check(bin_dir, obj):
    p = subprocess.run([os.path.join(bin_dir, "neuronisa-sync-check"), obj],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if p.returncode == 1:
        return "rejected"
    if p.returncode != 0:
        return "error: " + p.stdout.strip()
    if "precision notes" in p.stdout:
        return "noted"
    if "ordered through other agents" in p.stdout:
        return "chained"
    return "accepted"


def kernels():
    return sorted(glob.glob(os.path.join(ROOT, "kernels", "*.ll")) +
                  glob.glob(os.path.join(ROOT, "examples", "*.ll")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llc", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--list-accepted", action="store_true")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="sync-mutants-")
    jobs, bad = [], 0
    for ll in kernels():
        name = os.path.splitext(os.path.basename(ll))[0]
        obj = os.path.join(work, name + ".o")
        subprocess.run(a.llc.split() + ["-mtriple=neuronisa", "-filetype=obj",
                                        "-neuronisa-sync=precise", ll,
                                        "-o", obj], check=True)
        base = check(a.bin, obj)
        if base not in ("accepted", "noted", "chained"):
            print("error: %s: the unmutated object is %s" % (name, base))
            bad += 1
            continue
        data = open(obj, "rb").read()
        for m in sync_mutants.mutants(data):
            out = os.path.join(work, "%s.%s.o" % (name, m.replace("@", "-")))
            open(out, "wb").write(sync_mutants.make(data, m))
            jobs.append((name, m, out))
    with ThreadPoolExecutor(max_workers=a.j) as ex:
        results = list(ex.map(lambda j: check(a.bin, j[2]), jobs))
    by_kind = {}
    for (name, m, _), r in zip(jobs, results):
        kind = m.split("@")[0]
        by_kind.setdefault(kind, {}).setdefault(r, []).append(name + " " + m)
    total = {"rejected": 0, "noted": 0, "chained": 0, "accepted": 0}
    for kind in sorted(by_kind):
        counts = {r: len(l) for r, l in by_kind[kind].items()}
        print("%-10s %s" % (kind, ", ".join(
            "%d %s" % (n, r) for r, n in sorted(counts.items()))))
        for r, n in counts.items():
            if r.startswith("error"):
                bad += n
            else:
                total[r] += n
        if a.list_accepted:
            for r in ("chained", "accepted"):
                for m in by_kind[kind].get(r, []):
                    print("  %s: %s" % (r, m))
    n = sum(total.values())
    print("summary: %d mutants of %d kernels: %d rejected, %d accepted with "
          "precision notes, %d accepted through happens-before chains, "
          "%d accepted; %d errors"
          % (n, len(kernels()), total["rejected"], total["noted"],
             total["chained"], total["accepted"], bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
