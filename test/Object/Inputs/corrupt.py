#!/usr/bin/env python3
"""Writes damaged copies of a NeuronISA object: corrupt.py IN.o OUTDIR.

Each OUTDIR/<name>.o has one defect (see DAMAGE); bad-input.test checks the
message every reader gives for it.
"""
import os
import struct
import sys


def sections(d):
    shoff, = struct.unpack_from("<I", d, 0x20)
    shnum, shstrndx = struct.unpack_from("<HH", d, 0x30)
    hdrs = [struct.unpack_from("<10I", d, shoff + 40 * i) for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for i, h in enumerate(hdrs):
        name = d[stroff + h[0]:d.index(b"\0", stroff + h[0])].decode()
        out[name] = (shoff + 40 * i, h)
    return out


def text(d):
    return sections(d)[".text"][1][4]  # sh_offset


def put(d, off, fmt, *v):
    d = bytearray(d)
    struct.pack_into(fmt, d, off, *v)
    return bytes(d)


def meta(d):
    return sections(d)[".neuronisa.meta"][1][4]  # sh_offset


def kernels(d):
    return struct.unpack_from("<I", d, meta(d) + 8)[0]


def first_branch(d):
    start = text(d)
    size = sections(d)[".text"][1][5]
    off = 0
    while off < size:
        b0, opc = d[start + off], d[start + off + 1]
        if b0 >> 3:
            off += 32
            continue
        if 0x80 <= opc <= 0x86:
            return start + off
        off += 8
    sys.exit("no branch in the object")


def first_data(d):
    start = text(d)
    off = 0
    while not d[start + off] >> 3:
        off += 8
    return start + off


DAMAGE = {
    "not-elf": lambda d: b"NeuronISA" + d[9:],
    "elf64": lambda d: put(d, 4, "B", 2),
    "big-endian": lambda d: put(d, 5, "B", 2),
    "wrong-machine": lambda d: put(d, 0x12, "<H", 0x3E),
    "executable": lambda d: put(d, 0x10, "<H", 2),
    "short-header": lambda d: d[:30],
    "truncated": lambda d: d[:len(d) // 2],
    "section-past-end": lambda d: put(
        d, sections(d)[".text"][0] + 16, "<I", len(d) + 64),
    "no-text": lambda d: d.replace(b"\0.text\0", b"\0.code\0"),
    "text-nobits": lambda d: put(d, sections(d)[".text"][0] + 4, "<I", 8),
    # Opcode 0xff on engine 0: no instruction.
    "bad-opcode": lambda d: put(d, text(d) + 1, "B", 0xFF),
    # Completion semaphore 511 (only 0-256 exist).
    "bad-semaphore": lambda d: put(d, first_data(d) + 2, "<H",
                                   struct.unpack_from("<H", d, first_data(d) + 2)[0] | 0x1FF),
    # A partition count of 0 (the first data-path instruction is the
    # dma.load whose third 32-bit slot, byte 16, is its partition count):
    # the fields decode, but the assembler would reject them.
    "zero-partitions": lambda d: put(d, first_data(d) + 16, "<I", 0),
    # A data-path instruction cut after its first word.
    "truncated-text": lambda d: put(
        d, sections(d)[".text"][0] + 20, "<I", first_data(d) - text(d) + 8),
    # The kernel metadata section renamed away.
    "no-metadata": lambda d: d.replace(b"\0.neuronisa.meta\0",
                                       b"\0.neuronisa.misc\0"),
    # Its magic number damaged.
    "bad-metadata-magic": lambda d: put(d, meta(d), "4s", b"NIMX"),
    # More tiles than the section holds.
    "bad-metadata-count": lambda d: put(d, meta(d) + 12, "<I", 1 << 20),
    # A kernel name that runs past the end of the section.
    "bad-metadata-name": lambda d: put(d, meta(d) + 16, "<I", 1 << 16),
    # A tile in a memory other than SBUF (0) and PSUM (1).
    "bad-metadata-memory": lambda d: put(d, meta(d) + 16 + 16 * kernels(d) + 4,
                                         "<I", 7),
    # A tile outside the machine's SBUF.
    "tile-outside-sbuf": lambda d: put(d, meta(d) + 16 + 16 * kernels(d) + 8,
                                       "<I", 0x300000),
    # A branch 2^20 words away.
    "bad-branch": lambda d: put(d, first_branch(d) + 4, "<i", 1 << 20),
    # A branch into the second word of a four-word instruction.
    "mid-branch": lambda d: put(d, first_branch(d) + 4, "<i",
                                (first_data(d) + 8 - first_branch(d)) // 8),
}

if __name__ == "__main__":
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    data = open(src, "rb").read()
    for name, f in DAMAGE.items():
        open(os.path.join(out, name + ".o"), "wb").write(f(data))
