#!/usr/bin/env python3
"""Prints a kernel of about N data-path instructions for the sync pass's
compile-time benchmark (kernelgen/compile_time.py):
  gen_sync_kernel.py N [SEED] > kernel.ll"""
import sys

from kernelgen import compile_time

sys.exit(compile_time.main(sys.argv[1:]))
