#!/usr/bin/env python3
"""Inputs and reference outputs of the end-to-end tests (e2e-*.test): the
examples/ kernels compiled by llc and run by neuronisa-sim.

  e2e.py add DIR N              in [N x 128 x 512], out = exp(in) + in
  e2e.py matmul DIR MT NT KT    A [KT][MT] tiles 128x128, B [KT][NT] tiles
                                128x512, C [MT][NT] tiles = sum_k A^T B

Values are small dyadic fractions and every A tile has two non-zeros per
column, so the matmul reference is exact in fp32 and cheap to compute; the
tiles differ with k, m and n, so a stale or early tile changes the result.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import f32, write_npy  # noqa: E402

P, F, K = 128, 512, 128


def add(d, n):
    x = [f32(((i * 37) % 101) / 64.0 - 0.75) for i in range(n * P * F)]
    write_npy(d + "/in.npy", x, [n, P, F])
    write_npy(d + "/out.ref.npy", [f32(f32(math.exp(v)) + v) for v in x],
              [n, P, F])


def matmul(d, mt, nt, kt):
    # A tile (k, m): column c has non-zeros in rows c and (c + 1 + k + m) % K.
    a, diag, off = [], {}, {}
    for k in range(kt):
        for m in range(mt):
            t = [0.0] * (K * K)
            for c in range(K):
                r2 = (c + 1 + k + m) % K
                dv = ((c + 3 * k + 5 * m) % 7 + 1) / 8.0
                ov = -((c + k) % 3 + 1) / 4.0
                t[c * K + c] = dv
                t[r2 * K + c] = ov
                diag[k, m, c] = dv
                off[k, m, c] = (r2, ov)
            a += t
    b = []
    for k in range(kt):
        for n in range(nt):
            b += [((i * 13 + 7 * k + 3 * n) % 17 - 8) / 16.0
                  for i in range(K * F)]
    write_npy(d + "/a.npy", a, [kt * mt, K, K])
    write_npy(d + "/b.npy", b, [kt * nt, K, F])
    c = []
    for m in range(mt):
        for n in range(nt):
            tile = [0.0] * (K * F)
            for k in range(kt):
                bt = (k * nt + n) * K * F
                for col in range(K):  # C row = A column
                    dv = diag[k, m, col]
                    r2, ov = off[k, m, col]
                    row = col * F
                    for j in range(F):
                        tile[row + j] += dv * b[bt + col * F + j] + \
                            ov * b[bt + r2 * F + j]
            c += tile
    write_npy(d + "/c.ref.npy", c, [max(mt * nt, 1), K, F] if c else [0])


if __name__ == "__main__":
    if sys.argv[1] == "add":
        add(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "matmul":
        matmul(sys.argv[2], *(int(v) for v in sys.argv[3:6]))
    else:
        sys.exit("usage: see the docstring")
