#!/usr/bin/env bash
# How the translation validator's time and memory grow with the kernel
# (docs/Validator.md, "Measured"): for each size N, a kernel of about N
# data-path instructions from utils/gen_sync_kernel.py (16 tiles), compiled
# in precise mode to an object, then neuronisa-sync-check on the object
# alone, given at most LIMIT seconds. Prints sites, CPU seconds and peak
# resident memory of the checker.
#   bash bench/verify-sync-scale.sh [BUILD] [SIZES] [LIMIT]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
SIZES=${2:-"50 100 200 400"}
LIMIT=${3:-600}
LLC="/usr/lib/llvm-22/bin/llc --load=$BUILD/lib/libNeuronISA.so -mtriple=neuronisa"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
printf '%-6s %-6s %-10s %-8s %s\n' size sites cpu_s peak_MB verdict
for n in $SIZES; do
  /usr/bin/python3 "$ROOT/utils/gen_sync_kernel.py" "$n" --tiles 16 \
    --builtins "$BUILD" > "$WORK/k.ll"
  $LLC -neuronisa-sync=precise -filetype=obj "$WORK/k.ll" -o "$WORK/k.o"
  set +e
  /usr/bin/time -f '%U %S %M' -o "$WORK/time" timeout "$LIMIT" \
    "$BUILD/bin/neuronisa-sync-check" "$WORK/k.o" > "$WORK/out" 2>&1
  rc=$?
  set -e
  read -r user sys kb < <(tail -1 "$WORK/time")
  sites=$("$BUILD/bin/neuronisa-sync-program" "$WORK/k.o" | /usr/bin/python3 -c \
    'import json, sys; d = json.load(sys.stdin); print(len((d[0] if isinstance(d, list) else d)["sites"]))')
  verdict=$(head -1 "$WORK/out" | sed 's/^[^:]*: //' | cut -c1-40)
  [ "$rc" = 124 ] && verdict="gave up after ${LIMIT} s"
  printf '%-6s %-6s %-10s %-8s %s\n' "$n" "${sites:--}" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')" \
    "$((kb / 1024))" "$verdict"
done
