#!/usr/bin/env bash
# How often precise synchronization falls back for lack of registers (not a
# test): random programs of utils/kernelgen/random_kernels.py (seeds 0-299,
# and 0-99 with --extended) compiled in precise mode; counts of programs
# with a barrier fallback (counters did not fit), a snapshot fallback, and
# rejected with "needs a stack" (utils/kernelgen/sync_fallbacks.py).
# Usage: bench/sync-fallbacks.sh [BUILD_DIR] [OPTIONS...]
#   OPTIONS go to sync_fallbacks.py, e.g. --explain (why groups need
#   snapshot registers), --list (the seeds), --seeds 0-99, --check
#   BUILD/bin/neuronisa-sync-check (validate every compilation), --clang
#   BUILD/bin/neuronisa-clang (also the random C kernels of the C
#   differential test, seeds 7000-7299 at -O0 and -O2; --seeds ''
#   --extended-seeds '' for those alone), --mllvm=OPT (a backend option).
#   Paths are taken from utils/: give them absolute.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
shift $(( $# > 0 ? 1 : 0 ))
cd "$here/../utils"
exec /usr/bin/python3 -m kernelgen.sync_fallbacks --builtins "$build" \
  --llc "${LLC:-/usr/lib/llvm-22/bin/llc} --load=$build/lib/libNeuronISA.so" "$@"
