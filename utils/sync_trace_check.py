#!/usr/bin/env python3
"""Checks the waits -neuronisa-sync inserts on the sequential trace of random
kernels (kernelgen/trace_check.py; docs/Synchronization.md)."""
import sys

from kernelgen import trace_check

sys.exit(trace_check.main())
