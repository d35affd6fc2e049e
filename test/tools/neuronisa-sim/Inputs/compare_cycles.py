#!/usr/bin/env python3
"""compare_cycles.py IDEAL.json REAL.json...: the ideal (dataflow-limit) run
must not take more cycles than any synchronized run of the same program."""
import json
import sys

ideal = json.load(open(sys.argv[1]))
assert ideal["mode"] == "ideal", ideal["mode"]
for path in sys.argv[2:]:
    real = json.load(open(path))
    assert real["mode"] == "synchronized"
    if ideal["total_cycles"] > real["total_cycles"]:
        sys.exit("FAIL: ideal %d > %s %d" % (ideal["total_cycles"], path,
                                              real["total_cycles"]))
    print("ok: ideal %d <= %d (%s)" % (ideal["total_cycles"],
                                        real["total_cycles"], real["kernel"]))
