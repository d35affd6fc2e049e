#!/usr/bin/env bash
# Sets NeuronISA up on a fresh Debian 12 machine and runs the main job:
#   1. installs the Debian packages it needs, if missing (LLVM 22, the
#      clang 22 libraries, CMake, Ninja, GoogleTest, Python 3 with numpy and
#      matplotlib, Coq and OCaml for proofs/, clang's libFuzzer and sanitizer
#      runtimes for fuzz/, libffi for neuronisa-host-run);
#   2. configures and builds everything into build/;
#   3. compiles the example kernel, written in C, with neuronisa-clang (clang
#      22 and the NeuronISA backend), shows its engine-partitioned assembly,
#      and runs it in the simulator with barrier and with precise
#      synchronization.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake ninja-build g++ python3 python3-numpy python3-matplotlib
          libgtest-dev llvm-22 llvm-22-dev llvm-22-tools clang-22
          libclang-22-dev libclang-cpp22-dev libclang-rt-22-dev
          make coq ocaml-nox ocaml-findlib libffi-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

echo "== Building (build/)"
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build

CLANG=build/bin/neuronisa-clang
EXAMPLE=examples/tiled_matmul.c
OUT=build/examples
mkdir -p "$OUT"
echo
echo "== $EXAMPLE"
cat "$EXAMPLE"
echo
echo "== $CLANG -O2 -S $EXAMPLE"
for mode in precise barrier none; do
  "$CLANG" -O2 -S -mllvm -neuronisa-sync=$mode "$EXAMPLE" \
    -o "$OUT/tiled_matmul.$mode.s"
done
cat "$OUT/tiled_matmul.precise.s"

# C = A^T B with 2 x 2 output tiles and 4 K tiles (HBM buffers zero-filled).
ARGS=(--arg=out:131072 --arg=out:524288 --arg=out:262144 --arg=2 --arg=2 --arg=4)
echo
echo "== neuronisa-sim: the same kernel with barrier and precise synchronization"
for mode in barrier precise; do
  printf '%-8s ' "$mode:"
  build/bin/neuronisa-sim "$OUT/tiled_matmul.$mode.s" "${ARGS[@]}" |
    grep -E '^total cycles' | tr '\n' ' '
  echo
done
# The dataflow limit: the kernel without any synchronization instruction,
# every dependence honoured by the simulator at no cost.
printf '%-8s ' "limit:"
build/bin/neuronisa-sim "$OUT/tiled_matmul.none.s" --ideal "${ARGS[@]}" |
  grep -E '^total cycles'
