#!/usr/bin/env bash
# Builds the simulator tools of a git revision out of the tree, to compare
# the current build with (bench/sim-speed.sh, utils/sim_regression.py):
#   bench/build-revision.sh REV DIR
# exports REV into DIR/src and builds neuronisa-sim, neuronisa-kernel-ref and
# the NeuronISA plugin into DIR/build (Release; ccache when installed).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 REV DIR" >&2; exit 2; }
rev="$1"
dir="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$dir/src"
git -C "$root" archive "$rev" | tar -x -C "$dir/src"
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -G Ninja -S "$dir/src" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release \
  "${launcher[@]}" >/dev/null
ninja -C "$dir/build" neuronisa-sim neuronisa-kernel-ref NeuronISA >/dev/null
echo "$dir/build"
