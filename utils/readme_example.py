#!/usr/bin/env python3
"""Checks an output block of README.md against what a tool prints.

README.md marks a fenced block as a tool's output with

    <!-- output: NAME -->
    ```
    ...
    ```

and the lit test test/docs/readme-example.test compiles the source the
README names and calls

    readme_example.py README.md NAME ACTUAL [--same-lines]

Without --same-lines, the block's lines must appear in ACTUAL in order and
one after the other, as the README shows them (tabs and trailing comments
included); ACTUAL's comment-only lines (`# ...`) between them are skipped,
and a block line `...` stands for any number of ACTUAL's lines. With
--same-lines, ACTUAL's lines from the block's first line to its last, with
comments removed, must be the block's lines in some order (the README says
"the same instructions" of a second compilation).

Prints `error:` and exits 1 on a difference, with the lines that differ, so
that a change of the compiler's output shows the README line to update.
"""
import argparse
import re
import sys

BEGIN = re.compile(r"^<!-- output: (\S+) -->\s*$")


def read_block(readme, name):
    """Returns the lines of the fenced block after the marker NAME."""
    lines = open(readme, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        m = BEGIN.match(line)
        if not m or m.group(1) != name:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            sys.exit(f"error: {readme}:{i + 1}: the marker '{name}' is not "
                     "followed by a fenced block")
        for j in range(i + 2, len(lines)):
            if lines[j].startswith("```"):
                return lines[i + 2:j], i + 3
        sys.exit(f"error: {readme}:{i + 2}: the block '{name}' is not closed")
    sys.exit(f"error: {readme}: no block marked '<!-- output: {name} -->'")


def is_comment(line):
    return line.lstrip().startswith("#")


def strip_comment(line):
    return line.split("#", 1)[0].rstrip()


def match_at(block, actual, start):
    """Matches block against actual from actual[start]. Returns (ok,
    block index, actual index) of the first difference."""
    a = start
    b = 0
    while b < len(block):
        if block[b].strip() == "...":
            b += 1
            if b == len(block):
                return True, b, a
            while a < len(actual) and actual[a] != block[b]:
                a += 1
            if a == len(actual):
                return False, b, a
            continue
        while a < len(actual) and actual[a] != block[b] and \
                is_comment(actual[a]) and b > 0:
            a += 1
        if a == len(actual) or actual[a] != block[b]:
            return False, b, a
        a += 1
        b += 1
    return True, b, a


def check_in_order(block, actual, readme, first_line, name):
    best = None
    for start, line in enumerate(actual):
        if line != block[0]:
            continue
        ok, b, a = match_at(block, actual, start)
        if ok:
            return 0
        if best is None or b > best[0]:
            best = (b, a)
    if best is None:
        print(f"error: {readme}:{first_line}: block '{name}' starts with "
              f"{block[0]!r}, which the compiler's output does not contain")
        return 1
    b, a = best
    got = actual[a] if a < len(actual) else "<end of output>"
    print(f"error: {readme}:{first_line + b}: block '{name}' shows "
          f"{block[b]!r}; the compiler prints {got!r} there")
    return 1


def check_same_lines(block, actual, readme, first_line, name):
    want = [strip_comment(line) for line in block]
    want = [line for line in want if line]
    got = [strip_comment(line) for line in actual]
    got = [line for line in got if line]
    try:
        start = got.index(want[0])
        end = len(got) - got[::-1].index(want[-1])
    except ValueError:
        print(f"error: {readme}:{first_line}: the compiler's output does not "
              f"hold the first and last lines of block '{name}'")
        return 1
    if sorted(got[start:end]) == sorted(want):
        return 0
    missing = sorted(set(want) - set(got[start:end]))
    extra = sorted(set(got[start:end]) - set(want))
    print(f"error: {readme}:{first_line}: block '{name}' and the compiler's "
          f"output differ: only in the README {missing}, only in the "
          f"output {extra} (or the counts of lines differ)")
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("readme")
    ap.add_argument("name")
    ap.add_argument("actual")
    ap.add_argument("--same-lines", action="store_true")
    args = ap.parse_args()
    block, first_line = read_block(args.readme, args.name)
    if not block:
        sys.exit(f"error: {args.readme}:{first_line}: block '{args.name}' "
                 "is empty")
    actual = open(args.actual, encoding="utf-8").read().split("\n")
    check = check_same_lines if args.same_lines else check_in_order
    return check(block, actual, args.readme, first_line, args.name)


if __name__ == "__main__":
    sys.exit(main())
