#!/usr/bin/env bash
# Compile-time benchmark of the synchronization pass (not a test): its share
# of llc's time and its time per data-path instruction at several kernel
# sizes and tile counts, beside AMDGPU's SIInsertWaitcnts in the same llc on
# AMDGPU kernels of the same shape (bench/sync-compile-time.py says how).
# Usage: bench/sync-compile-time.sh [BUILD_DIR] [OPT] [OPTIONS...]
#   defaults: build, -O0; OPTIONS go to sync-compile-time.py, e.g.
#   --sizes "1000 30000" --tiles "16 512" --shapes "loops siblings"
#   --repeat 3 --barrier --no-amdgpu --peak-memory
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
opt=${2:--O0}
shift $(( $# > 2 ? 2 : $# )) || true
exec /usr/bin/python3 "$here/sync-compile-time.py" --build "$build" --opt="$opt" \
  --llc "${LLC:-/usr/lib/llvm-22/bin/llc}" "$@"
