"""What the kernel generators and the tools that run them share.

Builtin declarations: every generator declares the @neuronisa.* builtins it
calls through declaration() / Declarations, which read them from the builtin
table of the build (neuronisa-builtins.json; --builtins or
$NEURONISA_BUILTINS_JSON says where it is).

Data: HBM inputs and outputs are .npy files of fp32 (numpy), compared bit
for bit or within a tolerance.
"""

import json
import os
import random
import shlex
import struct

import numpy as np


# -- builtins --------------------------------------------------------------
#
# The declarations come from the builtin table the build writes,
# BUILD/neuronisa-builtins.json (tools/neuronisa-builtins, from the
# instruction definitions; docs/KernelInterface.md): a generator states which
# builtin it calls and the memory of each tile operand, never the types.

BUILTINS_FILE = "neuronisa-builtins.json"
# Where the tools find the table when --builtins is not given; lit sets it,
# and use_builtins() sets it for the scripts a tool runs.
BUILTINS_ENV = "NEURONISA_BUILTINS_JSON"
BUILTINS_SCHEMA, BUILTINS_VERSION = "neuronisa-builtins", 1
# The IR type of each kind of non-tile argument (and of the optional
# trailing completion semaphore).
SCALAR_TYPES = {"int": "i32", "float": "float", "semaphore": "i32"}

_table = None


class BuiltinTableError(Exception):
    pass


def _fail(message):
    raise SystemExit("error: " + message)


def builtins_argument(ap):
    """Adds --builtins to argparse parser AP (then call use_builtins())."""
    ap.add_argument(
        "--builtins", metavar="FILE_OR_BUILD_DIR",
        default=os.environ.get(BUILTINS_ENV),
        help="the builtin table %s, or the build directory that holds it "
        "(default: $%s)" % (BUILTINS_FILE, BUILTINS_ENV))


def parse_args(ap, argv=None):
    """AP's arguments, with --builtins, after loading the builtin table."""
    builtins_argument(ap)
    a = ap.parse_args(argv)
    use_builtins(a.builtins)
    return a


def use_builtins(path):
    """Loads the builtin table from PATH (the JSON file or a build
    directory); exits with an error if it is missing or malformed. Scripts
    run from here on find it through $NEURONISA_BUILTINS_JSON."""
    global _table
    if not path:
        _fail("no builtin table: pass --builtins BUILD_DIR (the build "
              "directory holding %s) or set %s" % (BUILTINS_FILE, BUILTINS_ENV))
    if os.path.isdir(path):
        path = os.path.join(path, BUILTINS_FILE)
    try:
        with open(path) as f:
            table = json.load(f)
    except OSError as e:
        _fail("%s: %s (the build writes it: ninja -C BUILD_DIR "
              "neuronisa-header)" % (path, e.strerror))
    except ValueError as e:
        _fail("%s: not JSON: %s" % (path, e))
    if (not isinstance(table, dict) or
            table.get("schema") != BUILTINS_SCHEMA or
            table.get("version") != BUILTINS_VERSION):
        _fail("%s: not a %s table of version %d" %
              (path, BUILTINS_SCHEMA, BUILTINS_VERSION))
    _table = (table["address_spaces"],
              {b["name"]: b for b in table["builtins"]})
    os.environ[BUILTINS_ENV] = os.path.abspath(path)


def builtins_option():
    """The --builtins option that gives a script run from here the table
    this one uses."""
    _builtins()
    return ["--builtins", os.environ[BUILTINS_ENV]]


def _builtins():
    if _table is None:
        use_builtins(os.environ.get(BUILTINS_ENV))
    return _table


def builtin_arg_types(name, spaces, sem=False):
    """The IR argument types of builtin NAME whose tile operands are in the
    memories SPACES (in order), with the completion semaphore if SEM.
    Raises BuiltinTableError for a builtin or a memory the table does not
    have for it."""
    address_spaces, builtins = _builtins()
    b = builtins.get(name)
    if b is None:
        raise BuiltinTableError("no builtin '%s'" % name)
    spaces = list(spaces)
    types = []
    for a in b["args"]:
        if a["kind"] != "tile":
            types.append(SCALAR_TYPES[a["kind"]])
            continue
        if not spaces:
            raise BuiltinTableError("%s: no memory given for tile '%s'" %
                                    (name, a["name"]))
        space = spaces.pop(0)
        if space not in a["address_spaces"]:
            raise BuiltinTableError("%s: tile '%s' cannot be in %s" %
                                    (name, a["name"], space))
        types.append("ptr addrspace(%d)" % address_spaces[space])
    if spaces:
        raise BuiltinTableError("%s: more memories than tiles" % name)
    if sem:
        if not b["completion_semaphore"]:
            raise BuiltinTableError("%s has no completion semaphore" % name)
        types.append(SCALAR_TYPES["semaphore"])
    return types


def declaration(name, spaces, sem=False):
    """The declaration of builtin @neuronisa.NAME whose tile operands are in
    the memories SPACES (e.g. ["sbuf", "hbm"])."""
    return "declare void @neuronisa.%s(%s)" % (
        name, ", ".join(builtin_arg_types(name, spaces, sem)))


def call_declaration(name, arg_types):
    """The declaration of builtin @neuronisa.NAME for a call with the IR
    argument types ARG_TYPES (e.g. ["ptr addrspace(2)", "i32"]), read from
    the table. Raises BuiltinTableError for a call the table does not allow
    (a generator's mistake)."""
    address_spaces, builtins = _builtins()
    if name not in builtins:
        raise BuiltinTableError("no builtin '%s'" % name)
    memory = {"ptr addrspace(%d)" % n: s for s, n in address_spaces.items()}
    spaces = [memory.get(t, t) for t in arg_types if t.startswith("ptr")]
    sem = len(arg_types) > len(builtins[name]["args"])
    decl = declaration(name, spaces, sem)
    if decl != "declare void @neuronisa.%s(%s)" % (name, ", ".join(arg_types)):
        raise BuiltinTableError("a call of @neuronisa.%s(%s) does not match "
                                "the builtin table's %s" %
                                (name, ", ".join(arg_types), decl))
    return decl


class Declarations:
    """The builtins one module calls, one declaration each."""

    def __init__(self):
        self.decls = {}

    def use(self, name, arg_types):
        """Declares NAME for a call with ARG_TYPES. A builtin has one
        declaration per module, so the address spaces of its operands are
        fixed by its first use: returns False for a call that does not
        match it (it would be an indirect call)."""
        decl = call_declaration(name, arg_types)
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
