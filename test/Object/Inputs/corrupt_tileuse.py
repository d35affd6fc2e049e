#!/usr/bin/env python3
"""Writes damaged copies of an object's .neuronisa.tileuse section:
corrupt_tileuse.py IN.o OUTDIR.

IN.o must have two tile-use records (Inputs/tile-uses.s). Each
OUTDIR/tileuse-<name>.o has one defect (see DAMAGE); bad-tileuse.test checks
the message every reader gives for it.
"""
import os
import struct
import sys

from corrupt import put, sections

# Section header fields (ELF32): sh_offset is word 4, sh_size word 5.
SIZE_FIELD = 4 * 5


def tileuse(d):
    return sections(d)[".neuronisa.tileuse"]


def at(d):
    return tileuse(d)[1][4]  # sh_offset


def record(d, i):
    return at(d) + 12 + 12 * i


DAMAGE = {
    # The section cut to 8 bytes: not even the header is whole.
    "short": lambda d: put(d, tileuse(d)[0] + SIZE_FIELD, "<I", 8),
    "magic": lambda d: put(d, at(d), "4s", b"NITX"),
    "version": lambda d: put(d, at(d) + 4, "<H", 2),
    # One record more than the section holds.
    "count": lambda d: put(d, at(d) + 8, "<I", 3),
    "operand": lambda d: put(d, record(d, 1) + 4, "<I", 7),
    # An operand that some instructions have, but not the copy.
    "operand-of-copy": lambda d: put(d, record(d, 1) + 4, "<I", 2),
    "tile": lambda d: put(d, record(d, 0) + 8, "<I", 2),
    # An offset inside the copy, not at an instruction boundary.
    "offset": lambda d: put(d, record(d, 0), "<I", 4),
}


def main():
    src, out = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        good = f.read()
    if ".neuronisa.tileuse" not in sections(good):
        sys.exit("error: %s has no .neuronisa.tileuse section" % src)
    os.makedirs(out, exist_ok=True)
    for name, damage in DAMAGE.items():
        with open(os.path.join(out, "tileuse-%s.o" % name), "wb") as f:
            f.write(damage(good))


if __name__ == "__main__":
    main()
