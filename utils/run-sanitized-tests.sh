#!/usr/bin/env bash
# Builds the project with AddressSanitizer and UndefinedBehaviorSanitizer
# into build-asan/ (clang, NEURONISA_SANITIZE="address;undefined") and runs
# the whole lit suite on it. The plugin runs inside the stock llc, which is
# not instrumented: lit preloads the ASan runtime into llc. Every sanitizer
# report aborts the process, so it fails its test.
#   bash utils/run-sanitized-tests.sh [lit arguments, e.g. a test directory]
# docs/Testing.md, "Hardening", says what it covers.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=build-asan
CXX=${CXX:-clang++-22}
CC=${CC:-clang-22}
if [ ! -f $BUILD/build.ninja ]; then
  cmake -G Ninja -S . -B $BUILD -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    "-DNEURONISA_SANITIZE=address;undefined" -DNEURONISA_FUZZERS=OFF \
    >/dev/null || exit 1
fi
ninja -C $BUILD || exit 1
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=($BUILD/test)
exec bash utils/run-lit.sh "lit (ASan+UBSan)" "${targets[@]}"
