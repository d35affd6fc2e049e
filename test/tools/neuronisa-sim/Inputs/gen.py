#!/usr/bin/env python3
"""Writes the inputs and reference outputs of the neuronisa-sim lit tests
(.npy files through numpy; the references are computed in double and
rounded once to fp32).
  gen.py functional DIR   matmul -> gelu -> reduce.max (functional.s)
  gen.py loop DIR ROWS    x [ROWS x 64] and exp(x) (loop-*.s)
  gen.py npy FILE SHAPE EXPR   any array: EXPR in the flat index i
"""
import math
import sys

import numpy as np


def write_npy(path, data, shape):
    np.save(path, np.asarray(data, dtype="<f4").reshape(shape))


def f32(x):
    """X rounded to fp32."""
    return float(np.float32(x))


def gelu(x):
    return 0.5 * x * (1.0 + math.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))


def functional(d):
    K, M, N = 4, 3, 5
    a = [f32(0.25 * ((i * 7) % 11) - 1.0) for i in range(K * M)]  # [K x M]
    b = [f32(0.125 * ((i * 5) % 13) - 0.5) for i in range(K * N)]  # [K x N]
    write_npy(d + "/a.npy", a, [K, M])
    write_npy(d + "/b.npy", b, [K, N])
    c = [[sum(a[k * M + m] * b[k * N + n] for k in range(K)) for n in range(N)]
         for m in range(M)]
    g = [[gelu(c[m][n] * 0.5 + 0.25) for n in range(N)] for m in range(M)]
    write_npy(d + "/gelu.ref.npy", [x for r in g for x in r], [M, N])
    write_npy(d + "/max.ref.npy", [max(r) for r in g], [M, 1])
    # Transpose of b [K x N] -> [N x K], and inclusive prefix sums of b rows.
    write_npy(d + "/bt.ref.npy", [b[k * N + n] for n in range(N) for k in range(K)], [N, K])
    scan = []
    for k in range(K):
        s = 0.0
        for n in range(N):
            s = f32(s + b[k * N + n])
            scan.append(s)
    write_npy(d + "/scan.ref.npy", scan, [K, N])


def loop(d, n):
    rows, cols = n, 64
    x = [f32(((i * 37) % 101) / 50.0 - 1.0) for i in range(rows * cols)]
    write_npy(d + "/x.npy", x, [rows, cols])
    write_npy(d + "/exp.ref.npy", [math.exp(v) for v in x], [rows, cols])


if __name__ == "__main__":
    if sys.argv[1] == "functional":
        functional(sys.argv[2])
    elif sys.argv[1] == "loop":
        loop(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "npy":
        shape = [int(s) for s in sys.argv[3].split("x")]
        count = 1
        for s in shape:
            count *= s
        write_npy(sys.argv[2], [float(eval(sys.argv[4], {"i": i, "math": math})) for i in range(count)], shape)
    else:
        sys.exit("unknown command " + sys.argv[1])
