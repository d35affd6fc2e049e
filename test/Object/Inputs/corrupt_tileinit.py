#!/usr/bin/env python3
"""Writes damaged copies of an object's .neuronisa.tileinit section:
corrupt_tileinit.py IN.o OUTDIR.

IN.o must be MC/NeuronISA/tile-init-directive.s assembled: two records, of
tile 0 (2 partitions of 4 elements) and tile 1. Each
OUTDIR/tileinit-<name>.o has one defect (see DAMAGE); bad-tileinit.test
checks the message every reader gives for it.
"""
import os
import sys

from corrupt import put, sections

# Section header fields (ELF32): sh_offset is word 4, sh_size word 5.
SIZE_FIELD = 4 * 5


def tileinit(d):
    return sections(d)[".neuronisa.tileinit"]


def at(d):
    return tileinit(d)[1][4]  # sh_offset


FIRST = 12  # the first record: tile, partition, element, count, 2 words
SECOND = FIRST + 16 + 8

DAMAGE = {
    # The section cut to 8 bytes: not even the header is whole.
    "short": lambda d: put(d, tileinit(d)[0] + SIZE_FIELD, "<I", 8),
    "magic": lambda d: put(d, at(d), "4s", b"NITX"),
    "version": lambda d: put(d, at(d) + 4, "<H", 2),
    # One record more than the section holds.
    "count": lambda d: put(d, at(d) + 8, "<I", 3),
    # More words than the section holds.
    "words": lambda d: put(d, at(d) + SECOND + 12, "<I", 9),
    "tile": lambda d: put(d, at(d) + FIRST, "<I", 2),
    "partition": lambda d: put(d, at(d) + FIRST + 4, "<I", 2),
    "element": lambda d: put(d, at(d) + FIRST + 8, "<I", 3),
    # One record fewer than the section holds: bytes left over.
    "trailing": lambda d: put(d, at(d) + 8, "<I", 1),
}


def main():
    src, out = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        good = f.read()
    if ".neuronisa.tileinit" not in sections(good):
        sys.exit("error: %s has no .neuronisa.tileinit section" % src)
    os.makedirs(out, exist_ok=True)
    for name, damage in DAMAGE.items():
        with open(os.path.join(out, "tileinit-%s.o" % name), "wb") as f:
            f.write(damage(good))


if __name__ == "__main__":
    main()
