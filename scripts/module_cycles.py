#!/usr/bin/env python3
"""Fails when two modules of one crate import each other, directly or round a loop.

For every Rust file of a crate, the paths it names through `crate::`, `super::` and
`self::` (in `use` declarations and in code) are resolved to the modules they reach.
A reference from module `a::x::...` to `a::y::...` is an edge `x -> y` among the children
of `a`; references between a module and its own ancestors are not edges (a parent owns
its children, and a child may use what its parent declares). A cycle among the children
of any module is an error, printed with one reference for each edge.

Every cycle fails; there is no list of known ones (the last, among the domain's
aggregates, went when each aggregate got its own unit of work and the account actions
their own module: docs/decisions/consistency.md, "Module cycles").

Usage: scripts/module_cycles.py [crate-src-dir ...]   (default: the workspace's crates)
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

DEFAULT_ROOTS = ["domain/src", "adapters/src", "app-server/src", "app-server/tests/api"]


def module_of(src: Path, file: Path) -> tuple:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    elif parts[-1].endswith("_tests"):
        # `#[path = "x_tests.rs"] mod tests;` inside x.rs
        parts[-1] = parts[-1][: -len("_tests")]
        parts.append("tests")
    return tuple(parts)


def strip(text: str) -> str:
    """The code without comments, string and char literals (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not text[i - 1].isalnum()):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = '"' + hashes
            j = text.find(end, i + 2 + len(hashes))
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            m = re.match(r"'(\\.|[^\\'])'", text[i:])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand(tree: str) -> list:
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    depth, top = 0, None
    for k, ch in enumerate(tree):
        if ch == "{" and depth == 0 and top is None:
            top = k
        depth += (ch == "{") - (ch == "}")
    if top is None:
        return [tree]
    prefix, inner = tree[:top], tree[top + 1 : -1]
    items, depth, start = [], 0, 0
    for k, ch in enumerate(inner):
        depth += (ch == "{") - (ch == "}")
        if ch == "," and depth == 0:
            items.append(inner[start:k])
            start = k + 1
    items.append(inner[start:])
    return [p for item in items if item for p in expand(prefix + item)]


def resolve(path: str, here: tuple):
    """The absolute module path a `crate::`/`super::`/`self::` path starts from, and the rest."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    if segs[0] == "crate":
        base, segs = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                if not base:
                    return None
                base = base[:-1]
            segs = segs[1:]
    else:
        return None
    segs = [s.split(" as ")[0] for s in segs if s not in ("*", "self")]
    return base, segs


def analyse(src: Path):
    files = sorted(src.rglob("*.rs"))
    modules = {}
    for f in files:
        modules[module_of(src, f)] = f
    known = set(modules)
    refs = []  # (from_module, to_module, file, line)
    for mod_path, f in modules.items():
        code = strip(f.read_text())
        # inline `mod name { ... }` blocks change what `super` and `self` mean
        stack, depth = [], 0
        line_module = {}
        for lineno, line in enumerate(code.split("\n"), 1):
            m = re.match(r"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*\{", line)
            if m:
                stack.append((m.group(1), depth))
            line_module[lineno] = mod_path + tuple(name for name, _ in stack)
            depth += line.count("{") - line.count("}")
            while stack and depth <= stack[-1][1]:
                stack.pop()
        for m in re.finditer(r"\buse\s+((?:crate|super|self)\b[^;]*);", code):
            lineno = code.count("\n", 0, m.start()) + 1
            for path in expand(m.group(1)):
                refs.append((line_module[lineno], path, f, lineno))
        no_use = re.sub(r"\buse\s+[^;]*;", lambda m: "\n" * m.group(0).count("\n"), code)
        for m in re.finditer(r"\b(?:crate|super|self)(?:::\w+)+", no_use):
            lineno = no_use.count("\n", 0, m.start()) + 1
            refs.append((line_module[lineno], m.group(0), f, lineno))
    edges = defaultdict(dict)  # parent -> {(a, b): (file, line)}
    for here, path, f, lineno in refs:
        if "tests" in here or f.name.endswith("_tests.rs"):
            continue  # tests may use anything; nothing uses them
        r = resolve(path, here)
        if r is None:
            continue
        base, segs = r
        target = base
        for s in segs:
            if target + (s,) in known:
                target = target + (s,)
            else:
                break
        source = here
        while source not in known and source:
            source = source[:-1]
        k = 0
        while k < min(len(source), len(target)) and source[k] == target[k]:
            k += 1
        if k == len(source) or k == len(target):
            continue  # one is an ancestor of the other
        parent, a, b = source[:k], source[k], target[k]
        edges[parent].setdefault((a, b), (f, lineno))
    return edges


def cycles(edge_map: dict) -> list:
    graph = defaultdict(set)
    for a, b in edge_map:
        graph[a].add(b)
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(list(graph)):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    roots = sys.argv[1:] or DEFAULT_ROOTS
    failed = False
    for root in roots:
        src = Path(root)
        for parent, edge_map in sorted(analyse(src).items()):
            where = "::".join(("crate",) + parent)
            for comp in cycles(edge_map):
                failed = True
                inside = sorted((a, b) for (a, b) in edge_map if a in comp and b in comp)
                print(f"{root}: modules of {where} import each other: {' <-> '.join(comp)}")
                for a, b in inside:
                    f, lineno = edge_map[(a, b)]
                    print(f"    {a} -> {b}  ({f}:{lineno})")
    if failed:
        print("Break each cycle: move what both sides need into one of them, or into a module both use.")
        return 1
    print(f"no module cycles in {', '.join(roots)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
