"""Which over-synchronized waits the synchronization pass explained.

The simulator's precision checker reports each wait that held its
instruction longer than the dependences required, by assembly line. The pass
emits a missed remark (neuronisa-sync) for every wait that may do so, naming
the waiting data-path instruction by its block number and its index among
the block's data-path instructions (YAML arguments Block and Index). A wait
is explained when such a remark names its consumer: the first data-path
instruction of the wait's engine after it. A wait at the end of a block
(hoisted to a loop preheader, or moved to a predecessor of its consumer's
block) is explained when a remark names any later data-path instruction of
its engine, following unconditional branches (`b .LBB...`) to their
targets, or when one names the first data-path instruction of its engine
on some path from it, conditional branches followed both ways (a wait
hoisted to the preheader of a loop whose inner loop runs no instruction
of that engine: its consumer lies past the inner loop's exit branch).
A function that fell back to the
barrier algorithm in precise mode (missed remark SyncFallback "...: using
the barrier algorithm") explains all of its waits and barriers.
"""

import re

LABEL = re.compile(r"^\.LBB\d+_(\d+):")
BB_COMMENT = re.compile(r"^\s*#\s*%bb\.(\d+):")
FUNC = re.compile(r"^([A-Za-z_.$][\w.$]*):\s*(#.*)?$")
ENGINES = ("sp", "act", "pe", "dve", "pool", "dma")


def remark_blocks(text):
    """Parses a remarks YAML file: ({function: {(block, index)}},
    {functions that fell back to barriers})."""
    named = {}
    barrier = set()
    for blk in text.split("--- ")[1:]:
        if "Pass:            neuronisa-sync" not in blk:
            continue
        fn = re.search(r"Function:\s+'?([^'\n]+)'?", blk)
        fn = fn.group(1).strip() if fn else ""
        # Precise mode's fallback of a whole function: the missed remark
        # SyncFallback "...: using the barrier algorithm". (Barrier mode
        # itself is not excused: it has no such remark.)
        if blk.startswith("!Missed") and "Name:            SyncFallback" in blk \
                and "using the barrier algorithm" in blk:
            barrier.add(fn)
        if not blk.startswith("!Missed"):
            continue
        b = re.search(r"- Block:\s+'?(\d+)", blk)
        i = re.search(r"- Index:\s+'?(\d+)", blk)
        if b and i:
            named.setdefault(fn, set()).add((int(b.group(1)),
                                             int(i.group(1))))
    return named, barrier


def parse_asm(lines):
    """Per line (0-based): (function, block, index, engine, kind) where kind
    is 'wait', 'data', or None; index counts data-path instructions in the
    block."""
    out = []
    fn, block, index = "", 0, 0
    for line in lines:
        s = line.strip()
        m = LABEL.match(s) or BB_COMMENT.match(line)
        if m:
            block, index = int(m.group(1)), 0
            out.append((fn, block, index, None, None))
            continue
        f = FUNC.match(s)
        if f and not s.startswith("."):
            fn, block, index = f.group(1), 0, 0
            out.append((fn, block, index, None, None))
            continue
        if not s or s.startswith(("#", ".")):
            out.append((fn, block, index, None, None))
            continue
        mnem = s.split()[0]
        eng = mnem.split(".")[0]
        if "." not in mnem or eng not in ENGINES:
            out.append((fn, block, index, None, None))
        elif mnem.endswith((".wait", ".waitr")):
            out.append((fn, block, index, eng, "wait"))
        elif mnem.endswith((".inc", ".semset")):
            out.append((fn, block, index, eng, None))
        else:
            out.append((fn, block, index, "sp" if eng == "dma" else eng,
                        "data"))
            index += 1
    return out


BRANCH = re.compile(r"^b\s+\.LBB(\d+)_(\d+)\s*$")


def branch_targets(lines):
    """Per line (0-based): the line of the label an unconditional branch
    there jumps to, else None."""
    labels = {}
    for n, line in enumerate(lines):
        m = re.match(r"^\.LBB(\d+)_(\d+):", line.strip())
        if m:
            labels[m.groups()] = n
    return [labels.get(m.groups()) if m else None
            for m in (BRANCH.match(line.strip()) for line in lines)]


def later_lines(ln, info, jumps):
    """The lines after ln in execution order along unconditional branches
    and fall-through (each at most once)."""
    seen = set()
    j = ln + 1
    while j < len(info) and j not in seen:
        seen.add(j)
        yield j
        j = jumps[j] + 1 if jumps[j] is not None else j + 1


COND_BRANCH = re.compile(r"^b\w+\s+.*,\s*\.LBB(\d+)_(\d+)\s*$")


def successor_lines(lines):
    """Per line (0-based): the lines control may go to next (a conditional
    branch's target and fall-through, an unconditional branch's target,
    none after `ret`)."""
    labels = {}
    for n, line in enumerate(lines):
        m = re.match(r"^\.LBB(\d+)_(\d+):", line.strip())
        if m:
            labels[m.groups()] = n
    out = []
    for n, line in enumerate(lines):
        s = line.strip()
        u, c = BRANCH.match(s), COND_BRANCH.match(s)
        if u:
            out.append([labels[u.groups()]] if u.groups() in labels else [])
        elif c:
            out.append(([labels[c.groups()]] if c.groups() in labels
                        else []) + [n + 1])
        elif s == "ret" or s.startswith("ret "):
            out.append([])
        else:
            out.append([n + 1])
    return out


def first_on_paths(ln, info, succ, eng):
    """The (block, index) of the first data-path instruction of engine eng
    on each path from line ln (within its function)."""
    fn = info[ln][0]
    found, seen, work = set(), {ln}, list(succ[ln])
    while work:
        j = work.pop()
        if j in seen or j >= len(info) or info[j][0] != fn:
            continue
        seen.add(j)
        _, b2, i2, e2, k2 = info[j]
        if k2 == "data" and e2 == eng:
            found.add((b2, i2))
            continue
        work.extend(succ[j])
    return found


def unexplained(asm_text, sites, remarks_text):
    """The over-synchronized sites (simulator JSON sync_sites with
    over_sync_cycles) that no remark explains."""
    named, barrier = remark_blocks(remarks_text)
    lines = asm_text.splitlines()
    info = parse_asm(lines)
    jumps = branch_targets(lines)
    succ = successor_lines(lines)
    bad = []
    for s in sites:
        if not s.get("over_sync_cycles"):
            continue
        ln = int(s.get("line") or 0) - 1
        if ln < 0 or ln >= len(info):
            bad.append(s)
            continue
        # A function that fell back to the barrier algorithm is explained
        # by that remark, its barriers and waits alike.
        if info[ln][0] in barrier:
            continue
        if info[ln][4] != "wait":
            bad.append(s)
            continue
        fn, block, _, eng, _ = info[ln]
        ok = False
        first = True
        hoisted = False
        for j in later_lines(ln, info, jumps):
            f2, b2, i2, e2, k2 = info[j]
            if f2 != fn:
                break
            if b2 != block:
                hoisted = True
            if k2 != "data" or e2 != eng:
                continue
            if (b2, i2) in named.get(fn, ()):
                ok = True
                break
            if first and not hoisted:
                break
            first = False
        if not ok:
            # Its consumer is the first instruction of its engine on the
            # paths from it (in its block: the one the walk above saw).
            ok = bool(first_on_paths(ln, info, succ, eng)
                      & named.get(fn, set()))
        if not ok:
            bad.append(s)
    return bad
