#!/usr/bin/env python3
"""Rewrites the out: arguments of a kernel's argument list (as
neuronisa-kernel-ref writes them in DIR/args) so that one run writes its
outputs and another compares with them:

  outargs.py write PREFIX ARG...   out:SHAPE[...] -> out:SHAPE:PREFIX.argN.npy
  outargs.py expect PREFIX ARG...  out:SHAPE[...] -> out:SHAPE::expect=PREFIX.argN.npy

N counts the arguments from 1; the other arguments are printed unchanged.
"""

import sys


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("write", "expect"):
        sys.exit(__doc__)
    mode, prefix, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    out = []
    for n, a in enumerate(args, 1):
        if a.startswith("out:"):
            shape = a.split(":")[1]
            f = "%s.arg%d.npy" % (prefix, n)
            a = ("out:%s:%s" if mode == "write" else "out:%s::expect=%s") % (
                shape, f)
        out.append(a)
    print(" ".join(out))


if __name__ == "__main__":
    main()
