"""The one per-user cache every way of starting pencilbox shares: numba's compiled kernels, the
ahead-of-time modules and the stamps that say which kernels are ready, in a folder keyed by the
kernel sources and the numba version, so a stale or foreign cache is never loaded.

    ~/.cache/pencilbox/<key>/numba   numba's cache of pencilbox's functions (only theirs)
                            /aot     the ahead-of-time modules (compiled/aot.py)
                            /ready   one stamp per (puzzle, job) whose kernels are compiled
                            /build.* the background build's lock, progress and log (compiled/warm.py)

``PENCILBOX_CACHE_DIR`` moves the root (``XDG_CACHE_HOME`` is honoured); an explicit
``NUMBA_CACHE_DIR`` is numba's own setting and wins for numba's files. Nothing here imports
numba: ``after_numba`` runs ``use_numba_cache`` the moment anything imports numba, before
any jitted function of ours is defined (``pencilbox/__init__`` asks for it).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from pencilbox.core.files import write_atomic

try:  # the builtin module: hashlib loads OpenSSL, 9 ms of a 0.4 s start
    from _sha256 import sha256  # type: ignore[import-not-found]  # no stub for the builtin
except ImportError:  # pragma: no cover - a Python without it
    from hashlib import sha256

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # .../pencilbox
NUMBA_CODE = re.compile(rb"^(from numba\b|import numba\b)", re.M)  # defines jitted code
OWN_IMPORT = re.compile(rb"^\s*from (pencilbox[\w.]*) import \(?([\w, ]*)", re.M)


def root() -> str:
    """The folder that holds one keyed cache per kernel version (older ones are pruned). One that
    cannot be made or written (XDG_CACHE_HOME naming a file, a read-only home) is bypassed: a
    folder of this user's under the system's temporary folder serves instead, said once (and set as
    PENCILBOX_CACHE_DIR for the processes started from this one)."""
    if os.environ.get("PENCILBOX_CACHE_DIR"):
        wanted = os.environ["PENCILBOX_CACHE_DIR"]
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        wanted = os.path.join(base, "pencilbox")
    if wanted not in _USABLE:
        _USABLE[wanted] = _usable(wanted)
    return _USABLE[wanted]


_USABLE: dict[str, str] = {}  # the cache folder asked for -> the one used


def _usable(wanted: str) -> str:
    """``wanted`` when it can be made and written, else a stand-in (and one line saying why)."""
    why = _unwritable(wanted)
    if why is None:
        return wanted
    import tempfile
    uid = os.getuid() if hasattr(os, "getuid") else 0
    instead = os.path.join(tempfile.gettempdir(), f"pencilbox-cache-{uid}")
    if _unwritable(instead) is not None or os.stat(instead).st_uid != uid:  # another user's: not ours
        instead = tempfile.mkdtemp(prefix="pencilbox-cache-")
    print(f"pencilbox: the cache folder {wanted} cannot be used ({why}); using {instead}", file=sys.stderr)
    os.environ["PENCILBOX_CACHE_DIR"] = instead  # the processes started from here (the player's workers,
    # the background build) use the same one, without a word: a folder of mkdtemp's differs per process
    return instead


def _unwritable(folder: str) -> str | None:
    """Why ``folder`` cannot hold the cache (None: it can)."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        return e.strerror or str(e)
    if not os.access(folder, os.W_OK | os.X_OK):
        return "not writable"
    return None


def _py_files() -> list[str]:
    out = []
    for folder, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
    return out


def kernel_sources() -> list[str]:
    """Every module that holds numba code, and the project modules those import: constants a
    jitted function reads are frozen into its compiled code, and numba itself keys a cached
    function on its own file only."""
    texts = {}
    for path in _py_files():
        with open(path, "rb") as f:
            texts[path] = f.read()
    holders = [p for p, text in texts.items() if NUMBA_CODE.search(text)]
    out = set(holders)
    for path in holders:
        for package, names in OWN_IMPORT.findall(texts[path]):
            base = os.path.join(os.path.dirname(PACKAGE), *package.decode().split("."))
            maybe = [base + ".py", os.path.join(base, "__init__.py")]
            maybe += [os.path.join(base, n.split()[0] + ".py")
                      for n in names.decode().split(",") if n.strip()]
            out.update(p for p in maybe if p in texts)
    return sorted(out)


def numba_version() -> str:
    """numba's version without importing numba (its distribution's folder name beside it)."""
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        if "numba" in names and os.path.isfile(os.path.join(folder, "numba", "__init__.py")):
            found = [n for n in names if n.startswith("numba-") and n.endswith((".dist-info", ".egg-info"))]
            return found[0].removeprefix("numba-").rsplit(".", 1)[0] if found else "unknown"
    return "absent"


@cache
def key() -> str:
    """A hash of the kernel sources, numba's version, Python's and the machine's: a change to
    any of them starts a fresh cache."""
    h = sha256()
    h.update(f"{numba_version()}\0{sys.version}\0{sys.platform}\0{os.uname().machine}\0".encode())
    for path in kernel_sources():
        with open(path, "rb") as f:
            h.update(os.path.relpath(path, PACKAGE).encode() + b"\0" + f.read())
    return str(h.hexdigest())[:16]


def folder() -> str:
    return os.path.join(root(), key())


def numba_dir() -> str:
    """Where numba keeps pencilbox's compiled functions (NUMBA_CACHE_DIR when the user set it)."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(folder(), "numba")


def state_dir() -> str:
    """The stamps, lock, progress and log of this kernel version (beside numba's files)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.path.join(os.environ["NUMBA_CACHE_DIR"], f"pencilbox-{key()}")
    return folder()


def aot_dir() -> str:
    """PENCILBOX_AOT_DIR, else ``aot`` beside numba's files of this kernel version."""
    if os.environ.get("PENCILBOX_AOT_DIR"):
        return os.environ["PENCILBOX_AOT_DIR"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.path.join(os.environ["NUMBA_CACHE_DIR"], "aot")
    return os.path.join(folder(), "aot")


# ---------------------------------------------------------------- which kernels are ready

POLICY = "PENCILBOX_KERNELS"  # compile (the default) | auto | reference; worker processes inherit it


def policy() -> str:
    """How a ladder call finds its kernel: ``compile`` on first use (numba's way, the library's
    default); ``auto`` (the command line and the player) the compiled kernel only when it is
    ready, else the readable rungs, so nothing compiles on the way to an answer; ``reference``
    the readable rungs always, and whatever was said where numba cannot be imported (Pyodide)."""
    if not kernels_present():
        return "reference"
    said = os.environ.get(POLICY, "compile")
    return said if said in ("compile", "auto", "reference") else "compile"


def importable(name: str) -> bool:
    """Whether top-level module ``name`` can be imported here, found without importing it: asked
    of the import system's finders as an import would (one that refuses it counts as absent),
    but for ours (``_After``), which waits for the real import and gives its turn up once asked."""
    if name in sys.modules:
        return sys.modules[name] is not None
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        if isinstance(finder, _After) or find is None:
            continue
        try:
            if find(name, None) is not None:
                return True
        except (ImportError, ValueError):
            return False
    return False


@cache
def kernels_present() -> bool:
    """Whether numba and numpy can be imported (not in the browser's Pyodide): without them every
    ladder call and generator runs its readable code, whatever PENCILBOX_KERNELS says."""
    return importable("numpy") and importable("numba")


@cache
def sat_present() -> bool:
    """Whether python-sat can be imported: without it the verbs that would ask SAT (the
    backbone, the generators' exact erasure checks) run the ladder's search instead."""
    return importable("pysat")


@contextmanager
def compiling() -> Iterator[None]:
    """Compile on first use within the block (the build itself, and the verbs whose code has
    no readable twin: the brute counters, the studies; the player's generator). A no-op where
    numba is absent: the policy is then ``reference`` whatever the block says."""
    if not kernels_present():
        yield
        return
    was = os.environ.get(POLICY)
    os.environ[POLICY] = "compile"
    try:
        yield
    finally:
        if was is None:
            del os.environ[POLICY]
        else:
            os.environ[POLICY] = was

def _stamp(puzzle: str, job: str) -> str:
    return os.path.join(state_dir(), "ready", f"{puzzle}-{job}")


_READY: set[tuple[str, str]] = set()


def ready(puzzle: str, job: str) -> bool:
    """Whether ``warm`` compiled this job's kernels into the cache (a stamp per job; once true,
    remembered for the process)."""
    if (puzzle, job) in _READY:
        return True
    if os.path.exists(_stamp(puzzle, job)):
        _READY.add((puzzle, job))
        return True
    return False


def mark_ready(puzzle: str, job: str, seconds: float) -> None:
    write_json(_stamp(puzzle, job), {"seconds": round(seconds, 1), "at": time.time()})


def write_json(path: str, data: Any) -> bool:
    """Whole or not at all: readers never see half a file. The cache is a convenience: a folder
    removed from outside is made again, and a write that still fails is skipped (False), never fatal."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, json.dumps(data))
    except OSError:
        return False
    return True


def read_json(path: str) -> Any:
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def prune() -> None:
    """Remove the caches of other kernel versions (a stale cache is never read, only kept)."""
    import shutil
    if os.environ.get("PENCILBOX_CACHE_DIR") is None and os.environ.get("NUMBA_CACHE_DIR"):
        return  # numba's files live elsewhere: the root holds nothing of ours
    try:
        names = os.listdir(root())
    except OSError:
        return
    for name in names:
        path = os.path.join(root(), name)
        if name != key() and re.fullmatch(r"[0-9a-f]{16}", name) and not _used_lately(path):
            shutil.rmtree(path, ignore_errors=True)


#: another kernel version's cache used within this many seconds is kept: two checkouts (or two
#: installed versions) in use side by side share the root, and must not delete each other's kernels
PRUNE_AGE_S = 7 * 24 * 3600


def _used_lately(path: str) -> bool:
    """Whether anything in the cache folder ``path`` (its stamps, numba's index files) changed within
    PRUNE_AGE_S (a folder that is not one counts as in use: it is not ours to remove)."""
    newest = 0.0
    try:
        for top, _dirs, files in os.walk(path):
            newest = max([newest, os.stat(top).st_mtime, *(os.stat(os.path.join(top, f)).st_mtime
                                                          for f in files)])
    except OSError:
        return True
    return not os.path.isdir(path) or time.time() - newest < PRUNE_AGE_S


# ---------------------------------------------------------------- numba's side

_AFTER: dict[str, list[Callable[[], None]]] = {}  # module name -> what runs once it is imported


def after_numba(fn: Callable[[], None]) -> None:
    """Run ``fn`` once numba is imported (``after_import``)."""
    after_import("numba", fn)


def after_import(name: str, fn: Callable[[], None]) -> None:
    """Run ``fn`` once module ``name`` is imported: now if it is, else just after its import has
    run (a meta path finder; importlib.util is not imported here: it costs a solve 20 ms)."""
    if name in sys.modules:
        fn()
        return
    if name not in _AFTER:
        sys.meta_path.insert(0, _After(name))
    _AFTER.setdefault(name, []).append(fn)


class _After:
    """Finds one module as usual, then runs its waiting functions once its import has run."""

    def __init__(self, module: str) -> None:
        self.module = module

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != self.module:
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec
        spec = find_spec(name)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module

            def exec_module(module: Any) -> None:
                run(module)
                for fn in _AFTER.pop(name, []):
                    fn()

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_LOCATED: list[bool] = []


def use_numba_cache() -> None:
    """Make numba keep pencilbox's functions (and only theirs) in ``numba_dir()``: a cache
    locator put first in numba's list, for files inside this package."""
    if _LOCATED:
        return
    _LOCATED.append(True)
    from importlib import import_module
    caching: Any = import_module("numba.core.caching")  # numba's internals, untyped
    config: Any = import_module("numba.core.config")

    class Locator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):  # type: ignore[misc]
        """Files of this package, cached in this kernel version's folder."""

        def __init__(self, py_func: Any, py_file: str) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            self._cache_path = os.path.join(numba_dir(), self.get_suitable_cache_subpath(py_file))

        def get_cache_path(self) -> str:
            return self._cache_path

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            if config.CACHE_DIR or not os.path.abspath(py_file).startswith(PACKAGE + os.sep):
                return None  # numba's own setting, or not ours: numba's usual places
            return super().from_function(py_func, py_file)

    _mend_numba(caching)
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)  # renamed in 0.6x
    classes = getattr(impl, "_locator_classes", None)
    if isinstance(classes, list):
        classes.insert(0, Locator)
        return
    if not config.CACHE_DIR:  # a numba without that list: all its cached functions go there
        config.CACHE_DIR = numba_dir()


def _ours(path: str) -> bool:
    """Whether ``path`` lies in numba's cache of this kernel version (``numba_dir``)."""
    return os.path.abspath(path).startswith(os.path.abspath(numba_dir()) + os.sep)


def _mend_numba(caching: Any) -> None:
    """A damaged file of numba's cache of our functions (truncated by a kill or a full disk) is
    removed and read as absent, so the function compiles again and is saved whole (numba raised
    UnpicklingError, exit 3); a save that fails (a full disk) is skipped: the cache is never fatal."""
    files, cached = caching.IndexDataCacheFile, caching.Cache
    load_index, load_data = files._load_index, files._load_data
    load, save = cached._load_overload, cached.save_overload

    def _load_index(self: Any) -> Any:
        try:
            return load_index(self)
        except Exception as e:  # noqa: BLE001 - whatever the damage, the file is only a cache
            if not _ours(self._index_path):
                raise
            _discard(self._index_path, e)
            return {}

    def _load_data(self: Any, name: str) -> Any:
        try:
            return load_data(self, name)
        except OSError:
            raise  # (numba reads a missing data file as absent)
        except Exception as e:  # noqa: BLE001
            if not _ours(self._data_path(name)):
                raise
            _discard(self._data_path(name), e)
            raise FileNotFoundError(self._data_path(name)) from None

    def _load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        try:
            return load(self, sig, target_context)
        except Exception as e:  # noqa: BLE001 - read whole but not rebuilt: its index goes
            if not _ours(self._cache_path):
                raise
            _discard(self._cache_file._index_path, e)
            return None

    def save_overload(self: Any, sig: Any, data: Any) -> None:
        try:
            save(self, sig, data)
        except OSError as e:
            if not _ours(self._cache_path):
                raise
            _say_once("save", f"pencilbox: the kernel cache cannot be written ({e.strerror or e}); "
                      "compiled kernels are kept for this process only")

    files._load_index, files._load_data = _load_index, _load_data
    cached._load_overload, cached.save_overload = _load_overload, save_overload


_SAID: set[str] = set()


def _say_once(what: str, line: str) -> None:
    if what not in _SAID:
        _SAID.add(what)
        print(line, file=sys.stderr, flush=True)


def _discard(path: str, why: BaseException) -> None:
    """Remove a damaged cache file (said once per process)."""
    _remove(path)
    _say_once("damaged", f"pencilbox: removed a damaged file of the kernel cache ({os.path.basename(path)}: "
              f"{type(why).__name__}); compiling that kernel again")


def mend() -> list[str]:
    """``warm``'s check of numba's cache of this kernel version: every index and data file that
    does not unpickle is removed; when any was, the ready stamps go too, so the build runs every
    job again (intact kernels load, the damaged ones compile anew). The files removed."""
    import pickle
    gone = []
    for where, _, names in os.walk(numba_dir()):
        for name in sorted(n for n in names if n.endswith((".nbi", ".nbc"))):
            path = os.path.join(where, name)
            try:
                with open(path, "rb") as f:
                    if name.endswith(".nbi"):
                        pickle.load(f)  # numba's version, then the index
                    pickle.loads(f.read())
            except Exception:  # noqa: BLE001 - damaged however: not worth keeping
                gone.append(path)
                _remove(path)
    if gone:
        import shutil
        shutil.rmtree(os.path.join(state_dir(), "ready"), ignore_errors=True)
        _READY.clear()
    return gone


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
