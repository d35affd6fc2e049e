#!/usr/bin/env python3
"""not-slower.py A.json B.json: the run of A (neuronisa-sim --report=json)
must not take more cycles than the run of B."""
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
if a["total_cycles"] > b["total_cycles"]:
    sys.exit("FAIL: %s %d > %s %d" % (sys.argv[1], a["total_cycles"],
                                       sys.argv[2], b["total_cycles"]))
print("ok: %d <= %d" % (a["total_cycles"], b["total_cycles"]))
