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
exec bash utils/run-lit.sh lit build/test
