#!/usr/bin/env python3
"""The paper's comparison on the NeuronISA kernel suite.

Builds every kernel of kernels/ with -neuronisa-sync=barrier and =precise
(and kernels/handtuned/ with =none), simulates each with neuronisa-sim on the
inputs of neuronisa-kernel-ref (outputs are checked against the C++
reference, and the race checker must stay silent), runs the dataflow limit
(--ideal on the kernel built with -neuronisa-sync=none: no synchronization
instruction at all, so none of the pass's bookkeeping either) and, for
comparison, --ideal on the precise build, and prints a table; writes
results/benchmark.csv and results/benchmark.svg.

  python3 bench/run_benchmark.py [--build DIR] [--out DIR] [--jobs N] [--no-c]
                                 [--mcpu generic|trn1|trn2]

--mcpu compiles (and so simulates) every build for that machine preset
(docs/MachineModel.md) and writes results/benchmark-CPU.csv and .svg
instead; the CSV has each mode's time in microseconds beside its cycles
(cycles of the preset's time base, cycle_mhz).

It also builds the C twins of the kernels (kernels/c/*.c) with
neuronisa-clang, in barrier and precise mode, and adds their cycles (columns
c:bar, c:prec, and c/ll: C precise over .ll precise), as the committed
results/benchmark.csv has them; --no-c leaves them out.

The plot needs matplotlib (Debian python3-matplotlib; utils/setup.sh
installs it); without it the script writes the CSV, warns that it did not
write the plot, and still exits 0 when every check passed.
See docs/Benchmark.md.
"""

import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# kernel -> sizes (NAME=VALUE for neuronisa-kernel-ref). Chosen so that every
# loop runs several iterations and the whole benchmark stays within a minute.
KERNELS = [
    ("tensor_add", "n=16"),
    ("matmul", "nt=4 kp=4"),
    ("mlp", "n=8"),
    ("softmax", "n=8"),
    ("layernorm", "n=8"),
    ("rmsnorm", "n=8"),
    ("attention", "nq=2 nkv=8"),
    ("transpose", "nb=4 nc=4"),
    ("cumsum", "nr=4 nc=4"),
    ("conv1d", "nb=4 ncb=4"),
    ("syncbench", "n1=4 n2=64"),
    ("syncbench_pe", "n1=4 n2=64"),
]
MICRO = {"syncbench", "syncbench_pe"}
# The machine preset every build is compiled for (--mcpu).
MCPU = "generic"
VERIFY_SYNC = True


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


def simulate(sim, asm, args, extra=()):
    rc, out, err = run([sim, asm] + args + ["--report=json"] + list(extra))
    try:
        rep = json.loads(out)
    except ValueError:
        raise RuntimeError("%s: simulator failed (rc %d): %s" % (asm, rc, err.strip()))
    ok = (rep["status"] == "finished" and
          all(o["match"] for o in rep.get("outputs", [])) and
          not rep.get("races"))
    sync = sum(a.get("sync_instructions", 0) for a in rep["agents"])
    return {"cycles": rep["total_cycles"], "us": rep.get("time_us"),
            "mhz": rep.get("cycle_mhz"), "sync": sync, "ok": ok,
            "races": rep.get("races"), "over": rep.get("over_sync_cycles"),
            "err": "" if ok else err.strip()}


def builds(name):
    """The builds of kernel NAME: (mode, source, -neuronisa-sync value).
    "nosync" (no synchronization instruction at all) is the one the
    dataflow limit is measured on; "hand" exists where a hand-tuned
    variant does."""
    src = os.path.join(ROOT, "kernels", name + ".ll")
    result = [("barrier", src, "barrier"), ("precise", src, "precise"),
              ("nosync", src, "none")]
    hand = os.path.join(ROOT, "kernels", "handtuned", name + ".ll")
    if os.path.exists(hand):
        result.append(("hand", hand, "none"))
    return result


def verify_flags(sync, prefix):
    """The translation validator on every precise build (docs/Validator.md),
    unless --no-verify-sync: a rejected kernel is an error, not a figure."""
    if sync != "precise" or not VERIFY_SYNC:
        return []
    return prefix + ["-neuronisa-verify-sync"]


def compile_build(llc, plugin, src, sync, asm):
    """llc SRC -neuronisa-sync=SYNC -o ASM; raises RuntimeError on failure."""
    rc, _, err = run([llc, "--load=" + plugin, "-mtriple=neuronisa",
                      "-mcpu=" + MCPU, "-neuronisa-sync=" + sync, src, "-o",
                      asm] + verify_flags(sync, []))
    if rc:
        raise RuntimeError("llc -neuronisa-sync=%s %s failed: %s"
                           % (sync, src, err.strip()))


def bench_kernel(name, sizes, tools, work):
    llc, plugin, ref, sim, clang = tools
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    rc, out, err = run([ref, name] + sizes.split() + ["-o", os.path.join(d, "data")])
    if rc:
        raise RuntimeError("%s: neuronisa-kernel-ref failed: %s" % (name, err))
    args = out.split()
    res = {"kernel": name, "sizes": sizes}
    for mode, src, sync in builds(name):
        asm = os.path.join(d, mode + ".s")
        compile_build(llc, plugin, src, sync, asm)
        if mode != "nosync":
            res[mode] = simulate(sim, asm, args)
    if clang:
        src = os.path.join(ROOT, "kernels", "c", name + ".c")
        for sync in ("barrier", "precise"):
            asm = os.path.join(d, "c-" + sync + ".s")
            rc, _, err = run([clang, "-O2", "-S", "-mcpu=" + MCPU, "-mllvm",
                              "-neuronisa-sync=" + sync, src, "-o", asm] +
                             verify_flags(sync, ["-mllvm"]))
            if rc:
                raise RuntimeError("%s (C, %s): neuronisa-clang failed: %s"
                                   % (name, sync, err))
            res["c-" + sync] = simulate(sim, asm, args)
    # The dataflow limit: the kernel without any synchronization instruction
    # (no waits, no counter or snapshot updates), each data-path instance
    # started when its earlier conflicting instances completed.
    res["limit"] = simulate(sim, os.path.join(d, "nosync.s"), args, ["--ideal"])
    # The same on the precise build: the limit plus the cost of the pass's
    # scalar bookkeeping (counter and snapshot updates on every engine).
    res["idealp"] = simulate(sim, os.path.join(d, "precise.s"), args, ["--ideal"])
    return res


def ratio(a, b):
    return float(a) / b if b else float("nan")


def plot(rows, path):
    """Grouped bars: cycles of each mode normalized to barrier = 1, as SVG."""
    try:
        import matplotlib  # only the plot needs it (others import KERNELS)
    except ImportError:
        print("run_benchmark: warning: matplotlib is not installed: %s not "
              "written (Debian: apt-get install python3-matplotlib)" % path,
              file=sys.stderr)
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    # The same results give the same file: fixed element ids, no date.
    matplotlib.rcParams["svg.hashsalt"] = "neuronisa-benchmark"
    modes = [("barrier", "#d62728"), ("precise", "#1f77b4"),
             ("hand", "#2ca02c"), ("limit", "#7f7f7f")]
    width = 0.8 / len(modes)
    fig, ax = plt.subplots(figsize=(9.8, 4.2))
    for j, (m, color) in enumerate(modes):
        xs = [i + (j - (len(modes) - 1) / 2.0) * width
              for i, r in enumerate(rows) if m in r]
        ys = [ratio(r[m]["cycles"], r["barrier"]["cycles"])
              for r in rows if m in r]
        ax.bar(xs, ys, width * 0.9, color=color,
               label={"hand": "hand-tuned", "limit": "dataflow limit"}.get(m, m))
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([r["kernel"] for r in rows], rotation=35, ha="right")
    ax.set_ylim(0, 1.25)
    ax.set_ylabel("cycles / barrier cycles")
    ax.set_title("Kernel latency relative to the barrier baseline "
                 "(lower is better)")
    ax.grid(axis="y", color="#dddddd")
    ax.set_axisbelow(True)
    ax.legend(ncol=len(modes), loc="upper center", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="CMake build directory (default: build)")
    ap.add_argument("--llc", default="/usr/lib/llvm-22/bin/llc")
    ap.add_argument("--out", default=os.path.join(ROOT, "results"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--kernels", help="comma-separated subset")
    ap.add_argument("--no-c", dest="c", action="store_false",
                    help="leave out the C twins (built with neuronisa-clang)")
    # The C twins used to be optional; --c keeps old command lines working.
    ap.add_argument("--c", dest="c", action="store_true",
                    help=argparse.SUPPRESS)
    ap.add_argument("--no-verify-sync", dest="verify_sync",
                    action="store_false",
                    help="do not check the precise builds with the "
                    "translation validator")
    ap.add_argument("--mcpu", default="generic",
                    help="machine preset: generic (default), trn1, trn2")
    a = ap.parse_args()
    global MCPU, VERIFY_SYNC
    MCPU = a.mcpu
    VERIFY_SYNC = a.verify_sync
    suffix = "" if a.mcpu == "generic" else "-" + a.mcpu

    plugin = os.path.join(a.build, "lib", "libNeuronISA.so")
    ref = os.path.join(a.build, "bin", "neuronisa-kernel-ref")
    sim = os.path.join(a.build, "bin", "neuronisa-sim")
    clang = os.path.join(a.build, "bin", "neuronisa-clang") if a.c else None
    for f in (plugin, ref, sim, a.llc) + ((clang,) if clang else ()):
        if not os.path.exists(f):
            sys.exit("run_benchmark: missing %s (build the project first: "
                     "ninja -C %s)" % (f, a.build))
    kernels = KERNELS
    if a.kernels:
        want = a.kernels.split(",")
        kernels = [k for k in KERNELS if k[0] in want]

    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="neuronisa-bench-") as work:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            futs = [ex.submit(bench_kernel, k, s, (a.llc, plugin, ref, sim, clang), work)
                    for k, s in kernels]
            rows = [f.result() for f in futs]

    hdr = ("kernel", "barrier", "precise", "hand", "limit", "idealP",
           "bar/prec", "reduct%", "prec/limit", "hand/limit", "prec/hand",
           "sync:bar", "sync:prec", "sync:hand", "ok")
    fmt = ("%-13s %9s %9s %9s %9s %9s %8s %7s %10s %10s %9s %8s %9s %9s %3s")
    if a.c:
        hdr += ("c:bar", "c:prec", "c/ll")
        fmt += " %9s %9s %6s"
    print(fmt % hdr)
    lines = []
    for r in rows:
        b, p, lim, ip = r["barrier"], r["precise"], r["limit"], r["idealp"]
        h = r.get("hand")
        cb, cp = r.get("c-barrier"), r.get("c-precise")
        ok = all(r[m]["ok"] for m in ("barrier", "precise", "limit", "idealp") +
                 (("hand",) if h else ()) +
                 (("c-barrier", "c-precise") if cp else ()))
        rec = {
            "kernel": r["kernel"], "sizes": r["sizes"],
            "barrier_cycles": b["cycles"], "precise_cycles": p["cycles"],
            "handtuned_cycles": h["cycles"] if h else "",
            "limit_cycles": lim["cycles"],
            "ideal_precise_build_cycles": ip["cycles"],
            "barrier_over_precise": "%.3f" % ratio(b["cycles"], p["cycles"]),
            "latency_reduction_pct": "%.1f" % (100 * (1 - ratio(p["cycles"], b["cycles"]))),
            "precise_over_limit": "%.3f" % ratio(p["cycles"], lim["cycles"]),
            "handtuned_over_limit": "%.3f" % ratio(h["cycles"], lim["cycles"]) if h else "",
            "precise_over_handtuned": "%.3f" % ratio(p["cycles"], h["cycles"]) if h else "",
            "sync_instrs_barrier": b["sync"], "sync_instrs_precise": p["sync"],
            "sync_instrs_handtuned": h["sync"] if h else "",
            "over_sync_cycles_precise": p["over"],
            "checks_ok": ok,
            "cpu": MCPU, "cycle_mhz": b["mhz"],
            "barrier_us": "%.3f" % b["us"], "precise_us": "%.3f" % p["us"],
            "handtuned_us": "%.3f" % h["us"] if h else "",
            "limit_us": "%.3f" % lim["us"],
        }
        if cp:
            rec["c_barrier_cycles"] = cb["cycles"]
            rec["c_precise_cycles"] = cp["cycles"]
            rec["c_precise_over_ll_precise"] = "%.3f" % ratio(cp["cycles"],
                                                              p["cycles"])
        lines.append(rec)
        cols = (r["kernel"], b["cycles"], p["cycles"],
                h["cycles"] if h else "-", lim["cycles"], ip["cycles"],
                rec["barrier_over_precise"], rec["latency_reduction_pct"],
                rec["precise_over_limit"],
                rec["handtuned_over_limit"] or "-",
                rec["precise_over_handtuned"] or "-",
                b["sync"], p["sync"], h["sync"] if h else "-",
                "yes" if ok else "NO")
        if cp:
            cols += (cb["cycles"], cp["cycles"],
                     rec["c_precise_over_ll_precise"])
        print(fmt % cols)
        for m in ("barrier", "precise", "hand", "limit", "idealp", "c-barrier",
                  "c-precise"):
            if m in r and not r[m]["ok"]:
                print("  %s %s: check failed: %s" % (r["kernel"], m, r[m]["err"]))

    print("\nmicroseconds on %s (cycles above at %s MHz):" % (MCPU, lines[0]["cycle_mhz"]))
    print("%-13s %10s %10s %10s %10s" % ("kernel", "barrier", "precise", "hand", "limit"))
    for r in lines:
        print("%-13s %10s %10s %10s %10s" % (r["kernel"], r["barrier_us"],
                                             r["precise_us"], r["handtuned_us"] or "-",
                                             r["limit_us"]))

    ml = [r for r in lines if r["kernel"] not in MICRO]
    red = [float(r["latency_reduction_pct"]) for r in ml]
    print("\nML kernels: latency reduction vs barrier %.1f%% .. %.1f%% (mean %.1f%%); "
          "paper: 10-45%%" % (min(red), max(red), sum(red) / len(red)))
    for r in lines:
        if r["kernel"] in MICRO:
            print("%s: barrier / precise = %sx (paper: 3.3x)"
                  % (r["kernel"], r["barrier_over_precise"]))
    if ml:
        worst = max(ml, key=lambda r: float(r["precise_over_limit"]))
        print("precise / limit on the ML kernels: worst %s on %s (target <= 1.02)"
              % (worst["precise_over_limit"], worst["kernel"]))
    for r in lines:
        if r["kernel"] in MICRO:
            print("precise / limit on %s: %s" % (r["kernel"], r["precise_over_limit"]))
    hv = [r for r in lines if r["precise_over_handtuned"]]
    if hv:
        w = max(hv, key=lambda r: float(r["precise_over_handtuned"]))
        print("precise / hand-tuned: worst %s on %s (target <= 1.0)"
              % (w["precise_over_handtuned"], w["kernel"]))

    csv_path = os.path.join(a.out, "benchmark%s.csv" % suffix)
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(lines[0].keys()))
        w.writeheader()
        w.writerows(lines)
    svg_path = os.path.join(a.out, "benchmark%s.svg" % suffix)
    if plot(rows, svg_path):
        print("\nwrote %s and %s" % (csv_path, svg_path))
    else:
        print("\nwrote %s" % csv_path)
    return 0 if all(r["checks_ok"] for r in lines) else 1


if __name__ == "__main__":
    sys.exit(main())
