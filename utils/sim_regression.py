#!/usr/bin/env python3
"""Compares two builds of the simulator tools on everything they run.

A change to neuronisa-sim or neuronisa-kernel-ref that must not change
behaviour (a restructuring, a speed-up) is checked by running the OLD and the
NEW build on the same inputs and comparing, byte for byte, exit status,
stdout, stderr and every file they write:

  kernels     every kernel of kernels/ (barrier and precise builds, the
              hand-synchronized variants, examples/ and bench/sim-speed.s) in
              every simulator mode: default checks, each checker alone, none,
              --ideal, with and without --jitter, text and JSON reports,
              traces;
  kernel-ref  the reference inputs and outputs of every kernel at its
              default sizes, the benchmark sizes and zero trip counts;
  lit         every lit test that runs neuronisa-sim, with neuronisa-sim
              replaced by a shim that runs both builds on each invocation and
              compares them (the lit tests must also pass).

Traces are compared on the events the OLD build writes: a NEW build may add
events of other categories (control instructions, semaphore counters) and
arguments to an event, but must write the OLD events unchanged and in the
same order.

  utils/sim_regression.py --old OLD_BUILD --new build [--phases LIST] [-j N]

OLD_BUILD and NEW are build directories (or directories holding the tool
binaries). bench/build-revision.sh REV DIR builds a revision to compare with.
The last line is the summary; the exit status is 1 on any difference.
"""

import argparse
import concurrent.futures
import difflib
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLC = "/usr/lib/llvm-22/bin/llc"
LIT = "/usr/lib/llvm-22/bin/lit"

# Trace events of these categories (and all metadata) are the ones every
# build writes; newer builds may add others.
BASE_TRACE_CATEGORIES = {"data", "dma", "dma-trigger", "sync"}

# Sizes of neuronisa-kernel-ref runs: the defaults, the benchmark's and zero
# trip counts (bench/run_benchmark.py lists the benchmark sizes).
ZERO_SIZES = {
    "tensor_add": "n=0", "matmul": "nt=0 kp=1", "mlp": "n=0",
    "softmax": "n=0", "layernorm": "n=0", "rmsnorm": "n=0",
    "attention": "nq=1 nkv=0", "transpose": "nb=1 nc=0",
    "cumsum": "nr=1 nc=0", "conv1d": "nb=1 ncb=0",
    "syncbench": "n1=1 n2=0", "syncbench_pe": "n1=0 n2=3",
}

# Simulator modes of the kernel phase: extra options per run.
MODES = [
    ("default", []),
    ("json", ["--report=json"]),
    ("no-check", ["--no-check"]),
    ("races", ["--check=races"]),
    ("precision", ["--check=precision"]),
    ("ideal", ["--ideal", "--report=json"]),
    ("jitter", ["--jitter=3"]),
    ("jitter-json", ["--jitter=11", "--report=json"]),
    ("ideal-jitter", ["--ideal", "--jitter=5"]),
    ("trace", ["--trace=@TRACE@", "--report=none"]),
    ("ideal-trace", ["--ideal", "--trace=@TRACE@", "--report=none"]),
]


def tool(build, name):
    for cand in (os.path.join(build, "bin", name), os.path.join(build, name)):
        if os.access(cand, os.X_OK):
            return os.path.abspath(cand)
    sys.exit("sim_regression: no %s in %s" % (name, build))


def run(cmd, argv0=None, cwd=None):
    p = subprocess.run(cmd if argv0 is None else [argv0] + cmd[1:],
                       executable=cmd[0], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def output_files(args):
    """Files a neuronisa-sim command line writes: out:SHAPE:FILE arguments
    and --trace=FILE. Returns (data files, trace files)."""
    outs, traces = [], []
    it = iter(range(len(args)))
    for i in it:
        a = args[i]
        for flag in ("--trace", "-trace"):
            if a == flag and i + 1 < len(args):
                traces.append(args[i + 1])
                next(it, None)
            elif a.startswith(flag + "="):
                traces.append(a[len(flag) + 1:])
        text = a[len("--arg="):] if a.startswith("--arg=") else a
        if text.startswith("out:"):
            parts = text.split(":")
            if len(parts) > 2 and parts[2]:
                outs.append(parts[2])
    return outs, traces


def base_trace(data):
    """The part of a trace every build writes (see BASE_TRACE_CATEGORIES)."""
    try:
        t = json.loads(data)
    except ValueError:
        return data
    events = [e for e in t.get("traceEvents", [])
              if e.get("ph") == "M" or
              (e.get("ph") == "X" and e.get("cat") in BASE_TRACE_CATEGORIES)]
    for e in events:  # newer builds may say more about an event
        if e.get("ph") == "X" and "args" in e:
            e["args"] = {"line": e["args"].get("line")}
    return json.dumps(events, sort_keys=True).encode()


def first_diff(a, b, what):
    if isinstance(a, bytes):
        a = a.decode("utf-8", "replace")
        b = b.decode("utf-8", "replace")
    lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(),
                                      "old " + what, "new " + what,
                                      lineterm="", n=1))
    return "\n".join(lines[:12]) if lines else "%s differs" % what


def compare_runs(old, new, args, argv0="neuronisa-sim", cwd=None):
    """Runs OLD and NEW with the same arguments; returns (differences, new
    result). Files the command writes are compared too."""
    outs, traces = output_files(args)
    written = outs + traces
    results = []
    for exe in (old, new):
        for f in written:
            if os.path.exists(f):
                os.unlink(f)
        rc, so, se = run([exe] + args, argv0=argv0, cwd=cwd)
        files = {}
        for f in written:
            path = f if os.path.isabs(f) or cwd is None else os.path.join(
                cwd, f)
            if os.path.exists(path):
                with open(path, "rb") as fh:
                    files[f] = fh.read()
        results.append((rc, so, se, files))
    (orc, oso, ose, ofiles), (nrc, nso, nse, nfiles) = results
    diffs = []
    if orc != nrc:
        diffs.append("exit status %s vs %s" % (orc, nrc))
    if oso != nso:
        diffs.append(first_diff(oso, nso, "stdout"))
    if ose != nse:
        diffs.append(first_diff(ose, nse, "stderr"))
    for f in written:
        a, b = ofiles.get(f), nfiles.get(f)
        if f in traces and a is not None and b is not None:
            a, b = base_trace(a), base_trace(b)
        if a != b:
            diffs.append("file %s differs (%s vs %s bytes)" % (
                f, None if a is None else len(a), None if b is None else len(b)))
    return diffs, (nrc, nso, nse)


class Report:
    def __init__(self):
        self.checked = 0
        self.failures = []

    def add(self, what, diffs):
        self.checked += 1
        if diffs:
            self.failures.append((what, diffs))
            print("DIFF: %s\n  %s" % (what, "\n  ".join(
                d.replace("\n", "\n  ") for d in diffs)))
            sys.stdout.flush()


def kernel_sizes():
    """(kernel, sizes) of the benchmark, read from bench/run_benchmark.py."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import run_benchmark  # noqa: E402
    return run_benchmark.KERNELS


def phase_kernel_ref(a, work, rep):
    old, new = tool(a.old, "neuronisa-kernel-ref"), tool(a.new,
                                                       "neuronisa-kernel-ref")
    rc, names, _ = run([new, "--list"])
    names = names.decode().split()
    rep.add("neuronisa-kernel-ref --list", [] if rc == 0 and names
            else ["--list failed"])
    # Bad command lines fail in both (the messages may be worded
    # differently).
    for opt in ([], ["nosuchkernel", "-o", "x"], ["softmax", "n=-1", "-o", "x"],
                ["softmax", "m=1", "-o", "x"], ["softmax", "n=3"]):
        orc, nrc = run([old] + opt)[0], run([new] + opt)[0]
        rep.add("neuronisa-kernel-ref %s: fails" % " ".join(opt),
                [] if orc != 0 and nrc != 0 else
                ["exit status %s vs %s" % (orc, nrc)])
    sizes = dict(kernel_sizes())
    for k in names:
        for label, sz in (("default", ""), ("bench", sizes.get(k, "")),
                          ("zero", ZERO_SIZES.get(k, ""))):
            dirs = []
            for which, exe in (("old", old), ("new", new)):
                d = os.path.join(work, "ref", which)
                shutil.rmtree(d, ignore_errors=True)
                os.makedirs(d)
                rc, so, se = run([exe, k] + sz.split() + ["-o", d])
                files = {}
                for f in sorted(os.listdir(d)):
                    with open(os.path.join(d, f), "rb") as fh:
                        files[f] = fh.read()
                dirs.append((rc, so, files))
            (orc, oso, ofs), (nrc, nso, nfs) = dirs
            diffs = []
            if orc != nrc:
                diffs.append("exit status %s vs %s" % (orc, nrc))
            if oso.replace(b"/old", b"/new") != nso:
                diffs.append(first_diff(oso, nso, "stdout"))
            if sorted(ofs) != sorted(nfs):
                diffs.append("files %s vs %s" % (sorted(ofs), sorted(nfs)))
            for f in ofs:
                if f in nfs and ofs[f].replace(b"/old", b"/new") != nfs[f]:
                    diffs.append("file %s differs" % f)
            rep.add("neuronisa-kernel-ref %s %s (%s)" % (k, sz, label), diffs)


def phase_kernels(a, work, rep):
    old, new = tool(a.old, "neuronisa-sim"), tool(a.new, "neuronisa-sim")
    ref = tool(a.new, "neuronisa-kernel-ref")
    plugin = os.path.join(os.path.abspath(a.new), "lib", "libNeuronISA.so")
    if not os.path.exists(plugin):
        sys.exit("sim_regression: no %s (NEW must be a build directory)"
                 % plugin)
    jobs = []  # (label, asm, args)
    for k, sz in kernel_sizes():
        d = os.path.join(work, "kernels", k)
        os.makedirs(d, exist_ok=True)
        rc, so, se = run([ref, k] + sz.split() + ["-o",
                                                 os.path.join(d, "data")])
        if rc:
            sys.exit("neuronisa-kernel-ref %s failed: %s" % (k, se.decode()))
        args = so.decode().split()
        builds = [("barrier", os.path.join(ROOT, "kernels", k + ".ll")),
                  ("precise", os.path.join(ROOT, "kernels", k + ".ll"))]
        hand = os.path.join(ROOT, "kernels", "handtuned", k + ".ll")
        if os.path.exists(hand):
            builds.append(("none", hand))
        for sync, src in builds:
            asm = os.path.join(d, sync + ".s")
            rc, _, se = run([LLC, "--load=" + plugin, "-mtriple=neuronisa",
                             "-neuronisa-sync=" + sync, src, "-o", asm])
            if rc:
                sys.exit("llc %s failed: %s" % (src, se.decode()))
            jobs.append(("%s/%s" % (k, sync), asm, args))
    # The examples (zero-filled buffers) and the speed benchmark's kernel.
    ex = os.path.join(work, "examples")
    os.makedirs(ex, exist_ok=True)
    example_args = {
        "tiled_add": ["out:131072", "out:131072", "2"],
        "tiled_matmul": ["out:131072", "out:524288", "out:262144", "2", "2",
                         "4"],
    }
    for name, args in sorted(example_args.items()):
        for sync in ("barrier", "precise"):
            asm = os.path.join(ex, "%s.%s.s" % (name, sync))
            rc, _, se = run([LLC, "--load=" + plugin, "-mtriple=neuronisa",
                             "-neuronisa-sync=" + sync,
                             os.path.join(ROOT, "examples", name + ".ll"),
                             "-o", asm])
            if rc:
                sys.exit("llc %s failed: %s" % (name, se.decode()))
            jobs.append(("examples/%s/%s" % (name, sync), asm, args))
    jobs.append(("bench/sim-speed", os.path.join(ROOT, "bench",
                                                 "sim-speed.s"), ["2000"]))

    def one(job, mode):
        label, asm, args = job
        mname, extra = mode
        d = os.path.join(work, "runs", label.replace("/", "_") + "." + mname)
        os.makedirs(d, exist_ok=True)
        # Output files go to this run's directory.
        run_args = []
        for x in args:
            if x.startswith("out:"):
                parts = x.split(":")
                while len(parts) < 3:
                    parts.append("")
                parts[2] = os.path.join(d, os.path.basename(parts[2]) or
                                        "out%d.npy" % len(run_args))
                x = ":".join(parts)
            run_args.append(x)
        extra = [e.replace("@TRACE@", os.path.join(d, "trace.json"))
                 for e in extra]
        diffs, _ = compare_runs(old, new, [asm] + run_args + extra)
        return "%s %s" % (label, mname), diffs

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = [pool.submit(one, j, m) for j in jobs for m in MODES]
        for f in futs:
            rep.add(*f.result())


def lit_tests():
    """The lit tests that run neuronisa-sim."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "test", "**", "*"),
                                 recursive=True)):
        if "/Inputs/" in path or not os.path.isfile(path) or \
                os.path.splitext(path)[1] not in (".ll", ".s", ".test",
                                                  ".mir"):
            continue
        with open(path, errors="replace") as f:
            text = f.read()
        if "neuronisa-sim" in text and "RUN:" in text:
            out.append(path)
    return out


def phase_lit(a, work, rep):
    old, new = tool(a.old, "neuronisa-sim"), tool(a.new, "neuronisa-sim")
    shim_dir = os.path.join(work, "shim")
    os.makedirs(shim_dir, exist_ok=True)
    log = os.path.join(work, "shim.log")
    count = os.path.join(work, "shim.count")
    for f in (log, count):
        if os.path.exists(f):
            os.unlink(f)
    shim = os.path.join(shim_dir, "neuronisa-sim")
    with open(shim, "w") as f:
        f.write("#!/bin/sh\nexec %s %s shim --old %s --new %s --log %s "
                "--count %s -- \"$@\"\n" % (
                    shlex.quote(sys.executable),
                    shlex.quote(os.path.abspath(__file__)), shlex.quote(old),
                    shlex.quote(new), shlex.quote(log), shlex.quote(count)))
    os.chmod(shim, 0o755)
    build = os.path.abspath(a.new)
    tests = [os.path.join(build, os.path.relpath(t, ROOT))
             for t in lit_tests()]
    p = subprocess.run([LIT, "-q", "-j", str(a.jobs),
                        "--param", "sim_wrapper_dir=" + shim_dir] + tests,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    sys.stdout.write(p.stdout.decode(errors="replace"))
    rep.add("lit: %d tests that run neuronisa-sim pass" % len(tests),
            [] if p.returncode == 0 else ["lit failed"])
    n = 0
    if os.path.exists(count):
        with open(count) as f:
            n = len(f.read())
    rep.add("lit: the shim ran (%d neuronisa-sim invocations)" % n,
            [] if n else ["the shim never ran: is sim_wrapper_dir honoured "
                          "by test/lit.cfg.py?"])
    rep.checked += max(0, n - 1)
    if os.path.exists(log):
        with open(log) as f:
            for block in f.read().split("\x00"):
                if block.strip():
                    rep.add("lit invocation", [block.strip()])


def shim_main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--count", required=True)
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    args = a.args[1:] if a.args[:1] == ["--"] else a.args
    diffs, (rc, so, se) = compare_runs(a.old, a.new, args)
    with open(a.count, "a") as f:
        f.write(".")
    if diffs:
        with open(a.log, "a") as f:
            f.write("cwd %s: neuronisa-sim %s\n%s\n\x00" % (
                os.getcwd(), " ".join(shlex.quote(x) for x in args),
                "\n".join(diffs)))
    sys.stdout.buffer.write(so)
    sys.stderr.buffer.write(se)
    return rc


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "shim":
        return shim_main(sys.argv[2:])
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--old", required=True, help="the reference build")
    ap.add_argument("--new", default=os.path.join(ROOT, "build"),
                    help="the build under test (default: build)")
    ap.add_argument("--phases", default="kernel-ref,kernels,lit")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--work", help="work directory (default: temporary)")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="neuronisa-simreg-")
    os.makedirs(work, exist_ok=True)
    rep = Report()
    phases = {"kernel-ref": phase_kernel_ref, "kernels": phase_kernels,
              "lit": phase_lit}
    for name in a.phases.split(","):
        if name not in phases:
            sys.exit("sim_regression: unknown phase %r" % name)
        print("== %s" % name)
        sys.stdout.flush()
        phases[name](a, work, rep)
    if not a.work and not rep.failures:
        shutil.rmtree(work, ignore_errors=True)
    print("summary: %d comparisons, %d differences" % (rep.checked,
                                                       len(rep.failures)))
    return 1 if rep.failures else 0


if __name__ == "__main__":
    sys.exit(main())
