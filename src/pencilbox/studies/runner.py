"""Running studies: plan, run the jobs (in this process, a local process pool or a dask
cluster), keep each finished job on disk so an interrupted run resumes where it stopped,
reduce, check, and record the entry of the stats file with its parameters, seed and
code version."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from pencilbox import puzzles
from pencilbox.core.files import usable_folder, write_atomic
from pencilbox.core.lifetime import die_with
from pencilbox.errors import clip, shown
from pencilbox.studies import Job, Study, stats, studies_of
from pencilbox.version import __version__

STATE = Path(".pencilbox-studies")  # finished jobs of unfinished runs, per run key


def commit() -> str | None:
    """The git commit of the code when it runs from a checkout ("-dirty" when tracked
    files differ from it, the stats files and the notes page aside: a run of several studies
    writes the stats file between them)."""
    here = Path(__file__).parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=here, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "..",
                                ":(top,exclude,glob)**/studies/stats.json",
                                ":(top,exclude,glob)**/studies/notes.html"],
                               capture_output=True, text=True, cwd=here, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if head.returncode != 0 or not head.stdout.strip():
        return None
    return head.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")


def run_key(puzzle: str, study: Study, params: dict[str, Any], seed: int) -> str:
    """What a finished job belongs to: same puzzle, study, parameters, seed and version."""
    blob = json.dumps([puzzle, study.name, params, seed, __version__], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _call(work: Callable[..., Any], params: dict[str, Any], seed: int, job: Job) -> tuple[Any, float]:
    """The job's result (a JSON round trip, so it reads the same fresh or resumed from disk)
    and the seconds it took where it ran."""
    t0 = time.perf_counter()
    result = json.loads(json.dumps(work(params, seed, *job)))
    return result, round(time.perf_counter() - t0, 3)


class Jobs:
    """The finished jobs of one run, kept as files under ``state/key``."""

    def __init__(self, state: Path, key: str) -> None:
        self.dir = state / key

    def done(self) -> dict[int, Any]:
        """The kept results; a damaged file is reported, discarded and its job redone."""
        out = {}
        if self.dir.is_dir():
            for p in self.dir.glob("job-*.json"):
                try:
                    out[int(p.stem[4:])] = json.loads(p.read_text())
                except (OSError, ValueError) as e:  # ValueError: a bad number or bad JSON
                    print(f"discarded a damaged saved job, redone: {p} ({e})", file=sys.stderr)
                    p.unlink(missing_ok=True)
        return out

    def keep(self, k: int, result: Any, seconds: float) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        write_atomic(self.dir / f"time-{k}.json", json.dumps(seconds))
        write_atomic(self.dir / f"job-{k}.json", json.dumps(result))

    def seconds(self) -> dict[int, float]:
        """Each kept job's seconds (a job kept before times were kept has none)."""
        out = {}
        for p in self.dir.glob("time-*.json") if self.dir.is_dir() else ():
            try:
                out[int(p.stem[5:])] = float(json.loads(p.read_text()))
            except (OSError, ValueError, TypeError):
                continue
        return out

    def clear(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


Done = tuple[int, tuple[Any, float]]  # a job's index, its result and seconds


def _serial(study: Study, params: dict[str, Any], seed: int, todo: list[tuple[int, Job]]) -> Iterator[Done]:
    for k, job in todo:
        yield k, _call(study.work, params, seed, job)


def _worker_start(parent: int) -> None:
    """A pool worker: ends with ``parent``, and leaves SIGINT and SIGTERM to it. A forked worker
    inherits the command's stop handler, which turned ``terminate`` into an exception its job
    caught: each worker then held an interrupted run up for STOP_S (28-37 s for two)."""
    import signal
    die_with(parent)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # terminate() ends it at once
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the whole group: the parent decides


def _pool(study: Study, params: dict[str, Any], seed: int, todo: list[tuple[int, Job]],
          workers: int) -> Iterator[Done]:
    pool = ProcessPoolExecutor(min(workers, len(todo)), initializer=_worker_start,
                               initargs=(os.getpid(),))  # none outlives us
    pending = {pool.submit(_call, study.work, params, seed, job): k for k, job in todo}
    try:
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                yield pending.pop(f), f.result()
    except BaseException:
        _stop(pool)  # interrupted: the running jobs are dropped (their results were not kept)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool now: cancel what has not started and end the workers (a job may run for
    minutes; an interrupted run must not wait for it)."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public way in 3.11
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        proc.terminate()
    for proc in processes:
        proc.join(STOP_S)
        if proc.is_alive():  # a job in a compiled kernel that blocks the signal, say
            proc.kill()
            proc.join()


STOP_S = 5.0  # how long a terminated worker may take to end before it is killed


def _dask(study: Study, params: dict[str, Any], seed: int, todo: list[tuple[int, Job]],
          scheduler: str) -> Iterator[Done]:
    try:
        from dask.distributed import Client, as_completed
    except ImportError as e:  # the optional extra
        raise stats.StudyError("--scheduler needs dask.distributed: pip install 'pencilbox[cluster]'") from e
    try:
        client = Client(scheduler, timeout=f"{CONNECT_S}s")
    except Exception as e:  # noqa: BLE001 - a bad address or no scheduler there is the user's to fix
        why = str(e) if isinstance(e, (OSError, ValueError)) else f"no scheduler answered: {type(e).__name__}"
        raise stats.StudyError(f"--scheduler {shown(scheduler[:60])}: cannot reach it ({clip(why)})"
                               ) from None
    with client:
        futures = {client.submit(_call, study.work, params, seed, job, pure=False): k for k, job in todo}
        try:
            for f in as_completed(futures):
                yield futures[f], f.result()
        finally:
            client.cancel(list(futures))


CONNECT_S = 20.0  # how long to wait for a dask scheduler to answer


def run_study(puzzle: str, study: Study, *, quick: bool = False, seed: int = 0, workers: int = 1,
              scheduler: str | None = None, state: Path = STATE, progress: bool = False) -> dict[str, Any]:
    """Run one study (resuming finished jobs) and return its stats-file entry."""
    params = study.params(quick)
    t0 = time.perf_counter()
    jobs = study.plan(params, seed)
    store = Jobs(state, run_key(puzzle, study, params, seed))
    results = {k: v for k, v in store.done().items() if k < len(jobs)}
    todo = [(k, job) for k, job in enumerate(jobs) if k not in results]
    resumed = len(results)  # finished by an earlier, interrupted run: not in this run's seconds
    took = store.seconds()
    if scheduler:
        stream, ran_on = _dask(study, params, seed, todo, scheduler), f"dask scheduler {scheduler}"
    elif workers > 1 and len(todo) > 1:
        stream, ran_on = _pool(study, params, seed, todo, workers), f"{workers} local processes"
    else:
        stream, ran_on = _serial(study, params, seed, todo), "this process"
    bar = _bar(len(jobs), len(results), f"{puzzle} {study.number} {study.name}", progress)
    try:
        for k, (result, seconds) in stream:
            store.keep(k, result, seconds)
            results[k], took[k] = result, seconds
            bar.update(1)
    finally:
        bar.close()
    figures = study.reduce(params, seed, [results[k] for k in range(len(jobs))])
    entry = {"number": study.number, "title": study.title, "quick": quick, "params": params,
             "seed": seed, "version": __version__, "commit": commit(), "jobs": len(jobs),
             "seconds": round(time.perf_counter() - t0, 2), "resumed": resumed, "ran_on": ran_on,
             "job_seconds": [took.get(k) for k in range(len(jobs))], "figures": figures,
             "broken": study.check(params, figures)}
    store.clear()
    return entry


def run_quick(puzzle: str, state: Path) -> dict[str, dict[str, Any]]:
    """Every study of a puzzle with its quick parameters and seed 0 (what the tests check)."""
    return {s.name: run_study(puzzle, s, quick=True, seed=0, state=state) for s in studies_of(puzzle)}


def _bar(total: int, initial: int, desc: str, show: bool) -> Any:
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, desc=desc, unit="job", disable=not show, leave=True,
                dynamic_ncols=True)


def run(puzzle: str, names: list[str], *, quick: bool = False, seed: int = 0, workers: int = 1,
        scheduler: str | None = None, out: Path | None = None, state: Path = STATE,
        progress: bool = True) -> int:
    """``pencilbox study``: run the named studies of one puzzle (or ``all``) and merge
    them into the stats files, each study saved as soon as it finishes. Exit 1 when a
    study breaks a property that must hold, else 0."""
    if not 1 <= workers <= MAX_WORKERS:
        digits = str(workers)
        said = digits if len(digits) <= 20 else f"{digits[:12]}... ({len(digits)} digits)"
        raise stats.StudyError(f"--workers {said}: must be 1 to {MAX_WORKERS} (each is a process; this "
                               f"machine has {os.cpu_count() or 1} CPUs)")
    if seed < 0:
        raise stats.StudyError(f"--seed {seed}: must be 0 or more")
    todo = select(puzzles.names() if puzzle == "all" else (puzzles.get(puzzle).name,), names)
    where = out if out is not None else (Path("pencilbox-quick-stats") if quick else None)
    _writable(todo, where, state)
    code = 0
    finished = []
    for name, study in todo:
        kept = Finished(state, run_key(name, study, study.params(quick), seed))
        finished.append(kept)
        entry = kept.entry()
        if entry is not None:
            print(f"{name} {study.number} {study.name}: finished before the interruption, kept",
                  flush=True)
        else:
            try:
                entry = run_study(name, study, quick=quick, seed=seed, workers=workers,
                                  scheduler=scheduler, state=state, progress=progress)
            except KeyboardInterrupt:
                print(f"interrupted: finished studies and jobs are kept in {state}/; the same command "
                      "resumes", file=sys.stderr)
                raise
            kept.keep(entry)
        path = stats.save(name, {study.name: entry}, where)
        print(f"{name} {study.number} {study.name}: {len(entry['figures'])} figures, "
              f"{entry['seconds']} s -> {path}", flush=True)
        for broken in entry["broken"]:
            print(f"  BROKEN: {broken}", flush=True)
            code = 1
    for kept in finished:  # the whole command ran: nothing left to resume
        kept.forget()
    return code


MAX_WORKERS = 1024  # local worker processes at most (a pool of more never starts)


def _writable(todo: list[tuple[str, Study]], where: Path | None, state: Path) -> None:
    """Refuse, before any job runs, an output or state folder that cannot be written (a file, a
    read-only folder, a stats file that is a folder): found only after the study, it cost the run."""
    usable_folder(state, "--state")
    for folder in sorted({stats.path(name, where).parent for name, _ in todo}):
        usable_folder(folder, "--out" if where is not None else "the shipped stats folder (give --out)")
    for name, _ in todo:
        if stats.path(name, where).is_dir():
            raise stats.StudyError(f"cannot write {stats.path(name, where)}: it is a folder")


class Finished:
    """A study's entry kept while its command is unfinished, so a re-run after an interrupt
    does not redo it (``state/<run key>.study.json``)."""

    def __init__(self, state: Path, key: str) -> None:
        self.state, self.path = state, state / f"{key}.study.json"

    def entry(self) -> dict[str, Any] | None:
        try:
            got = json.loads(self.path.read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as e:
            print(f"discarded a damaged saved study, redone: {self.path} ({e})", file=sys.stderr)
            self.path.unlink(missing_ok=True)
            return None
        return got if isinstance(got, dict) else None

    def keep(self, entry: dict[str, Any]) -> None:
        self.state.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(entry))

    def forget(self) -> None:
        self.path.unlink(missing_ok=True)


def select(names: tuple[str, ...], wanted: list[str]) -> list[tuple[str, Study]]:
    """(puzzle, study) pairs in order; every wanted study name (or number) must exist."""
    todo = [(p, s) for p in names for s in studies_of(p)]
    if not wanted:
        return todo
    known = {s.name for _, s in todo} | {str(s.number) for _, s in todo}
    unknown = [w for w in wanted if w not in known]
    if unknown:
        listing = ", ".join(f"{s.number} {s.name}" for _, s in todo)
        raise stats.StudyError(f"unknown study {', '.join(map(repr, unknown))}; known: {listing}")
    return [(p, s) for p, s in todo if s.name in wanted or str(s.number) in wanted]


def listing(puzzle: str) -> str:
    names = puzzles.names() if puzzle == "all" else (puzzles.get(puzzle).name,)
    return "\n".join(f"{p} {s.number} {s.name}: {s.title}" for p, s in select(names, []))
