#!/usr/bin/python3
"""The Neuron documentation's dynamic-loop figures, reproduced.

aws-neuron-sdk nki/deep-dives/nki-dynamic-loops.rst ("Iterations Do Not
Overlap") measured, on trn1 with 64 iterations of "load a [128, 2048] fp32
tile, nisa.activation, nisa.tensor_scalar, store": about 7.5 us per
iteration unrolled (a `range` loop), 17.9 us as a dynamic loop (a drain,
barrier and semaphore reset every iteration), 10.2 us per tile with four
tiles per iteration. This runs kernels/dynamic_loop.ll the same way:

  barrier    @dynamic_loop, -neuronisa-sync=barrier (the Neuron compiler)
  barrier4   @dynamic_loop_x4, -neuronisa-sync=barrier (4 tiles/iteration)
  unrolled   the loop fully unrolled (what a `range` loop compiles to), its
             tiles rotating over the four tile sets, straight-line code
             synchronized exactly (-neuronisa-sync=precise)
  precise    @dynamic_loop, -neuronisa-sync=precise (this project)
  precise4   @dynamic_loop_x4, -neuronisa-sync=precise
  limit      @dynamic_loop built with -neuronisa-sync=none, --ideal

and prints microseconds per tile, cycles, and the ratios the documentation
implies (barrier/unrolled 2.39, barrier4/unrolled 1.36). Every output is
checked against numpy and the race checker must stay silent.

  /usr/bin/python3 bench/dynamic_loop.py [--build DIR] [--mcpu trn1] [--n 64]
See docs/Benchmark.md ("The published dynamic loop").
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNEL = os.path.join(ROOT, "kernels", "dynamic_loop.ll")
PUBLISHED = {"unrolled": 7.5, "barrier": 17.9, "barrier4": 10.2}
P, F = 128, 2048


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode and "--report=json" not in cmd:
        sys.exit("dynamic_loop: %s failed:\n%s" % (" ".join(cmd), p.stderr))
    return p


def unrolled_ir(n):
    """@dynamic_loop_unrolled: N copies of the body, tile t on tile set
    t mod 4 and DMA queues 2(t mod 4), 2(t mod 4) + 1 (as @dynamic_loop_x4
    does inside its body), each load three tiles ahead of its use (before
    the compute and store of tile t - 3): the order a list scheduler gives
    the one instruction stream of an unrolled loop."""
    text = open(KERNEL).read()
    head = text.split("; Tile t is rows")[0]
    out = [head, "define void @dynamic_loop_unrolled(ptr addrspace(1) noalias "
           "%in, ptr addrspace(1) noalias %out) {", "entry:"]
    def load(t):
        k = t % 4
        return [
            "  %%src%d = getelementptr i8, ptr addrspace(1) %%in, i32 %d"
            % (t, t * P * F * 4),
            "  call void @neuronisa.dma.load(ptr addrspace(2) @t%d, ptr "
            "addrspace(1) %%src%d, i32 128, i32 2048, i32 8192, i32 %d)"
            % (k, t, 2 * k)]
    for t in range(min(3, n)):
        out += load(t)
    for t in range(n):
        k = t % 4
        if t + 3 < n:
            out += load(t + 3)
        out += [
            "  %%dst%d = getelementptr i8, ptr addrspace(1) %%out, i32 %d"
            % (t, t * P * F * 4),
            "  call void @neuronisa.act.relu(ptr addrspace(2) @a%d, ptr "
            "addrspace(2) @t%d, i32 128, i32 2048, float 2.0, float 0.0)"
            % (k, k),
            "  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @o%d, ptr "
            "addrspace(2) @a%d, float 0.5, i32 128, i32 2048)" % (k, k),
            "  call void @neuronisa.dma.store(ptr addrspace(1) %%dst%d, ptr "
            "addrspace(2) @o%d, i32 128, i32 2048, i32 8192, i32 %d)"
            % (t, k, 2 * k + 1)]
    out += ["  ret void", "}", ""]
    return "\n".join(out)


def simulate(sim, asm, kernel, args, extra=(), params=()):
    p = run([sim, asm, "--kernel=" + kernel] + args + ["--report=json"]
            + list(extra) + ["--param=" + v for v in params])
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        sys.exit("dynamic_loop: %s failed: %s" % (asm, p.stderr.strip()))
    ok = (rep["status"] == "finished" and not rep.get("races") and
          all(o["match"] for o in rep.get("outputs", [])))
    if not ok:
        sys.exit("dynamic_loop: %s (%s) failed its checks: %s"
                 % (asm, kernel, p.stderr.strip()))
    return rep


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--llc", default="/usr/lib/llvm-22/bin/llc")
    ap.add_argument("--mcpu", default="trn1")
    ap.add_argument("--n", type=int, default=64,
                    help="tiles (iterations of @dynamic_loop; a multiple of 4)")
    ap.add_argument("--json", help="also write the rows to this file")
    ap.add_argument("--param", action="append", default=[],
                    help="NAME=VALUE: a machine parameter for the simulator "
                    "(calibration; see docs/Benchmark.md)")
    a = ap.parse_args()
    plugin = os.path.join(a.build, "lib", "libNeuronISA.so")
    sim = os.path.join(a.build, "bin", "neuronisa-sim")
    llc = [a.llc, "--load=" + plugin, "-mtriple=neuronisa", "-mcpu=" + a.mcpu]

    with tempfile.TemporaryDirectory(prefix="neuronisa-dynloop-") as d:
        x = np.random.default_rng(1).standard_normal(
            (a.n * P, F)).astype(np.float32)
        np.save(os.path.join(d, "in.npy"), x)
        ref = (np.maximum(x * np.float32(2), np.float32(0)) *
               np.float32(0.5)).astype(np.float32)
        np.save(os.path.join(d, "ref.npy"), ref)
        args = ["in:" + os.path.join(d, "in.npy"),
                "out:%dx%d:expect=%s" % (a.n * P, F, os.path.join(d, "ref.npy")),
                str(a.n)]
        asm = {}
        for sync in ("barrier", "precise", "none"):
            asm[sync] = os.path.join(d, sync + ".s")
            run(llc + ["-neuronisa-sync=" + sync, KERNEL, "-o", asm[sync]])
        unr = os.path.join(d, "unrolled.ll")
        with open(unr, "w") as f:
            f.write(unrolled_ir(a.n))
        asm["unrolled"] = os.path.join(d, "unrolled.s")
        run(llc + ["-neuronisa-sync=precise", unr, "-o", asm["unrolled"]])

        runs = [("unrolled", asm["unrolled"], "dynamic_loop_unrolled", ()),
                ("barrier", asm["barrier"], "dynamic_loop", ()),
                ("barrier4", asm["barrier"], "dynamic_loop_x4", ()),
                ("precise", asm["precise"], "dynamic_loop", ()),
                ("precise4", asm["precise"], "dynamic_loop_x4", ()),
                ("limit", asm["none"], "dynamic_loop", ("--ideal",))]
        rows = {}
        for name, s, kernel, extra in runs:
            kargs = args[:-1] if name == "unrolled" else args
            rep = simulate(sim, s, kernel, kargs, extra, a.param)
            rows[name] = {"us_per_tile": rep["time_us"] / a.n,
                          "cycles": rep["total_cycles"],
                          "cycle_mhz": rep["cycle_mhz"], "cpu": rep["cpu"]}

    unrolled = rows["unrolled"]["us_per_tile"]
    print("%d tiles of [128, 2048] fp32 on %s (cycles at %d MHz)"
          % (a.n, a.mcpu, rows["unrolled"]["cycle_mhz"]))
    print("%-9s %12s %14s %11s %13s %10s" % ("build", "us/tile", "cycles",
                                            "/unrolled", "published us",
                                            "/published"))
    for name, r in rows.items():
        pub = PUBLISHED.get(name)
        print("%-9s %12.2f %14d %11.3f %13s %10s" % (
            name, r["us_per_tile"], r["cycles"], r["us_per_tile"] / unrolled,
            "%.1f" % pub if pub else "-",
            "%.3f" % (r["us_per_tile"] / pub) if pub else "-"))
    print("published (trn1) ratios: barrier/unrolled %.2f, barrier4/unrolled "
          "%.2f" % (17.9 / 7.5, 10.2 / 7.5))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
