#!/usr/bin/env python3
"""llvm-stress smoke test: random IR through llc -mtriple=neuronisa.

For every seed, llvm-stress writes a random function (vectors, floats, i64,
allocas, loads and stores, branches). Two forms go to llc, at -O0 and -O2:
  raw     the module as generated (the kernel verifier's front door);
  scalar  after SROA (no allocas) and with the signature retyped to what a
          kernel takes (ptr addrspace(1) for the pointers, i32 for the
          integers), so that more of it reaches instruction selection;
          skipped when the retyped module is not valid IR.
Every compilation must compile or fail with an `error:` (no_crash.py); the
last line is a summary, the exit status 1 if anything crashed.

  llvm_stress_test.py --llc "llc --load=build/lib/libNeuronISA.so" \
      --seeds 1-100 [--size 40] [-j 2] [--keep DIR]
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from no_crash import classify  # noqa: E402

BIN = "/usr/lib/llvm-22/bin"
HEADER = re.compile(r"define void @(\w+)\((.*?)\) \{\nBB:\n")


def retype(text):
    """The scalar form's signature: pointers in HBM, integers as i32."""
    m = HEADER.search(text)
    if not m:
        return None
    params, entry = [], []
    for k, p in enumerate(m.group(2).split(", ")):
        ty, name = p.rsplit(" ", 1)
        if ty == "ptr":
            params.append("ptr addrspace(1) noalias " + name)
        elif ty == "i32":
            params.append(p)
        elif re.fullmatch(r"i\d+", ty):
            params.append("i32 %%arg%d" % k)
            op = "sext" if int(ty[1:]) > 32 else "trunc"
            entry.append("  %s = %s i32 %%arg%d to %s\n" % (name, op, k, ty))
        else:
            return None
    text = (text[:m.start()] + "define void @%s(%s) {\nBB:\n" %
            (m.group(1), ", ".join(params)) + "".join(entry) + text[m.end():])
    for k, p in enumerate(m.group(2).split(", ")):
        if p.startswith("ptr "):
            name = p.split(" ")[1]
            text = re.sub(r"ptr %s\b" % re.escape(name),
                          "ptr addrspace(1) " + name, text)
    return text


def run_seed(seed, args, work):
    d = os.path.join(work, "s%d" % seed)
    os.makedirs(d, exist_ok=True)
    raw = os.path.join(d, "raw.ll")
    subprocess.run([args.stress, "-seed=%d" % seed, "-size=%d" % args.size,
                    "-o", raw], check=True)
    forms = [("raw", raw)]
    opt = os.path.join(d, "sroa.ll")
    if subprocess.run([args.opt, "-passes=sroa", "-S", raw, "-o", opt],
                      stderr=subprocess.DEVNULL).returncode == 0:
        text = retype(open(opt).read())
        if text is not None:
            scalar = os.path.join(d, "scalar.ll")
            open(scalar, "w").write(text)
            if subprocess.run([args.opt, "-passes=verify", "-disable-output",
                               scalar], stderr=subprocess.DEVNULL
                              ).returncode == 0:
                forms.append(("scalar", scalar))
    results = []
    for name, path in forms:
        for level in ("-O0", "-O2"):
            cmd = shlex.split(args.llc) + ["-mtriple=neuronisa", level,
                                           path, "-o", os.devnull]
            kind, detail = classify(cmd)
            results.append((seed, name, level, kind, detail, cmd))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--llc", required=True, help="llc with the plugin")
    ap.add_argument("--stress", default=BIN + "/llvm-stress")
    ap.add_argument("--opt", default=BIN + "/opt")
    ap.add_argument("--seeds", default="1-100", help="A-B, inclusive")
    ap.add_argument("--size", type=int, default=40,
                    help="llvm-stress -size (instructions)")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--keep", help="keep the modules in this directory")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.seeds.split("-"))
    work = args.keep or tempfile.mkdtemp(prefix="neuronisa-stress-")
    counts = {"ok": 0, "error": 0, "crash": 0}
    forms = 0
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for results in pool.map(lambda s: run_seed(s, args, work),
                                range(lo, hi + 1)):
            forms += len(results) // 2
            for seed, name, level, kind, detail, cmd in results:
                counts[kind] += 1
                if kind == "crash":
                    print("CRASH: seed %d, %s form, %s\n  %s\n%s" %
                          (seed, name, level, " ".join(cmd), detail))
    if not args.keep and not counts["crash"]:
        shutil.rmtree(work)
    print("summary: %d seeds, %d modules, %d compilations: %d compiled, "
          "%d errors, %d crashes" % (hi - lo + 1, forms, sum(counts.values()),
                                     counts["ok"], counts["error"],
                                     counts["crash"]))
    return 1 if counts["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
