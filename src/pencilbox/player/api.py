"""The player's web app: the page, its static files and the JSON API (see the README).
Handlers only route: what they answer comes from play.py. Each API call runs in a worker
thread under a time budget; bad input is a 4xx with one clear message, never a 500."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import sys
import time
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pencilbox.errors import BoardError
from pencilbox.player import play

STATIC = Path(__file__).parent / "static"
MAX_BODY = 256 * 1024
BUDGET_S = 10.0  # wall-clock budget per API call (node caps keep real calls far below it)
HEAVY_BUDGET_S = 60.0  # the same for the worker's calls (a count may queue behind another)
_slots = asyncio.Semaphore(8)  # heavy calls in flight at once; the rest wait their turn


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise play.TooLarge(f"request body over {MAX_BODY} bytes")
    try:
        data = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BoardError(f"request body is not JSON: {e}") from None
    except RecursionError:
        raise BoardError("request body is nested too deep") from None
    except ValueError as e:  # an integer over Python's 4,300 digits
        raise BoardError(f"request body holds a number too long to read: {e}") from None
    if not isinstance(data, dict):
        raise BoardError("request body must be a JSON object")
    return data


_pool: ProcessPoolExecutor | None = None
HEAVY = {"count", "minimise", "generate"}  # setter and generator work: off the serving process
KERNEL = {"hint", "ladder"}  # play calls that run compiled kernels in this process


class Warmup:
    """Where the background warm-up stands: whether this process's kernels (hints, the
    ladder view) and the heavy worker's (setter, generator) are loaded. Both start true, so
    an app served without its lifespan (the tests' TestClient) is never held back."""

    def __init__(self) -> None:
        self.kernels = True
        self.heavy = True
        self.since = time.monotonic()

    def start(self) -> None:
        self.kernels = self.heavy = False
        self.since = time.monotonic()

    def status(self) -> dict[str, Any]:
        return {"warming": not (self.kernels and self.heavy), "kernels": self.kernels, "heavy": self.heavy,
                "seconds": round(time.monotonic() - self.since, 1)}


WARMUP = Warmup()
RETRY_S = 3  # what a "warming up" answer asks the page to wait before asking again


def _warming() -> JSONResponse:
    """The answer of a call whose kernels are still compiling: at once, never a hang."""
    said = ("warming up: the puzzle kernels are still compiling in the background (a first start takes "
            "a minute or two); try again shortly")
    return JSONResponse({"error": said, **WARMUP.status()}, status_code=503,
                        headers={"Retry-After": str(RETRY_S)})


def _heavy_pool() -> ProcessPoolExecutor:
    """One worker process for the heavy calls, so moves, checks and hints never wait on
    a count's CPU (the GIL) however many run at once."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _pool


async def _run(fn: Any, *args: Any) -> Response:
    """Run one bounded piece of work off the event loop and map its errors to statuses."""
    if (fn.__name__ in KERNEL and not WARMUP.kernels) or (fn.__name__ in HEAVY and not WARMUP.heavy):
        return _warming()
    try:
        if fn.__name__ in HEAVY:
            loop = asyncio.get_running_loop()
            out = await asyncio.wait_for(loop.run_in_executor(_heavy_pool(), fn, *args), HEAVY_BUDGET_S)
        else:
            async with _slots:
                out = await asyncio.wait_for(asyncio.to_thread(fn, *args), BUDGET_S)
    except TimeoutError:
        return _error(503, "this request needs more time than one request may take; try a smaller board")
    except play.TooMuchWork as e:
        return _error(503, str(e))
    except play.TooLarge as e:
        return _error(413, str(e))
    except LookupError as e:
        return _error(404, str(e).strip("'\""))
    except BoardError as e:
        return _error(400, str(e))
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
        return _error(400, f"bad request: {type(e).__name__}: {e}")
    except BrokenProcessPool:
        global _pool
        _pool = None
        return _error(503, "the worker for heavy requests stopped; try again")
    return JSONResponse(out)


REQUIRED = ("board", "position", "text", "puzzle")


def _post(fn: Any, *keys: str) -> Any:
    """A POST handler calling ``fn`` with the body's ``keys`` (missing ones are None)."""
    async def handler(request: Request) -> Response:
        try:
            data = await _body(request)
        except play.TooLarge as e:
            return _error(413, str(e))
        except BoardError as e:
            return _error(400, str(e))
        for k in keys:
            if k in REQUIRED and k not in data:
                return _error(400, f"missing '{k}' in the request body")
        return await _run(fn, *(data.get(k) for k in keys))
    return handler


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def notes_page(request: Request) -> Response:
    """The notes page the studies render (pencilbox notes), shipped with the package."""
    from pencilbox.studies.stats import NOTES
    if not NOTES.exists():
        return _error(404, "no notes page yet: run `pencilbox study all` and `pencilbox notes`")
    return FileResponse(NOTES, media_type="text/html")


async def catalog(request: Request) -> Response:
    return await _run(play.catalog)


async def status(request: Request) -> Response:
    """Whether the kernels are still warming up (the page and the tests' servers wait on it)."""
    return JSONResponse(WARMUP.status())


async def bank_list(request: Request) -> Response:
    q = request.query_params
    try:
        rows = int(q["rows"]) if "rows" in q else None
        cols = int(q["cols"]) if "cols" in q else None
    except ValueError:
        return _error(400, "rows and cols must be integers")
    if "puzzle" not in q:
        return _error(400, "missing query parameter 'puzzle'")
    return await _run(play.bank_list, q["puzzle"], rows, cols, q.get("grade"))


async def bank_board(request: Request) -> Response:
    return await _run(play.bank_board, request.path_params["id"])


async def not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return _error(404, f"no API route {request.url.path}")
    return _error(404, "not found")


async def method_not_allowed(request: Request, exc: Exception) -> Response:
    return _error(405, f"{request.method} is not allowed on {request.url.path}")


routes = [
    Route("/", index),
    Route("/notes", notes_page),
    Route("/api/catalog", catalog),
    Route("/api/status", status),
    Route("/api/bank", bank_list),
    Route("/api/board/{id}", bank_board),
    Route("/api/generate", _post(play.generate, "puzzle", "rows", "cols", "grade", "seed"), methods=["POST"]),
    Route("/api/check", _post(play.check, "board", "position"), methods=["POST"]),
    Route("/api/hint", _post(play.hint, "board", "position", "level"), methods=["POST"]),
    Route("/api/reveal", _post(play.reveal, "board", "position"), methods=["POST"]),
    Route("/api/ladder", _post(play.ladder, "board", "position"), methods=["POST"]),
    Route("/api/count", _post(play.count, "board"), methods=["POST"]),
    Route("/api/minimise", _post(play.minimise, "board"), methods=["POST"]),
    Route("/api/convert", _post(play.convert, "text"), methods=["POST"]),
    Route("/api/export", _post(play.export, "board"), methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]

async def warm_up() -> None:
    """Compile in the background, never in a request: the heavy worker (a process of its
    own) compiles the play kernels into numba's cache, this process then loads them from it
    (hints, the ladder view), and the worker goes on to the generators and setter counts.
    A warm-up that fails lets calls through, to compile on their own."""
    loop = asyncio.get_running_loop()
    try:
        await loop.run_in_executor(_heavy_pool(), play.warm)
        await asyncio.to_thread(play.warm)
        WARMUP.kernels = True
        await loop.run_in_executor(_heavy_pool(), play.warm_heavy)
    except Exception as e:  # noqa: BLE001 - any failure: serve on, compiling on demand
        print(f"pencilbox: the background warm-up failed ({type(e).__name__}: {e}); calls compile "
              "on their own", file=sys.stderr, flush=True)
    finally:
        WARMUP.kernels = WARMUP.heavy = True


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Serve at once: the kernels warm up in the background (warm_up) while the page, the
    catalog, the bank, check and the formats answer; calls that need a kernel meanwhile
    answer 503 "warming up" with Retry-After."""
    WARMUP.start()
    task = asyncio.create_task(warm_up())
    yield
    task.cancel()
    stop_pool()


def stop_pool() -> None:
    """End the heavy worker with the server: one still compiling would hold up the exit, and
    an idle one outlived a server stopped by a signal."""
    global _pool
    if _pool is None:
        return
    workers = list(_pool._processes.values())
    _pool.shutdown(wait=False, cancel_futures=True)
    for proc in workers:
        proc.terminate()
    _pool = None


app = Starlette(routes=routes, lifespan=lifespan,
                exception_handlers={404: not_found, 405: method_not_allowed})
