"""The player server's worker lanes. Every call that runs a kernel runs in a worker process
(worker.py), so light calls (the page, check, the catalog, the formats) never wait behind one.

- Two lanes: ``play`` for hints, reveals and the ladder view on boards of at most PLAY_CELLS
  cells (the bank's and the generator's sizes); ``heavy`` (niced) for setter counts,
  minimising, generating and play calls on larger boards. A long count never delays a hint.
- A lane holds a few workers and at most ``waiting`` queued calls: one more is refused at once
  with 503 and Retry-After.
- A call past its budget (waiting included), past the memory limit, or whose client went away
  is ended by killing its worker: a compiled kernel cannot be interrupted. A warmed spare
  takes its place at once and a new one is started in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from pencilbox.core.lifetime import alive

PLAY_CELLS = 1024  # hints on larger boards (published 60x100 ones) go to the heavy lane
POLL_S = 0.05  # how often a running call's memory and client are looked at
RESPAWN_S = 5.0  # the pause before starting a worker again after a start failed
LINE_LIMIT = 64 * 1024 * 1024  # the longest answer line read from a worker
RETRY_S = 2  # what a "busy" answer asks the client to wait


def setting(name: str, default: float) -> float:
    """A limit from the environment (``PENCILBOX_<NAME>``, a positive number), else its default."""
    raw = os.environ.get(f"PENCILBOX_{name}")
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not 0 < value < 1e9:
        raise SystemExit(f"pencilbox: PENCILBOX_{name}={raw!r} must be a positive number")
    return value


WORKER_MB = 512.0  # a worker's resident memory; past it, its call is ended (PENCILBOX_WORKER_MB)


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux /proc; 0 where it cannot be read)."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


@dataclass
class Refused(Exception):
    """A call the lane did not answer: its status, message and Retry-After seconds (if any)."""

    status: int
    message: str
    retry: int | None = None


@dataclass
class Died(Refused):
    """The worker ended under the call, not by the lane's hand: killed from outside (SIGKILL:
    it was dead, or dying, before the call reached it), and the call goes to another worker
    within its budget; or it crashed, and the call is tried once more."""

    killed: bool = False


class Worker:
    """One worker process, spoken to in JSON lines over its stdin and stdout."""

    def __init__(self, nice: int) -> None:
        self.nice = nice
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, warm: tuple[str, ...]) -> None:
        """Start the process and run its warm-up (the verbs of these cost classes on small boards:
        loads what the build made, compiles nothing): it is ready for calls when this returns."""
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "pencilbox.player.worker", str(os.getpid()), str(self.nice),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=LINE_LIMIT)
        status, said = await self.call("warm", json.dumps({"costs": list(warm)}).encode())
        if status != 200:
            print(f"pencilbox: a worker's warm-up failed ({said.decode(errors='replace')}); its calls "
                  "load their kernels on their own", file=sys.stderr, flush=True)

    def dead(self) -> bool:
        """Whether the process has ended, reaped or not (a zombie is dead: asyncio may not have
        seen its exit yet when a call comes right after a kill)."""
        if self.proc is None:
            return False
        if self.proc.returncode is not None:
            return True
        return sys.platform.startswith("linux") and not alive(self.proc.pid)

    async def call(self, verb: str, body: bytes) -> tuple[int, bytes]:
        """Send one call (the request's body as it came) and read its status and JSON answer
        (EOFError when the process is gone)."""
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps({"verb": verb, "size": len(body)}).encode() + b"\n" + body)
            await proc.stdin.drain()
            line = await proc.stdout.readline()
        except (ConnectionError, BrokenPipeError):
            line = b""
        if not line:
            raise EOFError("the worker process stopped")
        status, _, out = line.rstrip(b"\n").partition(b" ")
        return int(status), out

    def rss_mb(self) -> float:
        return rss_mb(self.proc.pid) if self.proc is not None else 0.0

    async def killed(self) -> bool:
        """Whether the (ended) process was killed by SIGKILL, waiting a moment for its exit."""
        if self.proc is None:
            return False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.proc.wait(), 1.0)
        return self.proc.returncode == -signal.SIGKILL

    def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()


class Lane:
    """``size`` workers serving calls one at a time each, ``spares`` warmed ones standing by,
    at most ``waiting`` calls queued, each call within ``budget_s`` from its arrival."""

    def __init__(self, name: str, size: int, spares: int, waiting: int, budget_s: float, nice: int,
                 warm: tuple[str, ...], worker_mb: float) -> None:
        self.name, self.size, self.spares, self.waiting = name, size, spares, waiting
        self.budget_s, self.nice, self.warm, self.worker_mb = budget_s, nice, warm, worker_mb
        self.idle: asyncio.Queue[Worker] = asyncio.Queue()
        self.standby: list[Worker] = []
        self.busy: set[Worker] = set()
        self.booting: set[Worker] = set()
        self.members: set[Worker] = set()  # the started workers: idle, busy or spare
        self.queued = 0
        self.starting = 0
        self.ended = 0  # workers ended for an overrun, memory or a client gone
        self.peak_mb = 0.0  # the most resident memory a worker was seen holding during a call
        self.tasks: set[asyncio.Task[None]] = set()
        self.stopped = False

    def status(self) -> dict[str, Any]:
        """The lane's workers by state; one that died while idle or spare (killed from outside)
        is ``dead``, not ready, until a call meets it and replaces it."""
        idle = [w for w in self.members if w not in self.busy and w not in self.standby]
        dead = [w.dead() for w in idle], [w.dead() for w in self.standby]
        return {"ready": dead[0].count(False), "busy": len(self.busy), "spare": dead[1].count(False),
                "dead": dead[0].count(True) + dead[1].count(True),
                "starting": self.starting, "queued": self.queued, "ended": self.ended,
                "size": self.size, "queue_limit": self.waiting, "budget_s": self.budget_s,
                "peak_mb": round(self.peak_mb, 1),
                "rss_mb": sorted(round(w.rss_mb(), 1) for w in self.members)}

    def adopt(self, worker: Worker) -> None:
        self.members.add(worker)
        self.idle.put_nowait(worker)

    def fill(self) -> None:
        """Start workers until the lane has its size and its spares."""
        have = self.idle.qsize() + len(self.busy) + len(self.standby) + self.starting
        for _ in range(self.size + self.spares - have):
            self._spawn()

    def _spawn(self, delay: float = 0.0) -> None:
        self.starting += 1
        task = asyncio.get_running_loop().create_task(self._start(delay))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _start(self, delay: float) -> None:
        worker = Worker(self.nice)
        self.booting.add(worker)
        try:
            await asyncio.sleep(delay)
            await worker.start(self.warm)
        except (OSError, EOFError, ValueError) as e:
            worker.kill()
            if not self.stopped:
                print(f"pencilbox: a {self.name} worker did not start ({e}); trying again",
                      file=sys.stderr, flush=True)
                self._spawn(RESPAWN_S)
            return
        finally:
            self.starting -= 1
            self.booting.discard(worker)
        if self.stopped:
            worker.kill()
            return
        self.members.add(worker)
        if self.idle.qsize() + len(self.busy) < self.size:
            self.idle.put_nowait(worker)
        else:
            self.standby.append(worker)

    def _replace(self, worker: Worker) -> None:
        """End ``worker``: a spare takes its place at once, and a new one is started."""
        worker.kill()
        self.members.discard(worker)
        self.ended += 1
        if self.standby:
            self.idle.put_nowait(self.standby.pop())
        self._spawn()

    def full(self) -> bool:
        """No worker free and the queue at its limit: a call now is refused at once."""
        return self.idle.empty() and self.queued >= self.waiting

    def busy_answer(self) -> Refused:
        return Refused(503, f"the server is busy with other {self.name} requests; try again shortly", RETRY_S)

    async def call(self, verb: str, body: bytes, gone: Coroutine[Any, Any, Any]) -> tuple[int, bytes]:
        """The worker's status and JSON answer for one call; Refused when the lane is full, the
        budget or the memory limit runs out, or the client went away (``gone`` returned)."""
        if self.full():
            gone.close()
            raise self.busy_answer()
        deadline = time.monotonic() + self.budget_s
        watch = asyncio.ensure_future(gone)
        try:
            crashed = 0
            while True:
                worker = await self._take(deadline, watch)
                while worker.dead():  # died while idle (killed, say): the call goes to a live one
                    self._replace(worker)
                    worker = await self._take(deadline, watch)
                try:
                    return await self._run(worker, verb, body, deadline, watch)
                except Died as e:
                    crashed += not e.killed
                    if crashed == 2:  # twice: the call itself ends its worker
                        raise
        finally:
            watch.cancel()

    async def _take(self, deadline: float, watch: asyncio.Future[Any]) -> Worker:
        return self.idle.get_nowait() if not self.idle.empty() else await self._wait(deadline, watch)

    async def _wait(self, deadline: float, watch: asyncio.Future[Any]) -> Worker:
        """A worker once one is free, in arrival order, within the call's budget."""
        self.queued += 1
        take = asyncio.ensure_future(self.idle.get())
        try:
            await asyncio.wait({take, watch}, timeout=max(0.0, deadline - time.monotonic()),
                               return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # the server is stopping: the worker stays in the queue
            take.cancel()
            raise
        finally:
            self.queued -= 1
        if take.done():
            worker = take.result()
            if not watch.done():
                return worker
            self.idle.put_nowait(worker)
            raise Refused(*self._ended("gone"))
        take.cancel()
        if watch.done():
            raise Refused(*self._ended("gone"))
        raise self.busy_answer()

    async def _run(self, worker: Worker, verb: str, body: bytes, deadline: float,
                   watch: asyncio.Future[Any]) -> tuple[int, bytes]:
        self.busy.add(worker)
        work = asyncio.ensure_future(worker.call(verb, body))
        why = ""
        try:
            while not work.done():
                await asyncio.wait({work, watch}, timeout=POLL_S, return_when=asyncio.FIRST_COMPLETED)
                if work.done():
                    break
                rss = worker.rss_mb()
                self.peak_mb = max(self.peak_mb, rss)
                if watch.done():
                    why = "gone"
                elif rss > self.worker_mb:
                    why = "memory"
                elif time.monotonic() > deadline:
                    why = "time"
                if why:
                    break
        except asyncio.CancelledError:  # the server is stopping: end the call's work with it
            work.cancel()
            worker.kill()
            raise
        finally:
            self.busy.discard(worker)
        if why or work.exception() is not None:
            work.cancel()
            killed = not why and await worker.killed()
            self._replace(worker)
            if why:
                raise Refused(*self._ended(why))
            status, message = self._ended("died")
            raise Died(status, message, None, killed)
        rss = worker.rss_mb()
        self.peak_mb = max(self.peak_mb, rss)
        if rss > self.worker_mb:  # a call that grew it past the limit: recycle
            self._replace(worker)
        else:
            self.idle.put_nowait(worker)
        return work.result()

    def _ended(self, why: str) -> tuple[int, str]:
        """The answer of a call whose worker was ended."""
        if why == "gone":
            return 499, "the client went away"
        if why == "memory":
            return 503, (f"this request needs more memory than a request may take ({self.worker_mb:g} MB); "
                         "try a smaller board")
        if why == "time":
            return 503, (f"this request needs more time than a request may take ({self.budget_s:g} s); try "
                         "a smaller board, or the command line (pencilbox count, minimise, generate)")
        return 503, "the worker for this request stopped; try again"

    def workers(self) -> list[Worker]:
        out = [*self.busy, *self.standby, *self.booting]
        while not self.idle.empty():
            out.append(self.idle.get_nowait())
        return out

    def stop(self) -> list[Worker]:
        """Kill every worker (and those still starting); the killed ones, to be reaped."""
        self.stopped = True
        for task in list(self.tasks):
            task.cancel()
        workers = self.workers()
        for worker in workers:
            worker.kill()
        return workers


def cells_of(request: dict[str, Any]) -> int:
    """The cells of a request's board, 0 when it names none."""
    board = request.get("board")
    if isinstance(board, dict):
        rows, cols = board.get("rows"), board.get("cols")
        if isinstance(rows, int) and isinstance(cols, int):
            return rows * cols
    return 0


class Lanes:
    """The two lanes and how a call is routed to one."""

    def __init__(self, budget_s: float, heavy_budget_s: float) -> None:
        mb = setting("WORKER_MB", WORKER_MB)
        self.play = Lane("play", size=2, spares=0, waiting=64, budget_s=setting("BUDGET_S", budget_s),
                         nice=0, warm=("play",), worker_mb=mb)
        self.heavy = Lane("heavy", size=2, spares=1, waiting=16, nice=5, warm=("play", "heavy"), worker_mb=mb,
                          budget_s=setting("HEAVY_BUDGET_S", heavy_budget_s))
        self.loop = asyncio.get_running_loop()  # the served app's loop: its calls use these lanes

    def lane(self, cost: str, request: dict[str, Any]) -> Lane:
        """The play lane for a play call on a board of play size; the heavy lane for the rest."""
        if cost == "play" and cells_of(request) <= PLAY_CELLS:
            return self.play
        return self.heavy

    async def start(self, kernels_ready: Callable[[], None]) -> None:
        """Start both lanes at once: no worker compiles (the background build does), so each
        is up in the time it takes to load what is ready; the readable rungs serve the rest."""
        self.play.fill()
        self.heavy.fill()
        while self.play.idle.qsize() < self.play.size and self.play.starting:
            await asyncio.sleep(0.05)
        kernels_ready()
        while self.heavy.starting:  # warm means every worker and the spare are up
            await asyncio.sleep(0.05)

    def status(self) -> dict[str, Any]:
        return {"play": self.play.status(), "heavy": self.heavy.status(), "worker_mb": self.play.worker_mb,
                "server_mb": round(rss_mb(os.getpid()), 1)}

    async def stop(self) -> None:
        """Kill every worker and reap it (a server that exits leaves no process behind)."""
        workers = [*self.play.stop(), *self.heavy.stop()]
        procs = [w.proc for w in workers if w.proc is not None]
        if procs:
            await asyncio.wait([asyncio.ensure_future(p.wait()) for p in procs], timeout=5)


async def disconnected(receive: Callable[[], Awaitable[Any]]) -> None:
    """Return when the client closes its connection (the ASGI receive after the body)."""
    while (await receive())["type"] != "http.disconnect":
        pass
