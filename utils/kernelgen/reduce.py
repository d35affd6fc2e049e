"""Reduce a failing random kernel to a small reproducer.

With --gen-seed S (and the generator's options) the program is regenerated
by random_kernels.py and whole statements (loops, ifs, operations) are
deleted through the generator's --skip list, largest first, while the failure
persists. Then (and for a plain .ll input) builtin calls are deleted one at a
time, and unused address computations and declarations are dropped.

A failure is checked by compiling with llc in MODE and running neuronisa-sim
with the given kernel arguments (HBM inputs are generated as the
differential test generates them):
  race      the simulation reports a race
  oversync  precise-mode over-synchronization cycles > 0
  error     llc or the simulator fails (non-zero exit, no race)
  mismatch  outputs differ from the --ideal run of the same assembly

Example:
  utils/reduce_kernel.py --llc "llc --load=build/lib/libNeuronISA.so" \\
      --sim build/bin/neuronisa-sim --mode precise --check oversync \\
      --args 0,0,1,0 k.ll -o small.ll
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from . import random_kernels
from .common import (builtins_argument, llc_command, random_inputs,
                     read_f32, same_bits, use_builtins, write_f32)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input", nargs="?")
    ap.add_argument("--gen-seed", type=int,
                    help="reduce utils/random_kernels.py --seed N")
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=40)
    ap.add_argument("--max-stmts", type=int, default=3)
    ap.add_argument("--no-dynamic-hbm", action="store_true")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--llc", required=True)
    ap.add_argument("--sim", required=True)
    ap.add_argument("--mode", default="precise")
    ap.add_argument("--check", default="oversync",
                    choices=["race", "oversync", "error", "mismatch"])
    ap.add_argument("--args", default="1,1,1,1",
                    help="scalar arguments n0,n1,n2,k")
    ap.add_argument("--jitter", type=int)
    ap.add_argument("--seed", type=int, default=0,
                    help="seed of the generated HBM inputs")
    builtins_argument(ap)
    a = ap.parse_args(argv)
    if a.gen_seed is not None:
        use_builtins(a.builtins)
    llc = llc_command(a.llc)
    work = tempfile.mkdtemp(prefix="neuronisa-reduce-")
    elems = random_kernels.BUF_ELEMS
    inputs = []
    for name, values in zip(random_kernels.INPUTS,
                            random_inputs(a.seed, len(random_kernels.INPUTS),
                                          elems)):
        p = os.path.join(work, name + ".npy")
        write_f32(p, values)
        inputs.append(p)
    scal = a.args.split(",")

    def fails(text):
        ll = os.path.join(work, "t.ll")
        s = os.path.join(work, "t.s")
        with open(ll, "w") as f:
            f.write(text)
        p = subprocess.run(llc + ["-verify-machineinstrs",
                                  "-neuronisa-sync=" + a.mode, ll, "-o", s],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        if p.returncode != 0:
            return a.check == "error" and "needs a stack" not in p.stderr
        outs = [os.path.join(work, "o%d.npy" % i) for i in range(2)]
        cmd = [a.sim, s] + ["in:" + x for x in inputs] + \
            ["out:%d:%s" % (elems, o) for o in outs] + scal + \
            ["--report=json", "--max-instructions=2000000"]
        if a.jitter is not None:
            cmd.append("--jitter=%d" % a.jitter)
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE,
                               universal_newlines=True, timeout=60)
        except subprocess.TimeoutExpired:
            return a.check == "error"
        try:
            rep = json.loads(p.stdout)
        except ValueError:
            return a.check == "error"
        if a.check == "race":
            return (rep.get("races") or 0) > 0
        if a.check == "oversync":
            return (rep.get("over_sync_cycles") or 0) > 0 and \
                not rep.get("races")
        if a.check == "error":
            return p.returncode != 0 and not rep.get("races")
        got = [read_f32(o) for o in outs]
        refs = [os.path.join(work, "r%d.npy" % i) for i in range(2)]
        cmd2 = [x if x not in outs else refs[outs.index(x)] for x in cmd]
        cmd2 = [c.replace(outs[0], refs[0]).replace(outs[1], refs[1])
                for c in cmd2] + ["--ideal"]
        subprocess.run(cmd2, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return not all(same_bits(g, read_f32(x)) for g, x in zip(got, refs))

    if a.gen_seed is not None:
        def gen(skip):
            return random_kernels.generate(a.gen_seed, a.max_depth, a.max_ops,
                                  a.max_stmts, not a.no_dynamic_hbm,
                                  sorted(skip))
        text, meta = gen(())
        if not fails(text):
            print("the input does not fail", file=sys.stderr)
            return 1
        skip = set()
        n = meta["statements"]
        compound = set(meta["compound"])
        changed = True
        while changed:
            changed = False
            # Loops and ifs first (they remove the most), then the rest.
            for sid in sorted(range(n), key=lambda i: (i not in compound, i)):
                if sid in skip:
                    continue
                t, _ = gen(skip | {sid})
                if fails(t):
                    skip.add(sid)
                    changed = True
        text, _ = gen(skip)
        print("statements kept: %d of %d" % (n - len(skip), n),
              file=sys.stderr)
    else:
        text = open(a.input).read()
        if not fails(text):
            print("the input does not fail", file=sys.stderr)
            return 1
    lines = text.split("\n")
    changed = True
    while changed:
        changed = False
        idx = [i for i, l in enumerate(lines)
               if l.strip().startswith("call void @neuronisa.")]
        for i in reversed(idx):
            if i >= len(lines):
                continue
            trial = lines[:i] + lines[i + 1:]
            if fails("\n".join(trial)):
                lines = trial
                changed = True
    # Drop unused address computations and declarations.
    text = "\n".join(lines)
    while True:
        new_lines = []
        for l in text.split("\n"):
            m = re.match(r"\s*(%[ah]\d+) = getelementptr", l)
            if m and len(re.findall(re.escape(m.group(1)) + r"\b", text)) == 1:
                continue
            m = re.match(r"declare void @(neuronisa\.[\w.]+)\(", l)
            if m and text.count("@" + m.group(1) + "(") == 1:
                continue
            new_lines.append(l)
        nt = "\n".join(new_lines)
        if nt == text:
            break
        text = nt
    if not fails(text):
        print("warning: cleanup lost the failure; keeping calls-only "
              "reduction", file=sys.stderr)
        text = "\n".join(lines)
    with open(a.output, "w") as f:
        f.write(text)
    print("reduced to %d calls: %s" % (text.count("call void"), a.output))
    return 0
