#!/usr/bin/env python3
"""Object round trip of one kernel, in each synchronization mode.

  roundtrip.py --llc "LLC" --out DIR [--modes barrier,precise,none]
               [--sim-args "ARGS"] KERNEL.ll

For every mode:
  1. llc writes KERNEL.s and, with -filetype=obj, KERNEL.o;
  2. neuronisa-asm -filetype=obj assembles KERNEL.s into the same bytes;
  3. neuronisa-objdump -d KERNEL.o prints assembly (no diagnostics) that
     neuronisa-asm assembles into the same bytes again, and whose
     instructions are llc's, branch targets included;
  4. with --sim-args, neuronisa-sim gives the same report, messages and exit
     status for KERNEL.o as for KERNEL.s (instructions are named by line in
     one and by .text offset in the other, so those names are masked).
Prints one summary line per mode; any difference is an error with details.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

BRANCHES = {"b", "beq", "bne", "blt", "bge", "bltu", "bgeu"}


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return p


def must(cmd):
    p = run(cmd)
    if p.returncode != 0:
        sys.exit("error: '%s' failed (%d):\n%s" %
                 (" ".join(cmd), p.returncode, p.stderr))
    return p


def same_bytes(a, b, what):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        da, db = fa.read(), fb.read()
    if da != db:
        first = next((i for i in range(min(len(da), len(db)))
                      if da[i] != db[i]), min(len(da), len(db)))
        sys.exit("error: %s: %s and %s differ (sizes %d, %d; first at byte "
                 "%d)" % (what, a, b, len(da), len(db), first))
    return len(da)


def instructions(path):
    """The instructions of an assembly file as (mnemonic, operands) with
    branch labels replaced by the index of the instruction they label."""
    insts, labels, pending = [], {}, []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            while True:
                m = re.match(r"^([\w.$]+):\s*(.*)$", line)
                if not m:
                    break
                pending.append(m.group(1))
                line = m.group(2)
            if not line or line.startswith("."):
                continue
            for lab in pending:
                labels[lab] = len(insts)
            pending = []
            parts = line.split(None, 1)
            ops = [o.strip() for o in parts[1].split(",")] if len(parts) > 1 \
                else []
            insts.append((parts[0], ops))
    for lab in pending:
        labels[lab] = len(insts)
    out = []
    for mnem, ops in insts:
        if mnem in BRANCHES and ops:
            target = ops[-1]
            if target not in labels:
                sys.exit("error: %s: branch to unknown label %s" %
                         (path, target))
            ops = ops[:-1] + ["@%d" % labels[target]]
        out.append((mnem, ops))
    return out


def mask_places(text):
    return re.sub(r"\((line \d+|\.text\+0x[0-9a-f]+)\)", "(<inst>)", text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llc", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--modes", default="barrier,precise,none")
    ap.add_argument("--sim-args")
    ap.add_argument("kernel")
    a = ap.parse_args()
    llc = shlex.split(a.llc)
    os.makedirs(a.out, exist_ok=True)
    for mode in a.modes.split(","):
        base = os.path.join(a.out, mode)
        s, o = base + ".s", base + ".o"
        cc = llc + ["-mtriple=neuronisa", "-neuronisa-sync=" + mode, a.kernel]
        must(cc + ["-o", s])
        must(cc + ["-filetype=obj", "-o", o])
        must(["neuronisa-asm", "-filetype=obj", s, "-o", base + ".asm.o"])
        size = same_bytes(o, base + ".asm.o", "llc and neuronisa-asm")
        dis = must(["neuronisa-objdump", "-d", o])
        if dis.stderr:
            sys.exit("error: neuronisa-objdump reported:\n" + dis.stderr)
        with open(base + ".dis.s", "w") as f:
            f.write(dis.stdout)
        must(["neuronisa-asm", "-filetype=obj", base + ".dis.s",
              "-o", base + ".dis.o"])
        same_bytes(o, base + ".dis.o", "object and reassembled disassembly")
        want, got = instructions(s), instructions(base + ".dis.s")
        if want != got:
            for i, (w, g) in enumerate(zip(want, got)):
                if w != g:
                    sys.exit("error: instruction %d: llc printed %s, "
                             "disassembly %s" % (i, w, g))
            sys.exit("error: %d instructions printed by llc, %d disassembled"
                     % (len(want), len(got)))
        line = "%s: %d instructions, %d-byte object, round trip identical" % (
            mode, len(want), size)
        if a.sim_args is not None:
            args = shlex.split(a.sim_args)
            rs = run(["neuronisa-sim", s] + args)
            ro = run(["neuronisa-sim", o] + args)
            for what, x, y in [("report", rs.stdout, ro.stdout),
                               ("messages", rs.stderr, ro.stderr)]:
                if mask_places(x) != mask_places(y):
                    sys.exit("error: simulation %s differ:\n--- %s\n%s\n"
                             "--- %s\n%s" % (what, s, x, o, y))
            if rs.returncode != ro.returncode:
                sys.exit("error: simulation exit status %d for %s, %d for %s"
                         % (rs.returncode, s, ro.returncode, o))
            cycles = re.search(r"total cycles: (\d+)", rs.stdout)
            line += ", simulation identical (%s cycles, exit %d)" % (
                cycles.group(1) if cycles else "no", rs.returncode)
        print(line)


if __name__ == "__main__":
    main()
