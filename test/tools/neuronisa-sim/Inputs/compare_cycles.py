#!/usr/bin/env python3
"""compare_cycles.py A.json B.json...: the run A (neuronisa-sim
--report=json) must not take more cycles than any of the runs B.

A is typically the dataflow limit (--ideal) and B synchronized runs of the
same program, or a precise run and B the barrier run of the same kernel.
Prints one "ok: MODE-OF-A CYCLES <= CYCLES (KERNEL-OF-B)" line per B."""
import json
import sys

if len(sys.argv) < 3:
    sys.exit("usage: compare_cycles.py A.json B.json...")
first = json.load(open(sys.argv[1]))
for path in sys.argv[2:]:
    other = json.load(open(path))
    if first["total_cycles"] > other["total_cycles"]:
        sys.exit("FAIL: %s %s %d > %s %d"
                 % (first["mode"], sys.argv[1], first["total_cycles"], path,
                    other["total_cycles"]))
    print("ok: %s %d <= %d (%s)" % (first["mode"], first["total_cycles"],
                                    other["total_cycles"], other["kernel"]))
