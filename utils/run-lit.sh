#!/usr/bin/env bash
# Runs lit on the given arguments with -sv, then prints one summary line,
#   LABEL: N passed, M failed
# counting Unresolved and Timed Out tests as failed. Exits with lit's status.
# Used by run-tests.sh and run-sanitized-tests.sh.
#   bash utils/run-lit.sh LABEL LIT-ARGUMENTS...
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: run-lit.sh LABEL LIT-ARGUMENTS..." >&2
  exit 2
fi
label=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
/usr/lib/llvm-22/bin/lit -sv "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# lit ends with "Passed: N", "Failed: N", ...: print the plain summary line.
passed=$(awk -F: '/^ *Passed *:/ {split($2, a, " "); n += a[1]}
                  END {print n + 0}' "$log")
failed=$(awk -F: '/^ *(Failed|Unresolved|Timed Out) *:/ {split($2, a, " ");
                  n += a[1]} END {print n + 0}' "$log")
echo "$label: ${passed:-0} passed, ${failed:-0} failed"
exit $status
