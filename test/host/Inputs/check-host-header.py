#!/usr/bin/env python3
"""Checks the host neuronisa.h against neuronisa-builtins.json:

  check-host-header.py JSON HEADER [NM]

every builtin has exactly one declaration, whose parameters are those of
the table (a tile: `void *` or, when only read, `const void *`; a float:
`float`; an int or a semaphore: `int`; `...` for the optional completion
semaphore), and the header declares nothing else. With NM (the output of
`nm -D --defined-only` on neuronisa-host-run), every builtin is also a
function the runner defines and exports, and it exports no other
neuronisa_ symbol.
"""
import json
import re
import sys


def expected_params(b):
    params = []
    for a in b["args"]:
        if a["kind"] == "tile":
            params.append(("const void *" if a["access"] == "read"
                           else "void *") + a["name"])
        elif a["kind"] == "float":
            params.append("float " + a["name"])
        else:
            params.append("int " + a["name"])
    if b["completion_semaphore"]:
        params.append("...")
    return ", ".join(params) or "void"


def main():
    table = json.load(open(sys.argv[1]))
    header = open(sys.argv[2]).read()
    decls = re.findall(r"^void (neuronisa_\w+)\((.*)\);$", header, re.M)
    found = {}
    for name, params in decls:
        found.setdefault(name, []).append(params)
    bad = False
    for b in table["builtins"]:
        got = found.pop(b["c_name"], [])
        if got != [expected_params(b)]:
            print("%s: declared %r, expected (%s)" %
                  (b["c_name"], got, expected_params(b)))
            bad = True
    for name in found:
        print("%s: declared but not in the table" % name)
        bad = True
    if len(sys.argv) > 3:
        syms = re.findall(r"^\S+ T (neuronisa_\w+)$", open(sys.argv[3]).read(),
                          re.M)
        names = [b["c_name"] for b in table["builtins"]]
        for n in sorted(set(names) - set(syms)):
            print("%s: not defined by the runner" % n)
            bad = True
        for n in sorted(set(syms) - set(names)):
            print("%s: exported by the runner but not a builtin" % n)
            bad = True
    if bad:
        return 1
    print("ok: %d builtins, one declaration%s each" %
          (len(table["builtins"]),
           " and one exported definition" if len(sys.argv) > 3 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
