#!/usr/bin/env python3
"""Synchronization mutants of a NeuronISA object, made on its bytes.

Each mutant changes one instruction of .text after the compiler is done
(docs/ISA.md, "Encoding"), as a bug after the synchronization pass or in
the object writer would:

  wait-minus   a wait's threshold (or offset) one lower
  wait-plus    ... one higher
  drop-wait    a wait replaced by nop
  swap-sem     a wait on another semaphore (the next one the kernel uses)
  drop-inc     a data-path instruction that increments no semaphore (snone)
  move-wait    a wait moved after the next instruction of its engine
  drop-ret     a ret replaced by nop (control runs off the end)

  sync_mutants.py list IN.o                 # one line per mutant: its name
  sync_mutants.py make IN.o NAME OUT.o      # writes that mutant
"""
import struct
import sys

NOP = 0x63 << 8
RET_OPC = 0x87
WAIT, WAITR = 1, 2
SNONE = 256


def text_section(data):
    """(offset, size) of .text in an ELF32 little-endian object."""
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2e)
    def sh(i):
        return struct.unpack_from("<10I", data, shoff + i * shentsize)
    stroff = sh(shstrndx)[4]
    for i in range(shnum):
        h = sh(i)
        name = data[stroff + h[0]:data.index(b"\0", stroff + h[0])]
        if name == b".text":
            return h[4], h[5]
    raise SystemExit("error: no .text section")


def instructions(data):
    """[(offset, size, word0)] of .text."""
    off, size = text_section(data)
    out, p = [], off
    while p < off + size:
        w, = struct.unpack_from("<Q", data, p)
        n = 32 if (w >> 3) & 0x1f else 8
        out.append((p, n, w))
        p += n
    return out


def engine(w):
    return w & 7


def opcode(w):
    return (w >> 8) & 0xff


def is_wait(w):
    return engine(w) != 0 and (w >> 3) & 0x1f == 0 and opcode(w) in (WAIT, WAITR)


def is_data(w):
    return (w >> 3) & 0x1f != 0


def branch_targets(insts):
    targets = set()
    for p, n, w in insts:
        if engine(w) == 0 and 0x80 <= opcode(w) <= 0x86:
            rel = struct.unpack("<i", struct.pack("<I", w >> 32))[0]
            targets.add(p + 8 * rel)
    return targets


def mutants(data):
    insts = instructions(data)
    sems = sorted({(w >> 16) & 0xff for _, _, w in insts if is_wait(w)} |
                  {(w >> 16) & 0x1ff for _, _, w in insts if is_data(w)} - {SNONE})
    targets = branch_targets(insts)
    for k, (p, n, w) in enumerate(insts):
        if is_wait(w):
            yield "wait-minus@%#x" % p
            yield "wait-plus@%#x" % p
            yield "drop-wait@%#x" % p
            if len(sems) > 1:
                yield "swap-sem@%#x" % p
            # The next instruction of its engine, with no label in between.
            for q, m, v in insts[k + 1:]:
                if q in targets or (engine(v) == 0 and opcode(v) >= 0x80):
                    break
                if engine(v) == engine(w):
                    if is_data(v):
                        yield "move-wait@%#x" % p
                    break
        elif is_data(w) and (w >> 16) & 0x1ff != SNONE:
            yield "drop-inc@%#x" % p
        elif engine(w) == 0 and opcode(w) == RET_OPC:
            yield "drop-ret@%#x" % p


def make(data, name):
    data = bytearray(data)
    kind, at = name.split("@")
    p = int(at, 16)
    insts = instructions(bytes(data))
    k = [i for i, x in enumerate(insts) if x[0] == p][0]
    w = insts[k][2]
    if kind in ("wait-minus", "wait-plus"):
        imm = (w >> 32) + (1 if kind == "wait-plus" else -1)
        w = (w & 0xffffffff) | ((imm & 0xffffffff) << 32)
    elif kind in ("drop-wait", "drop-ret"):
        w = NOP
    elif kind == "swap-sem":
        sems = sorted({(v >> 16) & 0xff for _, _, v in insts if is_wait(v)} |
                      {(v >> 16) & 0x1ff for _, _, v in insts if is_data(v)} - {SNONE})
        s = (w >> 16) & 0xff
        t = sems[(sems.index(s) + 1) % len(sems)]
        w = (w & ~(0xff << 16)) | (t << 16)
    elif kind == "drop-inc":
        w = (w & ~(0x1ff << 16)) | (SNONE << 16)
    elif kind == "move-wait":
        e = engine(w)
        j = next(i for i in range(k + 1, len(insts)) if engine(insts[i][2]) == e)
        q, m, _ = insts[j]
        # The instructions from the wait to that one, the wait last.
        moved = bytes(data[p + 8:q + m]) + bytes(data[p:p + 8])
        data[p:q + m] = moved
        return bytes(data)
    struct.pack_into("<Q", data, p, w)
    return bytes(data)


def main(argv):
    if len(argv) >= 3 and argv[1] == "list":
        for m in mutants(open(argv[2], "rb").read()):
            print(m)
        return 0
    if len(argv) == 5 and argv[1] == "make":
        open(argv[4], "wb").write(make(open(argv[2], "rb").read(), argv[3]))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
