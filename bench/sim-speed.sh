#!/usr/bin/env bash
# Simulated instructions per second of neuronisa-sim on a loop-heavy kernel,
# with the checkers off and on, and in --ideal mode. Not a test: numbers
# depend on the machine. Usage: bench/sim-speed.sh [BUILD_DIR] [ITERATIONS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../build}"
iters="${2:-2000000}"
sim="$build/bin/neuronisa-sim"
[ -x "$sim" ] || { echo "error: $sim not built" >&2; exit 1; }

run() {
  local label="$1"; shift
  local t0 t1 json n
  t0=$(date +%s.%N)
  json=$("$sim" "$here/sim-speed.s" "$iters" --report=json "$@")
  t1=$(date +%s.%N)
  n=$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["simulated_instructions"])')
  python3 - "$label" "$n" "$t0" "$t1" <<'PY'
import sys
label, n, t0, t1 = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
dt = t1 - t0
print("%-22s %12d instrs %8.3f s %8.1f M instr/s" % (label, n, dt, n / dt / 1e6))
PY
}

echo "neuronisa-sim speed, $iters iterations of bench/sim-speed.s"
run "checkers off" --no-check
run "races only" --check=races
run "races+precision" --check=all
run "ideal" --ideal
