#!/usr/bin/python3
"""List the C++ functions longer than N lines (default 100).

    utils/long-functions.py [--max N] [--exclude PATH]... DIR_OR_FILE...

Reads every .cpp and .h file under the given directories (and the files
given directly), prints one line per function longer than --max lines,

    path:line: NAME is L lines (max N)

longest first, and exits 1 if it printed any (0 if none, 2 on bad usage).
--exclude skips a file or everything under a directory (as given, or
relative to the current directory).

How it decides what a function is and how long it is:
  1. Comments, string and character literals (raw strings included) and
     preprocessor lines (with their continuations) are blanked out, keeping
     the line breaks, so that braces and parentheses in them do not count.
  2. The text is scanned for braces with a stack of scopes. At file scope
     and inside namespaces, classes, structs, unions, enums and extern "C"
     blocks, an opening brace's head (the text since the last ';', '{' or
     '}' at that level) decides what it opens:
       - a head that begins with namespace/class/struct/union/enum (after
         any template<...>) or extern: a scope searched for functions;
       - a head with '=' outside parentheses and angle brackets: an
         initializer (a table, a lambda assigned to a variable), skipped;
       - a head ending in a parameter list, optionally followed by
         qualifiers (const, override, noexcept, -> T) or a constructor's
         member initializers: a function definition;
       - anything else: skipped.
     Braces inside a function (blocks, lambdas, local classes) belong to
     it: a lambda's lines count towards the function that contains it.
  3. A function's length is the lines from the line of its name through
     the line of its closing brace, inclusive. Its name is the qualified
     identifier before the parameter list (operator names included).
"""

import argparse
import os
import re
import sys

SUFFIXES = (".cpp", ".h")


def blank(text):
    """Text with comments, literals and preprocessor lines replaced by
    spaces (line breaks kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True  # only whitespace since the last line break

    def keep_newlines(s):
        return "".join(c if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if line_start and c == "#":
            # A preprocessor line, with its backslash continuations (and any
            # comment on it, which may span lines).
            j = i
            while j < n:
                if text.startswith("/*", j):
                    k = text.find("*/", j + 2)
                    j = n if k < 0 else k + 2
                    continue
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                    continue
                if text[j] == "\n":
                    break
                j += 1
            out.append(keep_newlines(text[i:j]))
            i = j
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(keep_newlines(text[i:j]))
            i = j
            continue
        m = re.match(r'(?:u8|u|U|L)?R"([^()\\ \n]{0,16})\(', text[i:i + 24])
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + m.group(1) + '"', i + m.end())
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(keep_newlines(text[i:j]))
            i = j
            line_start = False
            continue
        if c == "'" and i > 0 and is_digit_separator(text, i):
            out.append(c)
            i += 1
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(keep_newlines(text[i:j]))
            i = j
            line_start = False
            continue
        out.append(c)
        if c == "\n":
            line_start = True
        elif not c.isspace():
            line_start = False
        i += 1
    return "".join(out)


def is_digit_separator(text, i):
    """Whether the quote at i separates digits (1'000, 0xFF'FF)."""
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_'"):
        j -= 1
    return text[j].isdigit() and i + 1 < len(text) and text[i + 1].isalnum()


CONTAINER = re.compile(
    r"^(?:template\s*<.*>\s*)?(?:namespace|class|struct|union|enum|extern)\b",
    re.S)
# What may follow a function's parameter list before its body.
TRAILER = re.compile(
    r"^(?:\s*(?:const|volatile|override|final|noexcept(?:\s*\(.*?\))?|"
    r"&&|&|mutable|try|->\s*[\w:<>,\s*&]+?))*\s*$", re.S)
# A (qualified) name: Outer<T>::Inner::name, ~Name or operator<op>; template
# arguments nest one level (Map<K, std::vector<V>>).
TEMPLATE_ARGS = r"<[^;{}()<>]*(?:<[^;{}()<>]*>[^;{}()<>]*)*>"
NAME = re.compile(r"((?:[A-Za-z_]\w*\s*(?:" + TEMPLATE_ARGS + r")?\s*::\s*)*"
                  r"(?:operator\s*(?:\(\)|[^\s(]+)|~?[A-Za-z_]\w*))\s*$")


def paren_groups(head):
    """The (start, end) of each top-level parenthesized group of head."""
    depth = 0
    start = 0
    for k, c in enumerate(head):
        if c == "(":
            if depth == 0:
                start = k
            depth += 1
        elif c == ")" and depth:
            depth -= 1
            if depth == 0:
                yield start, k + 1


def has_top_level_assignment(head):
    """Whether head has an '=' outside (), [] and <> (not ==, <=, ...)."""
    depth = 0
    for k, c in enumerate(head):
        before = head[:k]
        if c in "([" or (c == "<" and not re.search(r"operator\s*<?$",
                                                      before)):
            depth += 1
        elif c in ")]" or (c == ">" and not before.endswith("-") and
                           not re.search(r"operator\s*>?$", before)):
            depth = max(depth - 1, 0)
        elif c == "=" and depth == 0:
            nxt = head[k + 1] if k + 1 < len(head) else ""
            if (before[-1:] not in ("=", "!", "<", ">") and nxt != "=" and
                    not re.search(r"operator\s*\W?$", before)):
                return True
    return False


def classify(head):
    """('container'|'function'|'other', function name or None)."""
    h = head.strip()
    if CONTAINER.match(h):
        return "container", None
    if not h or has_top_level_assignment(h):
        return "other", None
    # The parameter list: the first top-level group followed only by
    # qualifiers or by a constructor's member initializers (a ':' that is
    # not '::'). Earlier groups belong to macros without a ';' (such as
    # INITIALIZE_PASS_END(...)) or to operator().
    for start, end in paren_groups(h):
        rest = h[end:]
        if not (re.match(r"^\s*(?:noexcept\s*)?:(?!:)", rest) or
                TRAILER.match(rest)):
            continue
        if re.match(r"^\s*(?:noexcept\s*)?:(?!:)", rest) and \
                re.search(r"[\w>]$", h):
            # A member's brace initializer (: A{1}), not the body.
            return "member-init", None
        m = NAME.search(h[:start])
        if not m:
            return "other", None
        name = re.sub(r"\s+", "", m.group(1))
        if name in ("if", "for", "while", "switch", "catch", "return",
                    "sizeof", "decltype", "alignof"):
            return "other", None
        return "function", (name, m.start(1))
    return "other", None


def functions(path):
    """Yields (name, first line, last line) of each function in path."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = blank(f.read())
    # Each stack entry: kind, and for functions their name and first line.
    stack = []
    head_start = 0  # where the current head began (at container level)

    def in_container():
        return all(kind == "container" for kind, _ in stack)

    for i, c in enumerate(text):
        if c == "{":
            if not in_container():
                stack.append(("block", None))
                continue
            head = text[head_start:i]
            kind, info = classify(head)
            if kind == "function":
                name, offset = info
                pos = head_start + (len(head) - len(head.lstrip())) + offset
                info = (name, text.count("\n", 0, pos) + 1)
            stack.append((kind, info))
            if kind != "member-init":
                head_start = i + 1
        elif c == "}":
            if not stack:
                continue
            kind, info = stack.pop()
            if kind == "function":
                yield info[0], info[1], text.count("\n", 0, i) + 1
            if kind != "member-init" and in_container():
                head_start = i + 1
        elif c == ";" and in_container():
            head_start = i + 1


def sources(paths, excludes):
    excluded = [os.path.normpath(e) for e in excludes]

    def skip(p):
        p = os.path.normpath(p)
        return any(p == e or p.startswith(e + os.sep) for e in excluded)

    for p in paths:
        if os.path.isfile(p):
            if not skip(p):
                yield p
            continue
        for root, dirs, files in os.walk(p):
            dirs.sort()
            for f in sorted(files):
                full = os.path.join(root, f)
                if f.endswith(SUFFIXES) and not skip(full):
                    yield full


def main():
    ap = argparse.ArgumentParser(
        description="List C++ functions longer than --max lines.")
    ap.add_argument("paths", nargs="+", metavar="DIR_OR_FILE")
    ap.add_argument("--max", type=int, default=100,
                    help="longest allowed function, in lines (default 100)")
    ap.add_argument("--exclude", action="append", default=[],
                    metavar="PATH", help="a file or directory to skip")
    args = ap.parse_args()
    for p in args.paths:
        if not os.path.exists(p):
            ap.error("no such file or directory: '%s'" % p)
    long = []
    for path in sources(args.paths, args.exclude):
        for name, first, last in functions(path):
            lines = last - first + 1
            if lines > args.max:
                long.append((lines, path, first, name))
    long.sort(key=lambda t: (-t[0], t[1], t[2]))
    for lines, path, first, name in long:
        print("%s:%d: %s is %d lines (max %d)" %
              (path, first, name, lines, args.max))
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
