#!/usr/bin/env python3
"""Prints a random structured NeuronISA kernel (kernelgen/random_kernels.py):
  random_kernels.py --seed N [-o FILE] [--max-depth D] [--max-ops N]"""
import sys

from kernelgen import random_kernels

sys.exit(random_kernels.main())
