#!/usr/bin/python3
"""Rolled loops vs unrolled ones on the NKI-style kernels (kernels/nki).

For each kernel (the `bench` inputs of its TESTS entry, else `inputs`):
  rolled   loops kept as loops, precise synchronization (-neuronisa-sync=precise)
  barrier  the same rolled build with a barrier every iteration
           (-neuronisa-sync=barrier: what NKI does for a dynamic loop)
  unrolled every loop unrolled by the front end (NKI's static loops),
           precise synchronization
  limit    the dataflow limit: the rolled kernel built with
           -neuronisa-sync=none and simulated with --ideal
Cycles, static instructions of the compiled kernel, llc time. Every
output is checked against the kernel's numpy reference.

  /usr/bin/python3 bench/nki_benchmark.py [--kernels a,b] [--mcpu NAME]
See docs/Benchmark.md ("NKI kernels: rolled vs unrolled")."""

import argparse
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "kernels", "nki"))

import neuronisa_nki as nn                      # noqa: E402
from neuronisa_nki.cli import compare, random_inputs   # noqa: E402

FILES = ["matmul", "tensor_add", "transpose", "avgpool", "softmax", "layernorm",
         "rmsnorm", "mamba_scan", "attention", "dynamic_loop"]
MODES = [("rolled", {}), ("barrier", {"sync": "barrier"}),
         ("unrolled", {"unroll": True}),
         ("limit", {"sync": "none", "ideal": True})]


def bench_entry(mod, entry, mcpu):
    kern = getattr(mod, entry["kernel"])
    grid = entry.get("bench_grid", entry.get("grid"))
    if grid:
        kern = kern[grid]
    shapes = entry.get("bench", entry["inputs"])
    arrays = (shapes(np.random.default_rng(1)) if callable(shapes)
              else random_inputs(shapes, 1))
    want = entry["reference"](*arrays)
    row = {"kernel": entry["kernel"], "ok": True}
    for mode, opts in MODES:
        got = nn.simulate_kernel(kern, *arrays, mcpu=mcpu, **opts)
        good, _ = compare(got, want, entry.get("rtol", 0.0), entry.get("atol", 0.0))
        r = nn.last_report()
        row["ok"] &= good and not r.races
        row[mode] = r
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels")
    ap.add_argument("--mcpu")
    args = ap.parse_args()
    names = args.kernels.split(",") if args.kernels else None
    rows = []
    for f in FILES:
        mod = nn.load(os.path.join(ROOT, "kernels", "nki", f + ".py"))
        for entry in mod.TESTS:
            if names and entry["kernel"] not in names:
                continue
            rows.append(bench_entry(mod, entry, args.mcpu))
    head = ("| kernel | rolled | barrier | unrolled | limit | rolled/unrolled | "
            "rolled/limit | barrier/rolled | instrs rolled | instrs unrolled | "
            "code unrolled/rolled | llc s rolled | llc s unrolled | ok |")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for r in rows:
        ro, ba, un, li = r["rolled"], r["barrier"], r["unrolled"], r["limit"]
        print("| %s | %d | %d | %d | %d | %.3f | %.3f | %.2f | %d | %d | %.1f | %.2f | %.2f | %s |"
              % (r["kernel"], ro.cycles, ba.cycles, un.cycles, li.cycles,
                 ro.cycles / un.cycles, ro.cycles / li.cycles, ba.cycles / ro.cycles,
                 ro.static_instructions, un.static_instructions,
                 un.static_instructions / ro.static_instructions,
                 ro.compile_seconds, un.compile_seconds, "yes" if r["ok"] else "NO"))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
