#!/usr/bin/env python3
"""Random C kernels in the shapes users write (kernelgen/random_c_kernels.py;
docs/Testing.md)."""
import sys

from kernelgen import random_c_kernels

sys.exit(random_c_kernels.main())
