#!/usr/bin/env python3
"""Random C kernels run natively (the host oracle) and through neuronisa-clang
at every optimization level and synchronization mode, compared bit for bit
(kernelgen/c_differential.py; docs/Testing.md)."""
import sys

from kernelgen import c_differential

sys.exit(c_differential.main())
