#!/usr/bin/env bash
# Speed of neuronisa-sim in simulated instructions per second of CPU time
# (user + system: less sensitive to other load than wall time) on a
# loop-heavy kernel (bench/sim-speed.s), with the checkers off and on and in
# --ideal mode; best of several runs. With a baseline, both builds run
# interleaved in the same invocation and the table compares them. Not a
# test: the numbers depend on the machine.
#
#   bench/sim-speed.sh [options] [BUILD_DIR]
#     --baseline BIN        compare with this neuronisa-sim binary
#     --baseline-rev REV    build REV (bench/build-revision.sh) and compare
#     --iterations N        loop iterations (default 2000000)
#     --runs N              runs per mode and build, the best is kept (5)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$here/../build"
baseline=""
rev=""
iters=2000000
runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --baseline-rev) rev="$2"; shift 2 ;;
    --iterations) iters="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "error: unknown option $1" >&2; exit 2 ;;
    *) build="$1"; shift ;;
  esac
done
sim="$build/bin/neuronisa-sim"
[ -x "$sim" ] || { echo "error: $sim not built" >&2; exit 1; }
tmp=""
if [ -n "$rev" ]; then
  tmp="$(mktemp -d /tmp/neuronisa-sim-speed.XXXXXX)"
  trap 'rm -rf "$tmp"' EXIT
  echo "building $rev in $tmp ..." >&2
  baseline="$("$here/build-revision.sh" "$rev" "$tmp")/bin/neuronisa-sim"
fi
[ -z "$baseline" ] || [ -x "$baseline" ] ||
  { echo "error: $baseline is not an executable" >&2; exit 1; }

/usr/bin/python3 - "$here/sim-speed.s" "$iters" "$runs" "$sim" "$baseline" "${rev:-$baseline}" <<'PY'
import json, os, resource, subprocess, sys

kernel, iters, runs, sim, base, base_name = sys.argv[1:7]
runs = int(runs)
MODES = [("checkers off", ["--no-check"]),
         ("races only", ["--check=races"]),
         ("races+oversync", ["--check=all"]),
         ("ideal", ["--ideal"])]
builds = [("this build", sim)] + ([("baseline", base)] if base else [])


def cpu_run(exe, extra):
    """(CPU seconds, report) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([exe, kernel, iters, "--report=json"] + extra,
                         stdout=subprocess.PIPE, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, json.loads(out)


best = {}    # (build, mode) -> CPU seconds
report = {}  # mode -> report of this build
for label, extra in MODES:
    for _ in range(runs):
        for name, exe in builds:  # interleaved: load affects both alike
            cpu, rep = cpu_run(exe, extra)
            key = (name, label)
            best[key] = min(best.get(key, cpu), cpu)
            if name == "this build":
                report[label] = rep

n = report["checkers off"]["simulated_instructions"]
print("neuronisa-sim speed: %s iterations of bench/sim-speed.s, %.1f M "
      "simulated instructions, CPU time, best of %d" % (iters, n / 1e6, runs))
if base:
    print("baseline: %s" % base_name)
    print("%-16s %14s %14s %8s" % ("mode", "baseline M/s", "this M/s",
                                    "change"))
else:
    print("%-16s %14s" % ("mode", "M instr/s"))
for label, _ in MODES:
    n = report[label]["simulated_instructions"]
    new = n / best[("this build", label)] / 1e6
    if base:
        old = n / best[("baseline", label)] / 1e6
        print("%-16s %14.1f %14.1f %+7.1f%%" % (label, old, new,
                                               100 * (new / old - 1)))
    else:
        print("%-16s %14.1f" % (label, new))

# Per engine stream (and the DMA queues together, if they ran anything):
# each agent's executed instructions per second of the run's CPU time.
agents = [a["name"] for a in report["checkers off"]["agents"]
          if not a["name"].startswith("dma")]
if any(a["name"].startswith("dma") for a in report["checkers off"]["agents"]):
    agents.append("dma")
print("\nper engine stream, this build (M instructions/s of CPU time):")
print("%-16s" % "mode" + "".join("%9s" % a for a in agents))
for label, _ in MODES:
    counts = {a: 0 for a in agents}
    for a in report[label]["agents"]:
        counts["dma" if a["name"].startswith("dma") else a["name"]] += \
            a["instructions"]
    t = best[("this build", label)]
    print("%-16s" % label + "".join("%9.1f" % (counts[a] / t / 1e6)
                                    for a in agents))
PY
