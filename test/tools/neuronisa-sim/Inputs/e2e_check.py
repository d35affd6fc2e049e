#!/usr/bin/env python3
"""e2e_check.py [--le] RUN.json...: every run finished with zero races and
matching outputs; with --le, the runs' total cycles are also non-decreasing
in the order given (e.g. ideal <= precise <= barrier, same latencies)."""
import json
import sys

args = sys.argv[1:]
le = args and args[0] == "--le"
if le:
    args = args[1:]
prev = None
for path in args:
    r = json.load(open(path))
    name = "%s %s" % (r["kernel"], path.rsplit("/", 1)[-1])
    if r["status"] != "finished":
        sys.exit("FAIL: %s: status %s" % (name, r["status"]))
    if r["mode"] != "ideal" and r["races"] != 0:
        sys.exit("FAIL: %s: %s races" % (name, r["races"]))
    for o in r["outputs"]:
        if o.get("expect") is not None and not o["match"]:
            sys.exit("FAIL: %s: output arg%d does not match" % (name, o["arg"]))
    if le and prev is not None and prev[1] > r["total_cycles"]:
        sys.exit("FAIL: %s %d cycles > %s %d cycles" %
                 (prev[0], prev[1], name, r["total_cycles"]))
    print("ok: %s: %d cycles, %s races, over-sync %s" %
          (name, r["total_cycles"], r["races"], r["over_sync_cycles"]))
    prev = (name, r["total_cycles"])
