"""nn.load(path): import a kernel file with its `nki` / `neuronxcc.nki`
imports bound to this front end.

The package provides the modules `nki`, `nki.language`, `nki.isa` (the
current API) and `neuronxcc`, `neuronxcc.nki`, `neuronxcc.nki.language`,
`neuronxcc.nki.isa` (the previous one); load() puts them in sys.modules
while the file runs (and puts back whatever was there before), so the
file's own imports need no change."""

import importlib.util
import os
import sys
import types

from . import isa, language
from .kernel import jit, Kernel


def _nki_module(name):
    m = types.ModuleType(name)
    m.jit = jit
    m.language = language
    m.isa = isa
    from . import driver
    m.simulate_kernel = driver.simulate_kernel
    m.baremetal = m.benchmark = m.profile = jit
    return m


def modules():
    nki = _nki_module("nki")
    neuronxcc = types.ModuleType("neuronxcc")
    legacy = _nki_module("neuronxcc.nki")
    neuronxcc.nki = legacy
    return {"nki": nki, "nki.language": language, "nki.isa": isa,
            "neuronxcc": neuronxcc, "neuronxcc.nki": legacy,
            "neuronxcc.nki.language": language, "neuronxcc.nki.isa": isa}


class bound_nki(object):
    """with bound_nki(): `import nki` and `import neuronxcc.nki` give this
    front end."""

    def __enter__(self):
        self.saved = {}
        for name, mod in modules().items():
            self.saved[name] = sys.modules.get(name)
            sys.modules[name] = mod
        return self

    def __exit__(self, *exc):
        for name, mod in self.saved.items():
            if mod is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = mod


def load(path, name=None):
    """Import the kernel file at `path`; returns the module."""
    path = os.path.abspath(path)
    name = name or "nki_kernels_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    # As when the file runs as a script: its directory is on the module path
    # while it is imported (kernel files import their helpers).
    sys.path.insert(0, os.path.dirname(path))
    try:
        with bound_nki():
            spec.loader.exec_module(mod)
    finally:
        sys.path.remove(os.path.dirname(path))
    return mod
