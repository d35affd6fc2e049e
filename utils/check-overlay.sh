#!/usr/bin/env bash
# Checks llvm-project-overlay against the LLVM release it is made for: gets
# the release's source (Debian's llvm-toolchain-22 source package, or a tree
# given with --source), applies the overlay (utils/apply-overlay.sh, twice:
# it must be idempotent), configures LLVM with NeuronISA as an experimental
# target and clang, and compiles every object the overlay adds or changes:
# the target, Triple, TargetDataLayout, TripleTest, ELFObjectFile (getArch,
# getFileFormatName of EM_NEURONISA), llvm-readobj's ELFDumper, clang's
# TargetInfo, CodeGen target info (and CodeGenModule) and toolchain, the
# header generator. The system llvm-tblgen and clang-tblgen of the same
# version stand in for building them.
#
#   utils/check-overlay.sh [--source DIR] [--work DIR] [--fetch-only] [--full]
#
#   --source DIR  an llvm-project tree of the release (default: download it)
#   --work DIR    where the source and the build go
#                 (default: ~/.cache/neuronisa/llvm-project-22.1.8)
#   --fetch-only  stop once the source is there
#   --full        then build llc, clang, llvm-readelf, llvm-objdump and
#                 TargetParserTests, run the Triple tests, run the project's
#                 lit suite (build/, from utils/setup.sh) with the in-tree
#                 llc, compile a C kernel with the in-tree clang and read its
#                 object with the in-tree readelf and objdump (hours on 2
#                 cores)
#
# Compiles run at nice 15. Prints the time of each step.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VERSION=$(cat "$ROOT/llvm-project-overlay/LLVM_VERSION")
WORK=${HOME}/.cache/neuronisa/llvm-project-$VERSION
SOURCE=""
FULL=0
FETCH_ONLY=0
while [ $# -gt 0 ]; do
  case $1 in
    --source) SOURCE=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --fetch-only) FETCH_ONLY=1; shift ;;
    --full) FULL=1; shift ;;
    *) echo "usage: utils/check-overlay.sh [--source DIR] [--work DIR]" \
         "[--fetch-only] [--full]" >&2
       exit 2 ;;
  esac
done
die() { echo "check-overlay: error: $*" >&2; exit 1; }
step_start=$(date +%s)
step() {
  local now; now=$(date +%s)
  echo "check-overlay: $* ($((now - step_start)) s since start)"
}
JOBS=$(nproc)
NICE="nice -n 15"
mkdir -p "$WORK"

# 1. The source of the release.
if [ -z "$SOURCE" ]; then
  SOURCE=$WORK/llvm-toolchain-22_$VERSION
  if [ ! -f "$SOURCE/llvm/CMakeLists.txt" ]; then
    cd "$WORK"
    tarball=llvm-toolchain-22_$VERSION.orig.tar.xz
    if [ ! -f "$tarball" ]; then
      SUDO=""
      [ "$(id -u)" -ne 0 ] && SUDO=sudo
      # Every Debian source version of this upstream release ships the same
      # orig tarball; a mirror may lack the files of some versions: try each.
      download() {
        for v in $(apt-cache showsrc llvm-toolchain-22 2>/dev/null |
                   sed -n 's/^Version: //p' | grep -F ":$VERSION-"); do
          apt-get source --download-only "llvm-toolchain-22=$v" >/dev/null 2>&1 || true
          [ -f "$tarball" ] && return 0
        done
        return 1
      }
      add_src() { # <file name> <sources text>
        echo "check-overlay: adding deb-src entries: /etc/apt/sources.list.d/$1"
        printf '%s\n' "$2" | $SUDO tee "/etc/apt/sources.list.d/$1" >/dev/null
        $SUDO apt-get update -q >/dev/null
      }
      if ! download; then
        # deb-src entries for the configured Debian suites.
        for f in /etc/apt/sources.list.d/*.sources; do
          grep -q '^Types: deb$' "$f" || continue
          grep -q 'deb-src' "$f" && continue
          add_src "$(basename "$f" .sources)-src.sources" \
            "$(sed 's/^Types: deb$/Types: deb-src/' "$f")"
        done
        download || {
          # The suite that builds the release (the configured suites' pool may
          # hold only Debian's diff; the sources of sid have the tarball).
          add_src neuronisa-sid-src.sources "Types: deb-src
URIs: http://deb.debian.org/debian
Suites: sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
          download
        } || die "could not download $tarball with apt-get source"
      fi
    fi
    step "extracting $tarball"
    $NICE tar xf "$tarball"
    [ -f "$SOURCE/llvm/CMakeLists.txt" ] || die "$tarball did not give $SOURCE"
  fi
fi
step "source: $SOURCE"
[ "$FETCH_ONLY" -eq 0 ] || exit 0

# 2. The overlay, twice (idempotent), and the data layout it gives Triple
# against the backend's.
"$ROOT/utils/apply-overlay.sh" "$SOURCE"
"$ROOT/utils/apply-overlay.sh" "$SOURCE" | grep -q " 0 patches applied" ||
  die "applying the overlay a second time changed the tree"
in_triple=$(grep -A3 'case Triple::neuronisa:' \
  "$SOURCE/llvm/lib/TargetParser/TargetDataLayout.cpp" | grep -o '"e-[^"]*"')
in_backend=$(grep -A1 'NeuronISADataLayout =' \
  "$ROOT/lib/Target/NeuronISA/NeuronISATargetMachine.cpp" | grep -o '"e-[^"]*"')
[ "$in_triple" = "$in_backend" ] ||
  die "data layouts differ: Triple $in_triple, backend $in_backend"
step "overlay applied"

# 3. Configure.
BUILD=$WORK/build
$NICE cmake -G Ninja -S "$SOURCE/llvm" -B "$BUILD" \
  -DCMAKE_BUILD_TYPE=Release \
  -DLLVM_ENABLE_PROJECTS=clang \
  -DLLVM_TARGETS_TO_BUILD="" \
  -DLLVM_EXPERIMENTAL_TARGETS_TO_BUILD=NeuronISA \
  -DLLVM_TABLEGEN=/usr/lib/llvm-22/bin/llvm-tblgen \
  -DCLANG_TABLEGEN=/usr/lib/llvm-22/bin/clang-tblgen \
  -DLLVM_INCLUDE_BENCHMARKS=OFF -DLLVM_INCLUDE_EXAMPLES=OFF \
  -DLLVM_ENABLE_ASSERTIONS=ON > "$WORK/configure.log" 2>&1 ||
  { tail -30 "$WORK/configure.log"; die "configure failed ($WORK/configure.log)"; }
step "configured ($BUILD)"

# 4. Every object the overlay adds or changes.
objects=$(ninja -C "$BUILD" -t targets all | sed -n 's/^\([^:]*\.o\): .*/\1/p' |
  grep -E '/(Triple|TargetDataLayout|TripleTest|ELFObjectFile|ELFDumper)\.cpp\.o$|/NeuronISA/|NeuronISA\.cpp\.o$|clangBasic\.dir/Targets\.cpp\.o$|clangCodeGen\.dir/CodeGenModule\.cpp\.o$|clangDriver\.dir/Driver\.cpp\.o$|neuronisa-builtins' |
  sort -u)
count=$(echo "$objects" | wc -l)
[ "$count" -ge 30 ] || die "found only $count objects of the overlay to compile"
step "compiling $count objects"
# shellcheck disable=SC2086
$NICE ninja -C "$BUILD" -j "$JOBS" $objects > "$WORK/compile.log" 2>&1 ||
  { grep -E 'error|FAILED' "$WORK/compile.log" | head -30; die "compile failed ($WORK/compile.log)"; }
step "ok: $count objects compile against LLVM $VERSION"

[ "$FULL" -eq 1 ] || exit 0

# 5. Optionally: the in-tree tools, the Triple tests, a kernel from C.
$NICE ninja -C "$BUILD" -j "$JOBS" TargetParserTests > "$WORK/full.log" 2>&1
"$BUILD/unittests/TargetParser/TargetParserTests" --gtest_filter='TripleTest.*'
step "TripleTest passed"
$NICE ninja -C "$BUILD" -j "$JOBS" llc >> "$WORK/full.log" 2>&1
"$BUILD/bin/llc" -march=neuronisa "$ROOT/examples/tiled_add.ll" -o "$WORK/tiled_add.ll.s"
step "llc -march=neuronisa works with no plugin"
# The project's lit suite with `llc` the in-tree llc (test/lit.cfg.py,
# -Din_tree_llc): needs the project's own build (utils/setup.sh) for its
# other tools.
PROJECT_BUILD=$ROOT/build
[ -f "$PROJECT_BUILD/test/lit.site.cfg.py" ] ||
  die "no project build at $PROJECT_BUILD (run utils/setup.sh first)"
lit_start=$(date +%s)
/usr/lib/llvm-22/bin/lit -q -Din_tree_llc="$BUILD/bin/llc" \
  "$PROJECT_BUILD/test" > "$WORK/lit.log" 2>&1 ||
  { tail -30 "$WORK/lit.log"; die "the lit suite fails with the in-tree llc ($WORK/lit.log)"; }
step "the lit suite passes with the in-tree llc ($(( $(date +%s) - lit_start )) s)"
$NICE ninja -C "$BUILD" -j "$JOBS" clang >> "$WORK/full.log" 2>&1
"$BUILD/bin/clang" --target=neuronisa -S "$ROOT/examples/tiled_add.c" -o "$WORK/tiled_add.c.s"
step "clang --target=neuronisa -S works with no plugin"
$NICE ninja -C "$BUILD" -j "$JOBS" llvm-readelf llvm-objdump >> "$WORK/full.log" 2>&1
"$BUILD/bin/clang" --target=neuronisa -c "$ROOT/examples/tiled_add.c" -o "$WORK/tiled_add.o"
"$BUILD/bin/llvm-readelf" -h "$WORK/tiled_add.o" | grep -q 'Machine: *NeuronISA' ||
  die "llvm-readelf does not name the machine of a NeuronISA object"
"$BUILD/bin/llvm-objdump" -d "$WORK/tiled_add.o" | grep -q 'file format elf32-neuronisa' ||
  die "llvm-objdump does not disassemble a NeuronISA object"
step "llvm-readelf and llvm-objdump read NeuronISA objects"
