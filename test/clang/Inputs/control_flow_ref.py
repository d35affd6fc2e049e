#!/usr/bin/env python3
"""Inputs and expected outputs of Inputs/control-flow.c, computed here from
what the C says (numpy, fp32), not from any build of it.
  control_flow_ref.py DIR     writes DIR/in.npy and DIR/<kernel>-<args>.npy
"""
import sys

import numpy as np

N = 5                # tiles in the input
TILE = (128, 4)


def main(d):
    x = (np.arange(N * 128 * 4, dtype=np.float32) % 23 - 11) * 0.5
    x = x.reshape((N,) + TILE)
    np.save(d + "/in.npy", x)

    def save(name, a):
        np.save("%s/%s.npy" % (d, name), np.asarray(a, dtype=np.float32))

    for c, v in [(0, 2.0), (1, 1.0), (-3, 1.0)]:
        save("if_else-%d" % c, np.full(TILE, v))
    for c, v in [(0, 1.0), (1, 13.0), (2, 10.0), (3, 5.0), (-1, 5.0)]:
        save("switch_cases-%d" % c, np.full(TILE, v))
    for n, stop in [(N, 2), (N, 0), (N, 9), (0, 0)]:
        out = np.zeros((N,) + TILE, np.float32)
        out[:min(n, stop)] = x[:min(n, stop)] * np.float32(2)
        save("early_return-%d-%d" % (n, stop), out)
    for n, skip, stop in [(N, 1, 3), (N, 0, 9), (N, 4, 4), (2, 7, 7)]:
        out = np.zeros((N,) + TILE, np.float32)
        for i in range(n):
            if i == skip:
                continue
            out[i] = x[i] + np.float32(1)
            if i == stop:
                break
        save("break_continue-%d-%d-%d" % (n, skip, stop), out)
    for n in [N, 1, 0]:
        out = np.zeros((N,) + TILE, np.float32)
        for i in range(n):
            out[i] = x[i] * np.float32(2) if i & 1 else x[i] + np.float32(1)
        save("loop_if_else-%d" % n, out)
    save("last_builtin", x[0] - np.float32(3))


if __name__ == "__main__":
    main(sys.argv[1])
