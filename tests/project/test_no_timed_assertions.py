"""No test asserts on a wall-clock time (issue 45, item 5): on a loaded machine such tests failed
(2.47 s against 2.0 at load 10). A test asserts on what the time stood for (an event, an order, a
count, a process that ended); a clock may only bound its patience (tests/patience.py). This scans
every test file's syntax for an assert, or an ``if`` that fails the test, that reads a clock."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent

#: the clocks no assertion may read (dotted as their modules spell them)
CLOCKS = frozenset(f"time.{name}{ns}" for name in ("monotonic", "perf_counter", "time", "process_time",
                                                     "thread_time") for ns in ("", "_ns")) | frozenset(
    f"datetime.{kind}.{name}" for kind in ("datetime", "date") for name in ("now", "utcnow", "today"))

#: what a function's result holds of a clock reading: all of it (None), or these tuple items
Parts = frozenset[int] | None
NONE: Parts = frozenset()


@dataclass
class Module:
    """One parsed file: its syntax, its import aliases and its functions that return a time."""

    path: Path  # relative to the scanned root, as the report names it
    name: str  # dotted, as other files import it
    tree: ast.Module
    aliases: dict[str, str] = field(default_factory=dict)  # local name -> the dotted name it stands for
    timed: dict[str, Parts] = field(default_factory=dict)


def dotted(node: ast.expr) -> str | None:
    """``a.b.c`` as a string (None for anything but names and attributes)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


def parse(path: Path, root: Path = ROOT) -> Module:
    rel = path.relative_to(root)
    module = Module(rel, ".".join(rel.with_suffix("").parts), ast.parse(path.read_text(), str(path)))
    for node in ast.walk(module.tree):  # function-local imports too (one alias map per file)
        if isinstance(node, ast.Import):
            for a in node.names:  # import a.b binds a; import a.b as c binds c to a.b
                bound = a.name if a.asname else a.name.split(".")[0]
                module.aliases[a.asname or bound] = bound
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                module.aliases[a.asname or a.name] = f"{node.module}.{a.name}"
    return module


def own(fn: ast.AST, kind: type[ast.AST]) -> Iterator[ast.AST]:
    """The ``kind`` nodes of ``fn``'s own body (not of the functions and lambdas it defines)."""
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        if isinstance(node, kind):
            yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


def join(a: Parts, b: Parts) -> Parts:
    return None if a is None or b is None else a | b


class Timing:
    """Which expressions of the scanned files involve a clock reading: a clock's call, a name
    assigned one, or a call of a function (of the same file, or imported from another scanned
    file) that returns one, item by item for a function that returns a tuple."""

    def __init__(self, modules: list[Module]) -> None:
        self.modules = {m.name: m for m in modules}
        changed = True
        while changed:  # a function returning a timed function's result is timed too
            changed = False
            for m in modules:
                for fn in ast.walk(m.tree):
                    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        continue
                    names = self.names(m, fn, frozenset())
                    parts = m.timed.get(fn.name, NONE)
                    for r in own(fn, ast.Return):
                        assert isinstance(r, ast.Return)
                        if r.value is not None:
                            parts = join(parts, self.parts(m, r.value, names))
                    if parts != m.timed.get(fn.name, NONE):
                        m.timed[fn.name] = parts
                        changed = True

    def call_parts(self, m: Module, call: ast.Call) -> Parts:
        """What the result of ``call`` holds of a clock reading."""
        name = dotted(call.func)
        if name is None:
            return NONE
        head, _, rest = name.partition(".")
        full = m.aliases.get(head, head) + (f".{rest}" if rest else "")
        if full in CLOCKS:
            return None
        if isinstance(call.func, ast.Attribute):  # a method of this file's classes, by its name
            found = m.timed.get(call.func.attr, NONE)
            origin, _, fn = full.rpartition(".")  # or a function of an imported test module
            other = self.modules.get(origin)
            return join(found, NONE if other is None else other.timed.get(fn, NONE))
        if name in m.timed:
            return m.timed[name]
        origin, _, fn = full.rpartition(".")
        other = self.modules.get(origin)
        return NONE if other is None else other.timed.get(fn, NONE)

    def parts(self, m: Module, expr: ast.AST, names: frozenset[str]) -> Parts:
        """What ``expr``'s value holds of a clock reading: None (it is, or holds, one), the items
        of a tuple that do, or nothing."""
        if isinstance(expr, ast.Tuple):
            items = [self.parts(m, e, names) for e in expr.elts]
            return frozenset(i for i, p in enumerate(items) if p != NONE)
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Call) \
                and isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, int):
            parts = self.call_parts(m, expr.value)
            if parts is None or expr.slice.value in parts:
                return None
            return None if self.involves(m, expr.value, names, shallow=True) else NONE
        if isinstance(expr, ast.Call):
            parts = self.call_parts(m, expr)
            if parts != NONE:
                return parts
            return None if self.involves(m, expr, names, shallow=True) else NONE
        if isinstance(expr, ast.Name) and isinstance(expr.ctx, ast.Load) and expr.id in names:
            return None
        return None if any(self.parts(m, c, names) != NONE for c in ast.iter_child_nodes(expr)) else NONE

    def involves(self, m: Module, expr: ast.AST, names: frozenset[str], shallow: bool = False) -> bool:
        """Whether ``expr`` reads a clock (``shallow``: through the arguments of the call it is)."""
        if shallow and isinstance(expr, ast.Call):
            return any(self.parts(m, c, names) != NONE for c in ast.iter_child_nodes(expr))
        return self.parts(m, expr, names) != NONE

    def names(self, m: Module, scope: ast.AST, outer: frozenset[str]) -> frozenset[str]:
        """The names assigned a clock reading anywhere in ``scope`` (nested functions included) and
        ``outer``'s, the enclosing scopes' (flow-insensitive: a reused name counts)."""
        names = set(outer)
        while True:
            before = len(names)
            for node in ast.walk(scope):
                pairs: list[tuple[ast.expr, ast.expr]] = []
                if isinstance(node, ast.Assign):
                    pairs = [(t, node.value) for t in node.targets]
                elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and node.value:
                    pairs = [(node.target, node.value)]
                for target, value in pairs:
                    self.assign(m, target, value, frozenset(names), names)
            if len(names) == before:
                return frozenset(names)

    def assign(self, m: Module, target: ast.expr, value: ast.expr, names: frozenset[str],
               out: set[str]) -> None:
        parts = self.parts(m, value, names)
        if parts == NONE:
            return
        if isinstance(target, (ast.Tuple, ast.List)) and parts is not None \
                and not any(isinstance(t, ast.Starred) for t in target.elts):
            out.update(n.id for i, t in enumerate(target.elts) if i in parts
                       for n in ast.walk(t) if isinstance(n, ast.Name))
            return
        out.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def fails(m: Module, body: list[ast.stmt]) -> bool:
    """Whether ``body`` calls pytest.fail or raises AssertionError."""
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, ast.Call) and (name := dotted(node.func)):
            head, _, rest = name.partition(".")
            if m.aliases.get(head, head) + (f".{rest}" if rest else "") == "pytest.fail":
                return True
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if dotted(exc) == "AssertionError":
                return True
    return False


def timed_assertions(modules: list[Module]) -> list[str]:
    """``file:line: expression`` of each assertion that reads a clock, across ``modules``."""
    timing = Timing(modules)
    found: list[str] = []

    def check(m: Module, node: ast.AST, names: frozenset[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                check(m, child, timing.names(m, child, names))
                continue
            hit: ast.AST | None = None
            if isinstance(child, ast.Assert) and timing.involves(m, child.test, names):
                hit = child.test
            elif isinstance(child, ast.If) and timing.involves(m, child.test, names) and fails(m, child.body):
                hit = child.test
            elif isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) \
                    and child.func.attr.startswith("assert") \
                    and any(timing.involves(m, a, names) for a in child.args):
                hit = child  # unittest's assertLess and the like
            if hit is not None:
                found.append(f"{m.path}:{getattr(child, 'lineno', 0)}: {ast.unparse(hit)[:120]}")
            check(m, child, names)

    for m in modules:
        top = ast.Module([s for s in m.tree.body if not isinstance(
            s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))], [])
        check(m, m.tree, timing.names(m, top, frozenset()))
    return found


def scan(tmp: Path, files: dict[str, str]) -> list[str]:
    """``timed_assertions`` of ``files`` (path -> source) written under ``tmp``."""
    for rel, text in files.items():
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / rel).write_text(textwrap.dedent(text))
    return timed_assertions([parse(tmp / rel, tmp) for rel in files])


def test_the_scan_finds_each_way_a_test_can_read_a_clock(tmp_path: Path) -> None:
    found = scan(tmp_path, {"a.py": """
        import time
        import datetime as dt
        from time import perf_counter as pc
        import pytest
        from helpers import took, start

        def stops(call):
            t = time.monotonic()
            call()
            return time.monotonic() - t

        def launch():
            return "proc", "url", time.monotonic()

        def test_it(proc):
            sent = time.monotonic()
            assert time.monotonic() - sent < 2.0
            elapsed = pc() - sent
            assert elapsed < 1
            assert stops(lambda: None) < 1.0
            assert dt.datetime.now().second >= 0
            if elapsed > 3:
                pytest.fail("slow")
            if (later := time.time()) > 10:
                raise AssertionError(later)
            assert took() < 5
            proc, url, t0 = launch()
            assert launch()[2] > 0
            assert t0 > 0
            assert start()[1] > 0
            self.assertLess(elapsed, 2)
        """, "helpers.py": """
        import time

        def took():
            return time.perf_counter()

        def start():
            return "proc", time.time()
        """})
    assert [f.split(":")[1] for f in found] == [
        "18", "20", "21", "22", "23", "25", "27", "29", "30", "31", "32"], found


def test_the_scan_lets_patience_and_what_it_waited_for_be(tmp_path: Path) -> None:
    """A clock that bounds a wait, a tuple item that is no time, and a wait's outcome pass."""
    assert scan(tmp_path, {"b.py": """
        import subprocess
        import time
        from helpers import until

        def launch():
            return "proc", "url", time.monotonic()

        def test_it():
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                time.sleep(0.1)
            proc, url, t0 = launch()
            assert proc and url and launch()[0]
            assert until(lambda: True, 10), "it never came"
            out = subprocess.run(["true"], timeout=30)
            assert out.returncode == 0
        """, "helpers.py": """
        import time

        def until(ready, seconds):
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if ready():
                    return True
            return bool(ready())
        """}) == []


def test_no_test_asserts_on_a_wall_clock_time() -> None:
    modules = [parse(p) for p in sorted(TESTS.rglob("*.py"))]
    assert len(modules) > 100 and any(m.path.name == "test_poll.py" for m in modules)
    found = timed_assertions(modules)
    assert not found, "assertions that read a clock (assert on the event it stood for):\n" + "\n".join(found)
