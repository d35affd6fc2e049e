"""neuronisa-nki: run a kernel file written against NKI's API.

  neuronisa-nki FILE KERNEL [--shape 128x512 ...] [--npy IN.npy ...]
                [--grid 2x2] [--sync precise|barrier|none] [--unroll]
                [--ideal] [--mcpu NAME] [--rotate N] [--emit-llvm] [--keep DIR]
                [--out OUT.npy]
  neuronisa-nki FILE --test [...]   # every entry of the file's TESTS list

Inputs are random (uniform in [-1, 1), --seed) of the given shapes, or
.npy files. --test compares each kernel's outputs with the file's numpy
reference (exactly, or within the entry's rtol/atol) and prints one line
per kernel; the exit status is non-zero on any error or mismatch."""

import argparse
import os
import sys

import numpy as np

from .errors import NKIError
from .loader import load
from .driver import simulate_kernel, compile_kernel, last_report


def shape_of(text):
    return tuple(int(d) for d in text.split("x"))


def random_inputs(shapes, seed):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1.0, 1.0, s).astype(np.float32) for s in shapes]


def summary(r):
    return ("cycles %d, races %s, instructions %d, compile %.2f s%s"
            % (r.cycles, r.races, r.static_instructions, r.compile_seconds,
               "".join("\n  note: " + n for n in r.notes)))


def compare(got, want, rtol, atol):
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    worst = 0.0
    for g, w in zip(got, want):
        w = np.asarray(w, np.float32)
        if g.shape != w.shape:
            return False, "shape %s, expected %s" % (g.shape, w.shape)
        err = np.abs(g.astype(np.float64) - w)
        bad = err > atol + rtol * np.abs(w)
        worst = max(worst, float(err.max()) if err.size else 0.0)
        if bad.any():
            i = np.unravel_index(np.argmax(err), err.shape)
            return False, "mismatch at %s: %r, expected %r" % (i, g[i], w[i])
    return True, "max abs error %g" % worst


def run_tests(mod, args, opts):
    ok = True
    for entry in getattr(mod, "TESTS", []):
        name = entry["kernel"]
        if args.kernel and name != args.kernel:
            continue
        kern = getattr(mod, name)
        if entry.get("grid"):
            kern = kern[entry["grid"]]
        shapes = entry["inputs"]
        arrays = (shapes(np.random.default_rng(args.seed)) if callable(shapes)
                  else random_inputs(shapes, args.seed))
        try:
            got = simulate_kernel(kern, *arrays, **opts)
        except NKIError as e:
            print("%s: FAIL: %s" % (name, e))
            ok = False
            continue
        want = entry["reference"](*arrays)
        good, detail = compare(got, want, entry.get("rtol", 0.0),
                               entry.get("atol", 0.0))
        ok &= good
        print("%s: %s (%s); %s" % (name, "ok" if good else "FAIL", detail,
                                   summary(last_report())))
    return ok


def main(argv=None):
    ap = argparse.ArgumentParser(prog="neuronisa-nki", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("kernel", nargs="?")
    ap.add_argument("--shape", action="append", default=[], type=shape_of)
    ap.add_argument("--npy", action="append", default=[])
    ap.add_argument("--grid", type=shape_of)
    ap.add_argument("--sync", default="precise", choices=["precise", "barrier", "none"])
    ap.add_argument("--unroll", action="store_true")
    ap.add_argument("--ideal", action="store_true")
    ap.add_argument("--mcpu")
    ap.add_argument("--rotate", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--test", action="store_true")
    ap.add_argument("--emit-llvm", action="store_true")
    ap.add_argument("--keep")
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    opts = dict(sync=args.sync, unroll=args.unroll, ideal=args.ideal,
                mcpu=args.mcpu, rotate=args.rotate, keep=args.keep)
    try:
        sys.path.insert(0, os.path.dirname(os.path.abspath(args.file)))
        mod = load(args.file)
        if args.test:
            return 0 if run_tests(mod, args, opts) else 1
        if not args.kernel:
            ap.error("name the kernel to run (or --test)")
        kern = getattr(mod, args.kernel, None)
        if kern is None:
            raise NKIError("%s defines no kernel %r" % (args.file, args.kernel), None)
        if args.grid:
            kern = kern[args.grid]
        arrays = [np.load(p) for p in args.npy] + random_inputs(args.shape, args.seed)
        if args.emit_llvm:
            sys.stdout.write(compile_kernel(kern, *arrays, unroll=args.unroll,
                                            rotate=args.rotate))
            return 0
        out = simulate_kernel(kern, *arrays, **opts)
        if args.out:
            np.save(args.out, out if not isinstance(out, tuple) else out[0])
        print("%s: %s" % (args.kernel, summary(last_report())))
        return 0
    except NKIError as e:
        sys.stderr.write("%s\n" % e)
        return 1
    except Exception as e:      # an error of the kernel's own Python code
        import traceback
        tb = traceback.extract_tb(sys.exc_info()[2])
        here = os.path.dirname(os.path.abspath(__file__))
        user = [f for f in tb if os.path.dirname(os.path.abspath(f.filename)) != here]
        where = "%s:%d: " % (user[-1].filename, user[-1].lineno) if user else ""
        sys.stderr.write("%serror: %s: %s\n" % (where, type(e).__name__, e))
        return 1


if __name__ == "__main__":
    sys.exit(main())
