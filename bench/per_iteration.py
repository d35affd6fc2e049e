#!/usr/bin/env python3
"""Steady-state cycles per loop iteration of one kernel of the suite.

Runs the kernel at two sizes that differ only in the trip counts and divides
the difference in cycles by the difference in iterations, so that the
prologue, the epilogue and the first iteration's latency cancel out. Each
build of bench/run_benchmark.py (`builds`) is simulated as there: barrier
and precise, hand-tuned when it exists, and the dataflow limit (--ideal on
the build with no synchronization instruction at all).

  python3 bench/per_iteration.py [--build DIR] KERNEL SIZES_A SIZES_B \\
      --iterations EXPR

SIZES are NAME=VALUE lists for neuronisa-kernel-ref, comma-separated;
EXPR is an arithmetic expression over the size names giving the number of
iterations counted (e.g. "n1*n2": every inner iteration of syncbench). For
example, syncbench's inner loop (one pair of items per iteration):

  python3 bench/per_iteration.py syncbench n1=4,n2=64 n1=4,n2=128 \\
      --iterations n1*n2
"""

import argparse
import ast
import operator
import os
import sys
import tempfile

import run_benchmark as rb

OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub,
             ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv}


def evaluate(expr, sizes):
    """EXPR over the integer sizes: + - * // and parentheses only."""
    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.Name) and node.id in sizes:
            return sizes[node.id]
        raise ValueError("unsupported term in --iterations: %s"
                         % ast.unparse(node))
    return walk(ast.parse(expr, mode="eval"))


def parse_sizes(text):
    sizes = {}
    for item in text.split(","):
        name, eq, value = item.partition("=")
        if not eq or not name or not value.lstrip("-").isdigit():
            raise ValueError("bad size '%s' (expected NAME=INTEGER)" % item)
        sizes[name] = int(value)
    return sizes


def cycles(tools, kernel, sizes, work):
    """Cycles of every build at one size."""
    llc, plugin, ref, sim = tools
    data = os.path.join(work, "data")
    rc, out, err = rb.run([ref, kernel] +
                          ["%s=%d" % kv for kv in sizes.items()] +
                          ["-o", data])
    if rc:
        raise RuntimeError("neuronisa-kernel-ref failed: %s" % err.strip())
    args = out.split()
    result = {}
    for mode, src, sync in rb.builds(kernel):
        path = os.path.join(work, mode + ".s")
        rb.compile_build(llc, plugin, src, sync, path)
        # The limit is the build without synchronization, run with --ideal.
        extra = ["--ideal"] if mode == "nosync" else []
        rep = rb.simulate(sim, path, args, extra)
        if not rep["ok"]:
            raise RuntimeError("%s build: wrong output, a race or no finish: %s"
                               % (mode, rep["err"]))
        result["limit" if mode == "nosync" else mode] = rep["cycles"]
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernel")
    ap.add_argument("sizes_a")
    ap.add_argument("sizes_b")
    ap.add_argument("--iterations", required=True)
    ap.add_argument("--build", default=os.path.join(rb.ROOT, "build"))
    opts = ap.parse_args()
    try:
        sizes = [parse_sizes(opts.sizes_a), parse_sizes(opts.sizes_b)]
        iters = [evaluate(opts.iterations, s) for s in sizes]
    except (ValueError, SyntaxError) as e:
        sys.exit("error: %s" % e)
    if not os.path.exists(os.path.join(rb.ROOT, "kernels",
                                       opts.kernel + ".ll")):
        sys.exit("error: no kernel kernels/%s.ll" % opts.kernel)
    if iters[0] == iters[1]:
        sys.exit("error: both sizes give %d iterations" % iters[0])
    build = os.path.abspath(opts.build)
    tools = ("/usr/lib/llvm-22/bin/llc",
             os.path.join(build, "lib", "libNeuronISA.so"),
             os.path.join(build, "bin", "neuronisa-kernel-ref"),
             os.path.join(build, "bin", "neuronisa-sim"))
    for t in tools:
        if not os.path.exists(t):
            sys.exit("error: %s not found (build first)" % t)
    with tempfile.TemporaryDirectory() as work:
        runs = []
        for i, s in enumerate(sizes):
            d = os.path.join(work, str(i))
            os.makedirs(d)
            try:
                runs.append(cycles(tools, opts.kernel, s, d))
            except RuntimeError as e:
                sys.exit("error: %s: %s" % (opts.kernel, e))
    print("| build | cycles (%s) | cycles (%s) | cycles per iteration |"
          % (opts.sizes_a, opts.sizes_b))
    print("| --- | --- | --- | --- |")
    for mode in ("barrier", "precise", "hand", "limit"):
        if mode not in runs[0]:
            continue
        a, b = runs[0][mode], runs[1][mode]
        print("| %s | %d | %d | %.1f |"
              % (mode, a, b, float(b - a) / (iters[1] - iters[0])))


if __name__ == "__main__":
    main()
