#!/usr/bin/env python3
"""Inputs and reference of Inputs/accumulate.c:
  accumulate.py DIR N   DIR/a.npy [64 x 32], DIR/b.npy [64 x 128] (small
                        integers: every sum is exact in fp32) and
                        DIR/out.npy = (N + 1) a^T b, plus a^T[:16] b[:, :64]
                        at rows 16-31, columns 64-127.
"""
import sys

import numpy as np

d, n = sys.argv[1], int(sys.argv[2])
a = (np.arange(64 * 32).reshape(64, 32) % 7 - 3).astype(np.float32)
b = (np.arange(64 * 128).reshape(64, 128) % 5 - 2).astype(np.float32)
out = (n + 1) * (a.T @ b)
out[16:32, 64:128] += a[:, :16].T @ b[:, :64]
np.save(d + "/a.npy", a)
np.save(d + "/b.npy", b)
np.save(d + "/out.npy", out.astype(np.float32))
