#!/usr/bin/env python3
"""Writes assembly whose .text is N pseudo-random 64-bit words (seeded):
random_words.py SEED N > out.s. Half the words are uniformly random; the
others get a plausible header (an engine, format 0 or a data-path format,
a small opcode) and mostly zero unused bits, so that some of them are
instructions and the disassembler's decoding paths are exercised."""
import random
import sys

seed, n = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(seed)
print("\t.text")
for i in range(n):
    if r.random() < 0.5:
        w = r.getrandbits(64)
    else:
        engine = r.randrange(8)
        fmt = 0 if r.random() < 0.6 else r.randrange(32)
        opcode = r.choice([r.randrange(8), 0x20 + r.randrange(20),
                           0x40 + r.randrange(16), 0x60 + r.randrange(5),
                           0x80 + r.randrange(9)])
        # Register and semaphore fields (bits 16-30) or anything.
        body = r.getrandbits(r.choice([5, 10, 13, 15])) << 16 \
            if r.random() < 0.8 else r.getrandbits(48) << 16
        imm = r.getrandbits(32) << 32 if r.random() < 0.5 else 0
        w = (engine | fmt << 3 | opcode << 8 | body | imm) & (2**64 - 1)
    print("\t.byte\t" + ",".join(str((w >> (8 * k)) & 0xFF) for k in range(8)))
