"""No import cycles (issue 14, item 3): every module imports alone in a fresh interpreter,
module-level imports form no cycle, and the function-local ``pencilbox`` imports left are
the listed lazy ones, each with its reason (none hides a cycle any more)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pencilbox
from pencilbox import puzzles

SRC = Path(pencilbox.__file__).parent
NOT_IMPORTABLE = {"pencilbox.__main__": "runs the command line when imported"}

# (file, imported module) -> how many function-local imports of it the file may hold, and why
LAZY: dict[tuple[str, str], tuple[int, str]] = {
    # each puzzle folder: its counters load on first use (their lines say why, as
    # test_lazy_imports_in_the_puzzle_folders_say_why holds); counted per folder below
    # the verbs: each loads what it needs (--help, convert and check stay light)
    ("cli.py", "pencilbox"): (2, "bank only for its verb, site only for its"),
    ("cli.py", "pencilbox.compiled"): (3, "the build (warm) only for the verbs that run it"),
    ("cli.py", "pencilbox.core.lifetime"): (1, "ctypes only for the player's background build"),
    ("cli.py", "pencilbox.player"): (1, "uvicorn only for play"),
    ("cli.py", "pencilbox.studies"): (2, "studies only for study and notes"),
    ("player/__init__.py", "pencilbox.player.api"): (1, "uvicorn only when serving"),
    ("player/__init__.py", "pencilbox.player.guard"): (1, "starlette only when serving"),
    ("player/__init__.py", "pencilbox.player.head"): (1, "uvicorn only when serving"),
    ("player/api.py", "pencilbox.studies.stats"): (1, "the notes page only when asked"),
    ("compiled/exercise.py", "pencilbox"): (1, "service and the verbs only when warming"),
    ("bank/__init__.py", "pencilbox.core.generate"): (2, "the generator's helpers only when a bank is built"),
    # the generators: the compiled loops (numpy) once the generator is built, SAT's exact erasure
    # checks (pysat) where python-sat is there; the browser's Pyodide has neither
    ("puzzles/sukoro/generate.py", "pencilbox.puzzles.sukoro.kernel"): (1, "numpy: the compiled walk"),
    ("puzzles/sukoro/generate.py", "pencilbox.puzzles.sukoro.sat"): (1, "pysat: the exact erasure checks"),
    ("puzzles/slant/generate.py", "pencilbox.puzzles.slant.kernel"): (1, "numpy: the compiled erasure loop"),
    ("puzzles/ripple/generate.py", "pencilbox.puzzles.ripple.kernel"): (1, "numpy: the compiled walk"),
    ("puzzles/ripple/generate.py", "pencilbox.puzzles.ripple.sat"): (1, "pysat: the exact erasure checks"),
    ("puzzles/fillapix/generate.py", "pencilbox.puzzles.fillapix.kernel"): (2, "numpy: the compiled loops"),
    ("puzzles/fillapix/generate.py", "pencilbox.puzzles.fillapix.certify"): (3, "pysat: exact settling"),
    # Fill-a-Pix's twin census runs as ``python -m``: the studies package must not import it first
    **{(f"puzzles/fillapix/studies/{study}.py", "pencilbox.puzzles.fillapix.studies.twin_census"):
       (1, "python -m") for study in ("census", "exact_twins", "twin_map")},
}


def folder_lazy() -> dict[tuple[str, str], tuple[int, str]]:
    """A puzzle folder's lazy imports, from the registry: the brute module once per compiled
    counter (Ripple's serves brute and cells) and the SAT module (count, and backbone where it has
    one). Its generator is found by name (``PuzzleBase.generator``): it imports the puzzle."""
    out: dict[tuple[str, str], tuple[int, str]] = {}
    for name in puzzles.names():
        package = puzzles.package(name)
        if not package.startswith("pencilbox.puzzles."):
            continue
        init = f"puzzles/{name}/__init__.py"
        compiled = [e for e, c in puzzles.get(name).counters.items() if c.compiled]
        out[(init, f"{package}.brute")] = (len(compiled), "numba")
        out[(init, f"{package}.sat")] = (1 + (puzzles.get(name).spread is not None), "pysat")
    return out


def modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(pencilbox.__path__, "pencilbox."))


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The pencilbox modules an import statement names."""
    if isinstance(node, ast.ImportFrom):
        return [node.module] if node.level == 0 and (node.module or "").startswith("pencilbox") else []
    return [a.name for a in node.names if a.name.startswith("pencilbox")]


def local_imports() -> Counter[tuple[str, str]]:
    """(file, module) of every pencilbox import inside a function."""
    found: Counter[tuple[str, str]] = Counter()
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        found.update((str(path.relative_to(SRC)), m) for m in imported(node))
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_graph() -> dict[str, set[str]]:
    """Module -> pencilbox modules it imports at module level (TYPE_CHECKING blocks aside);
    ``from package import name`` counts as the submodule when ``name`` is one."""
    known = set(modules()) | {"pencilbox"}
    graph: dict[str, set[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        name = module_name(path)
        edges: set[str] = set()
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                for m in imported(node):
                    from_names = isinstance(node, ast.ImportFrom)
                    named = {f"{m}.{a.name}" for a in node.names} if from_names else set()
                    edges |= (named & known) or {m}
        graph[name] = edges - {name}
    return graph


#: forks a child per module named on stdin, each importing its module into an interpreter that
#: holds the third-party packages and no pencilbox module; prints "name: error" for each failure
ALONE = """
import importlib, os, sys, traceback
for dep in ("numpy", "numba", "numba.core.caching", "starlette.applications", "uvicorn", "tqdm",
            "pysat.solvers", "matplotlib.pyplot"):
    try:
        importlib.import_module(dep)
    except ImportError:
        pass
assert not [m for m in sys.modules if m.startswith("pencilbox")]
for name in sys.stdin.read().split():
    read, write = os.pipe()
    if os.fork() == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            os._exit(0)
        except BaseException:
            os.write(write, traceback.format_exc().strip().splitlines()[-1].encode())
            os._exit(1)
    os.close(write)
    with os.fdopen(read) as said:
        error = said.read()
    if os.wait()[1]:
        print(f"{name}: {error}", flush=True)
"""


def test_every_module_imports_alone_in_a_fresh_interpreter() -> None:
    """Each module imported first, in a child forked from an interpreter holding only the
    third-party packages (their seconds of import paid once, not per module)."""
    names = [m for m in modules() if m not in NOT_IMPORTABLE]
    halves = [names[::2], names[1::2]]
    procs = [subprocess.Popen([sys.executable, "-c", ALONE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in halves]
    outs = [p.communicate(" ".join(half), timeout=600) for p, half in zip(procs, halves, strict=True)]
    assert all(p.returncode == 0 for p in procs), [err[-2000:] for _, err in outs]
    failed = [line for out, _ in outs for line in out.splitlines()]
    assert len(names) > 50 and not failed, failed


def test_the_section_types_live_below_boardio() -> None:
    graph = top_level_graph()
    boards = [m for m in graph if m.endswith(".board") or m.endswith(".codec")]
    folders = {puzzles.package(n) for n in puzzles.names()}
    assert set(boards) == {f"{f}.{m}" for f in folders for m in ("board", "codec")}
    assert not [m for m in boards if "pencilbox.boardio" in graph[m]]


def test_function_local_imports_are_only_the_listed_lazy_ones() -> None:
    found = local_imports()
    lazy = {**LAZY, **folder_lazy()}
    unlisted = {k: n for k, n in found.items() if n > lazy.get(k, (0, ""))[0]}
    assert not unlisted, f"function-local pencilbox imports not in LAZY (hoist them or list why): {unlisted}"


def test_lazy_imports_in_the_puzzle_folders_say_why() -> None:
    for path in SRC.joinpath("puzzles").glob("*/__init__.py"):
        tree = ast.parse(path.read_text())
        lines = path.read_text().splitlines()
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.ImportFrom) and imported(node):
                        assert "# lazy: " in lines[node.lineno - 1], f"{path}:{node.lineno}"


#: the layers, lowest first: a module imports only from its own layer and those below. A
#: puzzle's studies (``puzzles/<name>/studies``) belong to the studies layer they plug into.
LAYERS = (
    ("leaves", ("pencilbox.errors", "pencilbox.sections")),
    ("core", ("pencilbox.core", "pencilbox.compiled")),
    ("puzzles", ("pencilbox.puzzles",)),
    ("verbs", ("pencilbox", "pencilbox.boardio", "pencilbox.bank", "pencilbox.service", "pencilbox.studies",
               # the builders of compiled code run the verbs; its loaders sit in the core's layer
               "pencilbox.compiled.exercise", "pencilbox.compiled.ahead", "pencilbox.compiled.warm")),
    ("front ends", ("pencilbox.cli", "pencilbox.player", "pencilbox.__main__")),
)


def layer(module: str) -> int:
    if ".studies" in module and module.startswith("pencilbox.puzzles."):
        return 3
    best = max((len(prefix), k) for k, (_, prefixes) in enumerate(LAYERS) for prefix in prefixes
               if module == prefix or module.startswith(prefix + "."))
    return best[1]


def every_import() -> list[tuple[str, str, int]]:
    """(module, imported pencilbox module, line) of every import statement, at any depth;
    ``from pencilbox import name`` counts as the submodule it names."""
    known = set(modules())
    out = []
    for path in sorted(SRC.rglob("*.py")):
        name = module_name(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                from_names = isinstance(node, ast.ImportFrom)
                for m in imported(node):
                    named = {f"{m}.{a.name}" for a in node.names} if from_names else set()
                    out += [(name, target, node.lineno) for target in sorted((named & known) or {m})]
    return out


def test_no_import_runs_up_the_layers() -> None:
    """The core never reaches up (issue 29, item 5): not at module level, not inside a function."""
    up = [f"{a} (line {n}) imports {b}" for a, b, n in every_import() if layer(b) > layer(a)]
    assert len(every_import()) > 300 and up == [], up


def users(module: str) -> list[str]:
    """The files that import ``module``, anywhere in them."""
    return sorted(str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
                  if any(module in imported(n) for n in ast.walk(ast.parse(p.read_text()))
                         if isinstance(n, ast.Import | ast.ImportFrom)))


def own_imports(path: str) -> list[str]:
    """The pencilbox modules a file under the package imports, anywhere in it."""
    tree = ast.parse((SRC / path).read_text())
    return [m for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom) for m in imported(n)]


def test_the_sat_loop_is_shared_by_the_sat_counters_alone() -> None:
    """Engine 3 of every folder shares one enumeration loop (core/satloop.py), which imports
    nothing of pencilbox; nothing but a folder's sat.py imports it (the ladder and the brute
    counters stay apart from it)."""
    assert users("pencilbox.core.satloop") == [f"puzzles/{name}/sat.py" for name in sorted(puzzles.names())]
    assert own_imports("core/satloop.py") == []


def test_the_brute_kit_is_shared_by_the_brute_counters_alone() -> None:
    """Engine 2 of every folder shares core/brutekit.py (keeping a found answer, the node budget,
    a kernel's plain twin), which imports nothing of pencilbox but the signal poll the brute
    counters import themselves; nothing but a folder's brute.py imports it."""
    brute = [f"puzzles/{name}/brute.py" for name in sorted(puzzles.names())]
    assert users("pencilbox.core.brutekit") == brute
    assert own_imports("core/brutekit.py") == ["pencilbox.core.poll"]


def test_what_the_counters_share_stays_theirs() -> None:
    """The counters' helpers in core (issue 45, item 4): the brute and SAT counters' union-find,
    the brute counters' grid symmetries and restarts and the SAT counters' cardinality clauses (which
    Fill-a-Pix's certifier uses on the SAT counter's encoding) import nothing of pencilbox, and
    only the counters import them; the readable code's union-find is no counter's."""
    counters = {f"puzzles/{name}/{engine}.py" for name in puzzles.names() for engine in ("brute", "sat")}
    assert users("pencilbox.core.unionfind_counters") == ["puzzles/slant/brute.py", "puzzles/slant/sat.py"]
    assert users("pencilbox.core.restarts") == ["puzzles/fillapix/brute.py", "puzzles/slant/brute.py",
                                                "puzzles/sukoro/brute.py"]
    assert users("pencilbox.core.cardinality") == sorted(
        ["puzzles/fillapix/certify.py", *(f"puzzles/{name}/sat.py" for name in puzzles.names())])
    readable = users("pencilbox.core.unionfind")
    assert "puzzles/slant/rungs.py" in readable and not counters & set(readable)
    for helper in ("unionfind_counters", "restarts", "cardinality", "unionfind"):
        assert own_imports(f"core/{helper}.py") == []
