"""The NKI front end's precise compiles are validated when the suite asks
for it (NEURONISA_VERIFY_SYNC): a compiler that drops a dependence group
(-neuronisa-sync-debug-drop-group, hidden) fails the compile, not the run."""
import os
import sys

import numpy as np

import neuronisa_nki as nn
from neuronisa_nki.driver import compile_ir

mod = nn.load(sys.argv[1] + "/softmax.py")
work = sys.argv[2]
x = np.random.default_rng(5).uniform(-1, 1, (256, 512)).astype(np.float32)
ir_path = os.path.join(work, "softmax.ll")
with open(ir_path, "w") as f:
    f.write(nn.compile_kernel(mod.softmax, x))
asm = os.path.join(work, "softmax.s")
drop = ["-neuronisa-sync-debug-drop-group=" + sys.argv[3]]

def attempt(what, extra):
    try:
        compile_ir(ir_path, asm, "precise", extra=extra)
        print(what + ": compiled")
    except nn.NKIError as e:
        print(what + ": " + str(e).splitlines()[-1])

os.environ["NEURONISA_VERIFY_SYNC"] = "1"
attempt("validated", [])
attempt("validated, group dropped", drop)
nn.simulate_kernel(mod.softmax, x)
print("simulated, validated: races", nn.last_report().races)
del os.environ["NEURONISA_VERIFY_SYNC"]
attempt("not validated, group dropped", drop)
