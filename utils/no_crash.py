"""Runs a tool on bad input and decides whether it failed cleanly.

Shared by llvm_stress_test.py and mutation_test.py. A run is
  - "ok": exit status 0;
  - "error": a non-zero exit with an `error:` message and no sign of a crash;
  - "crash": a signal, a timeout, a non-zero exit without an `error:`, or a
    crash report (stack dump, `LLVM ERROR:`, an assertion, a sanitizer
    report), which the project never allows for any input.
"""
import subprocess

CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR:",
                 "Assertion `", "AddressSanitizer", "runtime error:",
                 "UndefinedBehaviorSanitizer", "LeakSanitizer")


def classify(cmd, timeout=120, stdin=None):
    """Returns (kind, detail): kind is ok, error or crash."""
    try:
        p = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "crash", "timed out after %d s" % timeout
    err = p.stderr.decode("utf-8", "replace")
    for m in CRASH_MARKERS:
        if m in err:
            return "crash", first_lines(err, m)
    if p.returncode < 0:
        return "crash", "signal %d\n%s" % (-p.returncode, first_lines(err))
    if p.returncode == 0:
        return "ok", ""
    if "error:" not in err:
        return "crash", "exit %d without an error: message\n%s" % (
            p.returncode, first_lines(err))
    return "error", first_lines(err, "error:")


def first_lines(text, near=None, n=6):
    lines = text.splitlines()
    start = 0
    if near:
        for k, line in enumerate(lines):
            if near in line:
                start = max(0, k - 1)
                break
    return "\n".join(lines[start:start + n])
