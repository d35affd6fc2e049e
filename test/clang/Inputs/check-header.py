"""Checks neuronisa.h against the instruction definitions.

Reads `llvm-tblgen --print-records` of NeuronISA.td on stdin: every record
with a BuiltinName is a builtin. Each must have declarations in the header
(argv[1]) that call @neuronisa.<name>, without and (for a data-path
instruction, which has a completion semaphore) with the trailing `int sem`;
and the header must declare nothing else.
"""
import re
import sys

records = sys.stdin.read()
builtins = {}
for rec in re.finditer(r"^def (\w+) \{[^\n]*\n(.*?)^\}", records, re.S | re.M):
    body = rec.group(2)
    m = re.search(r'string BuiltinName = "([^"]+)";', body)
    if m:
        # A data-path instruction ends with its completion semaphore.
        builtins[m.group(1)] = "SEMOPT:$sem" in body

header = open(sys.argv[1]).read()
decls = re.findall(r'void (\w+)\(([^)]*)\) __asm__\("neuronisa\.([^"]+)"\);',
                   header)
declared = {}
for cname, params, name in decls:
    declared.setdefault(name, []).append(params)

bad = False
for name, has_sem in sorted(builtins.items()):
    overloads = declared.get(name, [])
    if not overloads:
        print("missing: no declaration of builtin '%s'" % name)
        bad = True
        continue
    with_sem = [p for p in overloads if p.endswith("int sem")]
    if has_sem and not with_sem:
        print("missing: no declaration of '%s' with its semaphore" % name)
        bad = True
    if len(with_sem) == len(overloads) and has_sem:
        print("missing: no declaration of '%s' without its semaphore" % name)
        bad = True
for name in sorted(set(declared) - set(builtins)):
    print("stale: '%s' is declared but is no builtin" % name)
    bad = True
if not bad:
    print("ok: %d builtins, %d declarations" % (len(builtins), len(decls)))
sys.exit(1 if bad else 0)
