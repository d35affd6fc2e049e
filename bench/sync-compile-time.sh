#!/usr/bin/env bash
# Compile-time benchmark of the synchronization pass (not a test).
# Generates kernels of about N data-path instructions (utils/gen_sync_kernel.py:
# sequences of loops, some nested, some with if/else, 36 tiles, 8 agents),
# compiles each with -neuronisa-sync=precise, barrier and none, and prints
# llc's time and the pass's time and share (-time-passes).
# Usage: bench/sync-compile-time.sh [BUILD_DIR] [OPT] [SIZES...]
#   defaults: build, -O0, 1000 3000 10000 30000 100000
# At -O2 the IR pass "Canonicalize Freeze Instructions in Loops" of LLVM 22 is
# quadratic in the number of loops of one function and dominates beyond a
# few thousand instructions: use -O0 to see the backend passes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
opt=${2:--O0}
shift $(( $# > 2 ? 2 : $# )) || true
sizes=${*:-1000 3000 10000 30000 100000}
llc="${LLC:-/usr/lib/llvm-22/bin/llc} --load=$build/lib/libNeuronISA.so -mtriple=neuronisa $opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Columns: N requested; insts = lines of the precise assembly; wall seconds
# of llc with none / precise / barrier; the pass's user+sys seconds and its
# share of all passes' time (-time-passes, precise mode).
printf '%8s %8s %9s %9s %9s %9s %7s\n' N insts none precise barrier sync-pass share
for n in $sizes; do
  python3 "$here/../utils/gen_sync_kernel.py" "$n" > "$tmp/k.ll"
  t() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
  none=$(t $llc -neuronisa-sync=none "$tmp/k.ll" -o /dev/null)
  barr=$(t $llc -neuronisa-sync=barrier "$tmp/k.ll" -o /dev/null)
  prec=$(t $llc -neuronisa-sync=precise "$tmp/k.ll" -o /dev/null)
  $llc -neuronisa-sync=precise "$tmp/k.ll" -o "$tmp/k.s" -time-passes 2> "$tmp/tp.txt"
  insts=$(grep -c $'^\t[a-z]' "$tmp/k.s" || true)
  total=$(grep -m1 'Total Execution Time' "$tmp/tp.txt" | awk '{print $4}')
  # user+system seconds of the pass: the third number of its line.
  pass=$(grep -m1 'inter-engine synchronization' "$tmp/tp.txt" |
         python3 -c 'import re,sys; print(re.findall(r"[0-9.]+(?=\s*\()", sys.stdin.read())[2])')
  share=$(echo "100 * $pass / $total" | bc -l)
  printf '%8s %8s %9.2f %9.2f %9.2f %9.3f %6.1f%%\n' "$n" "$insts" "$none" "$prec" "$barr" "$pass" "$share"
done
