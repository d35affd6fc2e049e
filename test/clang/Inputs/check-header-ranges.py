"""Checks that neuronisa.h shows the range of every constant argument.

check-header-ranges.py HEADER JSON: for each builtin of the JSON table
(neuronisa-builtins.json, whose ranges a unit test checks against the
operand check), the comment above its declarations in the header must give
each argument that has a min and max as "NAME MIN-MAX" ("NAME MIN to MAX"
when MIN is negative), and the completion semaphore's range when it has
one. Prints "ok: N builtins, M ranges" or each missing range.
"""
import json
import re
import sys

header = open(sys.argv[1]).read()
table = json.load(open(sys.argv[2]))
comments = {m.group(1): m.group(2) for m in
            re.finditer(r"^/\* (\S+) \([a-z]+\): (.*?)\*/", header, re.S | re.M)}


def shown(lo, hi):
    return "%d%s%d" % (lo, " to " if lo < 0 else "-", hi)


bad, count = False, 0
for b in table["builtins"]:
    text = comments.get(b["name"])
    if text is None:
        print("error: no comment for %s" % b["name"])
        bad = True
        continue
    ranges = [(a["name"], a["min"], a["max"]) for a in b["args"] if "min" in a]
    sem = b.get("completion_semaphore")
    if sem:
        ranges.append((sem["name"], sem["min"], sem["max"]))
    for name, lo, hi in ranges:
        count += 1
        if not re.search(r"(^|[ ,])%s %s(,|$)" % (re.escape(name),
                                                re.escape(shown(lo, hi))),
                         text.replace("\n", " ").strip()):
            print("error: %s: %s %s not shown" % (b["name"], name,
                                                  shown(lo, hi)))
            bad = True
print("ok: %d builtins, %d ranges" % (len(table["builtins"]), count)
      if not bad else "failed")
sys.exit(1 if bad else 0)
