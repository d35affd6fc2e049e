"""The Python interface of neuronisa_nki, as users call it."""
import sys

import numpy as np

import neuronisa_nki as nn

mod = nn.load(sys.argv[1] + "/tensor_add.py")
print("bound:", "nki" in sys.modules, "neuronxcc.nki" in sys.modules)
rng = np.random.default_rng(3)
a = rng.uniform(-1, 1, (256, 1024)).astype(np.float16)
b = rng.uniform(-1, 1, (256, 1024)).astype(np.float16)
c = nn.simulate_kernel(mod.tensor_add[2, 2], a, b)
print("dtype:", c.dtype, "shape:", c.shape,
      "exact:", bool((c == (a.astype(np.float32) + b).astype(np.float16)).all()))
r = nn.last_report()
print("report:", r.sync, r.cycles > 0, r.races, r.static_instructions > 0,
      r.dynamic_instructions > 0, r.compile_seconds >= 0)
for sync in ("barrier", "none"):
    nn.simulate_kernel(mod.tensor_add[2, 2], a, b, sync=sync, ideal=sync == "none")
    print(sync, nn.last_report().cycles > 0)
ir = nn.compile_kernel(mod.tensor_add[2, 2], a, b)
print("rolled grid:", "phi i32" in ir)
ir = nn.compile_kernel(mod.tensor_add[2, 2], a, b, unroll=True)
print("unrolled grid:", "phi" not in ir, sum("call" in l and "dma.store" in l for l in ir.splitlines()))
try:
    nn.simulate_kernel(mod.tensor_add[2, 2], a, b, sync="fast")
except nn.NKIError as e:
    print(e)
