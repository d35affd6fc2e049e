#!/usr/bin/env bash
# Regenerates the seed corpora of the fuzzers (fuzz/corpus/) from the
# kernels, the examples and the simulator's hand-written tests:
#   bash fuzz/make-corpus.sh [BUILD_DIR]     (default: build)
# Commit the result: the lit tests (test/fuzz/) start from it.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
LLC="/usr/lib/llvm-22/bin/llc --load=$BUILD/lib/libNeuronISA.so -mtriple=neuronisa"
ASM=fuzz/corpus/asm
NPY=fuzz/corpus/npy
rm -rf "$ASM" "$NPY"
mkdir -p "$ASM" "$NPY"

# Compiled kernels: every data-path format, loops, both synchronizations.
for k in tensor_add softmax matmul cumsum transpose layernorm; do
  $LLC -neuronisa-sync=precise "kernels/$k.ll" -o "$ASM/$k.precise.s"
done
$LLC -neuronisa-sync=barrier examples/tiled_matmul.ll \
  -o "$ASM/tiled_matmul.barrier.s"
# An object: the same fuzzer reads ELF objects (docs/ObjectFormat.md).
$LLC -neuronisa-sync=precise -filetype=obj kernels/tensor_add.ll \
  -o "$ASM/tensor_add.precise.o"
# Hand-written: races, deadlocks, register waits.
for t in race deadlock loop-precise; do
  cp "test/tools/neuronisa-sim/$t.s" "$ASM/$t.s"
done

# .npy files: versions 1 and 2, 0 to 3 dimensions, Fortran order.
GEN=test/tools/neuronisa-sim/Inputs/gen.py
python3 $GEN npy "$NPY/vector.npy" 8 "i"
python3 $GEN npy "$NPY/matrix.npy" 3x4 "0.5 * i - 1"
python3 $GEN npy "$NPY/cube.npy" 2x2x2 "i * i"
python3 - "$NPY" <<'PY'
import struct, sys
d = sys.argv[1]
def npy(path, header, data, version=1):
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    size = struct.pack("<H" if version == 1 else "<I", len(header))
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]) + size + header.encode())
        f.write(struct.pack("<%df" % len(data), *data))
npy(d + "/scalar.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", [3.5])
npy(d + "/v2.npy", "{'descr': '<f4', 'fortran_order': True, 'shape': (1, 3), }",
    [1, -2, 0.25], version=2)
PY
ls -l "$ASM" "$NPY"
