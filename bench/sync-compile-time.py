#!/usr/bin/env python3
"""Compile-time benchmark of the synchronization pass (not a test): its share
of llc's time and its time per data-path instruction, beside AMDGPU's
SIInsertWaitcnts in the same llc on AMDGPU kernels of the same shape.

For each size N and tile count T: utils/gen_sync_kernel.py N --tiles T,
compiled with llc -neuronisa-sync=precise (and barrier with --barrier);
for each size N: bench/gen-amdgpu-kernel.py N compiled with llc
-mtriple=amdgcn -mcpu=gfx90a. Each compilation runs with -time-passes
REPEAT times; the table keeps the run with the smallest llc time.
  llc (s)    user+system seconds of the whole llc process
  pass (s)   user+system seconds of the pass (-time-passes)
  share      pass / llc
  us/inst    pass microseconds per data-path instruction (NeuronISA) or per
             memory operation (AMDGPU)
Prints a Markdown table (docs/SyncMeasurements.md keeps one).
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run_timed(cmd):
    """Runs cmd; returns (user+sys seconds of the child, its stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       universal_newlines=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode:
        sys.exit("error: %s failed:\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, p.stderr


def pass_seconds(time_passes, name):
    """User+system seconds of the pass called name in -time-passes output."""
    for line in time_passes.splitlines():
        if line.rstrip().endswith(name):
            nums = re.findall(r"([0-9.]+) \(\s*[0-9.]+%\)", line)
            if len(nums) >= 3:
                return float(nums[2])
    sys.exit("error: no -time-passes line for '%s'" % name)


def measure(cmd, name, repeat):
    best = None
    for _ in range(repeat):
        cpu, err = run_timed(cmd + ["-time-passes"])
        p = pass_seconds(err, name)
        if best is None or cpu < best[0]:
            best = (cpu, p)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--llc", default="/usr/lib/llvm-22/bin/llc")
    ap.add_argument("--opt", default="-O0")
    ap.add_argument("--sizes", default="1000 3000 10000 30000 100000")
    ap.add_argument("--tiles", default="16 512")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--barrier", action="store_true",
                    help="also the barrier baseline")
    ap.add_argument("--no-amdgpu", action="store_true")
    a = ap.parse_args()
    plugin = os.path.join(a.build, "lib", "libNeuronISA.so")
    sizes = [int(x) for x in a.sizes.split()]
    tiles = [int(x) for x in a.tiles.split()]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            for t in tiles:
                ll = os.path.join(tmp, "k.ll")
                with open(ll, "w") as f:
                    subprocess.run([sys.executable,
                                    os.path.join(HERE, "..", "utils", "gen_sync_kernel.py"),
                                    str(n), "--tiles", str(t),
                                    "--builtins", a.build],
                                   stdout=f, check=True)
                with open(ll) as f:
                    insts = sum(1 for l in f
                                if "call void @neuronisa." in l)
                modes = ["precise"] + (["barrier"] if a.barrier else [])
                for m in modes:
                    cmd = [a.llc, "--load=" + plugin, "-mtriple=neuronisa",
                           a.opt, "-neuronisa-sync=" + m, ll, "-o",
                           os.devnull]
                    llc, p = measure(cmd,
                                     "NeuronISA inter-engine synchronization",
                                     a.repeat)
                    rows.append(("neuronisa-sync " + m, t, insts, llc, p))
            if not a.no_amdgpu:
                ll = os.path.join(tmp, "amd.ll")
                with open(ll, "w") as f:
                    subprocess.run([sys.executable,
                                    os.path.join(HERE, "gen-amdgpu-kernel.py"),
                                    str(n)], stdout=f, check=True)
                with open(ll) as f:
                    ops = sum(1 for l in f if " volatile " in l)
                cmd = [a.llc, "-mtriple=amdgcn", "-mcpu=gfx90a", a.opt, ll,
                       "-o", os.devnull]
                llc, p = measure(cmd, "SI insert wait instructions", a.repeat)
                rows.append(("SIInsertWaitcnts (gfx90a)", "-", ops, llc, p))
            sys.stdout.flush()
    print("| pass | tiles | instructions | llc %s (s) | pass (s) | share "
          "| us/inst |" % a.opt)
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, t, n, llc, p in rows:
        print("| %s | %s | %s | %.2f | %.3f | %.1f%% | %.1f |" % (
            name, t, format(n, ","), llc, p, 100.0 * p / llc, 1e6 * p / n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
