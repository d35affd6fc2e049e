#!/usr/bin/env python3
"""The random-program differential test of the synchronization passes
(kernelgen/differential.py; docs/Testing.md)."""
import sys

from kernelgen import differential

sys.exit(differential.main())
