#!/usr/bin/env python3
"""Simulates the worked examples of docs/SyncMeasurements.md in every build
the document compares, and prints their table.

    /usr/bin/python3 bench/sync-examples.py [--build BUILD] [--llc LLC]

Each example is a test of test/CodeGen/NeuronISA/sync or test/sync-random
(whose RUN lines check its races, over-synchronization and outputs at more
trip counts); here each is compiled with llc (the NeuronISA plugin of BUILD
loaded) in the builds of the table and simulated once with neuronisa-sim at
the trip count of the table. "limit" is `--ideal` on the
`-neuronisa-sync=none` build: the dataflow limit.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NO_ROTATION = "-neuronisa-tile-pingpong-unroll=false"
NO_HBM_UNROLL = "-neuronisa-hbm-carried-unroll=false"
GEN = os.path.join(ROOT, "test/tools/neuronisa-sim/Inputs/gen.py")
INPUT_EXPR = "i % 7 + i // 512"

# (name, test file, simulator arguments, input shape or None, builds)
# A build is (label, llc options, simulator options).
STANDARD = [("precise", [], []), ("barrier", ["-neuronisa-sync=barrier"], []),
            ("limit", ["-neuronisa-sync=none"], ["--ideal"])]
ROTATION = [("precise", [], []), ("precise, not unrolled", [NO_ROTATION], []),
            ("barrier", ["-neuronisa-sync=barrier"], []),
            ("barrier, not unrolled",
             ["-neuronisa-sync=barrier", NO_ROTATION], []),
            ("limit", ["-neuronisa-sync=none"], ["--ideal"])]
EXAMPLES = [
    ("nested loops, n = 8, m = 4", "test/CodeGen/NeuronISA/sync/nested-loops.ll",
     ["out:8192x512", "out:8192x512", "8", "4"], None, STANDARD),
    ("HBM counter range, n = 3", "test/sync-random/precise-hbm-counter-range.ll",
     ["out:8192", "3"], None, STANDARD),
    ("tile select, n = 8", "test/sync-random/precise-tile-select.ll",
     ["out:128", "out:128", "8"], None,
     [(l, o + [NO_ROTATION], s) for l, o, s in STANDARD]),
    ("tile halves, n = 8", "test/sync-random/precise-tile-halves.ll",
     ["out:128", "out:128", "8"], None,
     [(l, o + [NO_ROTATION], s) for l, o, s in STANDARD]),
    ("double buffering (phis), n = 16", "test/sync-random/precise-tile-pingpong.ll",
     ["out:128x64", "16"], "136x64", ROTATION),
    ("triple buffering, n = 16", "test/sync-random/precise-tile-triple.ll",
     ["out:128x64", "16"], "144x64", ROTATION),
    ("double buffering (parity), n = 16", "test/sync-random/precise-tile-parity.ll",
     ["out:128x64", "16"], "136x64", ROTATION),
    ("loop-carried HBM, n = 3", "test/sync-random/precise-hbm-loop-carried.ll",
     ["out:2048", "3"],
     None, [("precise", [], []), ("precise, not unrolled", [NO_HBM_UNROLL], []),
            ("barrier", ["-neuronisa-sync=barrier"], []),
            ("limit", ["-neuronisa-sync=none"], ["--ideal"])]),
]


def run(cmd):
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("error: %s failed:\n%s" % (" ".join(cmd), res.stderr))
    return res.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--llc", default="/usr/lib/llvm-22/bin/llc")
    args = ap.parse_args()
    plugin = os.path.join(args.build, "lib", "libNeuronISA.so")
    sim = os.path.join(args.build, "bin", "neuronisa-sim")
    for path in (plugin, sim):
        if not os.path.exists(path):
            sys.exit("error: %s not found: build first (--build BUILD)" % path)
    print("| example | build | cycles | over-synchronized cycles | races "
          "| dynamic instructions |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for name, test, sim_args, shape, builds in EXAMPLES:
            inputs = []
            if shape:
                npy = os.path.join(tmp, "in.npy")
                run([sys.executable, GEN, "npy", npy, shape, INPUT_EXPR])
                inputs = ["in:" + npy]
            for label, llc_opts, sim_opts in builds:
                asm = os.path.join(tmp, "k.s")
                run([args.llc, "--load=" + plugin, "-mtriple=neuronisa"] +
                    llc_opts + [os.path.join(ROOT, test), "-o", asm])
                report = json.loads(run([sim, asm] + inputs + sim_args +
                                        sim_opts + ["--report=json"]))
                ideal = "--ideal" in sim_opts
                print("| %s | %s | %d | %s | %s | %d |" % (
                    name, label, report["total_cycles"],
                    "-" if ideal else report["over_sync_cycles"],
                    "-" if ideal else report["races"],
                    report["dynamic_instructions"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
