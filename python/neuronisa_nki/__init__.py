"""neuronisa_nki: kernels written against AWS NKI's Python API, traced
into LLVM IR for the NeuronISA backend and run in neuronisa-sim.

    import neuronisa_nki as nn
    mod = nn.load("kernels.py")             # its nki imports bound here
    out = nn.simulate_kernel(mod.f, a, b)   # numpy in, numpy out
    nn.last_report().cycles

See docs/NKI.md."""

from .errors import NKIError
from .kernel import jit, Kernel
from .driver import simulate_kernel, compile_kernel, last_report, Report
from .loader import load, bound_nki
from . import language, isa

__all__ = ["NKIError", "jit", "Kernel", "simulate_kernel", "compile_kernel",
           "last_report", "Report", "load", "bound_nki", "language", "isa"]
