"""Compile a traced kernel with llc and run it in neuronisa-sim, like
nki.simulate_kernel: numpy arrays in, numpy arrays out."""

import json
import os
import shutil
import subprocess
import tempfile
import time

import numpy as np

from .emit import emit_module
from .errors import NKIError
from .kernel import Kernel, trace, outputs_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SYNC_MODES = ("precise", "barrier", "none")
_last = [None]


class Report(dict):
    """cycles, time_us and cpu (the machine the simulator ran: the preset
    mcpu= compiled for), races, over_sync_cycles, static_instructions (of the
    compiled kernel), dynamic_instructions, compile_seconds, sync, unroll,
    mcpu, notes (loops unrolled and why), paths of the IR and assembly."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)


def last_report():
    return _last[0]


def build_dir():
    return os.environ.get("NEURONISA_BUILD", os.path.join(ROOT, "build"))


def tool(name):
    if name == "llc":
        for c in (os.environ.get("NEURONISA_LLC"), "/usr/lib/llvm-22/bin/llc",
                  shutil.which("llc-22"), shutil.which("llc")):
            if c and os.path.exists(c):
                return c
        raise NKIError("llc (LLVM 22) not found; set NEURONISA_LLC", None)
    path = os.path.join(build_dir(), "bin", name)
    if not os.path.exists(path):
        raise NKIError("%s not found; build the project (utils/setup.sh) or set "
                       "NEURONISA_BUILD" % path, None)
    return path


def compile_ir(ir_path, asm_path, sync="precise", mcpu=None, extra=()):
    """llc the IR into assembly; returns the compile time in seconds."""
    plugin = os.path.join(build_dir(), "lib", "libNeuronISA.so")
    cmd = [tool("llc"), "--load=" + plugin, "-mtriple=neuronisa",
           "-neuronisa-sync=" + sync, ir_path, "-o", asm_path] + list(extra)
    if mcpu:
        cmd.append("-mcpu=" + mcpu)
    # The lit suite validates every precise compile (docs/Validator.md).
    if sync == "precise" and os.environ.get("NEURONISA_VERIFY_SYNC"):
        cmd.append("-neuronisa-verify-sync")
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    dt = time.time() - t0
    if p.returncode:
        raise NKIError("llc failed on %s:\n%s" % (ir_path, p.stderr.strip()), None)
    return dt


def count_instructions(asm_path):
    """Instructions of the compiled kernel (static): every line of the
    assembly that is not a label, a directive or a comment."""
    n = 0
    with open(asm_path) as f:
        for line in f:
            s = line.strip()
            if s and not s.startswith((".", "#", ";")) and not s.endswith(":"):
                n += 1
    return n


def simulate_kernel(kernel, *arrays, **kwargs):
    """Trace, compile and simulate `kernel` (or `kernel[grid]`) on numpy
    arrays; returns its outputs as numpy arrays. Options (keywords, the rest
    go to the kernel): sync='precise'|'barrier'|'none', unroll=False (unroll
    every loop), rotate=2 (copies of each tile a rolled loop allocates),
    mcpu=None (a machine preset, passed to llc and the simulator), ideal=False
    (the simulator's dataflow limit), jitter=None, keep=None (a directory
    that keeps the .ll and .s), check=True (the race checker must report no
    race)."""
    opts = {k: kwargs.pop(k) for k in list(kwargs)
            if k in ("sync", "unroll", "rotate", "mcpu", "ideal", "jitter", "keep",
                     "check", "max_instructions")}
    if not isinstance(kernel, Kernel):
        kernel = Kernel(kernel)
    sync = opts.get("sync", "precise")
    if sync not in SYNC_MODES:
        raise NKIError("sync must be one of %s" % ", ".join(SYNC_MODES), None)
    arrays = [np.asarray(a) for a in arrays]
    for a in arrays:
        if a.dtype.kind not in "fiu":
            raise NKIError("kernel inputs must be numeric arrays, not %s" % a.dtype, None)
    t, result = trace(kernel, arrays, kwargs, opts)
    outs, is_tuple = outputs_of(t, result)
    em = emit_module(t, rotate=int(opts.get("rotate", 2)))
    ir = em.module()
    keep = opts.get("keep")
    work = keep or tempfile.mkdtemp(prefix="nki-")
    os.makedirs(work, exist_ok=True)
    try:
        return _run(t, em, ir, arrays, outs, is_tuple, work, sync, opts)
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


def _run(t, em, ir, arrays, outs, is_tuple, work, sync, opts):
    name = em.args and t.name or "kernel"
    ir_path = os.path.join(work, name + ".ll")
    asm_path = os.path.join(work, name + ".s")
    with open(ir_path, "w") as f:
        f.write(ir)
    secs = compile_ir(ir_path, asm_path, sync, opts.get("mcpu"))
    args = []
    for ty, _, obj in em.args:
        if ty == "i32":
            args.append("--arg=%d" % obj.value)
        elif obj.kind == "in":
            path = os.path.join(work, "in%d.npy" % obj.index)
            np.save(path, arrays[obj.index].astype(np.float32))
            args.append("in:" + path)
        else:
            path = os.path.join(work, "out%d.npy" % obj.index)
            shape = "x".join(str(d) for d in obj.shape) or "1"
            args.append("out:%s:%s" % (shape, path))
    cmd = [tool("neuronisa-sim"), asm_path] + args + ["--report=json"]
    if opts.get("ideal"):
        cmd.append("--ideal")
    if opts.get("jitter") is not None:
        cmd.append("--jitter=%d" % opts["jitter"])
    if opts.get("mcpu"):
        cmd.append("-mcpu=" + opts["mcpu"])
    if opts.get("max_instructions"):
        cmd.append("--max-instructions=%d" % opts["max_instructions"])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        raise NKIError("neuronisa-sim failed on %s:\n%s" % (asm_path, p.stderr.strip()),
                       None)
    report = Report(
        kernel=t.name, sync=sync, unroll=bool(opts.get("unroll")),
        mcpu=opts.get("mcpu"), ideal=bool(opts.get("ideal")),
        cycles=rep.get("total_cycles"), time_us=rep.get("time_us"),
        cpu=rep.get("cpu"), races=rep.get("races"),
        over_sync_cycles=rep.get("over_sync_cycles"), status=rep.get("status"),
        dynamic_instructions=rep.get("dynamic_instructions"),
        static_instructions=count_instructions(asm_path), compile_seconds=secs,
        notes=list(t.notes), rotate=em.rotate, ir=ir_path if opts.get("keep") else None,
        asm=asm_path if opts.get("keep") else None, simulator=rep)
    _last[0] = report
    if p.returncode or rep.get("status") != "finished":
        raise NKIError("neuronisa-sim: kernel %s did not finish (%s):\n%s"
                       % (t.name, rep.get("status"), p.stderr.strip()), None)
    if opts.get("check", True) and rep.get("races"):
        raise NKIError("neuronisa-sim found %s races in kernel %s" %
                       (rep.get("races"), t.name), None)
    results = []
    for o in outs:
        a = np.load(os.path.join(work, "out%d.npy" % o.index)).reshape(o.shape)
        results.append(a.astype(o.dtype) if o.dtype.kind == "f" else a)
    if is_tuple:
        return tuple(results)
    return results[0] if results else None


def compile_kernel(kernel, *arrays, **kwargs):
    """The LLVM IR of `kernel` traced on arrays shaped like `arrays`."""
    opts = {k: kwargs.pop(k) for k in list(kwargs) if k in ("unroll", "rotate")}
    if not isinstance(kernel, Kernel):
        kernel = Kernel(kernel)
    arrays = [np.asarray(a) for a in arrays]
    t, result = trace(kernel, arrays, kwargs, opts)
    outputs_of(t, result)
    return emit_module(t, rotate=int(opts.get("rotate", 2))).module()
