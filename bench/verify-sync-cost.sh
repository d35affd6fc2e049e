#!/usr/bin/env bash
# The compile-time cost of -neuronisa-verify-sync (docs/Validator.md,
# "Measured"): CPU time (user + sys, llc and the validator it runs) of
# compiling every kernel and example to an object, REPS times, without and
# with the check.
#   bash bench/verify-sync-cost.sh [BUILD] [REPS]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
REPS=${2:-3}
LLC="/usr/lib/llvm-22/bin/llc --load=$BUILD/lib/libNeuronISA.so -mtriple=neuronisa -filetype=obj"
files=("$ROOT"/kernels/*.ll "$ROOT"/examples/*.ll)
run() {
  for _ in $(seq "$REPS"); do
    for f in "${files[@]}"; do $LLC "$@" "$f" -o /dev/null; done
  done
}
base=$( { time -p run >/dev/null; } 2>&1 | awk '/user|sys/ {s += $2} END {print s}')
checked=$( { time -p run -neuronisa-verify-sync >/dev/null; } 2>&1 | awk '/user|sys/ {s += $2} END {print s}')
echo "${#files[@]} kernels x $REPS: llc ${base}s CPU, with -neuronisa-verify-sync ${checked}s CPU" \
     "($(awk -v a="$base" -v b="$checked" 'BEGIN {printf "%.2f", b / a}')x)"
