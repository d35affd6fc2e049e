#!/usr/bin/env python3
"""Mutation test: damaged kernels and assembly never crash the tools.

From every kernel (kernels/*.ll) and every seed assembly file
(fuzz/corpus/asm/*.s), makes --per-file mutants with a fixed seed, each with
one change a user could make by mistake, kept valid as LLVM IR or as
assembly syntax so that it reaches the checks behind the parser:

  IR (through llc -O2):  an i32 argument of a builtin call set to an extreme
    (0, -1, 129, 2^16, 2^31 - 1, -2^31); a float argument made double or
    i32; an argument dropped or added; a tile operand moved past its tile
    (a constant GEP) or cast to another address space; a call to another
    builtin of the module; a tile global resized (0, 129, 2^16 elements per
    partition); a call deleted.
  assembly (through neuronisa-asm and neuronisa-sim):  an immediate or a tile
    offset set to an extreme (up to +-2^63), a register or semaphore out of
    range, an operand dropped or repeated, the mnemonic of another line.

Each run must succeed or end in an `error:` (no_crash.py). The last line is
the summary; the exit status is 1 if anything crashed.

  mutation_test.py --llc "llc --load=build/lib/libNeuronISA.so" \
      --bin build/bin [--per-file 12] [--seed 1] [-j 2]
"""
import argparse
import concurrent.futures
import glob
import os
import random
import re
import shlex
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from no_crash import classify  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTREME_I32 = ["0", "-1", "129", "65536", "2147483647", "-2147483648"]
EXTREME_IMM = ["0", "-1", "129", "65536", "4294967296", "0x7fffffff",
               "-9223372036854775808", "9223372036854775807"]
CALL = re.compile(r"^(\s*call void )(@neuronisa\.[\w.]+)\((.*)\)\s*$")
TILE_GLOBAL = re.compile(r"^(@\w+\s*=.*global \[)(\d+) x \[(\d+) x float\]\]"
                         r"(.*)\[(\d+) x \[(\d+) x float\]\](.*)$")


def split_args(text):
    return [a.strip() for a in text.split(", ")] if text.strip() else []


def mutate_ir(lines, rng):
    """One valid-IR mutation of a kernel; returns (what, lines) or None."""
    calls = [k for k, l in enumerate(lines) if CALL.match(l)]
    globals_ = [k for k, l in enumerate(lines) if TILE_GLOBAL.match(l)]
    kind = rng.choice(["i32", "i32", "float", "count", "gep", "cast",
                       "callee", "resize", "delete"])
    out = list(lines)
    if kind == "resize":
        if not globals_:
            return None
        k = rng.choice(globals_)
        m = TILE_GLOBAL.match(lines[k])
        p, f = m.group(2), rng.choice(["0", "129", "65536"])
        if rng.random() < 0.5:
            p, f = rng.choice(["0", "129", "1024"]), m.group(3)
        out[k] = "%s%s x [%s x float]]%s[%s x [%s x float]]%s" % (
            m.group(1), p, f, m.group(4), p, f, m.group(7))
        return "resize %s" % out[k].split()[0], out
    if not calls:
        return None
    k = rng.choice(calls)
    m = CALL.match(lines[k])
    head, callee, args = m.group(1), m.group(2), split_args(m.group(3))
    if kind == "delete":
        del out[k]
        return "delete call %d" % (k + 1), out
    if kind == "callee":
        others = sorted({CALL.match(lines[c]).group(2) for c in calls} -
                        {callee})
        if not others:
            return None
        callee = rng.choice(others)
    elif kind == "count":
        if args and rng.random() < 0.5:
            args.pop()
        else:
            args.append("i32 " + rng.choice(EXTREME_I32))
    else:
        want = {"i32": "i32 ", "float": "float ", "gep": "ptr addrspace(2) @",
                "cast": "ptr addrspace("}[kind]
        idx = [i for i, a in enumerate(args) if a.startswith(want)]
        if not idx:
            return None
        i = rng.choice(idx)
        ty, val = args[i].rsplit(" ", 1)
        if kind == "i32":
            args[i] = "i32 " + rng.choice(EXTREME_I32)
        elif kind == "float":
            args[i] = rng.choice(["double " + val, "i32 1"])
        elif kind == "gep":
            off = rng.choice(["4", "1024", "65536", "-4", "2147483644"])
            args[i] = ("ptr addrspace(2) getelementptr (i8, ptr addrspace(2) "
                       "%s, i32 %s)" % (val, off))
        else:
            space = rng.choice(["0", "1", "2", "3", "5"])
            args[i] = "ptr addrspace(%s) addrspacecast (%s %s to " \
                      "ptr addrspace(%s))" % (space, ty, val, space)
    out[k] = "%s%s(%s)" % (head, callee, ", ".join(args))
    return "%s on line %d" % (kind, k + 1), out


INSTR = re.compile(r"^(\s+)([a-z][\w.]*)(\s+)(.*)$")


def mutate_asm(lines, rng):
    """One mutation of an instruction line; returns (what, lines) or None."""
    instrs = [k for k, l in enumerate(lines)
              if INSTR.match(l) and not l.strip().startswith((".", "#"))]
    if not instrs:
        return None
    k = rng.choice(instrs)
    m = INSTR.match(lines[k])
    ops = [o.strip() for o in m.group(4).split("#")[0].split(",")]
    kind = rng.choice(["imm", "imm", "offset", "reg", "sem", "drop", "repeat",
                       "mnemonic"])
    if kind == "imm":
        idx = [i for i, o in enumerate(ops) if re.fullmatch(r"-?(0x)?[\da-f]+", o)]
        if not idx:
            return None
        ops[rng.choice(idx)] = rng.choice(EXTREME_IMM)
    elif kind == "offset":
        idx = [i for i, o in enumerate(ops) if o.startswith("[")]
        if not idx:
            return None
        i = rng.choice(idx)
        ops[i] = re.sub(r"\+.*\]", "+%s]" % rng.choice(EXTREME_IMM), ops[i])
    elif kind == "reg":
        idx = [i for i, o in enumerate(ops) if re.search(r"\br\d+", o)]
        if not idx:
            return None
        i = rng.choice(idx)
        ops[i] = re.sub(r"\br\d+", rng.choice(["r32", "r63", "r4096"]), ops[i],
                        count=1)
    elif kind == "sem":
        idx = [i for i, o in enumerate(ops) if re.fullmatch(r"s\d+", o)]
        if not idx:
            return None
        ops[rng.choice(idx)] = rng.choice(["s256", "s65535", "s4294967296"])
    elif kind == "drop":
        ops.pop(rng.randrange(len(ops)))
    elif kind == "repeat":
        ops.insert(rng.randrange(len(ops) + 1), rng.choice(ops))
    else:
        other = INSTR.match(lines[rng.choice(instrs)]).group(2)
        if other == m.group(2):
            return None
        m = INSTR.match(lines[k].replace(m.group(2), other, 1))
    out = list(lines)
    out[k] = "%s%s%s%s" % (m.group(1), m.group(2), m.group(3), ", ".join(ops))
    return "%s on line %d" % (kind, k + 1), out


def mutants(path, mutate, count, seed):
    lines = open(path).read().split("\n")
    rng = random.Random("%s:%d" % (os.path.basename(path), seed))
    made, tries = [], 0
    while len(made) < count and tries < 50 * count:
        tries += 1
        r = mutate(lines, rng)
        if r and r[1] != lines:
            made.append(r)
    return made


# Kernel arguments for the simulator: three HBM buffers, two scalars.
SIM_ARGS = ["out:65536", "out:65536", "out:65536", "1", "1",
            "--max-instructions=20000", "--report=none"]


def run_one(job, args):
    path, what, text, tools = job
    results = []
    with open(path, "w") as f:
        f.write(text)
    for tool in tools:
        kind, detail = classify(tool + [path])
        results.append((kind, detail, " ".join(tool + [path])))
    return job, results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--llc", required=True, help="llc with the plugin")
    ap.add_argument("--bin", required=True, help="neuronisa-asm and -sim")
    ap.add_argument("--per-file", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--keep", help="keep the mutants in this directory")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="neuronisa-mutants-")
    os.makedirs(work, exist_ok=True)
    llc = shlex.split(args.llc) + ["-mtriple=neuronisa", "-O2", "-o",
                                   os.devnull]
    asm = [os.path.join(args.bin, "neuronisa-asm"), "-o", os.devnull]
    sim = [os.path.join(args.bin, "neuronisa-sim")] + SIM_ARGS
    jobs = []
    for pattern, mutate, tools in [
            ("kernels/*.ll", mutate_ir, [llc]),
            ("fuzz/corpus/asm/*.s", mutate_asm, [asm, sim])]:
        for src in sorted(glob.glob(os.path.join(ROOT, pattern))):
            base, ext = os.path.splitext(os.path.basename(src))
            for n, (what, lines) in enumerate(
                    mutants(src, mutate, args.per_file, args.seed)):
                path = os.path.join(work, "%s.m%d%s" % (base, n, ext))
                jobs.append((path, "%s: %s" % (os.path.basename(src), what),
                             "\n".join(lines), tools))
    counts = {"ok": 0, "error": 0, "crash": 0}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for job, results in pool.map(lambda j: run_one(j, args), jobs):
            for kind, detail, cmd in results:
                counts[kind] += 1
                if kind == "crash":
                    print("CRASH: %s\n  %s\n%s" % (job[1], cmd, detail))
    if not args.keep and not counts["crash"]:
        shutil.rmtree(work)
    print("summary: %d mutants, %d runs: %d succeeded, %d errors, %d crashes"
          % (len(jobs), sum(counts.values()), counts["ok"], counts["error"],
             counts["crash"]))
    return 1 if counts["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
