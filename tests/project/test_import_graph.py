"""The package's import graph has no circle and its modules stay small (issue 45, item 3).

Every import statement counts: at module level, inside a function, under TYPE_CHECKING, and
relative ones; ``from package import name`` is an edge to the submodule ``package.name`` where
that is a module, else to the package. A circle is a strongly connected set of two or more
modules: each imports, through the others, itself back. The failure names each circle with the
import lines that close it."""

from __future__ import annotations

import ast
from pathlib import Path

import pencilbox

SRC = Path(pencilbox.__file__).parent
MAX_LINES = 600  # style: keep modules small


def modules(package: Path) -> dict[str, Path]:
    """Every module of a package folder by dotted name (a package by its ``__init__.py``)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def resolve(name: str, known: dict[str, Path]) -> str | None:
    """The module an imported dotted name lives in: itself, or the longest package prefix
    (``pencilbox.core.engine.Level`` -> ``pencilbox.core.engine``); None outside the package."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """(imported package module, line) of every import statement of one module, at any depth."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [resolve(a.name, known) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parents = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parents, base] if base else parents)
            targets = [resolve(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base, known)
                       for a in node.names]
        else:
            continue
        out += [(t, node.lineno) for t in dict.fromkeys(targets) if t is not None and t != name]
    return out


def graph(package: Path = SRC) -> dict[str, dict[str, list[int]]]:
    """Module -> imported module of the same package -> the lines importing it."""
    known = modules(package)
    out: dict[str, dict[str, list[int]]] = {}
    for name, path in known.items():
        edges: dict[str, list[int]] = {}
        for target, line in imports(name, path, known):
            edges.setdefault(target, []).append(line)
        out[name] = edges
    return out


def circles(edges: dict[str, dict[str, list[int]]]) -> list[list[str]]:
    """The strongly connected components of two or more modules (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(edges.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def said(circle: list[str], edges: dict[str, dict[str, list[int]]]) -> str:
    """A circle as its members and the import lines between them."""
    lines = [f"{a} -> {b} (line {', '.join(map(str, edges[a][b]))})"
             for a in circle for b in sorted(edges[a]) if b in circle]
    return f"{len(circle)} modules: " + "; ".join(lines)


def test_the_collector_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Each kind of import statement is an edge: at the top, inside a function, under
    TYPE_CHECKING, relative (one and two levels up), ``from package import module`` (to the
    module) and ``from package import name`` (to the package); other packages' are none."""
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "VALUE = 1\n",
        "a.py": "import os\nimport pkg.b\nfrom pkg import VALUE, c\n",
        "b.py": "def f():\n    from pkg.sub import d\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub.d import X\n",
        "sub/__init__.py": "from . import d\n",
        "sub/d.py": "from .. import a\nfrom .e import Y\nX = 1\n",
        "sub/e.py": "from ..b import f\nY = 2\n",
    }
    for name, text in files.items():
        (root / name).write_text(text)
    assert graph(root) == {
        "pkg": {},
        "pkg.a": {"pkg.b": [2], "pkg": [3], "pkg.c": [3]},
        "pkg.b": {"pkg.sub.d": [2]},
        "pkg.c": {"pkg.sub.d": [3]},
        "pkg.sub": {"pkg.sub.d": [1]},
        "pkg.sub.d": {"pkg.a": [1], "pkg.sub.e": [2]},
        "pkg.sub.e": {"pkg.b": [1]},
    }
    assert circles(graph(root)) == [["pkg.a", "pkg.b", "pkg.c", "pkg.sub.d", "pkg.sub.e"]]


def test_circles_are_found_where_they_are() -> None:
    """The search finds a circle closed only inside a function, and none in a chain."""
    edges = {"a": {"b": [1]}, "b": {"c": [2]}, "c": {"a": [9]}, "d": {"a": [1]}, "e": {}}
    assert circles(edges) == [["a", "b", "c"]]
    assert circles({"a": {"b": [1]}, "b": {"c": [1]}, "c": {}}) == []
    assert said(["a", "b", "c"], edges) == "3 modules: a -> b (line 1); b -> c (line 2); c -> a (line 9)"


def test_no_module_imports_itself_back() -> None:
    edges = graph()
    assert len(edges) > 100
    found = circles(edges)
    assert not found, "import circles:\n" + "\n".join(said(c, edges) for c in found)


def test_no_module_passes_600_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
