#!/usr/bin/env bash
# Applies llvm-project-overlay/ to an llvm-project source tree of the release
# it was made for (llvm-project-overlay/LLVM_VERSION), so that NeuronISA is
# built in tree: the target (lib/Target/NeuronISA, copied, with the
# overlay's in-tree CMakeLists.txt; lib/SyncCheck in its SyncCheck/),
# Triple::neuronisa, clang's TargetInfo
# and toolchain, neuronisa.h among clang's resource headers.
#
#   utils/apply-overlay.sh <llvm-project dir>
#
# Idempotent: patches already applied are skipped and the copies refreshed
# (unchanged files keep their times, so a rebuild recompiles nothing).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OVERLAY=$ROOT/llvm-project-overlay

die() { echo "apply-overlay: error: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: utils/apply-overlay.sh <llvm-project dir>"
DEST=$(cd "$1" 2>/dev/null && pwd) || die "no such directory: $1"
[ -f "$DEST/llvm/CMakeLists.txt" ] && [ -d "$DEST/clang" ] ||
  die "$DEST is not an llvm-project source tree (no llvm/CMakeLists.txt or clang/)"

# The release: the patches are made against it.
want=$(cat "$OVERLAY/LLVM_VERSION")
version_file=$DEST/cmake/Modules/LLVMVersion.cmake
[ -f "$version_file" ] || version_file=$DEST/llvm/CMakeLists.txt
have=$(sed -n 's/.*set(LLVM_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)).*/\2/p' \
  "$version_file" | head -3 | paste -sd.)
[ "$have" = "$want" ] ||
  die "the overlay is made for LLVM $want; $DEST is LLVM ${have:-of unknown version}"

# 1. Patches of upstream files (llvm-project-overlay/<path>.patch).
cd "$OVERLAY"
applied=0 skipped=0
while IFS= read -r p; do
  file=${p%.patch}
  if patch -d "$DEST" -p1 -R --dry-run -s -f < "$p" >/dev/null 2>&1; then
    skipped=$((skipped + 1))
  elif patch -d "$DEST" -p1 --dry-run -s -f < "$p" >/dev/null 2>&1; then
    patch -d "$DEST" -p1 -s -f --no-backup-if-mismatch < "$p"
    applied=$((applied + 1))
  else
    die "cannot apply $p: $DEST/$file differs from LLVM $want"
  fi
done < <(find . -name '*.patch' | sed 's|^\./||' | sort)

# 2. New files of the overlay, at their place in the tree.
while IFS= read -r f; do
  mkdir -p "$DEST/$(dirname "$f")"
  cp -p "$f" "$DEST/$f"
done < <(find llvm clang -type f ! -name '*.patch' | sort)

# 3. The target and the header generator: the project's one copy, replacing
# what a previous run copied (sources deleted since then must go).
target=$DEST/llvm/lib/Target/NeuronISA
find "$target" -type f ! -name CMakeLists.txt -delete 2>/dev/null || true
(cd "$ROOT/lib/Target/NeuronISA" &&
  find . -type f ! -name CMakeLists.txt | while IFS= read -r f; do
    mkdir -p "$target/$(dirname "$f")"
    cp -p "$f" "$target/$f"
  done)
# The validator's record of emitted code, which the AsmPrinter's
# -neuronisa-verify-sync builds: compiled into the target (the overlay's
# CMakeLists.txt).
mkdir -p "$target/SyncCheck"
cp -p "$ROOT"/lib/SyncCheck/*.cpp "$ROOT"/lib/SyncCheck/*.h "$target/SyncCheck/"
cp -p "$ROOT/tools/neuronisa-builtins/neuronisa-builtins.cpp" \
  "$DEST/llvm/tools/neuronisa-builtins/"

echo "apply-overlay: LLVM $want at $DEST: $applied patches applied," \
  "$skipped already applied; NeuronISA copied from $ROOT"
