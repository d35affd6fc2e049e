#!/usr/bin/env bash
# Runs the whole NeuronISA test suite (lit: codegen, MC, MIR, simulator,
# kernels, random differential tests, the translation validator;
# GoogleTest unit tests through lit). The build step also checks the Coq
# proofs (proofs/) and extracts the validator from them.
# Run utils/setup.sh once first.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/build.ninja ]; then
  echo "error: no build/ directory: run 'bash utils/setup.sh' first" >&2
  exit 1
fi
ninja -C build || exit 1
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv build/test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# lit ends with "Passed: N", "Failed: N", ...: print the plain summary line.
passed=$(awk -F: '/^ *Passed *:/ {split($2, a, " "); n += a[1]}
                  END {print n + 0}' "$log")
failed=$(awk -F: '/^ *(Failed|Unresolved|Timed Out) *:/ {split($2, a, " ");
                  n += a[1]} END {print n + 0}' "$log")
rm -f "$log"
echo "lit: ${passed:-0} passed, ${failed:-0} failed"
exit $status
