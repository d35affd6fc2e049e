#!/usr/bin/env python3
"""Reduces a failing random kernel to a small reproducer
(kernelgen/reduce.py; docs/Testing.md)."""
import sys

from kernelgen import reduce

sys.exit(reduce.main())
