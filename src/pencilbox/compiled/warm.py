"""The kernel build: ``pencilbox warm`` runs a tiny job of every puzzle and engine so numba
compiles each kernel with the signatures real calls use into the per-user cache
(compiled/cache.py), stamps each job ready, then builds the ladder's entry points ahead of time.

The same build runs in the background (``start_background``): the player starts it at once
and answers from the readable rungs meanwhile; a command that finds its kernels cold starts
it and answers the same way. One build runs at a time (a lock), its progress is a file any
process can read (``progress``), and what it finished is kept whatever ends it.

numba is imported only inside the functions: this module costs nothing to import.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import IO, Any

from pencilbox import puzzles
from pencilbox.compiled import ahead, aot, cache
from pencilbox.compiled.exercise import exercise, jobs

NOTE = "pencilbox: compiling kernels, first run only (pencilbox warm compiles them all ahead)"


def compiles() -> Callable[[], int]:
    """Start counting numba compilations in this process; the returned function reads the count."""
    from numba.core import event

    class Tally(event.Listener):
        n = 0

        def on_start(self, ev: event.Event) -> None:
            self.n += 1

        def on_end(self, ev: event.Event) -> None:
            pass

    tally = Tally()
    event.register("numba:compile", tally)
    return lambda: tally.n


_announcing: list[bool] = []  # one listener per process, however often main() runs


def announce() -> None:
    """Print NOTE once on stderr just before numba's first compilation in this process (a
    cold cache); a warm cache never triggers it. Until something imports numba (a command the
    ahead-of-time build serves never does), this only waits for that import."""
    if not _announcing:
        _announcing.append(True)
        cache.after_numba(_listen)


def _listen() -> None:
    from numba.core import event

    class Note(event.Listener):
        said = False

        def on_start(self, ev: event.Event) -> None:
            if not self.said:
                self.said = True
                print(NOTE, file=sys.stderr, flush=True)

        def on_end(self, ev: event.Event) -> None:
            pass

    event.register("numba:compile", Note())


# ---------------------------------------------------------------- the build

def _path(name: str) -> str:
    return os.path.join(cache.state_dir(), name)


def progress() -> dict[str, Any]:
    """Where the build of this kernel version stands, as its progress file says: ``state``
    (idle: never started; running; done; stopped: ended before the end), jobs ready of all,
    the job running, the puzzles whose generator is ready, seconds so far and an estimate of
    the seconds left from the jobs' measured times."""
    said = cache.read_json(_path("build.json")) or {}
    total = len(jobs())
    done = [tuple(j) for j in said.get("done", [])]
    ready = sum(cache.ready(p, j) for p, j in jobs())
    state = said.get("state", "idle")
    if _locked():
        state = "running"  # (a build that has just started has not written its file yet)
    elif state == "running":
        state = "stopped"  # its process ended without a word (killed): what it finished is kept
    out = {"state": "done" if ready == total and said.get("ahead") is not None else state,
           "ready": ready, "total": total, "job": said.get("job"), "ahead": said.get("ahead"),
           "pid": holder() if state == "running" else said.get("pid"), "log": _path("build.log"),
           "generators": [p for p in puzzles.names() if cache.ready(p, "generate")]}
    if state == "running" and said.get("started"):
        took = [s for *_, s in done]
        out["seconds"] = round(time.time() - said["started"], 1)
        if took:
            out["left_s"] = round(sum(took) / len(took) * (total - ready), 0)
    return out


def _locked() -> bool:
    """Whether a build holds the lock now."""
    handle = _lock(block=False)
    if handle is None:
        return True
    handle.close()
    return False


LOCK_FD = "PENCILBOX_BUILD_LOCK_FD"


def _inherited() -> IO[str] | None:
    """The lock a background build was started holding (``start_background`` takes it before
    the spawn, so a command run at once after sees the build and starts no second one)."""
    fd = os.environ.pop(LOCK_FD, None)
    return os.fdopen(int(fd), "a") if fd and fd.isdigit() else None


def _lock(block: bool) -> IO[str] | None:
    """The build's lock (an open file holding flock), or None when another build holds it."""
    import fcntl
    os.makedirs(cache.state_dir(), exist_ok=True)
    handle = open(_path("build.lock"), "a")  # noqa: SIM115 - held for the build's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))
    except OSError:
        handle.close()
        return None
    return handle


def build(progress_bar: bool = True, ahead: bool = True, on_job: Callable[[str, str], None] | None = None,
          wait: bool = True) -> tuple[int, float, dict[str, str] | None] | None:
    """Compile every job the cache lacks (stamping each), then build ahead of time; returns
    (functions compiled, seconds, the ahead build's failures or None when skipped). When another
    build holds the lock: wait for it (``wait``) and then finish what it left, else None."""
    handle = _inherited() or _lock(block=False)
    if handle is None:
        if not wait:
            return None
        _follow(progress_bar)
        handle = _lock(block=True)
    assert handle is not None
    _hold(handle, os.getpid())
    try:
        return _build(progress_bar, ahead, on_job)
    finally:
        handle.truncate(0)  # no holder now
        handle.close()


def _build(progress_bar: bool, ahead: bool, on_job: Callable[[str, str], None] | None
           ) -> tuple[int, float, dict[str, str] | None]:
    from tqdm import tqdm
    t0 = time.perf_counter()
    cache.prune()
    mended = cache.mend()
    if mended:
        print(f"pencilbox: removed {len(mended)} damaged file{'s' if len(mended) > 1 else ''} of the kernel "
              f"cache ({os.path.basename(mended[0])}{', ...' if len(mended) > 1 else ''}); compiling "
              "those kernels again", file=sys.stderr, flush=True)
    bytecode()
    compiled = compiles()
    said: dict[str, Any] = {"state": "running", "pid": os.getpid(), "started": time.time(), "done": [],
                            "job": None, "ahead": None}
    todo = [j for j in jobs() if not cache.ready(*j)]
    was = os.environ.get(aot.OFF)
    os.environ[aot.OFF] = "0"  # the jitted code, so numba compiles it (the built modules stay a fallback)
    try:
        with tqdm(todo, desc="compiling kernels", unit="job", disable=not progress_bar or not todo,
                  file=sys.stderr) as bar:
            for name, job in bar:
                bar.set_postfix_str(f"{name} {job}")
                said["job"] = [name, job]
                cache.write_json(_path("build.json"), said)
                t = time.perf_counter()
                exercise(name, job)
                cache.mark_ready(name, job, time.perf_counter() - t)
                said["done"].append([name, job, round(time.perf_counter() - t, 1)])
                if on_job is not None:
                    on_job(name, job)
    finally:
        if was is None:
            del os.environ[aot.OFF]
        else:
            os.environ[aot.OFF] = was
    failed: dict[str, str] | None = None
    if ahead:
        said["job"] = ["all", "ahead"]
        cache.write_json(_path("build.json"), said)
        failed = {k: v for k, v in build_ahead().items() if v}
    said.update(state="done", job=None, ahead=failed if ahead else said.get("ahead"), seconds=round(
        time.perf_counter() - t0, 1))
    cache.write_json(_path("build.json"), said)
    return compiled(), time.perf_counter() - t0, failed


def _hold(handle: IO[str], pid: int) -> None:
    """Write the pid of the build that holds the lock into the lock file (``holder``)."""
    handle.seek(0)
    handle.truncate()
    handle.write(f"{pid}\n")
    handle.flush()


def holder() -> int | None:
    """The pid of the build that holds the lock, as its lock file says (None: not said yet)."""
    try:
        with open(_path("build.lock")) as f:
            said = f.read(32).strip()
    except OSError:
        return None
    if not said.isdigit():
        return None
    try:
        os.kill(int(said), 0)  # (a killed build's pid stays in the file)
    except (ProcessLookupError, OverflowError):
        return None
    except PermissionError:
        pass  # another user's: alive
    return int(said)


def _follow(progress_bar: bool) -> None:
    """Show another build's progress until it ends."""
    pid = holder()
    who = f"another build (pid {pid})" if pid is not None else "another build, which holds the lock,"
    print(f"pencilbox: {who} is compiling the kernels; waiting for it (log: {_path('build.log')})",
          file=sys.stderr, flush=True)
    while _locked():
        if progress_bar:
            now = progress()
            print(f"\r  {now['ready']} of {now['total']} jobs ready", end="", file=sys.stderr, flush=True)
        time.sleep(1)
    if progress_bar:
        print(file=sys.stderr)


def start_background(parent: int | None = None) -> subprocess.Popen[bytes] | None:
    """Start the build in a process of its own at a low priority, its output in the log; the
    process, or None when a build already runs or every kernel is ready. With ``parent`` the
    build ends with that process (the player's); without, it runs on to the end, detached
    from the command that started it."""
    if os.environ.get("PENCILBOX_BUILD") == "0" or progress()["state"] == "done":
        return None
    lock = _lock(block=False)
    if lock is None:
        return None
    argv = [sys.executable, "-m", "pencilbox", "warm", "--no-progress", "--no-wait", "--nice", "10"]
    if parent is not None:
        argv += ["--parent", str(parent)]
    env = {**os.environ, LOCK_FD: str(lock.fileno())}
    with lock, open(_path("build.log"), "a") as log:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
                                pass_fds=(lock.fileno(),), start_new_session=parent is None)
        _hold(lock, proc.pid)  # the build that holds it now (it writes its pid again on start)
        return proc


def bytecode() -> None:
    """Write the package's bytecode now (an editable install, or one made with
    PYTHONDONTWRITEBYTECODE, would otherwise compile its sources in every process: 50 ms of a
    0.4 s start); a folder we may not write is left as it is."""
    import compileall
    compileall.compile_dir(cache.PACKAGE, quiet=2)


def build_ahead() -> dict[str, str]:
    """Build every puzzle's entry points ahead of time (compiled/ahead.py) for puzzles that have a
    jitted module; per puzzle "" when built, else why not."""
    from importlib.util import find_spec

    names = [n for n in puzzles.names() if find_spec(f"{puzzles.package(n)}.jit") is not None]
    return ahead.build_all(names)


def cache_stats() -> dict[str, dict[str, int]]:
    """Per jitted function of every loaded pencilbox module: cache hits and misses (compiles)
    in this process."""
    from numba.core.dispatcher import Dispatcher
    out: dict[str, dict[str, int]] = {}
    for mod in [m for n, m in sorted(sys.modules.items()) if n.startswith("pencilbox.")]:
        for attr, obj in vars(mod).items():
            if isinstance(obj, Dispatcher) and obj.__module__ == mod.__name__:
                st = obj.stats
                out[f"{mod.__name__}.{attr}"] = {"hits": sum(st.cache_hits.values()),
                                                 "misses": sum(st.cache_misses.values())}
    return out
