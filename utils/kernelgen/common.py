"""What the kernel generators and the tools that run them share.

Builtin declarations: every generator declares the @neuronisa.* builtins it
calls through declaration() / Declarations, the one place that knows how a
builtin is declared.

Data: HBM inputs and outputs are .npy files of fp32 (numpy), compared bit
for bit or within a tolerance.
"""

import random
import shlex
import struct

import numpy as np


# -- builtins --------------------------------------------------------------

def declaration(name, arg_types):
    """The declaration of builtin @neuronisa.NAME for a call with these LLVM
    argument types (e.g. ["ptr addrspace(2)", "i32"])."""
    return "declare void @neuronisa.%s(%s)" % (name, ", ".join(arg_types))


class Declarations:
    """The builtins one module calls, one declaration each."""

    def __init__(self):
        self.decls = {}

    def use(self, name, arg_types):
        """Declares NAME for a call with ARG_TYPES. A builtin has one
        declaration per module, so the address spaces of its operands are
        fixed by its first use: returns False for a call that does not
        match it (it would be an indirect call)."""
        decl = declaration(name, arg_types)
        return self.decls.setdefault(name, decl) == decl

    def lines(self, order=None):
        """The declarations, by name (or in ORDER, a list of names)."""
        return [self.decls[n] for n in (order or sorted(self.decls))
                if n in self.decls]


def fconst(x):
    """An LLVM float literal, exact in fp32 (the hex double form)."""
    d = struct.unpack("<f", struct.pack("<f", x))[0]
    return "0x%016X" % struct.unpack("<Q", struct.pack("<d", d))[0]


# -- data ------------------------------------------------------------------

def write_f32(path, values, shape=None):
    """Writes VALUES as an fp32 .npy file (1-D unless SHAPE is given)."""
    a = np.asarray(values, dtype="<f4")
    np.save(path, a.reshape(shape if shape is not None else (-1,)))


def read_f32(path):
    """The fp32 contents of an .npy file, flattened."""
    return np.load(path).astype("<f4", copy=False).reshape(-1)


def first_difference(a, b):
    """(index, a[i], b[i]) of the first element whose bits differ, or
    None."""
    n = min(len(a), len(b))
    diff = np.nonzero(a[:n].view(np.uint32) != b[:n].view(np.uint32))[0]
    if not len(diff):
        return None
    i = int(diff[0])
    return i, float(a[i]), float(b[i])


def same_bits(a, b):
    return len(a) == len(b) and first_difference(a, b) is None


def within(a, b, rtol, atol):
    """|a - b| <= atol + rtol * |b| elementwise (in double); NaN equals
    NaN."""
    if len(a) != len(b):
        return False
    x, y = a.astype(np.float64), b.astype(np.float64)
    ok = (np.isnan(x) & np.isnan(y)) | (np.abs(x - y) <= atol + rtol * np.abs(y))
    return bool(ok.all())


def random_inputs(seed, count, elems):
    """COUNT input buffers of ELEMS values: multiples of 1/4096 in [-1, 1],
    exact in fp32, the same for a seed on every host."""
    r = random.Random(seed)
    return [[r.randrange(-4096, 4097) / 4096.0 for _ in range(elems)]
            for _ in range(count)]


# -- command lines -----------------------------------------------------------

def llc_command(text):
    """An llc command line from TEXT (e.g. "llc --load=libNeuronISA.so"),
    with -mtriple=neuronisa unless TEXT gives a triple."""
    cmd = shlex.split(text)
    if not any(x.lstrip("-").startswith("mtriple") for x in cmd):
        cmd.append("-mtriple=neuronisa")
    return cmd


def quote(cmd):
    return " ".join(shlex.quote(x) for x in cmd)


def parse_seeds(text):
    """Seeds from "A-B" ranges and numbers, comma separated."""
    out = []
    for part in text.split(","):
        if "-" in part[1:]:
            lo, hi = part.split("-", 1)
            out.extend(range(int(lo), int(hi) + 1))
        elif part:
            out.append(int(part))
    return out
